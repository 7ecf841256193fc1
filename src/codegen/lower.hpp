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

Lowered lower(const NodePtr& out, const DeviceInfo& device);

}  // namespace ingot::codegen
