// Command queues, command buffers, compute and blit encoders, and shared events. Encoders
// record commands, checking Metal's limits as its validation layer does (each refusal is
// an Error naming the limit); a committed command buffer runs on its device's worker
// thread, in commit order, and an error while it runs ends it with status Error and an
// NSError, as on a GPU.
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

#include "backends/metal/emulator/objects.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

NSUInteger volume(MTLSize size) { return size.width * size.height * size.depth; }

void check_index(NSUInteger index, const char* selector) {
  if (index >= NSUInteger(kMaxBufferBindings))
    throw Error(
        fmt::format("emulated Metal: {} index {}: a compute function has {} buffer "
                    "bindings, 0 to {}",
                    selector, index, kMaxBufferBindings, kMaxBufferBindings - 1));
}

// The buffer, checked to be within its length at `offset` and of the command buffer's
// device: Metal's validation refuses another device's resources.
MTLBuffer* checked_buffer(id buffer, NSUInteger offset, const MTLCommandBuffer& commands,
                          const char* selector) {
  auto* b = as<MTLBuffer>(buffer, selector);
  if (offset > b->length)
    throw Error(fmt::format("emulated Metal: {} offset {} is past the end of a buffer of {} bytes",
                            selector, offset, b->length));
  if (&b->device != &commands.queue->device)
    throw Error(fmt::format(
        "emulated Metal: {} with a buffer of device {} in a command buffer of device {}: a "
        "resource is used only on the device that made it",
        selector, b->device.index, commands.queue->device.index));
  return b;
}

// A dispatch of `groups` threadgroups, or (dispatchThreads) of a grid of `grid` threads
// whose threadgroups at the far edges hold only the threads within it.
void encode_dispatch(MTLComputeCommandEncoder& self, MTLSize groups, MTLSize threads, MTLSize grid,
                     const char* selector) {
  MTLCommandBuffer& buffer = self.target(selector);
  if (!self.pipeline)
    throw Error(fmt::format("emulated Metal: {} before setComputePipelineState:", selector));
  check_dispatch(*self.pipeline.get(), threads, self.threadgroup_lengths, selector);
  buffer.commands.emplace_back(DispatchCommand{self.pipeline, self.bindings,
                                               self.threadgroup_lengths, groups, threads, grid});
}

void dispatch(MTLComputeCommandEncoder& self, MTLSize groups, MTLSize threads) {
  encode_dispatch(self, groups, threads, MTLSize{}, "dispatchThreadgroups:threadsPerThreadgroup:");
}

void dispatch_threads(MTLComputeCommandEncoder& self, MTLSize grid, MTLSize threads) {
  auto groups = [](NSUInteger n, NSUInteger per) { return per ? (n + per - 1) / per : 0; };
  encode_dispatch(self,
                  MTLSize{groups(grid.width, threads.width), groups(grid.height, threads.height),
                          groups(grid.depth, threads.depth)},
                  threads, grid, "dispatchThreads:threadsPerThreadgroup:");
}

void execute_indirect(MTLComputeCommandEncoder& self, id commands, NSRange range) {
  const char* selector = "executeCommandsInBuffer:withRange:";
  MTLCommandBuffer& buffer = self.target(selector);
  auto* icb = as<MTLIndirectCommandBuffer>(commands, selector);
  if (range.location + range.length > icb->commands.size())
    throw Error(fmt::format(
        "emulated Metal: {} range [{}, {}) of an indirect command buffer of {} commands", selector,
        range.location, range.location + range.length, icb->commands.size()));
  buffer.commands.emplace_back(IndirectCommand{Ref(icb), range, self.resident});
}

// Runs an indirect command buffer's commands in the range, as encoded.
void run_indirect(const IndirectCommand& command) {
  for (NSUInteger k = command.range.location; k < command.range.location + command.range.length;
       ++k) {
    const MTLIndirectComputeCommand& c = *command.commands->commands[k].get();
    if (!c.encoded) continue;  // reset or never set: nothing to run
    for (int i = 0; i < kMaxBufferBindings; ++i) {
      const Ref<MTLBuffer>& b = c.dispatch.buffers[size_t(i)].buffer;
      bool resident = false;
      for (const Ref<MTLBuffer>& r : command.resident) resident |= r.get() == b.get();
      if (b && !resident)
        throw Error(fmt::format(
            "indirect command {} binds a buffer at index {} that was not made resident with "
            "useResource:usage: on the encoder that executes it",
            k, i));
    }
    run(c.dispatch);
  }
}

void run_command(const Command& command) {
  if (auto* d = std::get_if<DispatchCommand>(&command)) return run(*d);
  if (auto* i = std::get_if<IndirectCommand>(&command)) return run_indirect(*i);
  if (auto* c = std::get_if<CopyCommand>(&command)) {
    std::memmove(c->destination->memory.get() + c->destination_offset,
                 c->source->memory.get() + c->source_offset, c->size);
    return;
  }
  const auto& e = std::get<EventCommand>(command);
  if (e.signal)
    e.event->signal(e.value);
  else
    e.event->wait_for(e.value);
}

void encode_event(MTLCommandBuffer& self, id event, uint64_t value, bool signal) {
  const char* selector = signal ? "encodeSignalEvent:value:" : "encodeWaitForEvent:value:";
  if (self.encoding || self.status != CommandBufferStatus::NotEnqueued)
    throw Error(
        fmt::format("emulated Metal: {} while an encoder is open or after commit", selector));
  self.commands.emplace_back(EventCommand{Ref(as<MTLSharedEvent>(event, selector)), value, signal});
}

// Command buffers committed to a queue that still holds them, for wait_for_idle_queues.
std::atomic<int64_t> g_held_by_queues{0};

}  // namespace

void check_dispatch(const MTLComputePipelineState& pipeline, MTLSize threads,
                    const std::array<size_t, kMaxBufferBindings>& threadgroup_lengths,
                    const char* selector) {
  for (NSUInteger n : {threads.width, threads.height, threads.depth})
    if (n == 0 || n > NSUInteger(kMaxThreadsPerThreadgroup))
      throw Error(fmt::format(
          "emulated Metal: {} with {}x{}x{} threads per threadgroup: each dimension must be 1 to "
          "{} (maxThreadsPerThreadgroup)",
          selector, threads.width, threads.height, threads.depth, kMaxThreadsPerThreadgroup));
  if (volume(threads) > NSUInteger(pipeline.info.max_total_threads))
    throw Error(fmt::format(
        "emulated Metal: {} with {} threads per threadgroup ({}x{}x{}) for '{}': the pipeline's "
        "maxTotalThreadsPerThreadgroup is {}",
        selector, volume(threads), threads.width, threads.height, threads.depth, pipeline.info.name,
        pipeline.info.max_total_threads));
  size_t memory = pipeline.info.static_threadgroup_bytes;
  for (size_t length : threadgroup_lengths) memory += length;
  if (memory > kMaxThreadgroupMemory)
    throw Error(
        fmt::format("emulated Metal: {} for '{}' with {} bytes of threadgroup memory: at most {} "
                    "(maxThreadgroupMemoryLength)",
                    selector, pipeline.info.name, memory, kMaxThreadgroupMemory));
}

void run(const DispatchCommand& command) {
  MslDispatch d;
  d.library = command.pipeline->library;
  d.function = command.pipeline->info.name;
  for (size_t i = 0; i < d.buffers.size(); ++i) {
    const Binding& b = command.buffers[i];
    if (b.buffer)
      d.buffers[i] = {b.buffer->memory.get() + b.offset, b.buffer->length - b.offset};
    else if (b.bytes)
      d.buffers[i] = {b.bytes->data(), b.bytes->size()};
  }
  d.threadgroup_lengths = command.threadgroup_lengths;
  d.threadgroups = {command.threadgroups.width, command.threadgroups.height,
                    command.threadgroups.depth};
  d.threads_per_threadgroup = {command.threads.width, command.threads.height,
                               command.threads.depth};
  d.grid_threads = {command.grid.width, command.grid.height, command.grid.depth};
  run_dispatch(d);
}

MTLSharedEvent::MTLSharedEvent() : Object(class_named("MTLSharedEvent")) {}

void MTLSharedEvent::signal(uint64_t value) {
  std::lock_guard lock(mutex_);
  value_ = value;
  changed_.notify_all();
}

void MTLSharedEvent::wait_for(uint64_t value) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return value_ >= value; });
}

uint64_t MTLSharedEvent::value() {
  std::lock_guard lock(mutex_);
  return value_;
}

MTLCommandQueue::MTLCommandQueue(MTLDevice& device)
    : Object(class_named("MTLCommandQueue")),
      device(device),
      worker(std::make_unique<QueueWorker>()) {}

MTLCommandBuffer::MTLCommandBuffer(MTLCommandQueue& queue)
    : Object(class_named("MTLCommandBuffer")), queue(&queue) {}

void MTLCommandBuffer::dealloc() {
  commands.clear();
  error.reset();
  queue.reset();
}

void MTLCommandBuffer::execute() {
  {
    std::lock_guard lock(mutex);
    status = CommandBufferStatus::Scheduled;
    start_time = now_seconds();
  }
  std::string failure;
  try {
    for (const Command& command : commands) run_command(command);
  } catch (const std::exception& e) {
    failure = e.what();
  }
  std::lock_guard lock(mutex);
  end_time = now_seconds();
  if (!failure.empty()) {
    error = Ref<NSError>::adopt(new NSError(
        "Execution of the command buffer was aborted due to an error during execution: " +
        failure));
  }
  status = failure.empty() ? CommandBufferStatus::Completed : CommandBufferStatus::Error;
  done.notify_all();
}

void MTLCommandBuffer::wait() {
  std::unique_lock lock(mutex);
  if (status == CommandBufferStatus::NotEnqueued)
    throw Error("emulated Metal: waitUntilCompleted on a command buffer never committed");
  done.wait(lock, [&] { return status >= CommandBufferStatus::Completed; });
}

Encoder::Encoder(const ClassInfo& cls, MTLCommandBuffer& buffer) : Object(cls), buffer(&buffer) {
  if (buffer.encoding)
    throw Error(
        fmt::format("emulated Metal: a {} was asked of a command buffer whose previous "
                    "encoder has not ended (call endEncoding first)",
                    cls.name));
  if (buffer.status != CommandBufferStatus::NotEnqueued)
    throw Error(
        fmt::format("emulated Metal: a {} was asked of a committed command buffer", cls.name));
  buffer.encoding = true;
}

MTLCommandBuffer& Encoder::target(const char* selector) {
  if (ended)
    throw Error(
        fmt::format("emulated Metal: {} sent to a {} after endEncoding", selector, cls().name));
  return *buffer.get();
}

void Encoder::dealloc() {
  if (!ended) report_problem(fmt::format("a {} was deallocated without endEncoding", cls().name));
  buffer.reset();
}

MTLComputeCommandEncoder::MTLComputeCommandEncoder(MTLCommandBuffer& buffer)
    : Encoder(class_named("MTLComputeCommandEncoder"), buffer) {}

MTLBlitCommandEncoder::MTLBlitCommandEncoder(MTLCommandBuffer& buffer)
    : Encoder(class_named("MTLBlitCommandEncoder"), buffer) {}

QueueWorker::QueueWorker() : state_(std::make_shared<State>()) {
  // Detached: the queue may be deallocated on this very thread, by its last command buffer.
  std::thread(loop, state_).detach();
}

QueueWorker::~QueueWorker() {
  std::lock_guard lock(state_->mutex);
  state_->stop = true;
  state_->ready.notify_one();
}

void QueueWorker::submit(MTLCommandBuffer& buffer) {
  buffer.retain();  // the queue keeps a committed command buffer until it completed
  ++g_held_by_queues;
  std::lock_guard lock(state_->mutex);
  state_->pending.push_back(&buffer);
  state_->ready.notify_one();
}

void QueueWorker::loop(std::shared_ptr<State> state) {
  for (;;) {
    MTLCommandBuffer* buffer = nullptr;
    {
      std::unique_lock lock(state->mutex);
      state->ready.wait(lock, [&] { return state->stop || !state->pending.empty(); });
      if (state->pending.empty()) return;  // stopped, and nothing left
      buffer = state->pending.front();
      state->pending.pop_front();
    }
    buffer->execute();
    buffer->release();
    --g_held_by_queues;
  }
}

void wait_for_idle_queues() {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (g_held_by_queues > 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
}

void define_command_classes() {
  const ClassInfo* base = &define_class("NSObject", nullptr);
  ClassInfo& device = define_class("MTLDevice", base);
  def(
      device, "newCommandQueue",
      +[](MTLDevice& self) -> id { return (new MTLCommandQueue(self))->as_id(); });
  def(
      device, "newSharedEvent", +[](MTLDevice&) -> id { return (new MTLSharedEvent)->as_id(); });

  ClassInfo& event = define_class("MTLSharedEvent", base);
  def(
      event, "signaledValue", +[](MTLSharedEvent& self) -> uint64_t { return self.value(); });
  def(
      event, "setSignaledValue:", +[](MTLSharedEvent& self, uint64_t v) { self.signal(v); });

  ClassInfo& queue = define_class("MTLCommandQueue", base);
  def(
      queue, "commandBuffer", +[](MTLCommandQueue& self) -> id {
        return (new MTLCommandBuffer(self))->autorelease()->as_id();
      });

  ClassInfo& buffer = define_class("MTLCommandBuffer", base);
  def(
      buffer, "computeCommandEncoder", +[](MTLCommandBuffer& self) -> id {
        return (new MTLComputeCommandEncoder(self))->autorelease()->as_id();
      });
  def(
      buffer, "blitCommandEncoder", +[](MTLCommandBuffer& self) -> id {
        return (new MTLBlitCommandEncoder(self))->autorelease()->as_id();
      });
  def(
      buffer, "commit", +[](MTLCommandBuffer& self) {
        if (self.encoding)
          throw Error("emulated Metal: commit of a command buffer whose encoder has not ended");
        {
          std::lock_guard lock(self.mutex);
          if (self.status != CommandBufferStatus::NotEnqueued)
            throw Error("emulated Metal: commit of a command buffer committed already");
          self.status = CommandBufferStatus::Committed;
        }
        self.queue->worker->submit(self);
      });
  def(
      buffer, "waitUntilCompleted", +[](MTLCommandBuffer& self) { self.wait(); });
  def(
      buffer, "status", +[](MTLCommandBuffer& self) -> NSUInteger {
        std::lock_guard lock(self.mutex);
        return NSUInteger(self.status);
      });
  def(
      buffer, "error", +[](MTLCommandBuffer& self) -> id {
        std::lock_guard lock(self.mutex);
        return self.error ? self.error->as_id() : nullptr;  // owned by the command buffer
      });
  def(
      buffer, "GPUStartTime", +[](MTLCommandBuffer& self) -> double {
        std::lock_guard lock(self.mutex);
        return self.start_time;
      });
  def(
      buffer, "GPUEndTime", +[](MTLCommandBuffer& self) -> double {
        std::lock_guard lock(self.mutex);
        return self.end_time;
      });
  def(
      buffer, "encodeSignalEvent:value:", +[](MTLCommandBuffer& self, id event, uint64_t value) {
        encode_event(self, event, value, true);
      });
  def(
      buffer, "encodeWaitForEvent:value:", +[](MTLCommandBuffer& self, id event, uint64_t value) {
        encode_event(self, event, value, false);
      });

  ClassInfo& encoder = define_class("MTLComputeCommandEncoder", base);
  def(
      encoder, "setComputePipelineState:", +[](MTLComputeCommandEncoder& self, id pipeline) {
        self.target("setComputePipelineState:");
        self.pipeline = Ref(as<MTLComputePipelineState>(pipeline, "setComputePipelineState:"));
      });
  def(
      encoder, "setBuffer:offset:atIndex:",
      +[](MTLComputeCommandEncoder& self, id buffer, NSUInteger offset, NSUInteger index) {
        const char* selector = "setBuffer:offset:atIndex:";
        MTLCommandBuffer& commands = self.target(selector);
        check_index(index, selector);
        self.bindings[index] = {Ref(checked_buffer(buffer, offset, commands, selector)), offset,
                                nullptr};
      });
  def(
      encoder, "setBytes:length:atIndex:",
      +[](MTLComputeCommandEncoder& self, const void* bytes, NSUInteger length, NSUInteger index) {
        const char* selector = "setBytes:length:atIndex:";
        self.target(selector);
        check_index(index, selector);
        if (length >= kMaxSetBytesLength)
          throw Error(fmt::format(
              "emulated Metal: {} with {} bytes at index {}: setBytes takes less than {} bytes "
              "(4 KiB); put larger data in a buffer",
              selector, length, index, kMaxSetBytesLength));
        auto copy = std::make_shared<std::vector<uint8_t>>(length);
        std::memcpy(copy->data(), bytes, length);
        self.bindings[index] = {Ref<MTLBuffer>(), 0, std::move(copy)};
      });
  def(
      encoder, "setThreadgroupMemoryLength:atIndex:",
      +[](MTLComputeCommandEncoder& self, NSUInteger length, NSUInteger index) {
        const char* selector = "setThreadgroupMemoryLength:atIndex:";
        self.target(selector);
        check_index(index, selector);
        if (length % 16 != 0 || length > kMaxThreadgroupMemory)
          throw Error(fmt::format(
              "emulated Metal: {} {} at index {}: the length must be a multiple of 16 and at "
              "most {} (maxThreadgroupMemoryLength)",
              selector, length, index, kMaxThreadgroupMemory));
        self.threadgroup_lengths[index] = length;
      });
  def(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", dispatch);
  def(encoder, "dispatchThreads:threadsPerThreadgroup:", dispatch_threads);
  def(
      encoder,
      "useResource:usage:", +[](MTLComputeCommandEncoder& self, id resource, NSUInteger usage) {
        self.target("useResource:usage:");
        if (usage == 0 || usage > 3)
          throw Error(
              fmt::format("emulated Metal: useResource:usage: {}; a buffer's usage is "
                          "MTLResourceUsageRead (1), Write (2) or both",
                          usage));
        self.resident.emplace_back(as<MTLBuffer>(resource, "useResource:usage:"));
      });
  def(encoder, "executeCommandsInBuffer:withRange:", execute_indirect);
  auto end_encoding = +[](Encoder& self) {
    self.target("endEncoding").encoding = false;
    self.ended = true;
  };
  def(encoder, "endEncoding", end_encoding);

  ClassInfo& blit = define_class("MTLBlitCommandEncoder", base);
  def(
      blit, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:",
      +[](MTLBlitCommandEncoder& self, id source, NSUInteger source_offset, id destination,
          NSUInteger destination_offset, NSUInteger size) {
        const char* selector = "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:";
        MTLCommandBuffer& buffer = self.target(selector);
        MTLBuffer* from = checked_buffer(source, source_offset, buffer, selector);
        MTLBuffer* to = checked_buffer(destination, destination_offset, buffer, selector);
        if (size > from->length - source_offset || size > to->length - destination_offset)
          throw Error(fmt::format(
              "emulated Metal: {} of {} bytes from offset {} of a {}-byte buffer to offset {} of "
              "a {}-byte buffer: the copy reaches past a buffer's end",
              selector, size, source_offset, from->length, destination_offset, to->length));
        buffer.commands.emplace_back(
            CopyCommand{Ref(from), Ref(to), source_offset, destination_offset, size});
      });
  def(blit, "endEncoding", end_encoding);
}

}  // namespace ingot::metal_emulator
