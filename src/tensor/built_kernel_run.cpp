// BuiltKernel::run: each argument checked against its parameter, then bound, realized and
// allocated as run_custom_kernel binds its own (custom_kernel_bind, custom_kernel_tensors),
// and launched as the engine launches its kernels: the buffers, then the scalars.
#include <fmt/format.h>

#include <optional>

#include "engine/built_kernel.hpp"
#include "engine/realize.hpp"
#include "engine/recording.hpp"
#include "graph/lazy.hpp"
#include "ingot/error.hpp"
#include "tensor/custom_kernel_bind.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
namespace {

using Arg = KernelArgument;
using Param = BuiltKernelState::Param;

// The dtype of the tensor `arg` gives or asks for; none for a scalar.
std::optional<DType> tensor_dtype(const Arg& arg) {
  if (auto* input = std::get_if<Arg::Input>(&arg.value)) return input->tensor.dtype();
  if (auto* output = std::get_if<Arg::Output>(&arg.value)) return output->dtype;
  if (auto* inout = std::get_if<Arg::InOut>(&arg.value); inout && inout->tensor)
    return inout->tensor->dtype();
  return std::nullopt;
}

// Which argument kinds a parameter takes, for messages, and whether `arg` is one of them.
const char* wanted(const Param& p) {
  if (!p.is_buffer) return "arg::scalar (or i32, i64, f32...)";
  switch (p.access) {
    case KernelBuilder::Access::Read:
      return "arg::input";
    case KernelBuilder::Access::Write:
      return "arg::output, arg::zeros, arg::filled or arg::inout";
    case KernelBuilder::Access::ReadWrite:
      return "arg::inout, arg::zeros or arg::filled";
  }
  return "";
}
bool fits(const Param& p, const Arg& arg) {
  if (!p.is_buffer) return std::holds_alternative<Arg::Scalar>(arg.value);
  if (auto* output = std::get_if<Arg::Output>(&arg.value))
    return p.access == KernelBuilder::Access::Write || output->init.has_value();
  if (std::holds_alternative<Arg::InOut>(arg.value)) return p.access != KernelBuilder::Access::Read;
  return std::holds_alternative<Arg::Input>(arg.value) && p.access == KernelBuilder::Access::Read;
}

}  // namespace

std::vector<Tensor> BuiltKernel::run(const std::vector<KernelArgument>& args) const {
  const BuiltKernelState& s = *state_;
  const std::string what = fmt::format("BuiltKernel '{}' on {}", s.kernel.name, s.device.name());
  if (args.size() != s.params.size())
    throw ArgumentError(
        fmt::format("{}: {} arguments for its {} parameters; give one each, in "
                    "the order they were declared",
                    what, args.size(), s.params.size()));
  CustomKernel k{.function = s.kernel.name, .args = args, .device = s.device.name()};
  std::vector<ScalarArg> scalars(s.kernel.scalars.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const Param& p = s.params[i];
    if (k.args[i].name.empty()) k.args[i].name = p.name;
    const std::string param =
        fmt::format("argument {} for {} '{}'", i, p.is_buffer ? "buffer" : "scalar", p.name);
    if (!fits(p, args[i]))
      throw ArgumentError(fmt::format("{}: {} takes {}", what, param, wanted(p)));
    if (const std::optional<DType> dtype = tensor_dtype(args[i]); dtype && *dtype != p.dtype)
      throw ArgumentError(fmt::format("{}: {} is {}; the buffer holds {}", what, param,
                                      dtype_name(*dtype), dtype_name(p.dtype)));
    if (auto* scalar = std::get_if<Arg::Scalar>(&args[i].value)) {
      // The declared type says which values fit; the kernel receives int64 or float32.
      custom_kernel::value_bytes(p.dtype, scalar->value, fmt::format("{}: {}", what, param));
      const auto* integer = std::get_if<int64_t>(&scalar->value);
      const auto* real = std::get_if<double>(&scalar->value);
      scalars[static_cast<size_t>(p.index)] =
          is_int(p.dtype) ? ScalarArg::of_int(integer ? *integer : static_cast<int64_t>(*real))
                          : ScalarArg::of_float(integer ? static_cast<double>(*integer) : *real);
    }
  }
  const DeviceInfo& info = s.device.info();
  custom_kernel::check_arguments(k, info);
  Program& program = s.program();
  std::vector<Tensor> tensors = custom_kernel::argument_tensors(k, info);
  std::vector<Buffer*> buffers(s.kernel.buffers.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (!s.params[i].is_buffer) continue;
    const auto b = static_cast<size_t>(s.params[i].index);
    // The kernel's aligned vector accesses need the buffer's start aligned as the vector.
    // Tensors' buffers are whole allocations today; should one ever be a view at another
    // offset, the kernel reads an aligned copy rather than fault.
    if (tensors[i].node()->buffer->offset() % s.alignment[b] != 0)
      tensors[i] = frontend::copy_of(tensors[i]);
    buffers[b] = tensors[i].node()->buffer.get();
  }
  // Queued as the engine queues its own launches (realize.cpp), not waited for: a sum's
  // two stages then cost no host round trip between them, and the tensors returned are
  // read, like any tensor, after the device's queue reaches them.
  // A JIT capture records the engine's launches only: one it cannot replay is refused.
  engine::Recording::refuse(fmt::format("a built kernel's launch ('{}')", s.kernel.name));
  program.launch(buffers, s.kernel.dims, scalars, /*wait=*/false);
  engine::count_launches(1);
  return custom_kernel::kernel_results(k, tensors);
}

}  // namespace ingot
