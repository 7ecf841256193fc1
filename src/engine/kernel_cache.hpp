// Compiled kernels in memory, found by the structure of the fused graph they compute,
// so that a kernel seen before is launched without lowering or rendering again.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "codegen/lower.hpp"
#include "graph/lazy.hpp"
#include "ingot/runtime.hpp"
#include "schedule/kernel_description.hpp"

namespace ingot::engine {

// A loaded kernel and the source it was compiled from, which an export compiles again for
// its library (docs/jit-and-export.md).
struct LoadedKernel {
  std::unique_ptr<Program> program;
  std::shared_ptr<const std::string> source;
};

struct CompiledKernel {
  std::string name;
  std::unique_ptr<Program> program;
  std::shared_ptr<const std::string> source;
  LaunchDims dims;
  // For each buffer after the output, the position of its node among the key's leaves.
  std::vector<int> input_leaves;
  double flops = 0, bytes = 0;
  std::string opts;
};

// A text that is equal for two kernels exactly when they compute the same function of
// their inputs' shapes and types; `leaves` receives the realized inputs in key order.
std::string structural_key(const NodePtr& out, std::vector<NodePtr>& leaves);

// Renders `kernel` in `device`'s language (printing it under DEBUG=3 and 4), compiles it
// through the disk cache and loads it: how every kernel is built, the engine's own and
// those of KernelBuilder (include/ingot/kernel_builder.hpp).
LoadedKernel compile_kernel(const ir::Kernel& kernel, Device& device);

// Renders, compiles (through the disk cache) and loads one lowered kernel of a description
// whose input nodes are `inputs`; those are found among `leaves`.
std::unique_ptr<CompiledKernel> build_kernel(const codegen::Lowered& lowered, Device& device,
                                             const std::vector<NodePtr>& inputs,
                                             const std::vector<NodePtr>& leaves);

// The kernel for `out` on `device`, lowering and compiling it on first use (under BEAM,
// the fastest of the candidates). `cached`, when given, is set to whether it was in
// memory already.
const CompiledKernel& kernel_for(const NodePtr& out, Device& device, const std::string& key,
                                 const std::vector<NodePtr>& leaves, bool* cached = nullptr);

}  // namespace ingot::engine
