// What carries a process group's collectives (include/ingot/process_group.hpp) for this
// process's device: a backend's own (Device::make_process_carrier: NCCL across processes
// on CUDA) or the plain one (engine/plain_process_carrier.hpp). ProcessGroup checks every
// argument, here and against the other ranks, before it calls one of these.
#pragma once

#include <string>

#include "ingot/collective.hpp"
#include "ingot/runtime.hpp"

namespace ingot {

class ProcessCarrier {
 public:
  virtual ~ProcessCarrier() = default;
  virtual std::string kind() const = 0;  // "nccl", "plain"
  // Whether this carrier reduces `dtype`; where not, the group hands the reduction to the
  // plain carrier.
  virtual bool reduces(DType dtype) const = 0;

  // One buffer of this process's device each, `count` > 0 elements, as ProcessGroup's
  // operations of the same names describe.
  virtual void all_reduce(Buffer& buffer, size_t count, DType dtype, ReduceOp op) = 0;
  virtual void all_gather(Buffer& in, Buffer& out, size_t count, DType dtype) = 0;
  virtual void reduce_scatter(Buffer& in, Buffer& out, size_t count, DType dtype, ReduceOp op) = 0;
  virtual void broadcast(Buffer& buffer, size_t count, DType dtype, size_t root) = 0;
};

}  // namespace ingot
