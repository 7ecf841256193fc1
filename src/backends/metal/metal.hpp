// The Metal backend: kernels are Metal Shading Language compiled by the device into
// libraries (cached per process by source), run as compute pipelines from command buffers
// of one command queue, with an MTLSharedEvent as the queue's timeline. Every Metal call
// goes through the Objective-C facade (api.hpp), so the same code drives Apple's Metal on
// macOS and the emulated Metal everywhere else.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "backends/metal/api.hpp"
#include "ingot/runtime.hpp"

namespace ingot::metal {

// The Metal objects every part of one device uses, and the command buffers in flight.
class MetalContext {
 public:
  explicit MetalContext(const std::string& name);
  MetalContext(const MetalContext&) = delete;
  MetalContext& operator=(const MetalContext&) = delete;

  // Commits `command_buffer` (autoreleased, from new_command_buffer) and, unless the
  // caller waits for it and checks it itself, keeps it until a wait sees it complete and
  // reports its error.
  void commit(objc::id command_buffer, bool caller_waits = false);
  // A command buffer of the queue, autoreleased: the caller holds an AutoreleasePool.
  objc::id new_command_buffer() const;
  // Waits for the command buffers committed before timeline value `value` was signaled;
  // throws the first one's error, naming `what`, when one failed.
  void wait(uint64_t value, const std::string& what);
  // Signals the next timeline value after everything committed so far.
  uint64_t signal();
  uint64_t signaled() const;
  uint64_t completed() const;
  // A command buffer's error as an Error naming `what`, or nothing when it completed.
  static void check(objc::id command_buffer, const std::string& what);

  const std::string name;  // "METAL:0", for messages
  objc::Owned device;
  objc::Owned queue;
  objc::Owned timeline;  // MTLSharedEvent: its signaled value is the last completed
  bool unified_memory = true;

 private:
  mutable std::mutex mutex_;
  uint64_t signaled_ = 0;
  // Committed command buffers (retained) with the timeline value that follows them.
  std::deque<std::pair<uint64_t, objc::Owned>> in_flight_;
};

// MTLBuffer per allocation, the buffer object as the handle. With unified memory the
// buffers are shared and the host reads and writes their contents in place once the
// queue is idle; otherwise they are private and copies go through a shared staging
// buffer and a blit.
class MetalAllocator final : public Allocator {
 public:
  MetalAllocator(Device& device, MetalContext& metal);
  ~MetalAllocator() override;
  void* raw_alloc(size_t bytes) override;  // an MTLBuffer (owned)
  void raw_free(void* handle, size_t bytes) override;
  void copy_in(void* handle, size_t offset, const void* src, size_t bytes) override;
  void copy_out(void* dst, void* handle, size_t offset, size_t bytes) override;
  void copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                   size_t bytes) override;
  // To another Metal device where memory is unified: a blit on the destination's queue,
  // after the source's earlier work (its shared event), from a buffer of the destination
  // over the source's memory. False otherwise: the copy goes through the host.
  bool copy_to_peer(Buffer& dst, const Buffer& src, size_t bytes) override;

 private:
  // A blit of `bytes` between two buffers, committed on the queue.
  void blit(objc::id dst, size_t dst_offset, objc::id src, size_t src_offset, size_t bytes);
  // A shared buffer for copies to and from private ones; throws naming `what`.
  objc::Owned staging(size_t bytes, const std::string& what);
  // The host address of a shared buffer's byte `offset`.
  static void* host_pointer(void* handle, size_t offset);
  MetalContext& metal_;
};

// MSL to a library. The "binary" is the MSL source itself: Metal compiles source at run
// time, and a library made once is kept for the life of the process, keyed by the source.
class MetalCompiler final : public Compiler {
 public:
  explicit MetalCompiler(MetalContext& metal);
  std::string identity() const override;
  std::vector<uint8_t> compile(const std::string& source) override;
  // The MSL source, as compile() keeps it: what newLibraryWithSource loads.
  ExportedKernel export_kernel(const std::string& source, const std::string& function,
                               const std::string& symbol) override;
  // The library of `source`, compiled on first use; throws Error with Metal's message.
  objc::id library(const std::string& source);
  bool fast_math() const { return fast_math_; }

 private:
  MetalContext& metal_;
  bool fast_math_;
  std::mutex mutex_;
  std::map<std::string, objc::Owned> libraries_;  // by source
};

class MetalDevice final : public Device {
 public:
  explicit MetalDevice(const std::string& name);
  const DeviceInfo& info() const override { return info_; }
  Allocator& allocator() override { return allocator_; }
  Compiler& compiler() override { return compiler_; }
  Queue& queue() override { return queue_; }
  std::unique_ptr<Program> load(const std::vector<uint8_t>& binary, const std::string& function,
                                int buffer_count) override;
  // With function constants: newFunctionWithName:constantValues:error:.
  std::unique_ptr<Program> load_specialized(const std::vector<uint8_t>& binary,
                                            const std::string& function, int buffer_count,
                                            std::span<const FunctionConstant> constants) override;
  MetalContext& metal() { return metal_; }
  MetalCompiler& metal_compiler() { return compiler_; }

 private:
  std::unique_ptr<Graph> make_graph(std::vector<Graph::Launch> launches,
                                    const Graph::Buffers& buffers) override;

  // The HAL's timeline on the context's shared event.
  class TimelineQueue final : public Queue {
   public:
    explicit TimelineQueue(MetalContext& metal) : metal_(metal) {}
    uint64_t signal() override { return metal_.signal(); }
    void wait(uint64_t value) override;
    uint64_t completed() const override { return metal_.completed(); }

   private:
    MetalContext& metal_;
  };

  MetalContext metal_;
  MetalCompiler compiler_;
  DeviceInfo info_;
  MetalAllocator allocator_;
  TimelineQueue queue_;
};

// The largest number of bytes setBytes:length:atIndex: takes (less than 4 KiB), and the
// buffer indices of a compute function; threadgroup memory lengths are multiples of 16.
inline constexpr size_t kMetalMaxSetBytes = 4095;
inline constexpr int kMetalBufferBindings = 31;
inline constexpr size_t kMetalThreadgroupGranule = 16;

// A kernel: its compute pipeline state. Launch ABI: the buffers at [[buffer(0)]] up, in
// order, then each scalar at the next index through setBytes, Int as long (8 bytes) and
// Float as float; LaunchDims::global counts threads and local is the threadgroup.
//
// With KernelArgs, buffers and bytes take [[buffer(0)]] up in their order (bytes through
// setBytes) and threadgroup memory [[threadgroup(0)]] up in its order, each length rounded
// up to the 16 bytes Metal wants; a launch with partial threadgroups is encoded with
// dispatchThreads:threadsPerThreadgroup:.
class MetalProgram final : public Program {
 public:
  // `constants` specialise the function (empty: none).
  MetalProgram(MetalDevice& device, const std::string& source, const std::string& function,
               int buffer_count, std::span<const FunctionConstant> constants = {});
  objc::id pipeline() const { return pipeline_.get(); }

 private:
  double run(std::span<Buffer* const> buffers, const LaunchDims& dims,
             std::span<const ScalarArg> scalars, bool wait) override;
  double run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) override;
  // Encodes one dispatch with `bind(encoder)` setting its arguments, commits it and, with
  // `wait`, returns its GPU time.
  template <class Bind>
  double dispatch(const LaunchDims& dims, bool wait, Bind bind);

  MetalContext& metal_;
  objc::Owned pipeline_;
};

// Three sizes of a launch that Program::check accepted (LaunchDims::groups(), or local) as
// Metal takes them.
objc::MTLSize metal_size(const std::array<int64_t, 3>& size);

// The bytes of the scalars as the kernels read them: Int as 8 bytes, Float as 4.
std::vector<uint8_t> scalar_bytes(const ScalarArg& scalar);

}  // namespace ingot::metal
