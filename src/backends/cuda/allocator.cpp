// CUDA memory: one cuMemAlloc per allocation. Every copy is queued on the device's stream,
// so it runs after the launches queued before it; a copy to or from the host returns once
// it is done.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "backends/cuda/cuda.hpp"

namespace ingot::cuda {
namespace {

CUdeviceptr pointer(void* handle, size_t offset = 0) {
  return reinterpret_cast<CUdeviceptr>(handle) + offset;
}

// From pageable memory the driver stages copies itself, through small buffers of its own;
// above this size two pinned buffers of ingot's, filled while the other is in flight, are
// faster.
constexpr size_t kStagingThreshold = size_t(1) << 20;
constexpr size_t kStagingBytes = size_t(32) << 20;  // each of the two

// A quarter of the copy, so that even a small one keeps the host and the bus busy at once,
// up to the size of a staging buffer.
size_t chunk_bytes(size_t bytes) {
  return std::clamp(bytes / 4, kStagingThreshold / 4, kStagingBytes);
}

}  // namespace

CudaAllocator::CudaAllocator(Device& device, const CudaContext& cuda)
    : Allocator(device), cuda_(cuda) {}

// The staging buffers are not freed: like the device, the allocator lives until exit.
CudaAllocator::~CudaAllocator() { flush_cache(); }

void CudaAllocator::forget() {
  std::lock_guard lock(staging_mutex_);
  staging_.reset();  // their events are not destroyed: they went with the context
  staging_failed_ = false;
  forget_all();
}

void* CudaAllocator::raw_alloc(size_t bytes) {
  // Beyond the device's memory the driver must refuse; asking would only cost time.
  if (bytes > device().info().max_buffer_bytes) return nullptr;
  std::string what = fmt::format("{} allocation of {} bytes", cuda_.name, bytes);
  cuda_.bind(what);
  CUdeviceptr memory = 0;
  CUresult status = cu().cuMemAlloc_v2(&memory, bytes);
  if (status == CUDA_ERROR_OUT_OF_MEMORY) return nullptr;
  // Any other error is the context's (a kernel's fault is sticky): not a lack of memory.
  if (status != CUDA_SUCCESS) throw cu_error(status, "cuMemAlloc_v2", what);
  return reinterpret_cast<void*>(memory);
}

void CudaAllocator::raw_free(void* handle, size_t) {
  // Work queued on the stream may still use the memory; freeing it under a running kernel
  // would hand it to the next allocation too early. Errors cannot be reported here, and
  // leave the memory to the context. Launches still queued may use it too: on the stream
  // first.
  cuda_.drain_quietly();
  if (cu().cuCtxSetCurrent(cuda_.context) != CUDA_SUCCESS) return;
  cu().cuStreamSynchronize(cuda_.stream);
  cu().cuMemFree_v2(pointer(handle));
}

bool CudaAllocator::staging_ready() {
  if (staging_) return true;
  if (staging_failed_) return false;
  std::array<Staging, 2> buffers;
  for (Staging& buffer : buffers) {
    // Portable: the pinned pages are usable from every context, not only this device's.
    if (cu().cuMemHostAlloc(&buffer.host, kStagingBytes, CU_MEMHOSTALLOC_PORTABLE) !=
        CUDA_SUCCESS) {
      // Pinned memory is scarce on some systems; the direct copy still works.
      if (&buffer != &buffers[0]) cu().cuMemFreeHost(buffers[0].host);
      staging_failed_ = true;
      return false;
    }
    buffer.used = cuda_.make_event(CU_EVENT_DISABLE_TIMING, cuda_.name + " copy: a staging event");
  }
  staging_ = std::move(buffers);
  return true;
}

void CudaAllocator::copy_in(void* handle, size_t offset, const void* src, size_t bytes) {
  if (bytes == 0) return;
  std::string what = fmt::format("{} copy_in of {} bytes at offset {}", cuda_.name, bytes, offset);
  cuda_.bind(what);
  if (bytes >= kStagingThreshold) {
    std::lock_guard lock(staging_mutex_);
    if (staging_ready()) {
      copy_in_staged(pointer(handle, offset), static_cast<const uint8_t*>(src), bytes);
      return cuda_.synchronize(what);
    }
  }
  if (CUresult status =
          cu().cuMemcpyHtoDAsync_v2(pointer(handle, offset), src, bytes, cuda_.stream);
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuMemcpyHtoDAsync_v2", what);
  cuda_.synchronize(what);  // the caller may reuse `src` once this returns
}

void CudaAllocator::copy_out(void* dst, void* handle, size_t offset, size_t bytes) {
  if (bytes == 0) return;
  std::string what = fmt::format("{} copy_out of {} bytes at offset {}", cuda_.name, bytes, offset);
  cuda_.bind(what);
  if (bytes >= kStagingThreshold) {
    std::lock_guard lock(staging_mutex_);
    if (staging_ready())
      return copy_out_staged(static_cast<uint8_t*>(dst), pointer(handle, offset), bytes);
  }
  if (CUresult status =
          cu().cuMemcpyDtoHAsync_v2(dst, pointer(handle, offset), bytes, cuda_.stream);
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuMemcpyDtoHAsync_v2", what);
  cuda_.synchronize(what);
}

// Chunk k goes through buffer k % 2: the host fills one while the bus carries the other.
void CudaAllocator::copy_in_staged(CUdeviceptr dst, const uint8_t* src, size_t bytes) {
  const size_t step = chunk_bytes(bytes);
  for (size_t k = 0, at = 0; at < bytes; ++k, at += step) {
    Staging& buffer = (*staging_)[k % 2];
    size_t n = std::min(step, bytes - at);
    std::string what = fmt::format("{} copy_in of {} bytes: the chunk of {} bytes at {}",
                                   cuda_.name, bytes, n, at);
    // The copy that last read this buffer must be done before it is overwritten.
    if (CUresult status = cu().cuEventSynchronize(buffer.used.get()); status != CUDA_SUCCESS)
      throw cu_error(status, "cuEventSynchronize", what);
    std::memcpy(buffer.host, src + at, n);
    CUresult status = cu().cuMemcpyHtoDAsync_v2(dst + at, buffer.host, n, cuda_.stream);
    if (status != CUDA_SUCCESS) throw cu_error(status, "cuMemcpyHtoDAsync_v2", what);
    if ((status = cu().cuEventRecord(buffer.used.get(), cuda_.stream)) != CUDA_SUCCESS)
      throw cu_error(status, "cuEventRecord", what);
  }
}

// Chunk k + 1 is on the bus while the host copies chunk k out of its buffer.
void CudaAllocator::copy_out_staged(uint8_t* dst, CUdeviceptr src, size_t bytes) {
  const size_t step = chunk_bytes(bytes), chunks = (bytes + step - 1) / step;
  auto size = [&](size_t k) { return std::min(step, bytes - k * step); };
  auto what = [&](size_t k) {
    return fmt::format("{} copy_out of {} bytes: the chunk of {} bytes at {}", cuda_.name, bytes,
                       size(k), k * step);
  };
  auto start = [&](size_t k) {
    Staging& buffer = (*staging_)[k % 2];
    CUresult status = cu().cuMemcpyDtoHAsync_v2(buffer.host, src + k * step, size(k), cuda_.stream);
    if (status != CUDA_SUCCESS) throw cu_error(status, "cuMemcpyDtoHAsync_v2", what(k));
    if ((status = cu().cuEventRecord(buffer.used.get(), cuda_.stream)) != CUDA_SUCCESS)
      throw cu_error(status, "cuEventRecord", what(k));
  };
  auto finish = [&](size_t k) {
    Staging& buffer = (*staging_)[k % 2];
    if (CUresult status = cu().cuEventSynchronize(buffer.used.get()); status != CUDA_SUCCESS)
      throw cu_error(status, "cuEventSynchronize", what(k));
    std::memcpy(dst + k * step, buffer.host, size(k));
  };
  start(0);
  for (size_t k = 0; k < chunks; ++k) {
    if (k + 1 < chunks) start(k + 1);  // buffer (k + 1) % 2 was emptied by finish(k - 1)
    finish(k);
  }
}

void CudaAllocator::enqueue_device_copy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  if (CUresult status = cu().cuMemcpyDtoDAsync_v2(dst, src, bytes, cuda_.stream);
      status != CUDA_SUCCESS)
    throw cu_error(
        status, "cuMemcpyDtoDAsync_v2",
        fmt::format("{} copy of {} bytes from 0x{:x} to 0x{:x}", cuda_.name, bytes, src, dst));
}

bool CudaAllocator::copy_to_peer(Buffer& dst, const Buffer& src, size_t bytes) {
  auto* peer = dynamic_cast<CudaAllocator*>(&dst.allocator());
  if (!peer) return false;
  std::string what = fmt::format("{} to {} copy of {} bytes", cuda_.name, peer->cuda_.name, bytes);
  // The destination's earlier work may still read the bytes about to be replaced; the
  // copy follows the source's earlier work on the source's stream.
  peer->cuda_.synchronize(what);
  cuda_.bind(what);
  CUdeviceptr to = pointer(dst.handle(), dst.offset()), from = pointer(src.handle(), src.offset());
  if (CUresult status =
          cu().cuMemcpyPeerAsync(to, peer->cuda_.context, from, cuda_.context, bytes, cuda_.stream);
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuMemcpyPeerAsync", what);
  cuda_.synchronize(what);
  return true;
}

void CudaAllocator::copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                                size_t bytes) {
  cuda_.bind(fmt::format("{} copy of {} bytes", cuda_.name, bytes));
  CUdeviceptr to = pointer(dst, dst_offset), from = pointer(src, src_offset);
  // Queued without a host wait: the launches and copies after it are on the same stream.
  if (to + bytes <= from || from + bytes <= to) return enqueue_device_copy(to, from, bytes);
  // Two views of one buffer may overlap, and the CUDA copies do not allow it: through a
  // scratch buffer, with memmove's result. raw_free waits for both copies.
  void* scratch = raw_alloc(bytes);
  if (!scratch)
    throw Error(fmt::format("{} copy of {} overlapping bytes: no memory for a scratch buffer",
                            cuda_.name, bytes));
  try {
    enqueue_device_copy(pointer(scratch), from, bytes);
    enqueue_device_copy(to, pointer(scratch), bytes);
  } catch (...) {
    raw_free(scratch, bytes);
    throw;
  }
  raw_free(scratch, bytes);
}

}  // namespace ingot::cuda
