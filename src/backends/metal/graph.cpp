// Metal graphs: the captured launches encoded once into an indirect command buffer, one
// compute command each, and replayed by one executeCommandsInBuffer:withRange: per replay.
// Scalars live in a shared buffer of the graph (indirect commands have no setBytes).
#include <fmt/format.h>

#include <cstring>

#include "backends/metal/metal.hpp"

namespace ingot {
namespace {

using objc::id;
using objc::MTLSize;
using objc::NSUInteger;
using objc::send;

constexpr NSUInteger kConcurrentDispatch = 1 << 5;  // MTLIndirectCommandTypeConcurrentDispatch
constexpr NSUInteger kUsageReadWrite = 1 | 2;       // MTLResourceUsageRead | Write
constexpr NSUInteger kStorageShared = 0;

class MetalGraph final : public Graph {
 public:
  MetalGraph(MetalDevice& device, std::vector<Launch> launches);
  void replay() override;

 private:
  // Encodes launch `l` on `buffers` into indirect command `command`, its scalars at
  // `scalar_offset` of the scalar buffer; returns the offset after them.
  size_t encode(size_t l, std::span<Buffer* const> buffers, NSUInteger command,
                size_t scalar_offset);

  MetalDevice& device_;
  std::vector<Launch> launches_;
  std::vector<size_t> encoded_;  // the launches with work, in order
  objc::Owned commands_;         // MTLIndirectCommandBuffer
  objc::Owned scalars_;          // MTLBuffer, shared
};

MetalProgram& program_of(const Graph::Launch& launch, size_t l, const std::string& device) {
  auto* program = dynamic_cast<MetalProgram*>(launch.program);
  if (!program)
    throw Error(fmt::format("{} capture: launch {} has {}; it must be a {} program", device, l,
                            launch.program ? "a program of another backend" : "no program",
                            device));
  return *program;
}

MetalGraph::MetalGraph(MetalDevice& device, std::vector<Launch> launches)
    : device_(device), launches_(std::move(launches)) {
  MetalContext& metal = device.metal();
  size_t scalar_bytes_total = 0;
  std::vector<std::shared_ptr<Buffer>> held;
  std::vector<std::vector<Buffer*>> buffers(launches_.size());
  for (size_t l = 0; l < launches_.size(); ++l) {
    MetalProgram& program = program_of(launches_[l], l, metal.name);
    std::string what =
        fmt::format("{} capture of launch {} ('{}')", metal.name, l, program.function());
    for (const std::weak_ptr<Buffer>& weak : launches_[l].buffers) {
      held.push_back(weak.lock());
      if (!held.back())
        throw Error(
            fmt::format("{}: buffer {} was freed before the capture", what, buffers[l].size()));
      buffers[l].push_back(held.back().get());
    }
    program.check_arguments(buffers[l], launches_[l].scalars.size(), what);
    MTLSize groups = program.threadgroups(launches_[l].dims, what);
    if (groups.width && groups.height && groups.depth) encoded_.push_back(l);
    for (const ScalarArg& scalar : launches_[l].scalars)
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
      metal.device.get(), "newIndirectCommandBufferWithDescriptor:maxCommandCount:options:",
      descriptor.get(), NSUInteger(encoded_.size()), NSUInteger(0)));
  if (!commands_) throw Error(metal.name + " capture: no indirect command buffer");
  if (scalar_bytes_total > 0) {
    scalars_ = objc::Owned(send<id>(metal.device.get(), "newBufferWithLength:options:",
                                    NSUInteger(scalar_bytes_total), kStorageShared));
    if (!scalars_) throw Error(metal.name + " capture: no memory for the scalars");
  }
  size_t offset = 0;
  for (NSUInteger c = 0; c < encoded_.size(); ++c)
    offset = encode(encoded_[c], buffers[encoded_[c]], c, offset);
}

size_t MetalGraph::encode(size_t l, std::span<Buffer* const> buffers, NSUInteger c, size_t offset) {
  const Launch& launch = launches_[l];
  MetalProgram& program = program_of(launch, l, device_.name());
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
  const auto& local = launch.dims.local;
  MTLSize threads{NSUInteger(local[0]), NSUInteger(local[1]), NSUInteger(local[2])};
  send<void>(command, "concurrentDispatchThreadgroups:threadsPerThreadgroup:",
             program.threadgroups(launch.dims, device_.name() + " capture"), threads);
  // Each command reads what the ones before it wrote.
  send<void>(command, "setBarrier");
  return offset;
}

void MetalGraph::replay() {
  // Locked first, all of them: the graph does not own its buffers, and one freed since
  // the capture must stop the replay before anything runs.
  std::vector<std::shared_ptr<Buffer>> held;
  for (size_t l = 0; l < launches_.size(); ++l) {
    for (size_t b = 0; b < launches_[l].buffers.size(); ++b) {
      std::shared_ptr<Buffer> buffer = launches_[l].buffers[b].lock();
      if (!buffer)
        throw Error(fmt::format(
            "Graph replay: buffer {} of launch {} was freed after capture; keep a graph's "
            "buffers alive while it is replayed",
            b, l));
      held.push_back(std::move(buffer));
    }
  }
  if (encoded_.empty()) return;
  MetalContext& metal = device_.metal();
  objc::AutoreleasePool pool;
  id command_buffer = metal.new_command_buffer();
  id encoder = send<id>(command_buffer, "computeCommandEncoder");
  // Indirect commands do not make their buffers resident: the encoder must.
  for (const std::shared_ptr<Buffer>& buffer : held)
    send<void>(encoder, "useResource:usage:", static_cast<id>(buffer->handle()), kUsageReadWrite);
  if (scalars_) send<void>(encoder, "useResource:usage:", scalars_.get(), NSUInteger(1));
  send<void>(encoder, "executeCommandsInBuffer:withRange:", commands_.get(),
             objc::NSRange{0, NSUInteger(encoded_.size())});
  send<void>(encoder, "endEncoding");
  metal.commit(command_buffer);
}

}  // namespace

std::unique_ptr<Graph> MetalDevice::capture(std::vector<Graph::Launch> launches) {
  return std::make_unique<MetalGraph>(*this, std::move(launches));
}

}  // namespace ingot
