// Indirect command buffers: compute commands encoded once on the host and executed by
// executeCommandsInBuffer:withRange:. As in Metal, their pipelines must have been made
// with supportIndirectCommandBuffers, each command binds its own buffers (up to the
// descriptor's maxKernelBufferBindCount, at most 31), and the encoder that executes them
// must make every buffer they use resident with useResource:usage:.
#include <fmt/format.h>

#include "backends/metal/emulator/objects.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

constexpr NSUInteger kConcurrentDispatch = 1 << 5;  // MTLIndirectCommandTypeConcurrentDispatch

id new_indirect(MTLDevice&, id descriptor, NSUInteger count, NSUInteger options) {
  const char* selector = "newIndirectCommandBufferWithDescriptor:maxCommandCount:options:";
  auto* desc = as<MTLIndirectCommandBufferDescriptor>(descriptor, selector);
  if (!(desc->command_types & kConcurrentDispatch))
    throw Error(
        fmt::format("emulated Metal: {} with command types 0x{:x}: compute commands need "
                    "MTLIndirectCommandTypeConcurrentDispatch (0x{:x})",
                    selector, desc->command_types, kConcurrentDispatch));
  if (desc->inherit_buffers || desc->inherit_pipeline_state)
    throw Error(
        fmt::format("emulated Metal: {}: the emulator's commands set their own pipeline "
                    "and buffers (setInheritBuffers:NO, setInheritPipelineState:NO)",
                    selector));
  if (count == 0) throw Error(fmt::format("emulated Metal: {} with maxCommandCount 0", selector));
  (void)options;  // the storage of the command buffer itself: any mode works on the host
  return (new MTLIndirectCommandBuffer(count, *desc))->as_id();
}

MTLIndirectComputeCommand& command(MTLIndirectComputeCommand& self, const char* selector) {
  if (self.owner.deallocated())
    throw Error(
        fmt::format("emulated Metal: {} sent to a command of a deallocated indirect "
                    "command buffer",
                    selector));
  return self;
}

}  // namespace

MTLIndirectCommandBufferDescriptor::MTLIndirectCommandBufferDescriptor()
    : Object(class_named("MTLIndirectCommandBufferDescriptor")) {}

MTLIndirectComputeCommand::MTLIndirectComputeCommand(MTLIndirectCommandBuffer& owner)
    : Object(class_named("MTLIndirectComputeCommand")), owner(owner) {}

MTLIndirectCommandBuffer::MTLIndirectCommandBuffer(
    NSUInteger count, const MTLIndirectCommandBufferDescriptor& descriptor)
    : Object(class_named("MTLIndirectCommandBuffer")),
      max_kernel_buffer_bind_count(descriptor.max_kernel_buffer_bind_count) {
  for (NSUInteger i = 0; i < count; ++i)
    commands.push_back(Ref<MTLIndirectComputeCommand>::adopt(new MTLIndirectComputeCommand(*this)));
}

void define_indirect_classes() {
  const ClassInfo* base = &define_class("NSObject", nullptr);
  ClassInfo& descriptor = define_class("MTLIndirectCommandBufferDescriptor", base);
  def_class(
      descriptor, "new", +[]() -> id { return (new MTLIndirectCommandBufferDescriptor)->as_id(); });
  def(
      descriptor,
      "setCommandTypes:", +[](MTLIndirectCommandBufferDescriptor& self, NSUInteger types) {
        self.command_types = types;
      });
  def(
      descriptor,
      "setInheritBuffers:", +[](MTLIndirectCommandBufferDescriptor& self, bool inherit) {
        self.inherit_buffers = inherit;
      });
  def(
      descriptor,
      "setInheritPipelineState:", +[](MTLIndirectCommandBufferDescriptor& self, bool inherit) {
        self.inherit_pipeline_state = inherit;
      });
  def(
      descriptor, "setMaxKernelBufferBindCount:",
      +[](MTLIndirectCommandBufferDescriptor& self, NSUInteger count) {
        if (count > NSUInteger(kMaxBufferBindings))
          throw Error(fmt::format("emulated Metal: setMaxKernelBufferBindCount:{}: at most {}",
                                  count, kMaxBufferBindings));
        self.max_kernel_buffer_bind_count = count;
      });

  ClassInfo& device = define_class("MTLDevice", base);
  def(device, "newIndirectCommandBufferWithDescriptor:maxCommandCount:options:", new_indirect);

  ClassInfo& icb = define_class("MTLIndirectCommandBuffer", base);
  def(
      icb, "size",
      +[](MTLIndirectCommandBuffer& self) -> NSUInteger { return self.commands.size(); });
  // Owned by the indirect command buffer: the caller does not release it.
  def(
      icb, "indirectComputeCommandAtIndex:",
      +[](MTLIndirectCommandBuffer& self, NSUInteger index) -> id {
        if (index >= self.commands.size())
          throw Error(
              fmt::format("emulated Metal: indirectComputeCommandAtIndex:{} of an "
                          "indirect command buffer of {} commands",
                          index, self.commands.size()));
        return self.commands[index]->as_id();
      });

  ClassInfo& compute = define_class("MTLIndirectComputeCommand", base);
  def(
      compute, "setComputePipelineState:", +[](MTLIndirectComputeCommand& self, id pipeline) {
        const char* selector = "setComputePipelineState: (indirect)";
        auto* p = as<MTLComputePipelineState>(pipeline, selector);
        if (!p->supports_indirect)
          throw Error(
              fmt::format("emulated Metal: {} with the pipeline of '{}', which was not made "
                          "with supportIndirectCommandBuffers",
                          selector, p->info.name));
        command(self, selector).dispatch.pipeline = Ref(p);
      });
  def(
      compute, "setKernelBuffer:offset:atIndex:",
      +[](MTLIndirectComputeCommand& self, id buffer, NSUInteger offset, NSUInteger index) {
        const char* selector = "setKernelBuffer:offset:atIndex:";
        NSUInteger limit = command(self, selector).owner.max_kernel_buffer_bind_count;
        if (index >= limit)
          throw Error(
              fmt::format("emulated Metal: {} index {}: the indirect command buffer's "
                          "maxKernelBufferBindCount is {} (at most {})",
                          selector, index, limit, kMaxBufferBindings));
        auto* b = as<MTLBuffer>(buffer, selector);
        if (offset > b->length)
          throw Error(
              fmt::format("emulated Metal: {} offset {} is past the end of a buffer of "
                          "{} bytes",
                          selector, offset, b->length));
        self.dispatch.buffers[index] = {Ref(b), offset, nullptr};
      });
  def(
      compute, "concurrentDispatchThreadgroups:threadsPerThreadgroup:",
      +[](MTLIndirectComputeCommand& self, MTLSize groups, MTLSize threads) {
        const char* selector = "concurrentDispatchThreadgroups:threadsPerThreadgroup:";
        DispatchCommand& d = command(self, selector).dispatch;
        if (!d.pipeline)
          throw Error(fmt::format("emulated Metal: {} before setComputePipelineState:", selector));
        check_dispatch(*d.pipeline.get(), threads, d.threadgroup_lengths, selector);
        d.threadgroups = groups;
        d.threads = threads;
        self.encoded = true;
      });
  // Commands of one indirect command buffer may run concurrently; the barrier makes a
  // command wait for those before it. The emulator runs them in order either way.
  def(
      compute, "setBarrier", +[](MTLIndirectComputeCommand& self) { command(self, "setBarrier"); });
}

}  // namespace ingot::metal_emulator
