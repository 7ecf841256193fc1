// BEAM=n (shared/DESIGN.md "codegen"): up to n candidate kernels of one fused graph, each
// compiled and timed on the device with the graph's real inputs and a scratch output, and
// the fastest kept. The winner is stored in the disk cache under the device and the
// graph's structure, so that a later process compiles only it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/kernel_cache.hpp"

namespace ingot::engine {

std::unique_ptr<CompiledKernel> beam_search(const KernelDescription& kernel, Device& device,
                                            const std::string& key,
                                            const std::vector<NodePtr>& leaves, int width);

}  // namespace ingot::engine
