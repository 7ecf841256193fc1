// The CPU backend's budget for one launch: the op suite runs streams of tiny kernels, so
// the thread pool must hand out work in microseconds. A CPU-only property, kept next to
// the suite because it launches the suite's `empty` kernel.
#include <chrono>
#include <cstdio>

#include "cts/kernels.hpp"

namespace ingot::test {
namespace {

// The host cost of one launch, the best of several batches so that a busy machine does
// not decide the figure.
double best_launch_seconds(Program& program, const LaunchDims& dims) {
  double best = 1e9;
  for (int batch = 0; batch < 20; ++batch) {
    const int launches = 500;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < launches; ++i) program.launch({}, dims, {}, false);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, seconds / launches);
  }
  return best;
}

TEST(CpuLaunchCost, TinyLaunchesCostMicroseconds) {
  Device& cpu = Device::get("CPU");
  Program& empty = kernel(cpu, "empty");
  // One iteration runs on the caller; one grain per thread spreads over every thread.
  double inline_cost = best_launch_seconds(empty, linear_dims(1));
  int threads = cpu.info().compute_units;
  double spread_cost = best_launch_seconds(empty, linear_dims(int64_t(threads) * 64, 64));
  std::printf("host time per launch: %.2f us inline, %.2f us on %d threads\n", inline_cost * 1e6,
              spread_cost * 1e6, threads);
  EXPECT_LE(inline_cost, 5e-6);
  // Handing out a range costs a cache-line transfer per thread: 2.4 us for 16 threads on
  // a 16-core Xeon; allow 5 us up to 16 threads and proportionally more beyond.
  EXPECT_LE(spread_cost, 5e-6 * std::max(1.0, threads / 16.0));
}

}  // namespace
}  // namespace ingot::test
