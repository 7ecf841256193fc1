// Workers for the backends that run kernels on the host's cores (the CPU backend, the
// emulated Metal's threadgroups): persistent threads that pick up a launch within about a
// microsecond, because a kernel of a few thousand iterations runs in less time than
// waking a sleeping thread takes.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace ingot {

class ThreadPool {
 public:
  using Task = void (*)(void* context, int64_t begin, int64_t end);

  // `threads` in all, the calling thread of each parallel_for included.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const { return int(workers_.size()) + 1; }

  // Runs task over [0, total) split into at most threads() contiguous ranges of at least
  // `grain` iterations each, on the workers and the calling thread; returns when every
  // range is done. Work below two grains runs inline, without touching the workers.
  void parallel_for(int64_t total, int64_t grain, Task task, void* context);

 private:
  // Range i of a job belongs to worker i, the last range to the caller. A range is run by
  // whoever claims it first for the job's generation: its worker, or the caller once done
  // with its own range, so that a worker the OS has not scheduled delays nothing. Each
  // slot has its own cache line, so claims do not contend.
  struct alignas(64) Slot {
    std::atomic<uint64_t> claimed = 0;   // the last generation that claimed the range
    std::atomic<uint64_t> finished = 0;  // the last generation that finished it
  };

  void work(int index);
  // Waits for a job newer than generation `seen`; returns its job word, or 0 at shutdown.
  uint64_t next_job(uint64_t seen);
  bool claim(int range, uint64_t generation);
  void run(int range, int ranges, uint64_t generation);

  std::vector<std::thread> workers_;
  std::unique_ptr<Slot[]> slots_;
  std::mutex submit_;  // one job at a time: the fields below describe it
  Task task_ = nullptr;
  void* context_ = nullptr;
  int64_t total_ = 0;
  // (generation << 16) | ranges, stored after the fields above.
  alignas(64) std::atomic<uint64_t> job_ = 0;
  std::atomic<int> sleepers_ = 0;
  std::atomic<bool> stop_ = false;
  std::mutex sleep_mutex_;
  std::condition_variable wake_;
};

}  // namespace ingot
