// Metal graphs: the captured launches encoded once into an indirect command buffer, one
// compute command each, and replayed by one executeCommandsInBuffer:withRange: per replay.
// Scalars live in a shared buffer of the graph (indirect commands have no setBytes),
// written once. A replay on other buffers (Graph::Binding) runs an encoding made for them:
// the graph keeps a few, and encodes the commands whose buffers changed again into the
// one its replays finished with longest ago, waiting for that replay only when it has not
// completed (a command buffer reads the indirect commands as it runs). Steps alternating
// two inputs each find theirs encoded; steps on ever new inputs wait for the replay
// kEncodings - 1 before them at most.
#include <fmt/format.h>

#include <algorithm>
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

// The buffers a command holds, each as (handle, offset).
using Bound = std::vector<std::pair<void*, size_t>>;

Bound bound_buffers(std::span<Buffer* const> buffers) {
  Bound result;
  for (const Buffer* buffer : buffers) result.emplace_back(buffer->handle(), buffer->offset());
  return result;
}

class MetalGraph final : public Graph {
 public:
  MetalGraph(MetalDevice& device, std::vector<Launch> launches, const Buffers& buffers);

 private:
  // The launches encoded once into an indirect command buffer, one command per launch
  // with work, and the replay that used it last.
  struct Encoding {
    objc::Owned commands;  // MTLIndirectCommandBuffer
    std::vector<Bound> bound;
    uint64_t last_replay = 0;  // the timeline value signaled after it, 0 before one
  };
  static constexpr size_t kEncodings = 3;

  void submit(const Buffers& buffers) override;
  // The encoding for `buffers`: one that holds them, else a new one or the oldest made to.
  Encoding& encoding_for(const Buffers& buffers);
  Encoding new_encoding();
  // Encodes command `c` of `encoding` on `buffers`.
  void encode(Encoding& encoding, size_t c, std::span<Buffer* const> buffers);

  MetalContext& metal_;
  std::vector<size_t> encoded_;        // the launches with work, in order
  std::vector<size_t> scalar_offset_;  // per launch with work, into scalars_
  objc::Owned scalars_;                // MTLBuffer, shared
  std::vector<Encoding> encodings_;    // at most kEncodings
};

MetalGraph::MetalGraph(MetalDevice& device, std::vector<Launch> launches, const Buffers& buffers)
    : Graph(device, std::move(launches)), metal_(device.metal()) {
  std::vector<uint8_t> scalars;
  for (size_t l = 0; l < this->launches().size(); ++l) {
    const Launch& launch = this->launches()[l];
    if (launch.dims.empty()) continue;
    encoded_.push_back(l);
    scalar_offset_.push_back(scalars.size());
    for (const ScalarArg& scalar : launch.scalars) {
      std::vector<uint8_t> bytes = scalar_bytes(scalar);
      scalars.insert(scalars.end(), bytes.begin(), bytes.end());
    }
  }
  if (encoded_.empty()) return;
  objc::AutoreleasePool pool;
  if (!scalars.empty()) {
    scalars_ = objc::Owned(send<id>(metal_.device.get(), "newBufferWithLength:options:",
                                    NSUInteger(scalars.size()), kStorageShared));
    if (!scalars_) throw Error(metal_.name + " capture: no memory for the scalars");
    std::memcpy(send<void*>(scalars_.get(), "contents"), scalars.data(), scalars.size());
  }
  encodings_.push_back(new_encoding());
  for (size_t c = 0; c < encoded_.size(); ++c)
    encode(encodings_.back(), c, buffers.of(encoded_[c]));
}

MetalGraph::Encoding MetalGraph::new_encoding() {
  objc::Owned descriptor(send<id>(objc::get_class("MTLIndirectCommandBufferDescriptor"), "new"));
  send<void>(descriptor.get(), "setCommandTypes:", kConcurrentDispatch);
  send<void>(descriptor.get(), "setInheritBuffers:", false);
  send<void>(descriptor.get(), "setInheritPipelineState:", false);
  send<void>(descriptor.get(), "setMaxKernelBufferBindCount:", NSUInteger(kMetalBufferBindings));
  Encoding encoding;
  encoding.commands = objc::Owned(send<id>(
      metal_.device.get(), "newIndirectCommandBufferWithDescriptor:maxCommandCount:options:",
      descriptor.get(), NSUInteger(encoded_.size()), NSUInteger(0)));
  if (!encoding.commands) throw Error(metal_.name + " capture: no indirect command buffer");
  encoding.bound.resize(encoded_.size());
  return encoding;
}

void MetalGraph::encode(Encoding& encoding, size_t c, std::span<Buffer* const> buffers) {
  const Launch& launch = launches()[encoded_[c]];
  // Device::capture made sure that the program is this device's.
  const auto& program = static_cast<const MetalProgram&>(*launch.program);
  id command = send<id>(encoding.commands.get(), "indirectComputeCommandAtIndex:", NSUInteger(c));
  send<void>(command, "setComputePipelineState:", program.pipeline());
  NSUInteger index = 0;
  for (Buffer* buffer : buffers)
    send<void>(command, "setKernelBuffer:offset:atIndex:", static_cast<id>(buffer->handle()),
               NSUInteger(buffer->offset()), index++);
  size_t offset = scalar_offset_[c];
  for (const ScalarArg& scalar : launch.scalars) {
    send<void>(command, "setKernelBuffer:offset:atIndex:", scalars_.get(), NSUInteger(offset),
               index++);
    offset += scalar_bytes(scalar).size();
  }
  send<void>(command, "concurrentDispatchThreadgroups:threadsPerThreadgroup:",
             metal_size(launch.dims.groups()), metal_size(launch.dims.local));
  // Each command reads what the ones before it wrote.
  send<void>(command, "setBarrier");
  encoding.bound[c] = bound_buffers(buffers);
}

MetalGraph::Encoding& MetalGraph::encoding_for(const Buffers& buffers) {
  std::vector<Bound> wanted;
  for (size_t launch : encoded_) wanted.push_back(bound_buffers(buffers.of(launch)));
  for (Encoding& encoding : encodings_)
    if (encoding.bound == wanted) return encoding;
  if (encodings_.size() < kEncodings) {
    encodings_.push_back(new_encoding());
  } else {
    auto oldest = std::min_element(
        encodings_.begin(), encodings_.end(),
        [](const Encoding& a, const Encoding& b) { return a.last_replay < b.last_replay; });
    std::rotate(oldest, oldest + 1, encodings_.end());
    if (metal_.completed() < encodings_.back().last_replay)
      metal_.wait(encodings_.back().last_replay, metal_.name + " graph replay");
  }
  Encoding& encoding = encodings_.back();
  for (size_t c = 0; c < encoded_.size(); ++c)
    if (encoding.bound[c] != wanted[c]) encode(encoding, c, buffers.of(encoded_[c]));
  return encoding;
}

void MetalGraph::submit(const Buffers& buffers) {
  if (encoded_.empty()) return;
  objc::AutoreleasePool pool;
  Encoding& encoding = encoding_for(buffers);
  id command_buffer = metal_.new_command_buffer();
  id encoder = send<id>(command_buffer, "computeCommandEncoder");
  // Indirect commands do not make their buffers resident: the encoder must.
  for (const std::shared_ptr<Buffer>& buffer : buffers.held())
    send<void>(encoder, "useResource:usage:", static_cast<id>(buffer->handle()), kUsageReadWrite);
  if (scalars_) send<void>(encoder, "useResource:usage:", scalars_.get(), NSUInteger(1));
  send<void>(encoder, "executeCommandsInBuffer:withRange:", encoding.commands.get(),
             objc::NSRange{0, NSUInteger(encoded_.size())});
  send<void>(encoder, "endEncoding");
  metal_.commit(command_buffer);
  encoding.last_replay = metal_.signal();
}

}  // namespace

std::unique_ptr<Graph> MetalDevice::make_graph(std::vector<Graph::Launch> launches,
                                               const Graph::Buffers& buffers) {
  return std::make_unique<MetalGraph>(*this, std::move(launches), buffers);
}

}  // namespace ingot::metal
