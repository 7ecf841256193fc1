// A Metal kernel: the compute pipeline state of one function of a library, launched from a
// command buffer of the device's queue and timed by the command buffer's GPU timestamps.
#include <fmt/format.h>

#include <cstring>

#include "backends/metal/metal.hpp"

namespace ingot::metal {
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

MTLSize metal_size(const std::array<int64_t, 3>& size) {
  return {NSUInteger(size[0]), NSUInteger(size[1]), NSUInteger(size[2])};
}

MetalProgram::MetalProgram(MetalDevice& device, const std::string& source,
                           const std::string& function, int buffer_count)
    : Program(device, function, buffer_count), metal_(device.metal()) {
  std::string what = fmt::format("{} load of '{}'", metal_.name, function);
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
      metal_.device.get(), "newComputePipelineStateWithDescriptor:options:reflection:error:",
      descriptor.get(), NSUInteger(0), static_cast<id*>(nullptr), &error));
  if (!pipeline_)
    throw Error(fmt::format("{}: newComputePipelineStateWithDescriptor failed: {}", what,
                            objc::error_text(error)));
  set_limits(
      {.max_threads = int64_t(send<NSUInteger>(pipeline_.get(), "maxTotalThreadsPerThreadgroup")),
       .max_threads_name = "maxTotalThreadsPerThreadgroup of its pipeline"});
}

double MetalProgram::run(std::span<Buffer* const> buffers, const LaunchDims& dims,
                         std::span<const ScalarArg> scalars, bool wait) {
  objc::AutoreleasePool pool;
  id command_buffer = metal_.new_command_buffer();
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
  send<void>(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", metal_size(dims.groups()),
             metal_size(dims.local));
  send<void>(encoder, "endEncoding");
  metal_.commit(command_buffer, wait);
  if (!wait) return 0;
  send<void>(command_buffer, "waitUntilCompleted");
  MetalContext::check(command_buffer, launch_name());
  return send<double>(command_buffer, "GPUEndTime") - send<double>(command_buffer, "GPUStartTime");
}

}  // namespace ingot::metal
