// Wall-clock timing shared by the `ingot` CLI and the benchmarks.
#pragma once

#include <chrono>
#include <limits>

namespace ingot::timing {

// Seconds since an arbitrary start, from a monotonic clock.
inline double now() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

// The fastest of `runs` calls of `work`, in seconds. The minimum is the run least
// disturbed by other processes, page faults and cold caches, so it is the figure that
// repeats from one run of a benchmark to the next.
template <class Work>
double best_of(int runs, Work&& work) {
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < runs; ++i) {
    double start = now();
    work();
    double elapsed = now() - start;
    if (elapsed < best) best = elapsed;
  }
  return best;
}

}  // namespace ingot::timing
