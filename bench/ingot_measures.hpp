// ingot's side of the benchmark table: each function times one piece of work on a
// device and says whether its result was right.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ingot/runtime.hpp"

namespace ingot::bench {

struct Timing {
  double seconds = 0;    // best of the runs
  bool correct = false;  // the result matched its known value
};

// A workload made ready to time: inputs realized and kernels compiled, so that each
// call of run_once (returning its seconds) is the work alone. A benchmark can then take
// turns between several workloads, so that all of them meet the same machine conditions.
struct Prepared {
  std::function<double()> run_once;
  std::function<bool()> correct;  // the last run's result matched its known value
};

// Sum of `count` float32 elements (a multiple of 8).
Prepared prepare_sum(Device& device, int64_t count);
Timing time_sum(Device& device, int64_t count, int runs);
// a + b over `count` float32 elements each.
Prepared prepare_add(Device& device, int64_t count);
Timing time_add(Device& device, int64_t count, int runs);
// a b for n x n row-major float32 matrices given on the host; `expected` is the same
// product from another library, compared with a relative tolerance.
Timing time_matmul(Device& device, const std::vector<float>& a, const std::vector<float>& b,
                   const std::vector<float>& expected, int64_t n, int runs);

// A kernel `ingot_bench_kernel` in the device language that runs `statement` (C, using
// x[i] of float* x, its one buffer) for every index i of the launch; the CPU backend's
// kernel ABI in C. For single-launch measurements: compile times, graph replays.
std::string inplace_kernel_source(const std::string& language, const std::string& statement);

struct CompileTiming {
  double compile_seconds = 0;    // a kernel never seen before: compile, store, load
  double cache_hit_seconds = 0;  // the same kernel again: disk cache read, load
};
// Compiles a small kernel in the device's language with a fresh constant, into a fresh
// cache folder (removed afterwards; the previous INGOT_CACHE setting is restored).
CompileTiming time_compile(Device& device);

// Host seconds per call of (x + 1).realize() on a 16-element tensor, once compiled.
double launch_overhead(Device& device, int iterations);

}  // namespace ingot::bench
