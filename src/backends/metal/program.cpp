// A Metal kernel: the compute pipeline state of one function of a library, launched from a
// command buffer of the device's queue and timed by the command buffer's GPU timestamps.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>

#include "backends/metal/metal.hpp"

namespace ingot {
namespace {

using objc::id;
using objc::MTLSize;
using objc::NSUInteger;
using objc::send;

}  // namespace

std::vector<uint8_t> scalar_bytes(const ScalarArg& scalar) {
  std::vector<uint8_t> bytes;
  if (scalar.kind == ScalarArg::Kind::Int) {
    int64_t value = scalar.i;  // `constant long&` in the kernel
    bytes.resize(sizeof value);
    std::memcpy(bytes.data(), &value, sizeof value);
  } else {
    float value = float(scalar.f);  // `constant float&`
    bytes.resize(sizeof value);
    std::memcpy(bytes.data(), &value, sizeof value);
  }
  return bytes;
}

MetalProgram::MetalProgram(MetalDevice& device, const std::string& source,
                           const std::string& function, int buffer_count)
    : device_(device), function_(function), buffer_count_(buffer_count) {
  MetalContext& metal = device.metal();
  std::string what = fmt::format("{} load of '{}'", metal.name, function);
  if (buffer_count < 0 || buffer_count > kMetalBufferBindings)
    throw Error(fmt::format("{}: buffer_count {} is not 0 to {} (Metal's buffer bindings)", what,
                            buffer_count, kMetalBufferBindings));
  id library = device.metal_compiler().library(source);
  objc::AutoreleasePool pool;
  objc::Owned fn(send<id>(library, "newFunctionWithName:", objc::ns_string(function)));
  if (!fn)
    throw Error(
        fmt::format("{}: the library has no kernel function '{}' (is it declared `kernel "
                    "void {}(...)` in the MSL source?)",
                    what, function, function));
  objc::Owned descriptor(send<id>(objc::get_class("MTLComputePipelineDescriptor"), "new"));
  send<void>(descriptor.get(), "setComputeFunction:", fn.get());
  // Graphs replay kernels from indirect command buffers, which need pipelines made for them.
  send<void>(descriptor.get(), "setSupportIndirectCommandBuffers:", true);
  id error = nullptr;
  pipeline_ = objc::Owned(send<id>(
      metal.device.get(), "newComputePipelineStateWithDescriptor:options:reflection:error:",
      descriptor.get(), NSUInteger(0), static_cast<id*>(nullptr), &error));
  if (!pipeline_)
    throw Error(fmt::format("{}: newComputePipelineStateWithDescriptor failed: {}", what,
                            objc::error_text(error)));
  max_threads_ = int64_t(send<NSUInteger>(pipeline_.get(), "maxTotalThreadsPerThreadgroup"));
}

void MetalProgram::check_arguments(std::span<Buffer* const> buffers, size_t scalars,
                                   const std::string& what) const {
  if (buffers.size() != size_t(buffer_count_))
    throw Error(fmt::format("{}: {} buffers given; the kernel takes {}", what, buffers.size(),
                            buffer_count_));
  for (size_t i = 0; i < buffers.size(); ++i)
    if (!buffers[i] || &buffers[i]->device() != &device_)
      throw Error(fmt::format("{}: buffer {} is {}; it must be a {} buffer", what, i,
                              buffers[i] ? "on " + buffers[i]->device().name() : "null",
                              device_.name()));
  if (buffers.size() + scalars > size_t(kMetalBufferBindings))
    throw Error(
        fmt::format("{}: {} buffers and {} scalars need {} buffer bindings; a Metal "
                    "kernel has {}",
                    what, buffers.size(), scalars, buffers.size() + scalars, kMetalBufferBindings));
}

MTLSize MetalProgram::threadgroups(const LaunchDims& dims, const std::string& what) const {
  const auto& [global, local] = dims;
  auto fail = [&](const std::string& why) {
    return Error(fmt::format("{} with global {} and local {}: {}", what, global, local, why));
  };
  const int64_t device_limit = device_.info().max_threads_per_group;
  std::array<NSUInteger, 3> groups{};
  int64_t threads = 1;
  for (int d = 0; d < 3; ++d) {
    if (global[d] < 0 || local[d] < 1)
      throw fail(fmt::format("dimension {} is invalid (global must be >= 0, local >= 1)", d));
    if (local[d] > device_limit)
      throw fail(
          fmt::format("local size {} in dimension {} exceeds the device's {} "
                      "(maxThreadsPerThreadgroup)",
                      local[d], d, device_limit));
    if (global[d] % local[d] != 0)
      throw fail(
          fmt::format("global size {} in dimension {} is not a multiple of the local size {}",
                      global[d], d, local[d]));
    groups[size_t(d)] = NSUInteger(global[d] / local[d]);
    threads *= local[d];
  }
  if (threads > max_threads_)
    throw fail(
        fmt::format("a threadgroup of {} threads is too large: '{}' allows at most {} "
                    "(maxTotalThreadsPerThreadgroup of its pipeline; the device's "
                    "maxThreadsPerThreadgroup is {})",
                    threads, function_, max_threads_, device_limit));
  return {groups[0], groups[1], groups[2]};
}

double MetalProgram::launch(std::span<Buffer* const> buffers, const LaunchDims& dims,
                            std::span<const ScalarArg> scalars, bool wait) {
  MetalContext& metal = device_.metal();
  std::string what = fmt::format("{} launch of '{}'", metal.name, function_);
  check_arguments(buffers, scalars.size(), what);
  MTLSize groups = threadgroups(dims, what);
  if (groups.width == 0 || groups.height == 0 || groups.depth == 0) return 0;
  objc::AutoreleasePool pool;
  id command_buffer = metal.new_command_buffer();
  id encoder = send<id>(command_buffer, "computeCommandEncoder");
  send<void>(encoder, "setComputePipelineState:", pipeline_.get());
  NSUInteger index = 0;
  for (Buffer* buffer : buffers)
    send<void>(encoder, "setBuffer:offset:atIndex:", static_cast<id>(buffer->handle()),
               NSUInteger(buffer->offset()), index++);
  for (const ScalarArg& scalar : scalars) {
    std::vector<uint8_t> bytes = scalar_bytes(scalar);
    send<void>(encoder, "setBytes:length:atIndex:", static_cast<const void*>(bytes.data()),
               NSUInteger(bytes.size()), index++);
  }
  MTLSize threads{NSUInteger(dims.local[0]), NSUInteger(dims.local[1]), NSUInteger(dims.local[2])};
  send<void>(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", groups, threads);
  send<void>(encoder, "endEncoding");
  metal.commit(command_buffer, wait);
  if (!wait) return 0;
  send<void>(command_buffer, "waitUntilCompleted");
  MetalContext::check(command_buffer, what);
  return send<double>(command_buffer, "GPUEndTime") - send<double>(command_buffer, "GPUStartTime");
}

}  // namespace ingot
