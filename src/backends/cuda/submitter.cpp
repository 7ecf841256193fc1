#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

#include "backends/cuda/cuda.hpp"
#include "ingot/error.hpp"

namespace ingot::cuda {
namespace {

thread_local bool t_submitting = false;

// How long the thread keeps looking for work before it sleeps: a loop of realizes queues
// a launch every few microseconds, and waking a sleeping thread costs a system call on
// each side.
constexpr auto kSpin = std::chrono::microseconds(200);
// The most launches queued and not yet on the stream: a caller queuing faster than the
// driver launches (a loop of tiny ops) waits here rather than queue without end.
constexpr uint64_t kMostQueued = 512;

}  // namespace

bool CudaSubmitter::enabled() {
  static const bool on = [] {
    const char* blocking = std::getenv("CUDA_LAUNCH_BLOCKING");
    return !blocking || std::strcmp(blocking, "1") != 0;
  }();
  return on;
}

bool CudaSubmitter::on_this_thread() { return t_submitting; }

void CudaSubmitter::enqueue(CUfunction kernel, CudaLaunch ready, const std::string& function,
                            const std::string& launch_name) {
  if (uint64_t queued = queued_.load(std::memory_order_acquire); queued > kMostQueued)
    wait_for(queued - kMostQueued);
  std::lock_guard lock(mutex_);
  if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  pending_.push_back({kernel, std::move(ready), &function, &launch_name});
  queued_.fetch_add(1, std::memory_order_release);
  if (sleeping_) wake_.notify_one();
}

void CudaSubmitter::wait_for(uint64_t queued) const {
  while (submitted_.load(std::memory_order_acquire) < queued) std::this_thread::yield();
}

void CudaSubmitter::drain(std::string_view what) {
  wait_for(queued_.load(std::memory_order_acquire));
  if (!failed_.load(std::memory_order_acquire)) return;
  std::lock_guard lock(mutex_);
  std::string error = std::exchange(error_, {});
  failed_ = false;
  throw Error(fmt::format("{}: an earlier launch failed: {}", what, error));
}

void CudaSubmitter::drain_quietly() noexcept { wait_for(queued_.load(std::memory_order_acquire)); }

void CudaSubmitter::stop() noexcept {
  {
    std::lock_guard lock(mutex_);
    if (!thread_.joinable()) return;
    stopping_ = true;
    wake_.notify_one();
  }
  thread_.join();  // the thread ends once nothing is pending
  std::lock_guard lock(mutex_);
  stopping_ = false;  // a later enqueue starts a thread again
  // A launch another thread queued after the thread's last look would wait for the next
  // enqueue, and a drain for it forever: a thread takes it now.
  if (!pending_.empty()) thread_ = std::thread([this] { run(); });
}

void CudaSubmitter::forget_failures() noexcept {
  std::lock_guard lock(mutex_);
  error_.clear();
  failed_ = false;
}

void CudaSubmitter::run() {
  t_submitting = true;
  uint64_t bound_generation = ~uint64_t{0};
  std::unique_lock lock(mutex_);
  while (true) {
    if (pending_.empty()) {
      if (stopping_) return;
      lock.unlock();
      const auto until = std::chrono::steady_clock::now() + kSpin;
      while (queued_.load(std::memory_order_acquire) ==
                 submitted_.load(std::memory_order_relaxed) &&
             std::chrono::steady_clock::now() < until)
        std::this_thread::yield();
      lock.lock();
      if (pending_.empty() && !stopping_) {
        sleeping_ = true;
        wake_.wait(lock, [&] { return !pending_.empty() || stopping_; });
        sleeping_ = false;
      }
      continue;
    }
    std::deque<Pending> batch;
    batch.swap(pending_);
    lock.unlock();
    for (Pending& launch : batch) {
      submit(launch, bound_generation);
      submitted_.fetch_add(1, std::memory_order_release);
    }
    lock.lock();
  }
}

void CudaSubmitter::submit(Pending& launch, uint64_t& bound_generation) {
  try {
    // After a reset the context is another one: bound again.
    if (bound_generation != cuda_.generation) {
      cuda_.bind_submitter(*launch.launch_name);
      bound_generation = cuda_.generation;
    }
    cuda_.launch(launch.kernel, launch.ready, *launch.function, *launch.launch_name);
  } catch (const std::exception& e) {
    std::lock_guard lock(mutex_);
    if (error_.empty()) error_ = e.what();
    failed_ = true;
  }
}

}  // namespace ingot::cuda
