// Realizing lazy tensors: schedule, then for each kernel lower, render, compile (once,
// cached in memory and on disk) and launch through the HAL.
#pragma once

#include <vector>

#include "ingot/tensor.hpp"
#include "tensor/lazy.hpp"

namespace ingot::engine {

void realize(const std::vector<NodePtr>& targets);
EngineStats stats();

}  // namespace ingot::engine
