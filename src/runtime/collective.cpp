// The collectives' checks, written once for every carrier: each operation checks its
// buffers, dtype and root here, then hands the carrier (run_*) arguments it may trust.
// Communicator::get, which picks the carrier, is the engine's (engine/communicators.cpp):
// the plain carrier builds kernels, which the HAL may not.
#include "ingot/collective.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <limits>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "runtime/process_carrier.hpp"

namespace ingot {
namespace {

std::string group_names(const std::vector<Device*>& devices) {
  std::vector<std::string> names;
  for (const Device* device : devices) names.push_back(device->name());
  return fmt::format("[{}]", fmt::join(names, ", "));
}

}  // namespace

const char* reduce_op_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum:
      return "sum";
    case ReduceOp::Prod:
      return "prod";
    case ReduceOp::Max:
      return "max";
    case ReduceOp::Min:
      return "min";
  }
  return "?";
}

std::unique_ptr<Communicator> Device::make_communicator(std::span<Device* const>) {
  return nullptr;
}

std::unique_ptr<ProcessCarrier> Device::make_process_carrier(ProcessTransport&) { return nullptr; }

void Communicator::check_buffers(const char* op, const char* role, std::span<Buffer* const> buffers,
                                 size_t elements, DType dtype) const {
  const std::string what = fmt::format("Communicator::{} on {}", op, group_names(devices_));
  const std::string noun = *role ? fmt::format("{} buffer", role) : "buffer";
  if (buffers.size() != devices_.size())
    throw ArgumentError(
        fmt::format("{}: {} {}s for a group of {} devices (valid: one buffer per device, in the "
                    "group's order)",
                    what, buffers.size(), noun, devices_.size()));
  const size_t element_bytes = dtype_size(dtype);
  if (elements > std::numeric_limits<size_t>::max() / element_bytes)
    throw ArgumentError(fmt::format("{}: {} elements of {} overflow a byte count", what, elements,
                                    dtype_name(dtype)));
  const size_t bytes = elements * element_bytes;
  for (size_t i = 0; i < buffers.size(); ++i) {
    const Buffer* buffer = buffers[i];
    if (!buffer)
      throw ArgumentError(fmt::format("{}: {} {} is null (valid: a buffer of {})", what, noun, i,
                                      devices_[i]->name()));
    if (&buffer->device() != devices_[i])
      throw ArgumentError(
          fmt::format("{}: {} {} is on {}, not {} (valid: one buffer per device, in the group's "
                      "order)",
                      what, noun, i, buffer->device().name(), devices_[i]->name()));
    if (buffer->bytes() < bytes)
      throw ArgumentError(fmt::format(
          "{}: {} {} on {} holds {} bytes, fewer than the {} elements of {} it needs "
          "({} bytes; valid: a buffer of at least that many)",
          what, noun, i, devices_[i]->name(), buffer->bytes(), elements, dtype_name(dtype), bytes));
  }
}

void Communicator::check_reducible(const char* op, DType dtype) const {
  const std::string what = fmt::format("Communicator::{} on {}", op, group_names(devices_));
  if (dtype == DType::Bool)
    throw ArgumentError(fmt::format(
        "{}: bool elements are not reduced (valid: a numeric dtype; cast bool to uint8)", what));
  for (const Device* device : devices_)
    if (!device->info().supports(dtype))
      throw ArgumentError(
          fmt::format("{}: {} does not compute in {} (valid: a dtype every device of the group "
                      "computes in, DeviceInfo::dtypes)",
                      what, device->name(), dtype_name(dtype)));
}

Communicator& Communicator::reducer(DType dtype) {
  if (reduces(dtype)) return *this;
  if (!fallback_)
    throw Error(
        fmt::format("Communicator ({}) on {}: cannot reduce {} and has no plain "
                    "communicator to hand it to",
                    kind(), group_names(devices_), dtype_name(dtype)));
  return *fallback_;
}

void Communicator::all_reduce(std::span<Buffer* const> buffers, size_t count, DType dtype,
                              ReduceOp op) {
  check_buffers("all_reduce", "", buffers, count, dtype);
  check_reducible("all_reduce", dtype);
  if (count == 0) return;
  reducer(dtype).run_all_reduce(buffers, count, dtype, op);
}

void Communicator::all_gather(std::span<Buffer* const> in, std::span<Buffer* const> out,
                              size_t count, DType dtype) {
  check_buffers("all_gather", "input", in, count, dtype);
  if (count > std::numeric_limits<size_t>::max() / size())
    throw ArgumentError(
        fmt::format("Communicator::all_gather: {} elements from each of {} "
                    "devices overflow a count",
                    count, size()));
  check_buffers("all_gather", "output", out, count * size(), dtype);
  if (count == 0) return;
  run_all_gather(in, out, count, dtype);
}

void Communicator::reduce_scatter(std::span<Buffer* const> in, std::span<Buffer* const> out,
                                  size_t count, DType dtype, ReduceOp op) {
  if (count > std::numeric_limits<size_t>::max() / size())
    throw ArgumentError(
        fmt::format("Communicator::reduce_scatter: {} elements for each of {} "
                    "devices overflow a count",
                    count, size()));
  check_buffers("reduce_scatter", "input", in, count * size(), dtype);
  check_buffers("reduce_scatter", "output", out, count, dtype);
  check_reducible("reduce_scatter", dtype);
  if (count == 0) return;
  reducer(dtype).run_reduce_scatter(in, out, count, dtype, op);
}

void Communicator::broadcast(std::span<Buffer* const> buffers, size_t count, DType dtype,
                             size_t root) {
  if (root >= size())
    throw ArgumentError(fmt::format(
        "Communicator::broadcast on {}: root {} is out of range (valid: 0 to {}, a position "
        "in the group)",
        group_names(devices_), root, size() - 1));
  check_buffers("broadcast", "", buffers, count, dtype);
  if (count == 0) return;
  run_broadcast(buffers, count, dtype, root);
}

}  // namespace ingot
