// Program::launch with KernelArgs: the arguments of a kernel written by hand, in its own
// order, checked here once for every backend (buffers of the device, bytes and threadgroup
// memory within the device's and its API's limits, the parameters the driver reports),
// so that a backend's run() only passes them.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {
namespace {

std::string describe(size_t index, const KernelArg& arg) {
  return arg.name.empty() ? fmt::format("argument {}", index)
                          : fmt::format("argument {} ('{}')", index, arg.name);
}

const char* kind_name(KernelArg::Kind kind) {
  switch (kind) {
    case KernelArg::Kind::Buffer:
      return "a buffer";
    case KernelArg::Kind::Bytes:
      return "bytes";
    case KernelArg::Kind::Threadgroup:
      return "threadgroup memory";
  }
  return "?";
}

size_t round_up(size_t value, size_t granule) { return (value + granule - 1) / granule * granule; }

}  // namespace

double Program::launch(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) {
  check(args, dims);
  if (dims.empty()) return 0;
  return run(args, dims, wait);
}

void Program::check(std::span<const KernelArg> args, const LaunchDims& dims) const {
  check_not_lost();
  check_kernel_args(args);
  check_grid(dims);
}

void Program::check_kernel_args(std::span<const KernelArg> args) const {
  const DeviceInfo& info = device_.info();
  auto fail = [&](const std::string& why) {
    return Error(fmt::format("{}: {}", launch_name(), why));
  };
  struct Parameter {
    size_t arg;    // its index in args
    size_t bytes;  // what it passes; 0 for __local memory, which passes no value
  };
  std::vector<Parameter> parameters;
  size_t buffers = 0, threadgroups = 0;
  int64_t threadgroup_bytes = limits_.static_threadgroup_bytes;
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelArg& arg = args[i];
    switch (arg.kind) {
      case KernelArg::Kind::Buffer:
        check_buffer(i, arg.buffer, arg.name);
        ++buffers;
        parameters.push_back({i, sizeof(void*)});
        break;
      case KernelArg::Kind::Bytes:
        if (arg.bytes.empty())
          throw fail(fmt::format("{} has no bytes; a by-value argument has at least one",
                                 describe(i, arg)));
        if (arg.bytes.size() > limits_.max_bytes_argument)
          throw fail(fmt::format(
              "{} is {} bytes; {} passes at most {} by value ({}): put larger data in a buffer",
              describe(i, arg), arg.bytes.size(), device_.name(), limits_.max_bytes_argument,
              limits_.max_bytes_name));
        parameters.push_back({i, arg.bytes.size()});
        break;
      case KernelArg::Kind::Threadgroup:
        ++threadgroups;
        threadgroup_bytes += int64_t(round_up(arg.threadgroup_bytes, limits_.threadgroup_granule));
        if (limits_.threadgroup_is_parameter) parameters.push_back({i, 0});
        break;
    }
  }
  if (buffers != size_t(buffer_count_))
    throw fail(
        fmt::format("{} buffers given; the kernel was loaded for {}", buffers, buffer_count_));
  if (int64_t(parameters.size()) > info.max_kernel_arguments)
    throw fail(fmt::format("{} arguments given; a {} kernel takes at most {}", parameters.size(),
                           device_.name(), info.max_kernel_arguments));
  if (threadgroups > limits_.max_threadgroup_arguments)
    throw fail(fmt::format(
        "{} threadgroup memory arguments given; a {} kernel takes at most {} (its dynamic "
        "shared memory)",
        threadgroups, device_.name(), limits_.max_threadgroup_arguments));
  if (threadgroups && info.threadgroups && threadgroup_bytes > info.local_memory_bytes)
    throw fail(fmt::format(
        "threadgroup memory of {} bytes in all{} is more than {}'s {} bytes per threadgroup",
        threadgroup_bytes,
        limits_.static_threadgroup_bytes ? fmt::format(" (with the {} the kernel declares itself)",
                                                       limits_.static_threadgroup_bytes)
                                         : "",
        device_.name(), info.local_memory_bytes));
  // A driver that keeps arguments between launches (OpenCL) would reuse a missing one of
  // the last launch; one that reads each parameter at its size (CUDA) would read a
  // narrower argument past its end.
  const std::optional<size_t> known =
      limits_.parameter_bytes ? limits_.parameter_bytes->size() : limits_.parameters;
  if (!known) return;
  if (parameters.size() != *known)
    throw fail(fmt::format("{} parameters given; the kernel has {}", parameters.size(), *known));
  if (!limits_.parameter_bytes) return;
  for (size_t p = 0; p < parameters.size(); ++p) {
    const auto [i, given] = parameters[p];
    const size_t expected = (*limits_.parameter_bytes)[p];
    if (given != 0 && given != expected)
      throw fail(fmt::format(
          "{} is {} of {} bytes, but the kernel's parameter {} has {} (its parameters are {} "
          "bytes in size)",
          describe(i, args[i]), kind_name(args[i].kind), given, p, expected,
          *limits_.parameter_bytes));
  }
}

std::unique_ptr<Program> Device::load_specialized(const std::vector<uint8_t>& binary,
                                                  const std::string& function, int buffer_count,
                                                  std::span<const FunctionConstant> constants) {
  if (!constants.empty())
    throw Error(fmt::format(
        "{} load of '{}': {} function constants given, but function constants are Metal's; "
        "specialise a {} kernel with defines or templates instead",
        name(), function, constants.size(), info().language));
  return load(binary, function, buffer_count);
}

}  // namespace ingot
