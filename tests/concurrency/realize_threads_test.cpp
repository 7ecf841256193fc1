// Several threads realizing tensors at once: the kernel cache in memory and on disk, the
// allocator's cache of freed buffers and the CPU backend's queue are shared by all of
// them. Each thread checks its results against a float64 reference; run under
// ThreadSanitizer by scripts/sanitize.sh, which also sees races that give right answers.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ingot/tensor.hpp"

namespace ingot {
namespace {

// Four threads, each 30 steps of ((x * k).exp() + step).sum(1) on fresh data: the first
// steps compile the same kernels on every thread at once, the later ones find them cached.
TEST(RealizeThreads, SharedKernelsAndBuffersGiveEachThreadItsOwnAnswer) {
  constexpr int kThreads = 4, kSteps = 30, kRows = 13, kCols = 7;
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 rng(static_cast<unsigned>(t));
      std::uniform_real_distribution<float> value(-2, 2);
      for (int step = 0; step < kSteps && failures[size_t(t)].empty(); ++step) {
        std::vector<float> x(kRows * kCols);
        for (float& v : x) v = value(rng);
        double k = 1 + t % 2;  // two threads share each constant, so each kernel
        std::vector<float> got =
            ((Tensor::from_vector(x, {kRows, kCols}, "CPU") * k).exp() + double(step))
                .sum({1})
                .to_vector<float>();
        for (int r = 0; r < kRows; ++r) {
          double want = 0;
          for (int c = 0; c < kCols; ++c)
            want += std::exp(double(x[size_t(r * kCols + c)]) * k) + step;
          if (std::abs(got[size_t(r)] - want) > 1e-5 * std::abs(want) + 1e-5)
            failures[size_t(t)] = "thread " + std::to_string(t) + " step " + std::to_string(step) +
                                  " row " + std::to_string(r) + ": " +
                                  std::to_string(got[size_t(r)]) + " != " + std::to_string(want);
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const std::string& failure : failures) EXPECT_EQ(failure, "");
}

}  // namespace
}  // namespace ingot
