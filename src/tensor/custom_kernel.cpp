// run_custom_kernel: the arguments checked and bound to their positions (custom_kernel_bind),
// the tensors realized, the outputs allocated and filled, in-place tensors written in place
// or copied first, the program found (custom_kernel_cache) and launched through
// Program::launch, which checks the launch as it checks every launch.
#include "ingot/custom_kernel.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/trace.hpp"
#include "engine/realize.hpp"
#include "engine/recording.hpp"
#include "ingot/error.hpp"
#include "tensor/custom_kernel_bind.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
namespace {

using Arg = KernelArgument;
using custom_kernel::argument_name;
using custom_kernel::kernel_name;

// The device the kernel runs on: as named, or the first tensor's, or the default one.
std::string resolve_device(const CustomKernel& k) {
  if (!k.device.empty()) return frontend::device_name(k.device);
  for (const Arg& arg : k.args) {
    if (auto* input = std::get_if<Arg::Input>(&arg.value); input && input->tensor.defined())
      return input->tensor.device();
    if (auto* inout = std::get_if<Arg::InOut>(&arg.value);
        inout && inout->tensor && inout->tensor->defined())
      return inout->tensor->device();
  }
  return frontend::device_name("");
}

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

// A copy of realized `t` in a new buffer of its device, for the kernel to write.
Tensor copy_of(const Tensor& t) {
  const Buffer& from = *t.node()->buffer;
  const size_t bytes = size_t(t.numel()) * dtype_size(t.dtype());
  std::shared_ptr<Buffer> to = from.device().allocator().alloc(bytes);
  if (bytes) Allocator::transfer(*to, from, bytes);
  return frontend::wrap(make_buffer_node(std::move(to), t.dtype(), t.shape(), t.device()));
}

}  // namespace

std::vector<Tensor> run_custom_kernel(const CustomKernel& k) {
  Device& device = Device::get(resolve_device(k));
  const DeviceInfo& info = device.info();
  const std::string language = custom_kernel::source_language(k, info);
  custom_kernel::check_function(k, language);
  if (k.source.empty()) throw ArgumentError(fmt::format("{}: the source is empty", kernel_name(k)));
  custom_kernel::check_arguments(k, info);
  // Assembly binds its arguments as the device's own language does.
  const std::vector<size_t> order = custom_kernel::launch_order(k, info.language);
  const std::string source = custom_kernel::source_with_defines(k, language);

  // Each argument's tensor (inputs, outputs, in-place ones) or bytes, by index into k.args.
  std::vector<Tensor> tensors(k.args.size());
  std::vector<std::vector<uint8_t>> bytes(k.args.size());
  {
    std::vector<Tensor> to_realize;
    for (size_t i = 0; i < k.args.size(); ++i) {
      const Arg& arg = k.args[i];
      if (auto* input = std::get_if<Arg::Input>(&arg.value))
        to_realize.push_back(tensors[i] = input->tensor.contiguous());
      else if (auto* inout = std::get_if<Arg::InOut>(&arg.value))
        to_realize.push_back(*inout->tensor);
      else if (auto* scalar = std::get_if<Arg::Scalar>(&arg.value))
        bytes[i] = custom_kernel::value_bytes(
            scalar->dtype, scalar->value,
            fmt::format("{}: {} (a scalar)", kernel_name(k), argument_name(k, i)));
    }
    Tensor::realize_all(to_realize);
  }
  for (size_t i = 0; i < k.args.size(); ++i) {
    const Arg& arg = k.args[i];
    if (auto* output = std::get_if<Arg::Output>(&arg.value)) {
      tensors[i] = make_output(*output, info.name);
    } else if (auto* inout = std::get_if<Arg::InOut>(&arg.value)) {
      tensors[i] = writable_in_place(*inout->tensor) ? *inout->tensor : copy_of(*inout->tensor);
    }
  }

  int buffer_count = 0;
  std::vector<std::string> names(k.args.size());
  std::vector<KernelArg> launch;
  for (size_t i : order) {
    const Arg& arg = k.args[i];
    names[i] = arg.name.empty() ? fmt::format("args[{}]", i) : arg.name;
    if (tensors[i].defined()) {
      launch.push_back(KernelArg::of_buffer(tensors[i].node()->buffer.get(), names[i]));
      ++buffer_count;
    } else if (auto* data = std::get_if<Arg::Bytes>(&arg.value)) {
      launch.push_back(KernelArg::of_bytes(data->data, names[i]));
    } else if (auto* group = std::get_if<Arg::Threadgroup>(&arg.value)) {
      launch.push_back(KernelArg::of_threadgroup(group->bytes, names[i]));
    } else {
      launch.push_back(KernelArg::of_bytes(bytes[i], names[i]));
    }
  }
  engine::Recording::refuse(fmt::format("a custom kernel launch ('{}')", k.function));
  Program& program = custom_kernel::program_for(device, k, source, language, buffer_count);
  double seconds = program.launch(launch, k.dims, /*wait=*/true);
  engine::count_launches(1);
  if (trace::enabled())
    trace::device_event(device.name(), k.function, "custom kernel", trace::now_us(), seconds,
                        trace::Args()
                            .text("global", fmt::format("{}", fmt::join(k.dims.global, " x ")))
                            .text("local", fmt::format("{}", fmt::join(k.dims.local, " x "))));

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

}  // namespace ingot
