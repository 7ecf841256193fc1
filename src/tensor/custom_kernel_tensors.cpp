// The tensors of a custom kernel's arguments: inputs realized, outputs allocated and
// filled, in-place tensors written in place or copied first; and the tensors the run
// returns. run_custom_kernel and BuiltKernel::run (kernel_builder_run.cpp) share them.
#include <fmt/format.h>

#include "tensor/custom_kernel_bind.hpp"
#include "tensor/frontend.hpp"

namespace ingot::custom_kernel {
namespace {

using Arg = KernelArgument;

// A new tensor of `out`'s shape and type: uninitialised, or filled on the device.
Tensor make_output(const Arg::Output& out, const std::string& device) {
  if (!out.init) return Tensor::empty(out.shape, out.dtype, device);
  Tensor filled = Tensor::full(out.shape, *out.init, out.dtype, device).contiguous();
  filled.realize();
  return filled;
}

// Whether the kernel may write `t`'s memory: nothing but `t` refers to its node (no lazy
// tensor built from it, no other handle) or to its buffer (no view of it), and the buffer
// is exactly its elements.
bool writable_in_place(const Tensor& t) {
  const NodePtr& node = t.node();
  const std::shared_ptr<Buffer>& buffer = node->buffer;
  return node.use_count() == 1 && buffer.use_count() == 1 && buffer->offset() == 0 &&
         buffer->bytes() == size_t(t.numel()) * dtype_size(t.dtype());
}

}  // namespace

std::vector<Tensor> argument_tensors(const CustomKernel& k, const DeviceInfo& info) {
  std::vector<Tensor> tensors(k.args.size());
  {
    // Scoped: its handles on the in-place tensors must be gone before writable_in_place
    // counts who else holds them.
    std::vector<Tensor> to_realize;
    for (size_t i = 0; i < k.args.size(); ++i) {
      const Arg& arg = k.args[i];
      if (auto* input = std::get_if<Arg::Input>(&arg.value))
        to_realize.push_back(tensors[i] = input->tensor.contiguous());
      else if (auto* inout = std::get_if<Arg::InOut>(&arg.value))
        to_realize.push_back(*inout->tensor);
    }
    Tensor::realize_all(to_realize);
  }
  for (size_t i = 0; i < k.args.size(); ++i) {
    const Arg& arg = k.args[i];
    if (auto* output = std::get_if<Arg::Output>(&arg.value)) {
      tensors[i] = make_output(*output, info.name);
    } else if (auto* inout = std::get_if<Arg::InOut>(&arg.value)) {
      tensors[i] =
          writable_in_place(*inout->tensor) ? *inout->tensor : frontend::copy_of(*inout->tensor);
      tensors[i].node()->known_range.reset();  // the kernel writes its values
    }
  }
  return tensors;
}

std::vector<Tensor> kernel_results(const CustomKernel& k, const std::vector<Tensor>& tensors) {
  std::vector<Tensor> results;
  for (size_t i = 0; i < k.args.size(); ++i) {
    const Arg& arg = k.args[i];
    if (std::holds_alternative<Arg::Output>(arg.value)) {
      results.push_back(tensors[i]);
    } else if (auto* inout = std::get_if<Arg::InOut>(&arg.value)) {
      *inout->tensor = tensors[i];
      results.push_back(tensors[i]);
    }
  }
  return results;
}

}  // namespace ingot::custom_kernel
