// What the engine has done since the process started: kernels launched and compiled,
// schedules made, JIT inputs copied (for fusion tests and DEBUG summaries).
#pragma once

#include <cstdint>

namespace ingot {

struct EngineStats {
  uint64_t kernels_launched = 0;  // ingot's kernels and custom ones (custom_kernel.hpp)
  uint64_t kernels_compiled = 0;
  uint64_t schedules = 0;
  // Inputs a JIT replay copied into its capture instead of binding them in place
  // (docs/jit-and-export.md says when).
  uint64_t jit_inputs_copied = 0;
};
EngineStats engine_stats();

}  // namespace ingot
