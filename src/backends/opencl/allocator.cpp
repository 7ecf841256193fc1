// OpenCL memory: one cl_mem per allocation; copies are enqueued on the device's in-order
// queue, so they are ordered with the launches around them.
#include <fmt/format.h>

#include "backends/opencl/opencl.hpp"

namespace ingot::opencl {
namespace {

cl_mem mem(void* handle) { return static_cast<cl_mem>(handle); }

}  // namespace

ClAllocator::ClAllocator(Device& device, const ClContext& cl) : Allocator(device), cl_(cl) {}

ClAllocator::~ClAllocator() { flush_cache(); }

void* ClAllocator::raw_alloc(size_t bytes) {
  // Beyond CL_DEVICE_MAX_MEM_ALLOC_SIZE the driver must refuse; asking would only cost time.
  if (bytes > device().info().max_buffer_bytes) return nullptr;
  cl_int status = CL_SUCCESS;
  cl_mem buffer = cl().clCreateBuffer(cl_.context, CL_MEM_READ_WRITE, bytes, nullptr, &status);
  // Every failure here (CL_MEM_OBJECT_ALLOCATION_FAILURE, CL_OUT_OF_RESOURCES,
  // CL_INVALID_BUFFER_SIZE...) means this size cannot be had now: out of memory.
  return status == CL_SUCCESS ? buffer : nullptr;
}

void ClAllocator::raw_free(void* handle, size_t) {
  // The driver keeps the memory until the commands using it finish, so no wait is needed.
  cl().clReleaseMemObject(mem(handle));
}

void ClAllocator::copy_in(void* handle, size_t offset, const void* src, size_t bytes) {
  cl_int status = cl().clEnqueueWriteBuffer(cl_.queue, mem(handle), CL_TRUE, offset, bytes, src, 0,
                                            nullptr, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clEnqueueWriteBuffer",
                   fmt::format("{} copy_in of {} bytes at offset {}", cl_.name, bytes, offset));
}

void ClAllocator::copy_out(void* dst, void* handle, size_t offset, size_t bytes) {
  cl_int status = cl().clEnqueueReadBuffer(cl_.queue, mem(handle), CL_TRUE, offset, bytes, dst, 0,
                                           nullptr, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clEnqueueReadBuffer",
                   fmt::format("{} copy_out of {} bytes at offset {}", cl_.name, bytes, offset));
}

void ClAllocator::copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                              size_t bytes) {
  auto enqueue = [&](cl_mem to, size_t to_offset, cl_mem from, size_t from_offset) {
    cl_int status = cl().clEnqueueCopyBuffer(cl_.queue, from, to, from_offset, to_offset, bytes, 0,
                                             nullptr, nullptr);
    if (status != CL_SUCCESS)
      throw cl_error(status, "clEnqueueCopyBuffer",
                     fmt::format("{} copy of {} bytes from offset {} to offset {}", cl_.name, bytes,
                                 from_offset, to_offset));
  };
  bool overlap = dst == src && dst_offset < src_offset + bytes && src_offset < dst_offset + bytes;
  if (!overlap) return enqueue(mem(dst), dst_offset, mem(src), src_offset);
  // OpenCL refuses overlapping copies (CL_MEM_COPY_OVERLAP); two views of one buffer may
  // overlap, so such a copy goes through a scratch buffer, with memmove's result.
  // Releasing it right away is safe: the driver frees it after the copies ran.
  ClOwned<cl_mem> scratch(mem(raw_alloc(bytes)));
  if (!scratch)
    throw Error(fmt::format("{} copy of {} overlapping bytes: no memory for a scratch buffer",
                            cl_.name, bytes));
  enqueue(scratch.get(), 0, mem(src), src_offset);
  enqueue(mem(dst), dst_offset, scratch.get(), 0);
}

}  // namespace ingot::opencl
