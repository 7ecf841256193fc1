// Metal graphs: the captured launches encoded once into an indirect command buffer, one
// compute command each, and replayed by one executeCommandsInBuffer:withRange: per replay.
// Scalars live in a shared buffer of the graph (indirect commands have no setBytes).
#include <fmt/format.h>

#include <cstring>

#include "backends/metal/metal.hpp"

namespace ingot::metal {
namespace {

using objc::id;
using objc::NSUInteger;
using objc::send;

constexpr NSUInteger kConcurrentDispatch = 1 << 5;  // MTLIndirectCommandTypeConcurrentDispatch
constexpr NSUInteger kUsageReadWrite = 1 | 2;       // MTLResourceUsageRead | Write
constexpr NSUInteger kStorageShared = 0;

class MetalGraph final : public Graph {
 public:
  MetalGraph(MetalDevice& device, std::vector<Launch> launches, const Buffers& buffers);

 private:
  void submit(const Buffers& buffers) override;
  // Encodes launch `l` on `buffers` into indirect command `command`, its scalars at
  // `scalar_offset` of the scalar buffer; returns the offset after them.
  size_t encode(size_t l, std::span<Buffer* const> buffers, NSUInteger command,
                size_t scalar_offset);

  MetalContext& metal_;
  std::vector<size_t> encoded_;  // the launches with work, in order
  objc::Owned commands_;         // MTLIndirectCommandBuffer
  objc::Owned scalars_;          // MTLBuffer, shared
};

MetalGraph::MetalGraph(MetalDevice& device, std::vector<Launch> launches, const Buffers& buffers)
    : Graph(device, std::move(launches)), metal_(device.metal()) {
  size_t scalar_bytes_total = 0;
  for (size_t l = 0; l < this->launches().size(); ++l) {
    const Launch& launch = this->launches()[l];
    if (!launch.dims.empty()) encoded_.push_back(l);
    for (const ScalarArg& scalar : launch.scalars)
      scalar_bytes_total += scalar_bytes(scalar).size();
  }
  if (encoded_.empty()) return;
  objc::AutoreleasePool pool;
  objc::Owned descriptor(send<id>(objc::get_class("MTLIndirectCommandBufferDescriptor"), "new"));
  send<void>(descriptor.get(), "setCommandTypes:", kConcurrentDispatch);
  send<void>(descriptor.get(), "setInheritBuffers:", false);
  send<void>(descriptor.get(), "setInheritPipelineState:", false);
  send<void>(descriptor.get(), "setMaxKernelBufferBindCount:", NSUInteger(kMetalBufferBindings));
  commands_ = objc::Owned(send<id>(
      metal_.device.get(), "newIndirectCommandBufferWithDescriptor:maxCommandCount:options:",
      descriptor.get(), NSUInteger(encoded_.size()), NSUInteger(0)));
  if (!commands_) throw Error(metal_.name + " capture: no indirect command buffer");
  if (scalar_bytes_total > 0) {
    scalars_ = objc::Owned(send<id>(metal_.device.get(), "newBufferWithLength:options:",
                                    NSUInteger(scalar_bytes_total), kStorageShared));
    if (!scalars_) throw Error(metal_.name + " capture: no memory for the scalars");
  }
  size_t offset = 0;
  for (NSUInteger c = 0; c < encoded_.size(); ++c)
    offset = encode(encoded_[c], buffers.of(encoded_[c]), c, offset);
}

size_t MetalGraph::encode(size_t l, std::span<Buffer* const> buffers, NSUInteger c, size_t offset) {
  const Launch& launch = launches()[l];
  // Device::capture made sure that the program is this device's.
  const auto& program = static_cast<const MetalProgram&>(*launch.program);
  id command = send<id>(commands_.get(), "indirectComputeCommandAtIndex:", c);
  send<void>(command, "setComputePipelineState:", program.pipeline());
  NSUInteger index = 0;
  for (Buffer* buffer : buffers)
    send<void>(command, "setKernelBuffer:offset:atIndex:", static_cast<id>(buffer->handle()),
               NSUInteger(buffer->offset()), index++);
  for (const ScalarArg& scalar : launch.scalars) {
    std::vector<uint8_t> bytes = scalar_bytes(scalar);
    std::memcpy(static_cast<uint8_t*>(send<void*>(scalars_.get(), "contents")) + offset,
                bytes.data(), bytes.size());
    send<void>(command, "setKernelBuffer:offset:atIndex:", scalars_.get(), NSUInteger(offset),
               index++);
    offset += bytes.size();
  }
  send<void>(command, "concurrentDispatchThreadgroups:threadsPerThreadgroup:",
             metal_size(launch.dims.groups()), metal_size(launch.dims.local));
  // Each command reads what the ones before it wrote.
  send<void>(command, "setBarrier");
  return offset;
}

void MetalGraph::submit(const Buffers& buffers) {
  if (encoded_.empty()) return;
  objc::AutoreleasePool pool;
  id command_buffer = metal_.new_command_buffer();
  id encoder = send<id>(command_buffer, "computeCommandEncoder");
  // Indirect commands do not make their buffers resident: the encoder must.
  for (const std::shared_ptr<Buffer>& buffer : buffers.held())
    send<void>(encoder, "useResource:usage:", static_cast<id>(buffer->handle()), kUsageReadWrite);
  if (scalars_) send<void>(encoder, "useResource:usage:", scalars_.get(), NSUInteger(1));
  send<void>(encoder, "executeCommandsInBuffer:withRange:", commands_.get(),
             objc::NSRange{0, NSUInteger(encoded_.size())});
  send<void>(encoder, "endEncoding");
  metal_.commit(command_buffer);
}

}  // namespace

std::unique_ptr<Graph> MetalDevice::make_graph(std::vector<Graph::Launch> launches,
                                               const Graph::Buffers& buffers) {
  return std::make_unique<MetalGraph>(*this, std::move(launches), buffers);
}

}  // namespace ingot::metal
