#include "backends/cpu/thread_pool.hpp"

#include <algorithm>
#include <chrono>

namespace ingot {
namespace {

// How long an idle thread polls before sleeping: long enough to catch the next launch
// of a stream of small kernels, short enough not to burn a core when the stream ends.
constexpr auto kSpin = std::chrono::microseconds(50);
constexpr int kPartBits = 16;

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
  // Each part's index must fit the job word.
  threads = std::clamp(threads, 1, (1 << kPartBits) - 1);
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
  int64_t parts = std::min<int64_t>(threads(), total / std::max<int64_t>(grain, 1));
  if (parts <= 1) {
    if (total > 0) task(context, 0, total);
    return;
  }
  std::lock_guard lock(submit_);
  task_ = task;
  context_ = context;
  total_ = total;
  pending_.store(int(parts - 1), std::memory_order_relaxed);
  uint64_t generation = (job_.load(std::memory_order_relaxed) >> kPartBits) + 1;
  // Sequentially consistent with the workers' sleepers_ increment: either a worker about
  // to sleep sees this job, or this thread sees the sleeper and wakes it.
  job_.store(generation << kPartBits | uint64_t(parts));
  if (sleepers_.load() > 0) {
    std::lock_guard sleep_lock(sleep_mutex_);
    wake_.notify_all();
  }
  run_part(int(parts - 1), int(parts));
  if (!spin_until([&] { return pending_.load(std::memory_order_acquire) == 0; })) {
    while (int left = pending_.load(std::memory_order_acquire)) pending_.wait(left);
  }
}

void ThreadPool::run_part(int part, int parts) {
  // Even contiguous ranges; each has at least total / parts >= grain iterations.
  int64_t size = total_ / parts, extra = total_ % parts;
  int64_t begin = part * size + std::min<int64_t>(part, extra);
  int64_t end = begin + size + (part < extra ? 1 : 0);
  task_(context_, begin, end);
}

uint64_t ThreadPool::next_job(uint64_t seen) {
  auto is_new = [&] { return (job_.load() >> kPartBits) != seen || stop_; };
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
    seen = job >> kPartBits;
    int parts = int(job & ((1 << kPartBits) - 1));
    if (index >= parts - 1) continue;
    run_part(index, parts);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
  }
}

}  // namespace ingot
