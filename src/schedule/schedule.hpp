// Cutting the lazy graph into kernels (shared/DESIGN.md "schedule"). A node becomes the
// output of a kernel when it must exist in memory: a target, a contiguous copy, a device
// copy, an intermediate used by several consumers (computed once), a value that carries
// a reduction or loads into an expand (which would otherwise be recomputed per
// broadcast element), or a reduction feeding another reduction (so each stage has its
// own parallel launch). Everything else fuses into its consumer's kernel; pure views
// make no kernel.
#pragma once

#include <vector>

#include "graph/lazy.hpp"
#include "ingot/runtime.hpp"

namespace ingot::engine {

struct ScheduleItem {
  enum class Kind { Kernel, Copy };
  Kind kind;
  NodePtr out;
};

// The kernels and copies realizing `targets`, in dependency order. `device`, where given,
// describes the device they run on, for the cuts made for its plans (on the CPU, a
// matmul's right operand stored transposed is copied first).
std::vector<ScheduleItem> schedule(const std::vector<NodePtr>& targets,
                                   const DeviceInfo* device = nullptr);

}  // namespace ingot::engine
