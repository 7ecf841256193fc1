// Cutting the lazy graph into kernels (shared/DESIGN.md "schedule"). A node becomes the
// output of a kernel when it must exist in memory: a target, a contiguous copy, a device
// copy, an intermediate used by several consumers (computed once), a value that carries
// a reduction or loads into an expand (which would otherwise be recomputed per
// broadcast element), a reduction feeding another reduction (so each stage has its
// own parallel launch), a padded reduction, or a product's operand the matmul plans cannot
// tile (a merged permuted view; on the CPU a right operand stored transposed). Everything
// else fuses into its consumer's kernel; pure views make no kernel.
#pragma once

#include <functional>
#include <vector>

#include "graph/lazy.hpp"
#include "ingot/runtime.hpp"

namespace ingot::engine {

struct ScheduleItem {
  enum class Kind { Kernel, Copy };
  Kind kind;
  NodePtr out;
};

// The description of the device the targets run on, asked for only where a cut depends
// on its plans (on the CPU, a matmul's right operand stored transposed is copied first),
// so that the many small realizes pay nothing for it.
using DeviceLookup = std::function<const DeviceInfo&()>;

// The kernels and copies realizing `targets`, in dependency order.
std::vector<ScheduleItem> schedule(const std::vector<NodePtr>& targets,
                                   const DeviceLookup& device = {});

}  // namespace ingot::engine
