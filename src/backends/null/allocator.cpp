// NULL's allocator: it has no memory. A real one allocates device memory (cuMemAlloc,
// clCreateBuffer, newBufferWithLength) and copies between it and the host; the shared
// Allocator in front of it caches freed buffers and throws the out-of-memory Error.
#include "backends/null/null.hpp"

namespace ingot::null {

// Every backend's allocator empties the cache of freed buffers here: by the time
// ~Allocator runs, this class's raw_free is gone.
NullAllocator::~NullAllocator() { flush_cache(); }

// A real backend returns the new allocation's handle, or nullptr when the device is out of
// memory (then the cache is flushed and the allocation tried once more). It refuses sizes
// above DeviceInfo::max_buffer_bytes before asking the driver, and may be called from
// several threads at once.
void* NullAllocator::raw_alloc(size_t) { throw not_implemented("Allocator::raw_alloc"); }

// A real backend frees the allocation (after the work queued on it, where the driver does
// not order that itself); it must not throw. Nothing was ever allocated here.
void NullAllocator::raw_free(void*, size_t) {}

// A real backend copies `bytes` from the host to byte `offset` of the allocation `handle`,
// returning when the host memory may be reused, ordered after the launches queued before.
void NullAllocator::copy_in(void*, size_t, const void*, size_t) {
  throw not_implemented("Allocator::copy_in");
}

// The other way: device to host, returning when the bytes are in `dst`.
void NullAllocator::copy_out(void*, void*, size_t, size_t) {
  throw not_implemented("Allocator::copy_out");
}

}  // namespace ingot::null
