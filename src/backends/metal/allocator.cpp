// Metal memory: one MTLBuffer per allocation. Shared buffers (unified memory) are read and
// written by the host through `contents`, once the queue has finished the work that may
// use them; private buffers are copied through a shared staging buffer and a blit. Copies
// within the device are blits queued without a host wait; copies to another Metal device
// are blits on its queue, ordered after the source's work by the source's shared event.
#include <fmt/format.h>
#include <unistd.h>

#include <cstring>

#include "backends/metal/metal.hpp"

namespace ingot::metal {
namespace {

using objc::id;
using objc::NSUInteger;
using objc::send;

// MTLResourceStorageModeShared and Private (the mode is shifted by 4).
constexpr NSUInteger kStorageShared = 0 << 4, kStoragePrivate = 2 << 4;

id buffer(void* handle) { return static_cast<id>(handle); }

// A shared buffer of `device` over the first `bytes` bytes from `offset` of the shared
// buffer `source`, or nil. No-copy buffers take whole pages from a page boundary; Metal
// allocates buffers on one but does not promise it, so an unaligned `contents` is not
// wrapped, and Metal may refuse the wrap (nil) as well.
objc::Owned wrap(id device, id source, size_t offset, size_t bytes) {
  size_t page = size_t(::sysconf(_SC_PAGESIZE));
  void* contents = send<void*>(source, "contents");
  if (reinterpret_cast<uintptr_t>(contents) % page != 0) return objc::Owned();
  size_t span = (offset + bytes + page - 1) / page * page;
  return objc::Owned(send<id>(device, "newBufferWithBytesNoCopy:length:options:deallocator:",
                              contents, NSUInteger(span), kStorageShared, id(nullptr)));
}

}  // namespace

MetalAllocator::MetalAllocator(Device& device, MetalContext& metal)
    : Allocator(device), metal_(metal) {}

MetalAllocator::~MetalAllocator() { flush_cache(); }

void* MetalAllocator::raw_alloc(size_t bytes) {
  // Above maxBufferLength Metal refuses; asking would only cost time.
  if (bytes > device().info().max_buffer_bytes) return nullptr;
  NSUInteger options = metal_.unified_memory ? kStorageShared : kStoragePrivate;
  // nil when out of memory: the caller flushes its cache and tries once more.
  return send<id>(metal_.device.get(), "newBufferWithLength:options:", NSUInteger(bytes), options);
}

void MetalAllocator::raw_free(void* handle, size_t) {
  // Command buffers retain the buffers they use, so queued work keeps the memory alive.
  objc::release(buffer(handle));
}

void MetalAllocator::blit(id dst, size_t dst_offset, id src, size_t src_offset, size_t bytes) {
  objc::AutoreleasePool pool;
  id command_buffer = metal_.new_command_buffer();
  id encoder = send<id>(command_buffer, "blitCommandEncoder");
  send<void>(encoder, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", src,
             NSUInteger(src_offset), dst, NSUInteger(dst_offset), NSUInteger(bytes));
  send<void>(encoder, "endEncoding");
  metal_.commit(command_buffer);
}

objc::Owned MetalAllocator::staging(size_t bytes, const std::string& what) {
  objc::Owned staging(send<id>(metal_.device.get(),
                               "newBufferWithLength:options:", NSUInteger(bytes), kStorageShared));
  if (!staging) throw Error(what + ": no memory for a shared staging buffer");
  return staging;
}

void* MetalAllocator::host_pointer(void* handle, size_t offset) {
  return static_cast<uint8_t*>(send<void*>(buffer(handle), "contents")) + offset;
}

void MetalAllocator::copy_in(void* handle, size_t offset, const void* src, size_t bytes) {
  if (bytes == 0) return;
  std::string what = fmt::format("{} copy_in of {} bytes at offset {}", metal_.name, bytes, offset);
  if (metal_.unified_memory) {
    // Work queued earlier may still read the old bytes.
    metal_.wait(metal_.signal(), what);
    std::memcpy(host_pointer(handle, offset), src, bytes);
    return;
  }
  objc::Owned shared = staging(bytes, what);
  std::memcpy(host_pointer(shared.get(), 0), src, bytes);
  blit(buffer(handle), offset, shared.get(), 0, bytes);
  metal_.wait(metal_.signal(),
              what);  // the caller may reuse `src` at once, and expects the data there
}

void MetalAllocator::copy_out(void* dst, void* handle, size_t offset, size_t bytes) {
  if (bytes == 0) return;
  std::string what =
      fmt::format("{} copy_out of {} bytes at offset {}", metal_.name, bytes, offset);
  if (metal_.unified_memory) {
    metal_.wait(metal_.signal(), what);
    std::memcpy(dst, host_pointer(handle, offset), bytes);
    return;
  }
  objc::Owned shared = staging(bytes, what);
  blit(shared.get(), 0, buffer(handle), offset, bytes);
  metal_.wait(metal_.signal(), what);
  std::memcpy(dst, host_pointer(shared.get(), 0), bytes);
}

void MetalAllocator::copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                                 size_t bytes) {
  if (dst != src || dst_offset + bytes <= src_offset || src_offset + bytes <= dst_offset)
    return blit(buffer(dst), dst_offset, buffer(src), src_offset, bytes);
  // Metal leaves overlapping copies within one buffer undefined: through a scratch buffer.
  void* scratch = raw_alloc(bytes);
  if (!scratch)
    throw Error(fmt::format("{} copy of {} overlapping bytes: no memory for a scratch buffer",
                            metal_.name, bytes));
  blit(buffer(scratch), 0, buffer(src), src_offset, bytes);
  blit(buffer(dst), dst_offset, buffer(scratch), 0, bytes);
  raw_free(scratch, bytes);  // the command buffers keep it until they ran
}

bool MetalAllocator::copy_to_peer(Buffer& dst, const Buffer& src, size_t bytes) {
  auto* peer = dynamic_cast<MetalAllocator*>(&dst.allocator());
  // Another device can read this one's memory only where it is the host's.
  if (!peer || !metal_.unified_memory || !peer->metal_.unified_memory) return false;
  MetalContext& to = peer->metal_;
  std::string what = fmt::format("{} to {} copy of {} bytes", metal_.name, to.name, bytes);
  objc::AutoreleasePool pool;
  // The source's work queued so far (a kernel writing these bytes) reaches this value of the
  // source's timeline when done; the destination waits for it on the GPU, not the host.
  uint64_t ready = metal_.signal();
  objc::Owned source = wrap(to.device.get(), buffer(src.handle()), src.offset(), bytes);
  size_t source_offset = src.offset();
  if (!source) {
    // Metal gives no page-aligned `contents`, or refused the wrap: the bytes go through a
    // shared buffer of the destination's, filled by the host once the source's work is done.
    source = peer->staging(bytes, what);
    metal_.wait(ready, what);
    std::memcpy(host_pointer(source.get(), 0), host_pointer(src.handle(), src.offset()), bytes);
    source_offset = 0;
  }
  // The destination's queue runs the blit after its own earlier work, which may still read
  // the bytes it replaces.
  id command_buffer = to.new_command_buffer();
  send<void>(command_buffer, "encodeWaitForEvent:value:", metal_.timeline.get(), ready);
  id encoder = send<id>(command_buffer, "blitCommandEncoder");
  send<void>(encoder, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", source.get(),
             NSUInteger(source_offset), buffer(dst.handle()), NSUInteger(dst.offset()),
             NSUInteger(bytes));
  send<void>(encoder, "endEncoding");
  to.commit(command_buffer, true);
  // Until it completed, the source's memory must stay as it is and `source` over it alive.
  send<void>(command_buffer, "waitUntilCompleted");
  MetalContext::check(command_buffer, what);
  return true;
}

}  // namespace ingot::metal
