// Lowering a node of the lazy graph as the engine does, for the tests that inspect the
// kernel codegen makes for a described device, without running it.
#pragma once

#include "codegen/lower.hpp"
#include "schedule/kernel_description.hpp"

namespace support {

// The heuristic's kernel for `out`, a kernel of the schedule whose inputs are realized.
inline ingot::codegen::Lowered lower(const ingot::NodePtr& out, const ingot::DeviceInfo& device) {
  return ingot::codegen::lower(ingot::engine::describe_kernel(out).ast, device, /*noopt=*/false);
}

}  // namespace support
