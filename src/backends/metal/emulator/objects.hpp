// The emulated Metal's classes: what each object holds. Their methods are defined in
// foundation.cpp (NSString, NSError), device.cpp (MTLDevice, MTLBuffer), library.cpp
// (compile options, libraries, functions, pipelines), commands.cpp (queues, command
// buffers, encoders, shared events) and indirect.cpp (indirect command buffers).
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <variant>
#include <vector>

#include "backends/metal/emulator/msl_engine.hpp"
#include "backends/metal/emulator/runtime.hpp"

namespace ingot::metal_emulator {

void define_foundation_classes();
void define_device_classes();
void define_library_classes();
void define_function_constant_classes();
void define_command_classes();
void define_indirect_classes();

// A strong reference held by one emulated object on another: retained when set, released
// when reset or when the holder deallocates.
template <class T>
class Ref {
 public:
  Ref() = default;
  explicit Ref(T* object) : object_(object) {
    if (object_) object_->retain();
  }
  Ref(Ref&& other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
  Ref& operator=(Ref&& other) noexcept {
    std::swap(object_, other.object_);
    return *this;
  }
  Ref(const Ref& other) : Ref(other.object_) {}
  Ref& operator=(const Ref& other) {
    Ref copy(other);
    std::swap(object_, copy.object_);
    return *this;
  }
  ~Ref() { reset(); }
  void reset() {
    if (object_) std::exchange(object_, nullptr)->release();
  }
  // Takes over the reference of a new object (its count of 1) instead of retaining.
  static Ref adopt(T* object) {
    Ref ref;
    ref.object_ = object;
    return ref;
  }
  T* get() const { return object_; }
  T* operator->() const { return object_; }
  explicit operator bool() const { return object_ != nullptr; }

 private:
  T* object_ = nullptr;
};

struct NSString final : Object {
  explicit NSString(std::string text);
  std::string text;
};

struct NSError final : Object {
  explicit NSError(std::string description);
  Ref<NSString> description;

 protected:
  void dealloc() override { description.reset(); }
};

// Stores an autoreleased NSError into an error out-parameter (when there is one), as
// Metal's methods do.
void set_error(id* error, std::string text);

// An immutable array holding its objects (MTLCopyAllDevices' answer).
struct NSArray final : Object {
  explicit NSArray(std::vector<Ref<Object>> items);
  std::vector<Ref<Object>> items;

 protected:
  void dealloc() override { items.clear(); }
};

// Metal's storage modes (MTLResourceStorageModeShift is 4).
enum class StorageMode : NSUInteger { Shared = 0, Managed = 1, Private = 2, Memoryless = 3 };

struct MTLDevice;

struct MTLBuffer final : Object {
  // `memory` is page-aligned, as Metal's allocations are; `owned` unless the buffer wraps
  // memory of someone else's (newBufferWithBytesNoCopy:...), which it never frees.
  MTLBuffer(MTLDevice& device, uint8_t* memory, size_t length, StorageMode mode, bool owned);
  struct Free {
    bool owned = true;
    void operator()(uint8_t* memory) const {
      if (owned) std::free(memory);
    }
  };
  // Not retained: devices live for the process.
  MTLDevice& device;
  std::unique_ptr<uint8_t, Free> memory;
  size_t length;
  StorageMode mode;
  // The bytes this buffer takes of its device's memory (MTLDevice::allocated): its pages,
  // or 0 for memory of someone else's.
  size_t charged = 0;

 protected:
  void dealloc() override;
};

// One GPU and its limits; `index` in MTLCopyAllDevices' order.
struct MTLDevice final : Object {
  explicit MTLDevice(size_t index);
  // The memory the GPU has: INGOT_METAL_EMULATOR_MEMORY bytes where set (read at each
  // call, so a test may shrink it), else three quarters of the host's, as Apple silicon's
  // recommendedMaxWorkingSetSize. New buffers are refused (nil) beyond it.
  size_t memory() const;
  size_t index;
  size_t max_buffer_length;
  std::atomic<size_t> allocated = 0;  // the bytes of the buffers alive
};

struct MTLCompileOptions final : Object {
  MTLCompileOptions();
  NSUInteger language_version = 0;
  bool fast_math = true;  // Metal's default
};

struct MTLLibrary final : Object {
  MTLLibrary(std::shared_ptr<MslLibrary> library, std::string source, bool fast_math);
  // The library compiled with `values` for its function constants: compiled once per set
  // of values, as a specialised function is a compiled variant of its own.
  std::shared_ptr<MslLibrary> specialised(const MslConstantValues& values);

  std::shared_ptr<MslLibrary> library;  // every function constant undefined
  std::string source;
  bool fast_math;

 protected:
  void dealloc() override {
    library.reset();
    specialisations_.clear();
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<MslLibrary>> specialisations_;
};

struct MTLFunction final : Object {
  MTLFunction(std::shared_ptr<MslLibrary> library, const MslFunctionInfo& info, bool specialised);
  std::shared_ptr<MslLibrary> library;
  MslFunctionInfo info;
  // Made by newFunctionWithName:constantValues:error:. A function with function constants
  // made by newFunctionWithName: makes no pipeline, as on Apple's.
  bool specialised;

 protected:
  void dealloc() override { library.reset(); }
};

// Values for function constants, by index and by name, as the host set them.
struct MTLFunctionConstantValues final : Object {
  MTLFunctionConstantValues();
  struct Value {
    NSUInteger type = 0;  // MTLDataType
    std::vector<unsigned char> bytes;
  };
  std::map<NSUInteger, Value> by_index;
  std::map<std::string, Value> by_name;
};

struct MTLComputePipelineDescriptor final : Object {
  MTLComputePipelineDescriptor();
  Ref<MTLFunction> function;
  bool supports_indirect = false;

 protected:
  void dealloc() override { function.reset(); }
};

struct MTLComputePipelineState final : Object {
  MTLComputePipelineState(const MTLFunction& function, bool supports_indirect);
  std::shared_ptr<const MslLibrary> library;
  MslFunctionInfo info;
  bool supports_indirect;

 protected:
  void dealloc() override { library.reset(); }
};

struct MTLSharedEvent final : Object {
  MTLSharedEvent();
  void signal(uint64_t value);
  void wait_for(uint64_t value);
  uint64_t value();

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  uint64_t value_ = 0;
};

// What a compute encoder has bound, and the dispatches made from it.
struct Binding {
  Ref<MTLBuffer> buffer;
  size_t offset = 0;
  std::shared_ptr<std::vector<uint8_t>> bytes;  // setBytes: a copy taken at the call
};
using Bindings = std::array<Binding, kMaxBufferBindings>;

struct DispatchCommand {
  Ref<MTLComputePipelineState> pipeline;
  Bindings buffers;
  std::array<size_t, kMaxBufferBindings> threadgroup_lengths{};
  MTLSize threadgroups{}, threads{};
  MTLSize grid{};  // dispatchThreads: the grid in threads; zero for whole threadgroups
};
struct CopyCommand {
  Ref<MTLBuffer> source, destination;
  size_t source_offset = 0, destination_offset = 0, size = 0;
};
struct EventCommand {
  Ref<MTLSharedEvent> event;
  uint64_t value = 0;
  bool signal = false;  // else a wait
};
struct MTLIndirectCommandBuffer;
struct IndirectCommand {
  Ref<MTLIndirectCommandBuffer> commands;
  NSRange range{};
  std::vector<Ref<MTLBuffer>> resident;  // useResource:usage:
};
using Command = std::variant<DispatchCommand, CopyCommand, EventCommand, IndirectCommand>;

// Checks a dispatch's shape against the device's limits and the pipeline's, as Metal's
// validation does when it is encoded; throws Error naming `selector` and the limit.
void check_dispatch(const MTLComputePipelineState& pipeline, MTLSize threads,
                    const std::array<size_t, kMaxBufferBindings>& threadgroup_lengths,
                    const char* selector);
// Runs a dispatch through the kernel engine; throws its Error.
void run(const DispatchCommand& dispatch);

enum class CommandBufferStatus : NSUInteger {
  NotEnqueued = 0,
  Enqueued = 1,
  Committed = 2,
  Scheduled = 3,
  Completed = 4,
  Error = 5
};

class QueueWorker;

// A queue and the worker thread that runs its committed command buffers in commit order;
// queues run independently of each other, as a GPU's do.
struct MTLCommandQueue final : Object {
  explicit MTLCommandQueue(MTLDevice& device);
  MTLDevice& device;
  std::unique_ptr<QueueWorker> worker;

 protected:
  void dealloc() override { worker.reset(); }
};

struct MTLCommandBuffer final : Object {
  explicit MTLCommandBuffer(MTLCommandQueue& queue);
  // Runs the commands; on the device's worker.
  void execute();
  void wait();

  Ref<MTLCommandQueue> queue;
  std::vector<Command> commands;
  bool encoding = false;  // an encoder is open: another may not be made, nor commit
  std::mutex mutex;
  std::condition_variable done;
  CommandBufferStatus status = CommandBufferStatus::NotEnqueued;
  Ref<NSError> error;
  double start_time = 0, end_time = 0;

 protected:
  void dealloc() override;
};

// The base of both encoders: the command buffer it records into.
struct Encoder : Object {
  Encoder(const ClassInfo& cls, MTLCommandBuffer& buffer);
  // The command buffer, checked to be still encoding; throws naming `selector`.
  MTLCommandBuffer& target(const char* selector);
  Ref<MTLCommandBuffer> buffer;
  bool ended = false;

 protected:
  void dealloc() override;
};

struct MTLComputeCommandEncoder final : Encoder {
  explicit MTLComputeCommandEncoder(MTLCommandBuffer& buffer);
  Ref<MTLComputePipelineState> pipeline;
  Bindings bindings;
  std::array<size_t, kMaxBufferBindings> threadgroup_lengths{};
  std::vector<Ref<MTLBuffer>> resident;

 protected:
  void dealloc() override {
    pipeline.reset();
    bindings = {};
    resident.clear();
    Encoder::dealloc();
  }
};

struct MTLBlitCommandEncoder final : Encoder {
  explicit MTLBlitCommandEncoder(MTLCommandBuffer& buffer);
};

// The worker thread of a queue. It ends once the queue is deallocated, which a command
// buffer in flight prevents (it holds its queue).
class QueueWorker {
 public:
  QueueWorker();
  ~QueueWorker();
  void submit(MTLCommandBuffer& buffer);  // retains it until it completed

 private:
  struct State {
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<MTLCommandBuffer*> pending;
    bool stop = false;
  };
  static void loop(std::shared_ptr<State> state);
  std::shared_ptr<State> state_;
};

struct MTLIndirectCommandBufferDescriptor final : Object {
  MTLIndirectCommandBufferDescriptor();
  NSUInteger command_types = 0;
  bool inherit_buffers = true, inherit_pipeline_state = true;
  NSUInteger max_kernel_buffer_bind_count = 0;
};

struct MTLIndirectComputeCommand final : Object {
  MTLIndirectComputeCommand(MTLIndirectCommandBuffer& owner);
  MTLIndirectCommandBuffer& owner;  // not retained: the owner keeps this command
  DispatchCommand dispatch;
  bool encoded = false;

 protected:
  void dealloc() override { dispatch = {}; }
};

struct MTLIndirectCommandBuffer final : Object {
  MTLIndirectCommandBuffer(NSUInteger count, const MTLIndirectCommandBufferDescriptor& descriptor);
  std::vector<Ref<MTLIndirectComputeCommand>> commands;
  NSUInteger max_kernel_buffer_bind_count;

 protected:
  void dealloc() override { commands.clear(); }
};

}  // namespace ingot::metal_emulator
