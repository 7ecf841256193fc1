// Handing one scheduled kernel to codegen: its fused graph copied, once, into an immutable
// codegen::KernelAst, down to the realized nodes it reads, which become the AST's inputs.
// The engine keeps the nodes behind the inputs to bind their buffers at launch.
#pragma once

#include <vector>

#include "codegen/kernel_ast.hpp"
#include "graph/lazy.hpp"

namespace ingot::engine {

struct KernelDescription {
  codegen::KernelAst ast;
  std::vector<NodePtr> inputs;  // the realized node behind each input of `ast`, in order
};

// The kernel computing `out`: an output of the schedule whose earlier kernels are realized.
KernelDescription describe_kernel(const NodePtr& out);

}  // namespace ingot::engine
