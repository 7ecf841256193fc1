// The sum of one float32 tensor at each of ingot's five kernel levels, timed and checked
// against a float64 host sum (docs/kernel-levels.md walks through the code):
//   1. tensor ops            x.sum()
//   2. the device's language  a kernel of one's own in C, OpenCL C, CUDA or MSL
//   3. ingot's IR             the same algorithm built with ingot::KernelBuilder
//   4. BEAM search            x.sum() with the compiler's choices timed on the device
//   5. assembly               PTX on CUDA, x86-64 assembly on the CPU
//
//   ingot_example_kernel_levels [--device NAME] [--size BYTES] [--runs N] [--beam WIDTH]
// Exits 1 on an error and 2 when a level's sum is wrong.
#include <fmt/core.h>

#include "command_line.hpp"
#include "level_options.hpp"

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{"The sum of one tensor at each of ingot's five kernel levels"};
  kernel_levels::LevelOptions options;
  kernel_levels::add_level_options(app, options);
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    return kernel_levels::print_levels(options) ? 0 : 2;
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
}
