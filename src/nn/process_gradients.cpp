// Data-parallel training across processes: a replica per rank, its gradients summed
// across the ranks in one bucket per dtype (include/ingot/data_parallel.hpp).
#include <map>

#include "ingot/data_parallel.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot::nn {
namespace {

void check_device(const Tensor& tensor, const ProcessGroup& group, const char* op) {
  if (tensor.device() != group.device().name())
    throw ArgumentError(std::string(op) + ": a parameter is on " + tensor.device() +
                        ", the process group on " + group.device().name() +
                        " (valid: the model on the group's device)");
}

}  // namespace

void all_reduce_gradients(Module& model, ProcessGroup& group, double share) {
  NoGrad no_grad;
  std::vector<Tensor> params = model.parameters();
  std::map<DType, std::vector<size_t>> by_dtype;
  for (size_t i = 0; i < params.size(); ++i) {
    check_device(params[i], group, "all_reduce_gradients");
    if (params[i].grad().defined()) by_dtype[params[i].dtype()].push_back(i);
  }
  // Every rank must have the same buckets: ranks whose gradients differ in dtypes or sizes
  // disagree at the first all-reduce, which names the counts.
  for (const auto& [dtype, indices] : by_dtype) {
    std::vector<Tensor> flat;
    for (size_t i : indices) flat.push_back(params[i].grad().reshape({-1}));
    Tensor bucket = Tensor::cat(flat, 0) * share;
    bucket.realize();
    group.all_reduce(*bucket.buffer(), size_t(bucket.numel()), dtype, ReduceOp::Sum);
    int64_t at = 0;
    for (size_t i : indices) {
      params[i].set_grad(
          bucket.slice({{at, at + params[i].numel(), 1}}).reshape(params[i].shape()));
      at += params[i].numel();
    }
  }
}

void broadcast_parameters(Module& model, ProcessGroup& group) {
  NoGrad no_grad;
  std::vector<Tensor> tensors = model.parameters();
  for (const auto& [name, buffer] : model.named_buffers()) tensors.push_back(buffer);
  for (Tensor& tensor : tensors) {
    check_device(tensor, group, "broadcast_parameters");
    Tensor copy = tensor.contiguous() + 0;
    copy.realize();
    group.broadcast(*copy.buffer(), size_t(copy.numel()), copy.dtype(), 0);
    tensor.assign(copy);
  }
}

}  // namespace ingot::nn
