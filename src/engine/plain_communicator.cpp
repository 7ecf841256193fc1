// The plain collectives: everything is reduced on the group's first device and copied
// from there (docs/multi-gpu.md, "Collectives").
#include "engine/plain_communicator.hpp"

namespace ingot::engine {
namespace {

// `bytes` of `whole` from `at`, as a buffer of its own for Allocator::transfer. The view
// does not own `whole`, which the caller keeps alive until the copy returned.
Buffer part(Buffer& whole, size_t at, size_t bytes) {
  return Buffer(std::shared_ptr<Buffer>(std::shared_ptr<Buffer>(), &whole), at, bytes);
}

}  // namespace

std::shared_ptr<Buffer> PlainCommunicator::reduce_on_first(std::span<Buffer* const> in,
                                                           size_t count, DType dtype, ReduceOp op) {
  // Whole allocations of their own: a kernel may take them at any offset (OpenCL's
  // sub-buffers must be aligned), and the callers' buffers keep their contents.
  const size_t bytes = count * dtype_size(dtype);
  Allocator& first = devices().front()->allocator();
  std::shared_ptr<Buffer> acc = first.alloc(bytes);
  Allocator::transfer(*acc, *in[0], bytes);
  if (in.size() == 1) return acc;
  // One incoming buffer serves every device: each copy into it is ordered on the first
  // device's queue after the kernel that read it before.
  std::shared_ptr<Buffer> incoming = first.alloc(bytes);
  for (size_t d = 1; d < in.size(); ++d) {
    Allocator::transfer(*incoming, *in[d], bytes);
    combine_into(*acc, *incoming, count, dtype, op);
  }
  return acc;
}

void PlainCommunicator::run_all_reduce(std::span<Buffer* const> buffers, size_t count, DType dtype,
                                       ReduceOp op) {
  if (size() == 1) return;
  std::shared_ptr<Buffer> result = reduce_on_first(buffers, count, dtype, op);
  for (Buffer* buffer : buffers) Allocator::transfer(*buffer, *result, count * dtype_size(dtype));
}

void PlainCommunicator::run_reduce_scatter(std::span<Buffer* const> in,
                                           std::span<Buffer* const> out, size_t count, DType dtype,
                                           ReduceOp op) {
  std::shared_ptr<Buffer> result = reduce_on_first(in, count * size(), dtype, op);
  const size_t chunk = count * dtype_size(dtype);
  for (size_t d = 0; d < size(); ++d) {
    Buffer piece = part(*result, d * chunk, chunk);
    Allocator::transfer(*out[d], piece, chunk);
  }
}

void PlainCommunicator::run_all_gather(std::span<Buffer* const> in, std::span<Buffer* const> out,
                                       size_t count, DType dtype) {
  const size_t chunk = count * dtype_size(dtype);
  for (size_t d = 0; d < size(); ++d) {
    for (size_t from = 0; from < size(); ++from) {
      Buffer place = part(*out[d], from * chunk, chunk);
      Allocator::transfer(place, *in[from], chunk);
    }
  }
}

void PlainCommunicator::run_broadcast(std::span<Buffer* const> buffers, size_t count, DType dtype,
                                      size_t root) {
  const size_t bytes = count * dtype_size(dtype);
  for (size_t d = 0; d < size(); ++d)
    if (d != root) Allocator::transfer(*buffers[d], *buffers[root], bytes);
}

}  // namespace ingot::engine
