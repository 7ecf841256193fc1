#include "runtime/thread_pool.hpp"

#include <algorithm>
#include <chrono>

namespace ingot {
namespace {

// How long an idle thread polls before sleeping: long enough to catch the next launch
// of a stream of small kernels, short enough not to burn a core when the stream ends.
constexpr auto kSpin = std::chrono::microseconds(50);
constexpr int kRangeBits = 16;

uint64_t generation_of(uint64_t job) { return job >> kRangeBits; }
int ranges_of(uint64_t job) { return int(job & ((1 << kRangeBits) - 1)); }

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Polls `done` until it holds or kSpin has passed; reading the clock only every 64
// polls keeps the poll loop tight.
template <class Done>
bool spin_until(Done done) {
  auto deadline = std::chrono::steady_clock::now() + kSpin;
  for (int poll = 1;; ++poll) {
    if (done()) return true;
    cpu_relax();
    if (poll % 64 == 0 && std::chrono::steady_clock::now() > deadline) return false;
  }
}

}  // namespace

ThreadPool::ThreadPool(int threads) {
  threads = std::clamp(threads, 1, (1 << kRangeBits) - 1);
  slots_ = std::make_unique<Slot[]>(size_t(threads));
  for (int i = 0; i + 1 < threads; ++i) workers_.emplace_back([this, i] { work(i); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(sleep_mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& worker : workers_) worker.join();
}

void ThreadPool::parallel_for(int64_t total, int64_t grain, Task task, void* context) {
  int64_t ranges = std::min<int64_t>(threads(), total / std::max<int64_t>(grain, 1));
  if (ranges <= 1) {
    if (total > 0) task(context, 0, total);
    return;
  }
  std::lock_guard lock(submit_);
  task_ = task;
  context_ = context;
  total_ = total;
  uint64_t generation = generation_of(job_.load(std::memory_order_relaxed)) + 1;
  // Sequentially consistent with the workers' sleepers_ increment: either a worker about
  // to sleep sees this job, or this thread sees the sleeper and wakes it.
  job_.store(generation << kRangeBits | uint64_t(ranges));
  if (sleepers_.load() > 0) {
    std::lock_guard sleep_lock(sleep_mutex_);
    wake_.notify_all();
  }
  int last = int(ranges - 1);
  if (claim(last, generation)) run(last, int(ranges), generation);
  for (int range = 0; range < last; ++range)
    if (claim(range, generation)) run(range, int(ranges), generation);
  // Every range is claimed now; wait for those the workers run.
  for (int range = 0; range < last; ++range) {
    std::atomic<uint64_t>& finished = slots_[range].finished;
    if (spin_until([&] { return finished.load(std::memory_order_acquire) == generation; }))
      continue;
    for (uint64_t seen; (seen = finished.load(std::memory_order_acquire)) != generation;)
      finished.wait(seen);
  }
}

bool ThreadPool::claim(int range, uint64_t generation) {
  uint64_t claimed = slots_[range].claimed.load(std::memory_order_relaxed);
  return claimed < generation && slots_[range].claimed.compare_exchange_strong(
                                     claimed, generation, std::memory_order_acq_rel);
}

void ThreadPool::run(int range, int ranges, uint64_t generation) {
  // Even contiguous ranges; each has at least total / ranges >= grain iterations.
  int64_t size = total_ / ranges, extra = total_ % ranges;
  int64_t begin = range * size + std::min<int64_t>(range, extra);
  task_(context_, begin, begin + size + (range < extra ? 1 : 0));
  slots_[range].finished.store(generation, std::memory_order_release);
  slots_[range].finished.notify_one();
}

uint64_t ThreadPool::next_job(uint64_t seen) {
  auto is_new = [&] { return generation_of(job_.load()) != seen || stop_; };
  if (!spin_until(is_new)) {
    std::unique_lock lock(sleep_mutex_);
    ++sleepers_;
    wake_.wait(lock, is_new);
    --sleepers_;
  }
  return stop_ ? 0 : job_.load();
}

void ThreadPool::work(int index) {
  uint64_t seen = 0;
  while (uint64_t job = next_job(seen)) {
    seen = generation_of(job);
    // The claim fails when the caller already took this range, or when this worker woke
    // so late that the job is over (its range then holds a newer generation).
    if (index < ranges_of(job) - 1 && claim(index, seen)) run(index, ranges_of(job), seen);
  }
}

}  // namespace ingot
