// The collectives of a process group on any device, through the host: each rank copies its
// buffer out, the transport gathers every rank's bytes on every rank, and each rank
// reduces them on its own device in rank order with the single-process plain carrier's
// kernel (combine_into), so every rank computes the same bits as a Communicator over the
// same devices would. It moves size() times the bytes a ring would: it is the carrier of
// the devices without a collective library of their own, not a fast one.
#pragma once

#include "runtime/process_carrier.hpp"
#include "runtime/process_transport.hpp"

namespace ingot::engine {

class PlainProcessCarrier final : public ProcessCarrier {
 public:
  PlainProcessCarrier(Device& device, ProcessTransport& transport)
      : device_(device), transport_(transport) {}
  std::string kind() const override { return "plain"; }
  // Every dtype the device computes in, which ProcessGroup's checks made sure of.
  bool reduces(DType) const override { return true; }

  void all_reduce(Buffer& buffer, size_t count, DType dtype, ReduceOp op) override;
  void all_gather(Buffer& in, Buffer& out, size_t count, DType dtype) override;
  void reduce_scatter(Buffer& in, Buffer& out, size_t count, DType dtype, ReduceOp op) override;
  void broadcast(Buffer& buffer, size_t count, DType dtype, size_t root) override;

 private:
  // Every rank's first `bytes` bytes of `in`, in rank order, on the host.
  std::vector<uint8_t> gather_on_host(const Buffer& in, size_t bytes, const char* what);
  // Writes into `out` the reduction over the ranks of the `count` elements at `at` of each
  // rank's part of `gathered` (`part` bytes each), combined on the device in rank order.
  void reduce_into(Buffer& out, const std::vector<uint8_t>& gathered, size_t part, size_t at,
                   size_t count, DType dtype, ReduceOp op);

  Device& device_;
  ProcessTransport& transport_;
};

}  // namespace ingot::engine
