// Allocator: the LRU cache of freed buffers in front of every backend, the
// out-of-memory policy, and transfers between buffers.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {
namespace {

// Backends always get at least one byte, so that a zero-byte buffer still has a
// distinct, valid handle to bind and free.
size_t raw_size(size_t bytes) { return std::max<size_t>(bytes, 1); }

std::string human_bytes(uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = double(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) value /= 1024, ++unit;
  return fmt::format("{:.2f} {}", value, units[unit]);
}

// Copies through a host buffer, in bounded chunks so that copying a huge buffer does
// not need a second huge host allocation. step(staging, done, n) moves bytes
// [done, done + n).
constexpr size_t kStagingChunk = size_t(16) << 20;

template <class Step>
void staged_copy(size_t bytes, Step step) {
  std::vector<uint8_t> staging(std::min(bytes, kStagingChunk));
  for (size_t done = 0; done < bytes;) {
    size_t n = std::min(bytes - done, staging.size());
    step(staging.data(), done, n);
    done += n;
  }
}

}  // namespace

Allocator::~Allocator() = default;

std::shared_ptr<Buffer> Allocator::alloc(size_t bytes) {
  size_t size = raw_size(bytes);
  {
    std::lock_guard lock(mutex_);
    if (auto it = by_size_.find(size); it != by_size_.end()) {
      void* handle = it->second->second;
      lru_.erase(it->second);
      by_size_.erase(it);
      cached_bytes_ -= size;
      ++hits_;
      return std::make_shared<Buffer>(this, handle, bytes);
    }
  }
  // The backend is called outside the lock: its allocations may be slow and are
  // thread safe by contract (docs/adding-a-backend.md).
  void* handle = allocate_within_limit(size);
  if (!handle) {
    flush_cache();  // memory held by freed buffers may be what is missing
    handle = allocate_within_limit(size);
  }
  if (!handle) out_of_memory(bytes);
  ++backend_allocs_;
  return std::make_shared<Buffer>(this, handle, bytes);
}

uint64_t Allocator::memory_limit() const {
  uint64_t limit = Context::global().memory_limit();
  return limit ? limit : device().info().memory_bytes;
}

void* Allocator::allocate_within_limit(size_t size) {
  uint64_t limit = memory_limit();
  // Reserved first, so that threads allocating at once cannot pass the limit together.
  size_t before = held_.fetch_add(size);
  if (limit && (size > limit || before > limit - size)) {
    held_ -= size;
    return nullptr;
  }
  void* handle = nullptr;
  try {
    handle = raw_alloc(size);
  } catch (...) {
    held_ -= size;
    throw;
  }
  if (!handle) held_ -= size;
  return handle;
}

void Allocator::free_to_backend(void* handle, size_t size) {
  raw_free(handle, size);
  held_ -= size;
}

void Allocator::out_of_memory(size_t bytes) const {
  uint64_t limit = memory_limit(), in_use = held_ - cached_bytes();
  bool set = Context::global().memory_limit() != 0;
  std::string asked = fmt::format("out of memory on {}: cannot allocate {} bytes ({})",
                                  device().name(), bytes, human_bytes(bytes));
  std::string remedy = "free the tensors no longer needed, or compute in smaller pieces";
  if (limit && (bytes > limit || in_use > limit - raw_size(bytes))) {
    throw Error(fmt::format(
        "{}: {} bytes ({}) are in use by buffers on it and the limit is {} bytes ({}, {}); {}{}",
        asked, in_use, human_bytes(in_use), limit, human_bytes(limit),
        set ? "INGOT_MEMORY_LIMIT" : "the device's memory", remedy,
        set ? ", or raise INGOT_MEMORY_LIMIT (Context::set_memory_limit)" : ""));
  }
  throw Error(fmt::format(
      "{}: the device refused it with {} bytes ({}) in use by buffers on it, of {} bytes ({}) "
      "it has; {}",
      asked, in_use, human_bytes(in_use), device().info().memory_bytes,
      human_bytes(device().info().memory_bytes), remedy));
}

// The default holds 1 GiB of freed buffers, and on devices with threadgroups a quarter of
// their memory where that is more: a training step's intermediates (GBs) went back to the
// driver every step, whose free waits for the device (the H200's step: 58 us between
// kernels). An allocation the device refuses flushes the cache and tries again.
size_t Allocator::cache_limit() const {
  if (cache_limit_set_) return cache_limit_;
  constexpr size_t kLeast = size_t(1) << 30;
  const DeviceInfo& info = device().info();
  return info.threadgroups ? std::max<size_t>(kLeast, info.memory_bytes / 4) : kLeast;
}

void Allocator::release(void* handle, size_t bytes) {
  size_t size = raw_size(bytes);
  std::vector<std::pair<size_t, void*>> evicted;
  {
    std::lock_guard lock(mutex_);
    if (size > cache_limit()) {
      // Caching it would evict everything else and then itself.
      evicted.emplace_back(size, handle);
    } else {
      lru_.emplace_front(size, handle);
      by_size_.emplace(size, lru_.begin());
      cached_bytes_ += size;
      evicted = evict_over_limit();
    }
  }
  for (auto [evicted_size, evicted_handle] : evicted) free_to_backend(evicted_handle, evicted_size);
}

std::vector<std::pair<size_t, void*>> Allocator::evict_over_limit() {
  std::vector<std::pair<size_t, void*>> evicted;
  while (cached_bytes_ > cache_limit()) {
    auto oldest = std::prev(lru_.end());
    auto [first, last] = by_size_.equal_range(oldest->first);
    by_size_.erase(std::find_if(first, last, [&](auto& entry) { return entry.second == oldest; }));
    cached_bytes_ -= oldest->first;
    evicted.push_back(*oldest);
    lru_.erase(oldest);
  }
  return evicted;
}

void Allocator::set_cache_limit(size_t bytes) {
  std::vector<std::pair<size_t, void*>> evicted;
  {
    std::lock_guard lock(mutex_);
    cache_limit_ = bytes;
    cache_limit_set_ = true;
    evicted = evict_over_limit();
  }
  for (auto [size, handle] : evicted) free_to_backend(handle, size);
}

size_t Allocator::cached_bytes() const {
  std::lock_guard lock(mutex_);
  return cached_bytes_;
}

size_t Allocator::cached_count() const {
  std::lock_guard lock(mutex_);
  return lru_.size();
}

void Allocator::flush_cache() {
  std::list<std::pair<size_t, void*>> freed;
  {
    std::lock_guard lock(mutex_);
    freed.swap(lru_);
    by_size_.clear();
    cached_bytes_ = 0;
  }
  for (auto [size, handle] : freed) free_to_backend(handle, size);
}

void Allocator::forget_all() {
  std::lock_guard lock(mutex_);
  lru_.clear();
  by_size_.clear();
  cached_bytes_ = 0;
  held_ = 0;
}

void Allocator::copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                            size_t bytes) {
  staged_copy(bytes, [&](uint8_t* staging, size_t done, size_t n) {
    copy_out(staging, src, src_offset + done, n);
    copy_in(dst, dst_offset + done, staging, n);
  });
}

bool Allocator::copy_to_peer(Buffer&, const Buffer&, size_t) { return false; }

void Allocator::transfer(Buffer& dst, const Buffer& src, size_t bytes) {
  if (bytes > src.bytes() || bytes > dst.bytes()) {
    throw Error(fmt::format(
        "Allocator::transfer: cannot copy {} bytes from a buffer of {} bytes on {} to a "
        "buffer of {} bytes on {} (valid: at most the smaller size)",
        bytes, src.bytes(), src.device().name(), dst.bytes(), dst.device().name()));
  }
  if (bytes == 0) return;
  if (&dst.allocator() == &src.allocator()) {
    dst.allocator().copy_device(dst.handle(), dst.offset(), src.handle(), src.offset(), bytes);
  } else if (!src.allocator().copy_to_peer(dst, src, bytes)) {
    staged_copy(bytes, [&](uint8_t* staging, size_t done, size_t n) {
      src.copy_out(staging, n, done);
      dst.copy_in(staging, n, done);
    });
  }
}

}  // namespace ingot
