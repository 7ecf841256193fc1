// Random programs from a seed: the same seed and options give the same program on every
// machine, so a failure is reported as its seed.
#pragma once

#include <cstdint>

#include "fuzz/program.hpp"

namespace fuzz {

struct GenerateOptions {
  bool float64 = true;      // Metal has no float64
  int64_t max_numel = 512;  // the largest tensor a step may make
  int max_steps = 10;       // operations after the first inputs
};

Program generate(uint64_t seed, const GenerateOptions& options);

}  // namespace fuzz
