// Collectives across processes: each process (a rank) holds one device, and the group's
// operations take that process's one buffer where a Communicator takes one buffer per
// device. The processes come from a launcher (`ingot launch -n N -- program`, or mpirun),
// whose variables give each its rank and the group's size; they meet through MPI where
// mpirun started them, else through a TCP rendezvous at rank 0 (INGOT_MASTER_ADDR,
// INGOT_MASTER_PORT). On CUDA the bytes go by NCCL across the processes; on every other
// device through the host, by the same transport (docs/multi-gpu.md, "Across processes
// and hosts").
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "ingot/collective.hpp"
#include "ingot/dtype.hpp"

namespace ingot {

class Buffer;
class Device;
class ProcessCarrier;
class ProcessTransport;

class ProcessGroup {
 public:
  // This process's group, joined on the first call (every rank must make it, as it waits
  // for the others) and kept for the process. `device` is this rank's device: the
  // argument, else INGOT_DEVICE (which `ingot launch --devices` sets), else the default
  // device. Without a launcher's variables the group is this process alone. Throws Error
  // naming the variable at fault, a rank that does not join within INGOT_PROCESS_TIMEOUT
  // (300 s), or a later call naming another device.
  static ProcessGroup& world(const std::string& device = "");

  ~ProcessGroup();
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  size_t rank() const;
  size_t size() const;
  Device& device() const { return *device_; }
  // What carries the collectives ("nccl", "plain") and what the processes meet through
  // ("tcp", "mpi").
  std::string kind() const;
  std::string transport() const;

  // Every rank calls each operation in the same order with the same count, dtype, op and
  // root, each with its own buffer of device() holding `count` elements of `dtype` from
  // its start (the counts below); the semantics are Communicator's, member d being rank d.
  // Each checks its own arguments (an ArgumentError naming the operation, the rank, the
  // values and what is valid), then checks with the other ranks that they agree (an Error
  // on every rank naming the rank that differs, or that refused its own arguments), so a
  // mismatch or a dead rank is an Error within INGOT_PROCESS_TIMEOUT, never a hang. After
  // an Error the group is broken and every later operation throws. Work queued on the
  // device after an operation sees its result; NCCL returns without waiting for it.
  //
  // In place: every rank's buffer ends as the reduction over the ranks, in rank order.
  void all_reduce(Buffer& buffer, size_t count, DType dtype, ReduceOp op);
  // out (size() * count elements) ends as rank 0's in, rank 1's, ... (count each).
  void all_gather(Buffer& in, Buffer& out, size_t count, DType dtype);
  // in holds size() * count elements; out (count) ends as the reduction over the ranks of
  // the rank()-th part of their inputs.
  void reduce_scatter(Buffer& in, Buffer& out, size_t count, DType dtype, ReduceOp op);
  // Every rank's buffer ends as rank `root`'s.
  void broadcast(Buffer& buffer, size_t count, DType dtype, size_t root);
  // Returns once every rank called it.
  void barrier();

 private:
  ProcessGroup(Device& device, std::unique_ptr<ProcessTransport> transport);
  // Runs `check_own` (this rank's checks), then exchanges the operation, count, dtype, op
  // and root with every rank; throws this rank's own Error, or on every rank an Error
  // naming the rank that passed something else or refused its own arguments.
  void agree(const char* op, size_t count, DType dtype, ReduceOp reduce, size_t root,
             const std::function<void()>& check_own);
  ProcessCarrier& reducer(DType dtype);

  Device* device_;
  std::unique_ptr<ProcessTransport> transport_;
  std::unique_ptr<ProcessCarrier> carrier_;  // the backend's (NCCL), else the plain one
  std::unique_ptr<ProcessCarrier> plain_;
};

}  // namespace ingot
