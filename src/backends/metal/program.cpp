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

// MTLDataType of a function constant of `dtype`, or 0 where Metal has none.
NSUInteger data_type(DType dtype) {
  using objc::MTLDataType;
  switch (dtype) {
    case DType::Bool:
      return MTLDataType::Bool;
    case DType::Int8:
      return MTLDataType::Char;
    case DType::UInt8:
      return MTLDataType::UChar;
    case DType::Int16:
      return MTLDataType::Short;
    case DType::UInt16:
      return MTLDataType::UShort;
    case DType::Int32:
      return MTLDataType::Int;
    case DType::UInt32:
      return MTLDataType::UInt;
    case DType::Int64:
      return MTLDataType::Long;
    case DType::UInt64:
      return MTLDataType::ULong;
    case DType::Float16:
      return MTLDataType::Half;
    case DType::BFloat16:
      return MTLDataType::BFloat;
    case DType::Float32:
      return MTLDataType::Float;
    default:
      return 0;
  }
}

// The function `function` of `library`, specialised by `constants` when there are any.
// Metal refuses a constant the function uses without a value: here, or (unspecialised)
// when the pipeline is made.
objc::Owned new_function(id library, const std::string& function,
                         std::span<const FunctionConstant> constants, const std::string& what) {
  if (constants.empty())
    return objc::Owned(send<id>(library, "newFunctionWithName:", objc::ns_string(function)));
  objc::Owned values(send<id>(objc::get_class("MTLFunctionConstantValues"), "new"));
  for (const FunctionConstant& constant : constants) {
    NSUInteger type = data_type(constant.dtype);
    if (type == 0)
      throw Error(fmt::format("{}: function constant {} is {}, which Metal has no constant of",
                              what,
                              constant.index ? std::to_string(*constant.index) : constant.name,
                              dtype_name(constant.dtype)));
    const void* value = constant.bytes.data();
    if (constant.index)
      send<void>(values.get(), "setConstantValue:type:atIndex:", value, type,
                 NSUInteger(*constant.index));
    else
      send<void>(values.get(), "setConstantValue:type:withName:", value, type,
                 objc::ns_string(constant.name));
  }
  id error = nullptr;
  objc::Owned fn(send<id>(library, "newFunctionWithName:constantValues:error:",
                          objc::ns_string(function), values.get(), &error));
  if (!fn && error)
    throw Error(fmt::format("{}: newFunctionWithName:constantValues:error: failed: {}", what,
                            objc::error_text(error)));
  return fn;
}

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
                           const std::string& function, int buffer_count,
                           std::span<const FunctionConstant> constants)
    : Program(device, function, buffer_count), metal_(device.metal()) {
  std::string what = fmt::format("{} load of '{}'", metal_.name, function);
  id library = device.metal_compiler().library(source);
  objc::AutoreleasePool pool;
  objc::Owned fn = new_function(library, function, constants, what);
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
  // Non-uniform threadgroups: every Apple GPU of family Apple4 or Mac2 on (macOS 14, which
  // MSL 3.1 needs, runs on no older one).
  set_limits(
      {.max_threads = int64_t(send<NSUInteger>(pipeline_.get(), "maxTotalThreadsPerThreadgroup")),
       .max_threads_name = "maxTotalThreadsPerThreadgroup of its pipeline",
       .max_bytes_argument = kMetalMaxSetBytes,
       .max_bytes_name = "setBytes:length:atIndex: takes less than 4 KiB",
       .threadgroup_is_parameter = false,
       .threadgroup_granule = kMetalThreadgroupGranule,
       .partial_groups = true});
}

std::unique_ptr<Program> MetalDevice::load_specialized(
    const std::vector<uint8_t>& binary, const std::string& function, int buffer_count,
    std::span<const FunctionConstant> constants) {
  return std::make_unique<MetalProgram>(*this, std::string(binary.begin(), binary.end()), function,
                                        buffer_count, constants);
}

template <class Bind>
double MetalProgram::dispatch(const LaunchDims& dims, bool wait, Bind bind) {
  objc::AutoreleasePool pool;
  id command_buffer = metal_.new_command_buffer();
  id encoder = send<id>(command_buffer, "computeCommandEncoder");
  send<void>(encoder, "setComputePipelineState:", pipeline_.get());
  bind(encoder);
  if (dims.partial_groups)
    send<void>(encoder, "dispatchThreads:threadsPerThreadgroup:", metal_size(dims.global),
               metal_size(dims.local));
  else
    send<void>(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", metal_size(dims.groups()),
               metal_size(dims.local));
  send<void>(encoder, "endEncoding");
  metal_.commit(command_buffer, wait);
  if (!wait) return 0;
  send<void>(command_buffer, "waitUntilCompleted");
  MetalContext::check(command_buffer, launch_name());
  return send<double>(command_buffer, "GPUEndTime") - send<double>(command_buffer, "GPUStartTime");
}

double MetalProgram::run(std::span<Buffer* const> buffers, const LaunchDims& dims,
                         std::span<const ScalarArg> scalars, bool wait) {
  return dispatch(dims, wait, [&](id encoder) {
    NSUInteger index = 0;
    for (Buffer* buffer : buffers)
      send<void>(encoder, "setBuffer:offset:atIndex:", static_cast<id>(buffer->handle()),
                 NSUInteger(buffer->offset()), index++);
    for (const ScalarArg& scalar : scalars) {
      std::vector<uint8_t> bytes = scalar_bytes(scalar);
      send<void>(encoder, "setBytes:length:atIndex:", static_cast<const void*>(bytes.data()),
                 NSUInteger(bytes.size()), index++);
    }
  });
}

double MetalProgram::run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) {
  return dispatch(dims, wait, [&](id encoder) {
    NSUInteger buffer_index = 0, threadgroup_index = 0;
    for (const KernelArg& arg : args) {
      if (arg.kind == KernelArg::Kind::Buffer) {
        send<void>(encoder, "setBuffer:offset:atIndex:", static_cast<id>(arg.buffer->handle()),
                   NSUInteger(arg.buffer->offset()), buffer_index++);
      } else if (arg.kind == KernelArg::Kind::Bytes) {
        send<void>(encoder, "setBytes:length:atIndex:", static_cast<const void*>(arg.bytes.data()),
                   NSUInteger(arg.bytes.size()), buffer_index++);
      } else {
        size_t length = (arg.threadgroup_bytes + kMetalThreadgroupGranule - 1) /
                        kMetalThreadgroupGranule * kMetalThreadgroupGranule;
        send<void>(encoder, "setThreadgroupMemoryLength:atIndex:", NSUInteger(length),
                   threadgroup_index++);
      }
    }
  });
}

}  // namespace ingot::metal
