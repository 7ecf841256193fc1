// The plain collectives' one kernel: acc[i] = acc[i] op x[i], built with KernelBuilder for
// each device, dtype, op and size class, and launched on the caller's buffers.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

#include "engine/built_kernel.hpp"
#include "engine/plain_communicator.hpp"
#include "ingot/kernel_builder.hpp"

namespace ingot::engine {
namespace {

int64_t next_power_of_two(int64_t n) {
  int64_t p = 1;
  while (p < n) p *= 2;
  return p;
}

// The launch for `count` elements: `groups` threadgroups of `threads`, each thread taking
// `steps` elements. Groups and steps are rounded up to powers of two, so that a few kernels
// serve every count (the kernel masks what lies past it); a group takes a contiguous run,
// its threads side by side at each step. The CPU, which runs no threadgroups, takes one
// thread a group and a run per group (docs/kernel-builder.md, "On the CPU").
struct Geometry {
  int64_t groups, threads, steps;
  auto key() const { return std::tuple(groups, threads, steps); }
};

Geometry geometry(const DeviceInfo& info, size_t count) {
  const auto n = static_cast<int64_t>(count);
  const int64_t threads =
      info.threadgroups ? std::min<int64_t>(256, info.max_threads_per_group) : 1;
  const int64_t max_groups =
      info.threadgroups ? std::min<int64_t>(1024, info.max_groups[0]) : 4 * info.compute_units;
  const int64_t groups =
      std::min(next_power_of_two((n + threads - 1) / threads), next_power_of_two(max_groups));
  const int64_t steps = next_power_of_two((n + groups * threads - 1) / (groups * threads));
  return {groups, threads, steps};
}

KernelValue combined(ReduceOp op, const KernelValue& a, const KernelValue& b) {
  switch (op) {
    case ReduceOp::Sum:
      return a + b;
    case ReduceOp::Prod:
      return a * b;
    case ReduceOp::Max:
      return max(a, b);
    case ReduceOp::Min:
      return min(a, b);
  }
  return a;
}

BuiltKernel build_combine(const Device& device, DType dtype, ReduceOp op, const Geometry& g) {
  using Access = KernelBuilder::Access;
  KernelBuilder b(fmt::format("collective_{}_{}", reduce_op_name(op), dtype_name(dtype)),
                  device.name());
  KernelBuffer acc = b.buffer("acc", dtype, Access::ReadWrite);
  KernelBuffer x = b.buffer("x", dtype);
  KernelValue count = b.scalar("count", DType::Int64);
  KernelValue group = cast(b.global_range(g.groups), DType::Int64);
  KernelValue thread = cast(b.local_range(g.threads), DType::Int64);
  KernelValue step = b.reduce_range(g.steps);
  KernelValue i = (group * g.steps + step) * g.threads + thread;
  b.begin_if(i < count);
  b.store(acc, i, combined(op, b.load(acc, i), b.load(x, i)));
  b.end_if();
  b.end(step);
  return b.build();
}

// Kernels live as long as the process, as the devices do.
struct CollectiveKernelTable {
  std::mutex mutex;
  std::map<std::tuple<const Device*, DType, ReduceOp, std::tuple<int64_t, int64_t, int64_t>>,
           BuiltKernel>
      kernels;
};

CollectiveKernelTable& table() {
  static auto* instance = new CollectiveKernelTable;
  return *instance;
}

}  // namespace

void combine_into(Buffer& acc, Buffer& x, size_t count, DType dtype, ReduceOp op) {
  Device& device = acc.device();
  const Geometry g = geometry(device.info(), count);
  const BuiltKernel* kernel = nullptr;
  {
    CollectiveKernelTable& t = table();
    std::lock_guard lock(t.mutex);
    auto key = std::tuple(&device, dtype, op, g.key());
    auto it = t.kernels.find(key);
    if (it == t.kernels.end())
      it = t.kernels.emplace(key, build_combine(device, dtype, op, g)).first;
    kernel = &it->second;
  }
  const BuiltKernelState& state = built_state(*kernel);
  Buffer* buffers[] = {&acc, &x};
  const ScalarArg scalars[] = {ScalarArg::of_int(static_cast<int64_t>(count))};
  state.program().launch(buffers, state.kernel.dims, scalars, /*wait=*/false);
}

}  // namespace ingot::engine
