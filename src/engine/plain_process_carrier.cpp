// The plain carrier across processes (engine/plain_process_carrier.hpp).
#include "engine/plain_process_carrier.hpp"

#include "engine/plain_communicator.hpp"

namespace ingot::engine {

std::vector<uint8_t> PlainProcessCarrier::gather_on_host(const Buffer& in, size_t bytes,
                                                         const char* what) {
  std::vector<uint8_t> mine(bytes), all(bytes * transport_.size());
  // copy_out waits for the work queued on the device, the kernels writing `in` included.
  in.copy_out(mine.data(), bytes);
  transport_.all_gather(mine.data(), all.data(), bytes, what);
  return all;
}

void PlainProcessCarrier::reduce_into(Buffer& out, const std::vector<uint8_t>& gathered,
                                      size_t part, size_t at, size_t count, DType dtype,
                                      ReduceOp op) {
  const size_t bytes = count * dtype_size(dtype);
  Allocator& allocator = device_.allocator();
  // Whole allocations (a kernel may take them at any offset), one per rank, so that no
  // copy into one waits on the kernel reading the one before.
  std::shared_ptr<Buffer> acc = allocator.alloc(bytes);
  acc->copy_in(gathered.data() + at, bytes);
  std::vector<std::shared_ptr<Buffer>> incoming;
  for (size_t r = 1; r < transport_.size(); ++r) {
    incoming.push_back(allocator.alloc(bytes));
    incoming.back()->copy_in(gathered.data() + r * part + at, bytes);
    combine_into(*acc, *incoming.back(), count, dtype, op);
  }
  Allocator::transfer(out, *acc, bytes);
}

void PlainProcessCarrier::all_reduce(Buffer& buffer, size_t count, DType dtype, ReduceOp op) {
  const size_t bytes = count * dtype_size(dtype);
  std::vector<uint8_t> all = gather_on_host(buffer, bytes, "ProcessGroup::all_reduce");
  reduce_into(buffer, all, bytes, 0, count, dtype, op);
}

void PlainProcessCarrier::reduce_scatter(Buffer& in, Buffer& out, size_t count, DType dtype,
                                         ReduceOp op) {
  const size_t chunk = count * dtype_size(dtype), whole = chunk * transport_.size();
  std::vector<uint8_t> all = gather_on_host(in, whole, "ProcessGroup::reduce_scatter");
  reduce_into(out, all, whole, transport_.rank() * chunk, count, dtype, op);
}

void PlainProcessCarrier::all_gather(Buffer& in, Buffer& out, size_t count, DType dtype) {
  const size_t bytes = count * dtype_size(dtype);
  std::vector<uint8_t> all = gather_on_host(in, bytes, "ProcessGroup::all_gather");
  out.copy_in(all.data(), all.size());
}

void PlainProcessCarrier::broadcast(Buffer& buffer, size_t count, DType dtype, size_t root) {
  const size_t bytes = count * dtype_size(dtype);
  std::vector<uint8_t> host(bytes);
  if (transport_.rank() == root) buffer.copy_out(host.data(), bytes);
  transport_.broadcast(host.data(), bytes, root, "ProcessGroup::broadcast");
  if (transport_.rank() != root) buffer.copy_in(host.data(), bytes);
}

}  // namespace ingot::engine
