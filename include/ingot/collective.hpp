// Collectives: operations every device of a group takes part in, as NCCL's communicators
// run them. A Communicator joins an ordered list of devices; each operation takes one
// buffer per device in that order. A backend may bring its own (Device::make_communicator:
// NCCL on CUDA); every other group gets the plain one, made of peer copies and kernels, so
// the same program runs on any devices (docs/multi-gpu.md).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ingot/dtype.hpp"

namespace ingot {

class Buffer;
class Device;

// How an all-reduce or a reduce-scatter combines the devices' elements.
enum class ReduceOp { Sum, Prod, Max, Min };
const char* reduce_op_name(ReduceOp op);

class Communicator {
 public:
  // The communicator of `devices` (registry names, at least one, each once), made on the
  // first call for that list and kept for the process; a group of one backend's devices
  // gets that backend's own where it has one. Throws Error naming a device that does not
  // open or is named twice.
  static Communicator& get(const std::vector<std::string>& devices);

  virtual ~Communicator() = default;
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  const std::vector<Device*>& devices() const { return devices_; }
  size_t size() const { return devices_.size(); }
  // What carries the operations: "nccl", "plain".
  virtual std::string kind() const = 0;
  // Whether this carrier reduces elements of `dtype` itself (NCCL has no int16, for one);
  // where it does not, all_reduce and reduce_scatter of that dtype go to the plain
  // communicator of the same devices, which get() gives every backend's communicator.
  virtual bool reduces(DType dtype) const { return dtype != DType::Bool; }

  // Every operation takes one buffer per device of the group, in its order, each a buffer
  // of that device holding `count` elements of `dtype` from its start (the counts below);
  // a buffer may serve as input and output where the operation says so. Each checks its
  // arguments first (an Error naming the operation, the buffer and what is valid, with
  // nothing done), then queues its work on every device after the work queued there
  // before, and returns without waiting where the carrier can (NCCL); work queued after
  // it on any device of the group sees its result. A count of 0 does nothing. The
  // reductions take the numeric dtypes every device of the group computes in
  // (DeviceInfo::dtypes); bool is not reduced.
  //
  // In place: every buffer ends as the reduction of all of them.
  void all_reduce(std::span<Buffer* const> buffers, size_t count, DType dtype, ReduceOp op);
  // out[d] (size() * count elements) ends as in[0], in[1], ... in order (count each).
  void all_gather(std::span<Buffer* const> in, std::span<Buffer* const> out, size_t count,
                  DType dtype);
  // in[d] holds size() * count elements; out[d] (count) ends as the reduction over every
  // device of the d-th part of its input.
  void reduce_scatter(std::span<Buffer* const> in, std::span<Buffer* const> out, size_t count,
                      DType dtype, ReduceOp op);
  // Every buffer ends as buffers[root].
  void broadcast(std::span<Buffer* const> buffers, size_t count, DType dtype, size_t root);

 protected:
  explicit Communicator(std::vector<Device*> devices) : devices_(std::move(devices)) {}

  // The carrier's operations, called with arguments already checked and `count` > 0.
  virtual void run_all_reduce(std::span<Buffer* const> buffers, size_t count, DType dtype,
                              ReduceOp op) = 0;
  virtual void run_all_gather(std::span<Buffer* const> in, std::span<Buffer* const> out,
                              size_t count, DType dtype) = 0;
  virtual void run_reduce_scatter(std::span<Buffer* const> in, std::span<Buffer* const> out,
                                  size_t count, DType dtype, ReduceOp op) = 0;
  virtual void run_broadcast(std::span<Buffer* const> buffers, size_t count, DType dtype,
                             size_t root) = 0;

 private:
  // The communicator that reduces what this carrier does not (reduces()); null for the
  // plain one, which reduces every dtype its devices compute in.
  Communicator& reducer(DType dtype);
  // Throws ArgumentError naming `op` unless `buffers` holds one buffer per device, in the
  // group's order, each of that device and of at least `elements` elements of `dtype`.
  void check_buffers(const char* op, const char* role, std::span<Buffer* const> buffers,
                     size_t elements, DType dtype) const;
  // Throws ArgumentError naming `op` unless every device computes in `dtype`, numeric.
  void check_reducible(const char* op, DType dtype) const;

  std::vector<Device*> devices_;
  std::unique_ptr<Communicator> fallback_;
};

}  // namespace ingot
