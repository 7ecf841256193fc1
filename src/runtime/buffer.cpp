// Buffer: a base allocation, or a view at a byte offset into one. Only a base owns
// memory; a view holds its base alive through base_.
#include <fmt/format.h>

#include "core/trace.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {
namespace {

// Throws unless [at, at + bytes) lies within a buffer of `size` bytes; written so that
// huge values cannot overflow the sum.
void check_range(const char* op, const Buffer& buffer, size_t at, size_t bytes) {
  if (at > buffer.bytes() || bytes > buffer.bytes() - at) {
    throw Error(
        fmt::format("Buffer::{}: {} bytes at offset {} do not fit in a buffer of {} bytes on {} "
                    "(valid: offset + bytes <= {})",
                    op, bytes, at, buffer.bytes(), buffer.device().name(), buffer.bytes()));
  }
}

// A copy between the host and `device` that began at `start_us` and is done now; the
// host's clock times it (the copy returns when done).
void trace_copy(const Device& device, const char* what, double start_us, size_t bytes) {
  double end = trace::now_us();
  trace::device_event(device.name(), what, "copy", end, (end - start_us) * 1e-6,
                      trace::Args().number("bytes", double(bytes)).text("timer", "host"));
}

}  // namespace

Buffer::Buffer(Allocator* allocator, void* handle, size_t bytes)
    : allocator_(allocator), handle_(handle), bytes_(bytes) {
  if (!allocator) throw Error("Buffer: an allocation needs its allocator (null given)");
  generation_ = allocator->device().generation();
}

Buffer::Buffer(std::shared_ptr<Buffer> base, size_t offset, size_t bytes) {
  if (!base) throw Error("Buffer view: the base buffer is null");
  check_range("view", *base, offset, bytes);
  // A view of a view points at the root allocation, so chains of views cost nothing.
  allocator_ = base->allocator_;
  handle_ = base->handle_;
  offset_ = base->offset_ + offset;
  bytes_ = bytes;
  generation_ = base->generation_;
  base_ = base->base_ ? base->base_ : std::move(base);
}

Buffer::~Buffer() {
  // A lost buffer's memory went with the device's old state: nothing to return.
  if (!base_ && !lost()) allocator_->release(handle_, bytes_);
}

bool Buffer::lost() const { return generation_ != device().generation(); }

void* Buffer::handle() const {
  if (lost())
    throw Error(fmt::format(
        "a buffer of {} bytes on {} was lost when the device was started afresh after a fault "
        "(docs/engine.md, Faults): its contents are gone; make the tensor again",
        bytes_, device().name()));
  return handle_;
}

Device& Buffer::device() const { return allocator_->device(); }

void Buffer::copy_in(const void* src, size_t bytes, size_t at) {
  check_range("copy_in", *this, at, bytes);
  if (!bytes) return;
  double start = trace::enabled() ? trace::now_us() : 0;
  allocator_->copy_in(handle(), offset_ + at, src, bytes);
  if (trace::enabled()) trace_copy(device(), "copy in", start, bytes);
}

void Buffer::copy_out(void* dst, size_t bytes, size_t at) const {
  check_range("copy_out", *this, at, bytes);
  if (!bytes) return;
  double start = trace::enabled() ? trace::now_us() : 0;
  allocator_->copy_out(dst, handle(), offset_ + at, bytes);
  if (trace::enabled()) trace_copy(device(), "copy out", start, bytes);
}

}  // namespace ingot
