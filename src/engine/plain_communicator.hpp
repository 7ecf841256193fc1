// The collectives of any group of devices, whatever their backends: peer copies
// (Allocator::transfer, which takes the backends' direct copies where they have them and
// goes through the host elsewhere) and a combining kernel built through the engine's own
// path. docs/multi-gpu.md, "Collectives", says why it reduces on one device.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ingot/collective.hpp"
#include "ingot/runtime.hpp"

namespace ingot::engine {

class PlainCommunicator final : public Communicator {
 public:
  explicit PlainCommunicator(std::vector<Device*> devices) : Communicator(std::move(devices)) {}
  std::string kind() const override { return "plain"; }
  // Every dtype the group computes in, which Communicator's checks made sure of.
  bool reduces(DType) const override { return true; }

 private:
  void run_all_reduce(std::span<Buffer* const> buffers, size_t count, DType dtype,
                      ReduceOp op) override;
  void run_all_gather(std::span<Buffer* const> in, std::span<Buffer* const> out, size_t count,
                      DType dtype) override;
  void run_reduce_scatter(std::span<Buffer* const> in, std::span<Buffer* const> out, size_t count,
                          DType dtype, ReduceOp op) override;
  void run_broadcast(std::span<Buffer* const> buffers, size_t count, DType dtype,
                     size_t root) override;

  // A new buffer of the first device holding the reduction of the first `count` elements
  // of every buffer of `in`, combined in the group's order.
  std::shared_ptr<Buffer> reduce_on_first(std::span<Buffer* const> in, size_t count, DType dtype,
                                          ReduceOp op);
};

// Queues `acc[i] = acc[i] op x[i]` for i < count on the buffers' device (both of it), after
// the work queued there before; the kernel of each dtype, op and size class is built once.
void combine_into(Buffer& acc, Buffer& x, size_t count, DType dtype, ReduceOp op);

}  // namespace ingot::engine
