// The sum of one float32 tensor written at each of the five levels of ingot's kernels
// (docs/kernel-levels.md): tensor ops, a kernel in the device's language, a kernel built in
// ingot's own IR, BEAM search over the compiler's choices, and assembly. Each sum_* returns
// the sum as a one-element float32 tensor on x's device.
#pragma once

#include <cstdint>
#include <functional>
#include <ingot/ingot.hpp>
#include <optional>
#include <string>
#include <vector>

namespace kernel_levels {

// Level 2: ingot::run_custom_kernel with a kernel in C, OpenCL C, CUDA or MSL.
ingot::Tensor sum_in_device_language(const ingot::Tensor& x);

// Level 3: a two-stage sum built with ingot::KernelBuilder (include/ingot/kernel_builder.hpp).
ingot::Tensor sum_with_builder(const ingot::Tensor& x);

// Level 5: PTX on CUDA, the host's assembly on the CPU; nullopt on a device with no
// assembly level (Metal, OpenCL) or a host architecture the example has no code for.
std::optional<ingot::Tensor> sum_with_assembly(const ingot::Tensor& x);

// One level's run: the best of several, checked against a float64 host sum.
struct LevelResult {
  int level = 0;
  std::string what;
  uint64_t kernels = 0;  // kernels launched by one run
  double seconds = 0;    // the best run, the device synchronized
  double relative_error = 0;
};

struct LevelOptions {
  std::string device;       // "" is the default device
  int64_t bytes = 0;        // of float32 input; 0 picks 1 GiB, or 64 MiB on an emulated device
  int runs = 5;             // rounds; each level's time is its best
  int batch = 4;            // calls of a level queued back to back in one timed run
  int beam = 4;             // BEAM's width at level 4
  double tolerance = 1e-5;  // the largest relative error that passes
};

// The input's size in bytes `options` asks for on `device` (its default made concrete).
int64_t input_bytes(const LevelOptions& options, const ingot::Device& device);

// Sums one random tensor of `options.bytes` at every level the device has, in
// `options.runs` rounds of one run of each level; `each_round`, when given, is called
// before each round (a benchmark measures its reference there, under the same conditions).
std::vector<LevelResult> run_levels(const LevelOptions& options,
                                    const std::function<void()>& each_round = {});

// Runs the levels and prints their table in markdown; returns whether every level's
// error is within the tolerance.
bool print_levels(const LevelOptions& options);

}  // namespace kernel_levels
