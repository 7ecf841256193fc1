// Program: every launch checked here, once for every backend, against the device's limits
// (DeviceInfo) and what the backend learned of the kernel (Program::Limits); the backend's
// run() only computes.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {
namespace {

// The bytes of each argument in the GPU launch ABIs (custom_kernel.hpp): a buffer is a
// pointer, an Int scalar 8 bytes and a Float 4.
size_t argument_bytes(std::span<Buffer* const> buffers, std::span<const ScalarArg> scalars,
                      size_t i) {
  if (i < buffers.size()) return sizeof(void*);
  return scalars[i - buffers.size()].kind == ScalarArg::Kind::Float ? sizeof(float)
                                                                    : sizeof(int64_t);
}

const char* argument_kind(std::span<Buffer* const> buffers, std::span<const ScalarArg> scalars,
                          size_t i) {
  if (i < buffers.size()) return "a buffer";
  return scalars[i - buffers.size()].kind == ScalarArg::Kind::Float ? "a Float scalar"
                                                                    : "an Int scalar";
}

std::string limit(int64_t value) {
  return value == DeviceInfo::kUnlimited ? "no limit" : std::to_string(value);
}

std::string limits(const std::array<int64_t, 3>& values) {
  return fmt::format("[{}, {}, {}]", limit(values[0]), limit(values[1]), limit(values[2]));
}

}  // namespace

Program::Program(Device& device, std::string function, int buffer_count)
    : device_(device),
      function_(std::move(function)),
      buffer_count_(buffer_count),
      generation_(device.generation()) {
  const int64_t most = device.info().max_kernel_arguments;
  if (buffer_count < 0)
    throw Error(fmt::format("{} load of '{}': buffer_count {} is negative (valid: 0 or more)",
                            device.name(), function_, buffer_count));
  if (buffer_count > most)
    throw Error(fmt::format(
        "{} load of '{}': buffer_count {} is more than the {} arguments a {} kernel takes",
        device.name(), function_, buffer_count, most, device.name()));
}

std::string Program::launch_name() const {
  return fmt::format("{} launch of '{}'", device_.name(), function_);
}

double Program::launch(std::span<Buffer* const> buffers, const LaunchDims& dims,
                       std::span<const ScalarArg> scalars, bool wait) {
  check(buffers, dims, scalars);
  // CUDA and OpenCL refuse an empty grid; there is nothing to run.
  if (dims.empty()) return 0;
  return run(buffers, dims, scalars, wait);
}

bool Program::lost() const { return generation_ != device_.generation(); }

void Program::check_not_lost() const {
  if (lost())
    throw Error(fmt::format(
        "{}: the kernel was loaded before {} was started afresh after a fault, and is gone "
        "with the old state; load it again",
        launch_name(), device_.name()));
}

void Program::check(std::span<Buffer* const> buffers, const LaunchDims& dims,
                    std::span<const ScalarArg> scalars) const {
  check_not_lost();
  check_arguments(buffers, scalars);
  check_grid(dims);
}

void Program::check_arguments(std::span<Buffer* const> buffers,
                              std::span<const ScalarArg> scalars) const {
  const DeviceInfo& info = device_.info();
  auto fail = [&](const std::string& why) {
    return Error(fmt::format("{}: {}", launch_name(), why));
  };
  if (buffers.size() != size_t(buffer_count_))
    throw fail(fmt::format("{} buffers given; the kernel takes {}", buffers.size(), buffer_count_));
  for (size_t i = 0; i < buffers.size(); ++i) check_buffer(i, buffers[i], {});
  const size_t given = buffers.size() + scalars.size();
  if (int64_t(given) > info.max_kernel_arguments)
    throw fail(fmt::format(
        "{} buffers and {} scalars are {} arguments; a {} kernel takes at most {}", buffers.size(),
        scalars.size(), given, device_.name(), info.max_kernel_arguments));
  // A driver that keeps arguments between launches (OpenCL) would silently reuse a missing
  // scalar of the last launch; one that reads each parameter at its size (CUDA) would read
  // a narrower argument past its end.
  const std::optional<size_t> parameters =
      limits_.parameter_bytes ? limits_.parameter_bytes->size() : limits_.parameters;
  if (!parameters) return;
  auto abi = [&] {
    std::string sizes = limits_.parameter_bytes
                            ? fmt::format("the kernel's parameters are {} bytes in size; ",
                                          *limits_.parameter_bytes)
                            : "";
    return sizes + fmt::format(
                       "the ABI is the {} buffers as pointers, then each Int scalar in 8 bytes "
                       "and each Float in 4",
                       buffer_count_);
  };
  if (given != *parameters)
    throw fail(fmt::format("{} scalars given; the kernel takes {} after its {} buffers ({})",
                           scalars.size(), int64_t(*parameters) - buffer_count_, buffer_count_,
                           abi()));
  if (!limits_.parameter_bytes) return;
  for (size_t i = 0; i < given; ++i) {
    size_t bytes = argument_bytes(buffers, scalars, i), expected = (*limits_.parameter_bytes)[i];
    if (bytes != expected)
      throw fail(
          fmt::format("argument {} is {} of {} bytes, but the kernel's parameter {} has {} ({})", i,
                      argument_kind(buffers, scalars, i), bytes, i, expected, abi()));
  }
}

void Program::check_buffer(size_t index, const Buffer* buffer, std::string_view name) const {
  // Spelled only for an error: this runs for every buffer of every launch.
  auto what = [&] {
    return name.empty() ? fmt::format("buffer {}", index)
                        : fmt::format("buffer {} ('{}')", index, name);
  };
  if (!buffer || &buffer->device() != &device_)
    throw Error(fmt::format("{}: {} is {}; it must be a {} buffer", launch_name(), what(),
                            buffer ? "on " + buffer->device().name() : std::string("null"),
                            device_.name()));
  const size_t alignment = device_.info().view_alignment_bytes;
  if (buffer->offset() % alignment != 0)
    throw Error(fmt::format(
        "{}: {} is a view at byte offset {}, which {} cannot pass to a kernel: a view must "
        "start at a multiple of {} bytes of its allocation",
        launch_name(), what(), buffer->offset(), device_.name(), alignment));
}

void Program::check_grid(const LaunchDims& dims) const {
  const DeviceInfo& info = device_.info();
  const auto& global = dims.global;
  const auto& local = dims.local;
  auto fail = [&](const std::string& why) {
    return Error(
        fmt::format("{} with global {} and local {}: {}", launch_name(), global, local, why));
  };
  int64_t threads = 1, group = 1;
  for (int d = 0; d < 3; ++d) {
    if (global[d] < 0 || local[d] < 1)
      throw fail(fmt::format("dimension {} is invalid (global must be >= 0, local >= 1)", d));
    // Thread indices are 64-bit: a grid or a threadgroup past that cannot be numbered.
    if (__builtin_mul_overflow(threads, global[d], &threads) ||
        __builtin_mul_overflow(group, local[d], &group))
      throw fail("the grid or a threadgroup has more threads than fit in 64 bits");
  }
  if (!info.threadgroups) return;  // local is only a grain of iterations
  if (dims.partial_groups && !limits_.partial_groups)
    throw fail(fmt::format(
        "{} cannot launch a partial threadgroup ({}): make global a multiple of local in "
        "each dimension and leave the extra threads idle in the kernel",
        device_.name(), limits_.no_partial_groups));
  for (int d = 0; d < 3; ++d) {
    if (local[d] > info.max_group_size[d])
      throw fail(fmt::format("local size {} in dimension {} exceeds {}'s {} (its maxima are {})",
                             local[d], d, device_.name(), info.max_group_size[d],
                             limits(info.max_group_size)));
    if (global[d] % local[d] != 0 && !dims.partial_groups)
      throw fail(
          fmt::format("global size {} in dimension {} is not a multiple of the local size {}",
                      global[d], d, local[d]));
    if (dims.groups()[d] > info.max_groups[d])
      throw fail(fmt::format("{} threadgroups in dimension {} exceed {}'s {} (its maxima are {})",
                             dims.groups()[d], d, device_.name(), info.max_groups[d],
                             limits(info.max_groups)));
  }
  if (group > std::min(info.max_threads_per_group, limits_.max_threads))
    throw fail(fmt::format("a threadgroup of {} threads is too large: {} runs at most {}{}", group,
                           device_.name(), info.max_threads_per_group,
                           limits_.max_threads < info.max_threads_per_group
                               ? fmt::format(", and '{}' at most {} ({})", function_,
                                             limits_.max_threads, limits_.max_threads_name)
                               : ""));
}

}  // namespace ingot
