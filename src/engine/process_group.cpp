// ProcessGroup (include/ingot/process_group.hpp): the world of this process's launcher,
// its checks (this rank's arguments, then agreement between the ranks) and the choice of
// carrier: the device's backend's own (NCCL on CUDA) where it has one, else the plain one.
#include "ingot/process_group.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <limits>
#include <mutex>

#include "engine/plain_process_carrier.hpp"
#include "ingot/error.hpp"

namespace ingot {
namespace {

enum class GroupCall : uint64_t { AllReduce = 1, AllGather, ReduceScatter, Broadcast, Barrier };

const char* op_name(GroupCall op) {
  switch (op) {
    case GroupCall::AllReduce:
      return "all_reduce";
    case GroupCall::AllGather:
      return "all_gather";
    case GroupCall::ReduceScatter:
      return "reduce_scatter";
    case GroupCall::Broadcast:
      return "broadcast";
    case GroupCall::Barrier:
      return "barrier";
  }
  return "?";
}

// What each rank passes to an operation, exchanged before it runs.
struct Call {
  uint64_t op = 0;
  uint64_t valid = 1;  // 0: this rank's own arguments were refused
  uint64_t count = 0;
  uint64_t dtype = 0;
  uint64_t reduce = 0;
  uint64_t root = 0;
  bool operator==(const Call&) const = default;
};

std::string describe(const Call& call) {
  if (!call.valid) return fmt::format("{} with arguments it refused", op_name(GroupCall(call.op)));
  std::string text = fmt::format("{} of {} elements of {}", op_name(GroupCall(call.op)), call.count,
                                 dtype_name(DType(call.dtype)));
  if (call.op == uint64_t(GroupCall::AllReduce) || call.op == uint64_t(GroupCall::ReduceScatter))
    text += fmt::format(" ({})", reduce_op_name(ReduceOp(call.reduce)));
  if (call.op == uint64_t(GroupCall::Broadcast)) text += fmt::format(" from root {}", call.root);
  return text;
}

struct World {
  std::mutex mutex;
  ProcessGroup* group = nullptr;
};

}  // namespace

// The transport and the carriers are made in order: the transport joins the ranks, then
// the backend's carrier bootstraps over it.
ProcessGroup::ProcessGroup(Device& device, std::unique_ptr<ProcessTransport> transport)
    : device_(&device), transport_(std::move(transport)) {
  plain_ = std::make_unique<engine::PlainProcessCarrier>(device, *transport_);
  if (transport_->size() > 1) carrier_ = device.make_process_carrier(*transport_);
}

ProcessGroup::~ProcessGroup() = default;

ProcessGroup& ProcessGroup::world(const std::string& device) {
  static auto* world = new World;  // lives until exit, as the devices do
  std::lock_guard lock(world->mutex);
  std::string name = device;
  if (name.empty())
    if (const char* variable = std::getenv("INGOT_DEVICE"); variable && *variable) name = variable;
  Device& opened = Device::get(name);
  if (world->group) {
    if (&world->group->device() != &opened)
      throw ArgumentError(fmt::format(
          "ProcessGroup::world({}): this process's group is on {} already (valid: the same "
          "device on every call, or none)",
          device, world->group->device().name()));
    return *world->group;
  }
  world->group = new ProcessGroup(opened, connect_transport(process_environment()));
  return *world->group;
}

size_t ProcessGroup::rank() const { return transport_->rank(); }
size_t ProcessGroup::size() const { return transport_->size(); }
std::string ProcessGroup::kind() const { return (carrier_ ? carrier_ : plain_)->kind(); }
std::string ProcessGroup::transport() const { return transport_->kind(); }

ProcessCarrier& ProcessGroup::reducer(DType dtype) {
  return carrier_ && carrier_->reduces(dtype) ? *carrier_ : *plain_;
}

void ProcessGroup::agree(const char* op, size_t count, DType dtype, ReduceOp reduce, size_t root,
                         const std::function<void()>& check_own) {
  GroupCall code = GroupCall::Barrier;
  for (GroupCall candidate :
       {GroupCall::AllReduce, GroupCall::AllGather, GroupCall::ReduceScatter, GroupCall::Broadcast})
    if (std::string_view(op) == op_name(candidate)) code = candidate;
  Call mine{uint64_t(code), 1, count, uint64_t(dtype), uint64_t(reduce), root};
  std::exception_ptr refused;
  try {
    check_own();
  } catch (const Error&) {
    // This rank's own fault is its Error; the others still hear of it.
    refused = std::current_exception();
    mine.valid = 0;
  }
  std::vector<Call> all(size());
  transport_->all_gather(&mine, all.data(), sizeof(Call), fmt::format("ProcessGroup::{}", op));
  if (refused) std::rethrow_exception(refused);
  for (size_t r = 0; r < all.size(); ++r)
    if (!(all[r] == mine))
      throw Error(fmt::format(
          "ProcessGroup::{} on rank {} of {}: rank {} called {}, this rank {} (valid: the same "
          "operation, count, dtype, op and root on every rank, in the same order)",
          op, rank(), size(), r, describe(all[r]), describe(mine)));
}

namespace {

// Throws ArgumentError naming `op` unless `buffer` is of `device` and holds `elements`.
void check_buffer(const char* op, const char* role, const Buffer& buffer, const Device& device,
                  size_t rank, size_t elements, DType dtype) {
  const std::string what = fmt::format("ProcessGroup::{} on rank {} ({})", op, rank, device.name());
  if (&buffer.device() != &device)
    throw ArgumentError(fmt::format("{}: the {}buffer is on {} (valid: a buffer of {})", what, role,
                                    buffer.device().name(), device.name()));
  const size_t element_bytes = dtype_size(dtype);
  if (elements > std::numeric_limits<size_t>::max() / element_bytes)
    throw ArgumentError(fmt::format("{}: {} elements of {} overflow a byte count", what, elements,
                                    dtype_name(dtype)));
  if (buffer.bytes() < elements * element_bytes)
    throw ArgumentError(fmt::format(
        "{}: the {}buffer holds {} bytes, fewer than the {} elements of {} it needs ({} bytes; "
        "valid: a buffer of at least that many)",
        what, role, buffer.bytes(), elements, dtype_name(dtype), elements * element_bytes));
}

void check_reducible(const char* op, const Device& device, size_t rank, DType dtype) {
  if (dtype == DType::Bool)
    throw ArgumentError(fmt::format(
        "ProcessGroup::{} on rank {}: bool elements are not reduced (valid: a numeric dtype; "
        "cast bool to uint8)",
        op, rank));
  if (!device.info().supports(dtype))
    throw ArgumentError(fmt::format(
        "ProcessGroup::{} on rank {}: {} does not compute in {} (valid: a dtype the device "
        "computes in, DeviceInfo::dtypes)",
        op, rank, device.name(), dtype_name(dtype)));
}

size_t times(const char* op, size_t count, size_t size) {
  if (count > std::numeric_limits<size_t>::max() / size)
    throw ArgumentError(
        fmt::format("ProcessGroup::{}: {} elements for each of {} ranks overflow "
                    "a count",
                    op, count, size));
  return count * size;
}

}  // namespace

void ProcessGroup::all_reduce(Buffer& buffer, size_t count, DType dtype, ReduceOp op) {
  agree("all_reduce", count, dtype, op, 0, [&] {
    check_buffer("all_reduce", "", buffer, *device_, rank(), count, dtype);
    check_reducible("all_reduce", *device_, rank(), dtype);
  });
  if (count && size() > 1) reducer(dtype).all_reduce(buffer, count, dtype, op);
}

void ProcessGroup::all_gather(Buffer& in, Buffer& out, size_t count, DType dtype) {
  agree("all_gather", count, dtype, ReduceOp::Sum, 0, [&] {
    check_buffer("all_gather", "input ", in, *device_, rank(), count, dtype);
    check_buffer("all_gather", "output ", out, *device_, rank(), times("all_gather", count, size()),
                 dtype);
  });
  if (!count) return;
  if (size() == 1)
    Allocator::transfer(out, in, count * dtype_size(dtype));
  else
    (carrier_ ? carrier_ : plain_)->all_gather(in, out, count, dtype);
}

void ProcessGroup::reduce_scatter(Buffer& in, Buffer& out, size_t count, DType dtype, ReduceOp op) {
  agree("reduce_scatter", count, dtype, op, 0, [&] {
    check_buffer("reduce_scatter", "input ", in, *device_, rank(),
                 times("reduce_scatter", count, size()), dtype);
    check_buffer("reduce_scatter", "output ", out, *device_, rank(), count, dtype);
    check_reducible("reduce_scatter", *device_, rank(), dtype);
  });
  if (!count) return;
  if (size() == 1)
    Allocator::transfer(out, in, count * dtype_size(dtype));
  else
    reducer(dtype).reduce_scatter(in, out, count, dtype, op);
}

void ProcessGroup::broadcast(Buffer& buffer, size_t count, DType dtype, size_t root) {
  agree("broadcast", count, dtype, ReduceOp::Sum, root, [&] {
    if (root >= size())
      throw ArgumentError(fmt::format(
          "ProcessGroup::broadcast on rank {}: root {} is out of range (valid: 0 to {}, a rank)",
          rank(), root, size() - 1));
    check_buffer("broadcast", "", buffer, *device_, rank(), count, dtype);
  });
  if (count && size() > 1) (carrier_ ? carrier_ : plain_)->broadcast(buffer, count, dtype, root);
}

void ProcessGroup::barrier() {
  agree("barrier", 0, DType::UInt8, ReduceOp::Sum, 0, [] {});
}

}  // namespace ingot
