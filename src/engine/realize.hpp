// Realizing lazy tensors: schedule, then for each kernel lower, render, compile (once,
// cached in memory and on disk) and launch through the HAL.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/lazy.hpp"
#include "ingot/engine_stats.hpp"

namespace ingot::engine {

void realize(const std::vector<NodePtr>& targets);
EngineStats stats();
// Launches made outside realize() (a custom kernel, a JIT replay), counted among
// kernels_launched.
void count_launches(uint64_t launches);
// Inputs a JIT replay copied (EngineStats::jit_inputs_copied).
void count_jit_inputs_copied(uint64_t inputs);

}  // namespace ingot::engine
