// Lowering one scheduled kernel (its AST: the output node and the fused graph below it)
// to the linear IR, choosing the optimizations (shared/DESIGN.md "codegen").
#pragma once

#include <vector>

#include "codegen/ir.hpp"
#include "codegen/kernel_ast.hpp"

namespace ingot::codegen {

struct Lowered {
  ir::Kernel kernel;
  // The AST's inputs the kernel reads, in the order of its buffers after the output.
  std::vector<int> inputs;
};

// The kernel under the heuristic's choice of optimizations; with `noopt` (NOOPT), under
// none.
Lowered lower(const KernelAst& ast, const DeviceInfo& device, bool noopt);

// Up to `limit` kernels for `ast`, one per plan of optimizations that fits it, the
// heuristic's choice first (what BEAM times); with `noopt`, the one without any.
std::vector<Lowered> lower_candidates(const KernelAst& ast, const DeviceInfo& device, bool noopt,
                                      size_t limit);

}  // namespace ingot::codegen
