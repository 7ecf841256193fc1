// The thread pool the CPU backend and the emulated Metal run kernels on: every iteration
// runs exactly once, whoever claims its range, with callers on several threads at once and
// jobs coming faster than the workers wake. Run under ThreadSanitizer by scripts/sanitize.sh.
#include "runtime/thread_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

namespace ingot {
namespace {

// Counts how often each iteration ran; the pool's ranges never overlap, so plain
// increments of distinct elements are no race, and ThreadSanitizer checks that.
struct Tally {
  std::vector<int> runs;
  static void task(void* context, int64_t begin, int64_t end) {
    auto* tally = static_cast<Tally*>(context);
    for (int64_t i = begin; i < end; ++i) ++tally->runs[size_t(i)];
  }
};

void expect_each_once(const Tally& tally) {
  for (size_t i = 0; i < tally.runs.size(); ++i) ASSERT_EQ(tally.runs[i], 1) << "iteration " << i;
}

TEST(ThreadPool, EveryIterationRunsOnceForAnySizeAndGrain) {
  ThreadPool pool(4);
  std::mt19937 rng(7);
  for (int job = 0; job < 500; ++job) {
    int64_t total = std::uniform_int_distribution<int64_t>(0, 3000)(rng);
    int64_t grain = std::uniform_int_distribution<int64_t>(0, 700)(rng);
    Tally tally{std::vector<int>(size_t(total))};
    pool.parallel_for(total, grain, Tally::task, &tally);
    expect_each_once(tally);
  }
}

TEST(ThreadPool, CallersOnSeveralThreadsShareThePool) {
  ThreadPool pool(3);
  std::vector<std::thread> callers;
  std::atomic<int> wrong = 0;
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&, t] {
      for (int job = 0; job < 200; ++job) {
        Tally tally{std::vector<int>(size_t(97 + 31 * t + job))};
        pool.parallel_for(int64_t(tally.runs.size()), 8, Tally::task, &tally);
        for (int runs : tally.runs) wrong += runs != 1;
      }
    });
  }
  for (std::thread& caller : callers) caller.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(ThreadPool, ShutsDownWhileWorkersSleepOrSpin) {
  for (int round = 0; round < 50; ++round) {
    ThreadPool pool(1 + round % 4);
    Tally tally{std::vector<int>(size_t(64))};
    if (round % 2) pool.parallel_for(64, 1, Tally::task, &tally);
    if (round % 2) expect_each_once(tally);
  }
}

}  // namespace
}  // namespace ingot
