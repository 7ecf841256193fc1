// DataParallel: replicas kept equal by averaging their gradients with all-reduces.
#include "ingot/data_parallel.hpp"

#include <map>
#include <numeric>

#include "ingot/collective.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "nn/describe.hpp"

namespace ingot::nn {

namespace {

using nn_text::shape_text;

// Replica `index`'s tensors take `first`'s values (names and shapes must match).
void copy_values(const NamedTensors& first, const NamedTensors& replica, size_t index,
                 const char* what) {
  if (replica.size() != first.size())
    throw ArgumentError("DataParallel: replica " + std::to_string(index) + " has " +
                        std::to_string(replica.size()) + " " + what + ", replica 0 has " +
                        std::to_string(first.size()) + "; the factory must make equal modules");
  for (size_t i = 0; i < first.size(); ++i) {
    const auto& [name, value] = first[i];
    Tensor target = replica[i].second;
    if (replica[i].first != name || target.shape() != value.shape())
      throw ArgumentError("DataParallel: replica " + std::to_string(index) + "'s " + what + " " +
                          replica[i].first + " " + shape_text(target.shape()) +
                          " does not match replica 0's " + name + " " + shape_text(value.shape()) +
                          "; the factory must make equal modules");
    target.assign(value.to(target.device()));
  }
}

}  // namespace

DataParallel::DataParallel(const Factory& make, const std::vector<std::string>& devices) {
  // The group's communicator checks the list (each device opens and is named once) and
  // gives the registry's names.
  for (Device* device : Communicator::get(devices).devices()) devices_.push_back(device->name());
  for (const std::string& d : devices_) {
    std::shared_ptr<Module> replica = make(d);
    if (!replica)
      throw ArgumentError("DataParallel: the factory returned no module for device " + d);
    replicas_.push_back(std::move(replica));
  }
  NoGrad no_grad;
  for (size_t r = 1; r < replicas_.size(); ++r) {
    copy_values(replicas_[0]->named_parameters(), replicas_[r]->named_parameters(), r,
                "parameters");
    copy_values(replicas_[0]->named_buffers(), replicas_[r]->named_buffers(), r, "buffers");
  }
}

Module& DataParallel::replica(size_t index) const {
  if (index >= replicas_.size())
    throw ArgumentError("DataParallel::replica: index " + std::to_string(index) +
                        " is out of range; there are " + std::to_string(replicas_.size()));
  return *replicas_[index];
}

ShardedTensor DataParallel::forward(const ShardedTensor& input) {
  if (input.devices() != devices_ || input.axis() != 0)
    throw ArgumentError("DataParallel::forward: the input of shape " + shape_text(input.shape()) +
                        " must be split along axis 0 (the batch) over the replicas' devices; "
                        "split it with Tensor::shard(devices(), 0)");
  std::vector<Tensor> outputs;
  for (size_t r = 0; r < replicas_.size(); ++r)
    outputs.push_back(replicas_[r]->forward(input.shards()[r]));
  batch_split_ = input.split();
  return ShardedTensor::from_shards(std::move(outputs), 0);
}

Tensor DataParallel::backward(const std::vector<Tensor>& losses) {
  if (losses.size() != replicas_.size())
    throw ArgumentError("DataParallel::backward: " + std::to_string(losses.size()) +
                        " losses for " + std::to_string(replicas_.size()) +
                        " replicas; give one per replica in the devices' order");
  if (batch_split_.empty())
    throw ArgumentError(
        "DataParallel::backward: no forward since the last backward; the "
        "losses are weighted by the forward's batch split");
  for (size_t r = 0; r < losses.size(); ++r)
    if (!losses[r].defined() || losses[r].numel() != 1 || losses[r].device() != devices_[r])
      throw ArgumentError("DataParallel::backward: loss " + std::to_string(r) +
                          " must be one element on " + devices_[r]);
  const double batch =
      double(std::accumulate(batch_split_.begin(), batch_split_.end(), int64_t{0}));
  for (const Tensor& loss : losses) loss.backward();

  NoGrad no_grad;
  std::vector<std::vector<Tensor>> params;
  for (const auto& replica : replicas_) params.push_back(replica->parameters());
  // Parameters with a gradient, by dtype: one bucket each.
  std::map<DType, std::vector<size_t>> by_dtype;
  for (size_t i = 0; i < params[0].size(); ++i)
    if (params[0][i].grad().defined()) by_dtype[params[0][i].dtype()].push_back(i);
  for (const auto& [dtype, indices] : by_dtype) {
    std::vector<Tensor> buckets;
    for (size_t r = 0; r < replicas_.size(); ++r) {
      std::vector<Tensor> flat;
      for (size_t i : indices) {
        Tensor grad = params[r][i].grad();
        if (!grad.defined())
          throw Error("DataParallel::backward: parameter " + std::to_string(i) +
                      " has a gradient on replica 0 but none on replica " + std::to_string(r));
        flat.push_back(grad.reshape({-1}));
      }
      buckets.push_back(Tensor::cat(flat, 0) * (double(batch_split_[r]) / batch));
    }
    Tensor::realize_all(buckets);
    std::vector<Buffer*> buffers;
    for (const Tensor& b : buckets) buffers.push_back(b.buffer().get());
    Communicator::get(devices_).all_reduce(buffers, size_t(buckets[0].numel()), dtype,
                                           ReduceOp::Sum);
    for (size_t r = 0; r < replicas_.size(); ++r) {
      int64_t at = 0;
      for (size_t i : indices) {
        Tensor& param = params[r][i];
        param.set_grad(buckets[r].slice({{at, at + param.numel(), 1}}).reshape(param.shape()));
        at += param.numel();
      }
    }
  }
  Tensor loss;
  for (size_t r = 0; r < losses.size(); ++r) {
    Tensor part = losses[r].detach().to(devices_[0]) * (double(batch_split_[r]) / batch);
    loss = loss.defined() ? loss + part : part;
  }
  batch_split_.clear();
  return loss;
}

void DataParallel::train(bool on) {
  for (const auto& replica : replicas_) replica->train(on);
}

}  // namespace ingot::nn
