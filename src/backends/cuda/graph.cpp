// The CUDA queue: its timeline is an event recorded on the stream per signal. Graphs are
// LaunchListGraph (runtime/graph.cpp) for now: the stream is in order, so a replay costs one
// cuLaunchKernel per kernel and no host wait.
#include <fmt/format.h>

#include "backends/cuda/cuda.hpp"

namespace ingot {

CudaQueue::CudaQueue(const CudaContext& cuda) : cuda_(cuda) {}

uint64_t CudaQueue::signal() {
  std::lock_guard lock(mutex_);
  std::string what = cuda_.name + " queue signal";
  cuda_.bind(what);
  CudaEvent event = cuda_.make_event(CU_EVENT_DISABLE_TIMING, what);
  if (CUresult status = cu().cuEventRecord(event.get(), cuda_.stream); status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventRecord", what);
  pending_.emplace_back(++signaled_, std::move(event));
  return signaled_;
}

void CudaQueue::wait(uint64_t value) {
  std::unique_lock lock(mutex_);
  // An event never recorded has nothing to wait for: the wait would return at once and
  // claim work done that was never submitted.
  if (value > signaled_) {
    throw Error(fmt::format("{} queue: wait({}) for a value never signaled (last signaled: {})",
                            cuda_.name, value, signaled_));
  }
  if (value <= completed_) return;
  // Values are consecutive from completed_ + 1, so the event is found by its distance; a
  // copy of its owner keeps it alive while others signal and retire meanwhile.
  CudaEvent event = pending_[value - pending_.front().first].second;
  lock.unlock();
  CUresult status = cu().cuEventSynchronize(event.get());
  lock.lock();
  // Finished, with or without an error: either way the value is behind us.
  retire_through(value);
  if (status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventSynchronize",
                   fmt::format("{} queue: wait({}), for work submitted before that signal",
                               cuda_.name, value));
}

uint64_t CudaQueue::completed() const {
  std::lock_guard lock(mutex_);
  // CUDA_ERROR_NOT_READY while the work runs; an error also ends it, and wait() reports it.
  while (!pending_.empty() &&
         cu().cuEventQuery(pending_.front().second.get()) != CUDA_ERROR_NOT_READY)
    retire_through(pending_.front().first);
  return completed_;
}

void CudaQueue::retire_through(uint64_t value) const {
  while (!pending_.empty() && pending_.front().first <= value) pending_.pop_front();
  completed_ = std::max(completed_, value);
}

}  // namespace ingot
