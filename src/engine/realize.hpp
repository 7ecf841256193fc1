// Realizing lazy tensors: schedule, then for each kernel lower, render, compile (once,
// cached in memory and on disk) and launch through the HAL.
#pragma once

#include <vector>

#include "graph/lazy.hpp"
#include "ingot/engine_stats.hpp"

namespace ingot::engine {

void realize(const std::vector<NodePtr>& targets);
EngineStats stats();
// Counts a launch made outside realize() (a custom kernel) in stats().
void count_launch();

}  // namespace ingot::engine
