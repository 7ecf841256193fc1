// Lowering a node of the lazy graph as the engine does, for the tests that inspect the
// kernel codegen makes for a described device, without running it.
#pragma once

#include "codegen/lower.hpp"
#include "ingot/tensor.hpp"
#include "schedule/kernel_description.hpp"

namespace support {

// A CPU tensor that is never realized: an input of the graphs these tests lower.
inline ingot::Tensor input(const ingot::Shape& shape, ingot::DType dtype = ingot::DType::Float32) {
  return ingot::Tensor::empty(shape, dtype, "CPU");
}

// The heuristic's kernel for `out`, a kernel of the schedule whose inputs are realized.
inline ingot::codegen::Lowered lower(const ingot::NodePtr& out, const ingot::DeviceInfo& device) {
  return ingot::codegen::lower(ingot::engine::describe_kernel(out).ast, device, /*noopt=*/false);
}

}  // namespace support
