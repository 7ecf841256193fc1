// Threadgroups on a device that runs none (the CPU): each iteration of the kernel runs one
// group, and the group's threads one after another in loops split at the barriers, so a
// kernel written for threadgroups (KernelBuilder's) computes the same result there.
#pragma once

#include <array>
#include <cstdint>

#include "codegen/ir.hpp"

namespace ingot::codegen {

// `kernel` (GroupIdx and LocalIdx over `groups` x `threads`, barriers only outside every
// If, as KernelBuilder makes it) rewritten for the CPU: one iteration per group, GroupIdx
// decoded from the iteration, the threads' loop closed before each barrier and opened again
// after it, and each value one thread makes before a barrier and uses after it (its
// accumulators too) kept in an array of one slot per thread.
ir::Kernel run_groups_on_host(ir::Kernel kernel, const std::array<int64_t, 3>& groups,
                              const std::array<int64_t, 3>& threads);

}  // namespace ingot::codegen
