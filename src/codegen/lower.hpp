// Lowering one scheduled kernel (its output node and the fused graph below it) to the
// linear IR, choosing the optimizations (shared/DESIGN.md "codegen").
#pragma once

#include <vector>

#include "codegen/ir.hpp"
#include "tensor/lazy.hpp"

namespace ingot::codegen {

struct Lowered {
  ir::Kernel kernel;
  std::vector<NodePtr>
      inputs;  // realized nodes read by the kernel, in buffer order after the output
};

// The kernel under the heuristic's choice of optimizations.
Lowered lower(const NodePtr& out, const DeviceInfo& device);

// Up to `limit` kernels for `out`, one per plan of optimizations that fits it, the
// heuristic's choice first (what BEAM times).
std::vector<Lowered> lower_candidates(const NodePtr& out, const DeviceInfo& device, size_t limit);

}  // namespace ingot::codegen
