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

  // Each scalar's bytes, by index into k.args, checked before any tensor is realized.
  std::vector<std::vector<uint8_t>> bytes(k.args.size());
  for (size_t i = 0; i < k.args.size(); ++i)
    if (auto* scalar = std::get_if<Arg::Scalar>(&k.args[i].value))
      bytes[i] = custom_kernel::value_bytes(
          scalar->dtype, scalar->value,
          fmt::format("{}: {} (a scalar)", kernel_name(k), argument_name(k, i)));
  std::vector<Tensor> tensors = custom_kernel::argument_tensors(k, info);

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
  // Waited for only where a trace records the kernel's time; else queued as the engine's
  // own launches are, so that the host's next work overlaps it (a fault surfaces at the
  // next wait, naming this kernel).
  const bool timed = trace::enabled();
  double seconds = program.launch(launch, k.dims, /*wait=*/timed);
  engine::count_launches(1);
  if (timed)
    trace::device_event(device.name(), k.function, "custom kernel", trace::now_us(), seconds,
                        trace::Args()
                            .text("global", fmt::format("{}", fmt::join(k.dims.global, " x ")))
                            .text("local", fmt::format("{}", fmt::join(k.dims.local, " x "))));

  return custom_kernel::kernel_results(k, tensors);
}

}  // namespace ingot
