// The sum of one float32 tensor written at each of the five levels of seeds'
// "kernel abstraction" walk-through (docs/kernel-levels.md): tensor ops, a kernel in the
// device's language, a kernel built in ingot's own IR, BEAM search, and assembly.
// Each function returns the sum as a one-element float32 tensor on x's device.
#pragma once

#include <ingot/ingot.hpp>
#include <optional>

namespace kernel_levels {

// Level 3: a two-stage sum built with ingot::KernelBuilder (include/ingot/kernel_builder.hpp).
ingot::Tensor sum_with_builder(const ingot::Tensor& x);

// Level 5: PTX on CUDA, the host's assembly on the CPU; nullopt on a device with no
// assembly level (Metal, OpenCL) or a host architecture the example has no code for.
std::optional<ingot::Tensor> sum_with_assembly(const ingot::Tensor& x);

}  // namespace kernel_levels
