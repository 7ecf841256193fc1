// The OpenCL queue: its timeline is a marker per signal. Graphs are LaunchListGraph
// (runtime/graph.cpp): the queue is in order, so a replay costs one enqueue per kernel
// and no host wait.
#include <fmt/format.h>

#include "backends/opencl/opencl.hpp"

namespace ingot {

ClQueue::ClQueue(const ClContext& cl) : cl_(cl) {}

uint64_t ClQueue::signal() {
  std::lock_guard lock(mutex_);
  cl_event event = nullptr;
  cl_int status = cl().clEnqueueMarkerWithWaitList(cl_.queue, 0, nullptr, &event);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clEnqueueMarkerWithWaitList", cl_.name + " queue signal");
  pending_.emplace_back(++signaled_, ClOwned<cl_event>(event));
  // Submitted work may otherwise wait in the driver, and completed() would never advance.
  if ((status = cl().clFlush(cl_.queue)) != CL_SUCCESS)
    throw cl_error(status, "clFlush", cl_.name + " queue signal");
  return signaled_;
}

void ClQueue::wait(uint64_t value) {
  std::unique_lock lock(mutex_);
  // A marker never enqueued has no event to wait for: the wait would never return.
  if (value > signaled_) {
    throw Error(fmt::format("{} queue: wait({}) for a value never signaled (last signaled: {})",
                            cl_.name, value, signaled_));
  }
  if (value <= completed_) return;
  // Values are consecutive from completed_ + 1, so the event is found by its distance.
  cl_event event = pending_[value - pending_.front().first].second.get();
  cl().clRetainEvent(event);
  ClOwned<cl_event> held(event);  // kept alive while others signal and retire meanwhile
  lock.unlock();
  cl_int status = cl().clWaitForEvents(1, &event);
  lock.lock();
  // Finished, with or without an error: either way the value is behind us.
  retire_through(value);
  if (status != CL_SUCCESS)
    throw cl_error(
        status, "clWaitForEvents",
        fmt::format("{} queue: wait({}), for work submitted before that signal", cl_.name, value));
}

uint64_t ClQueue::completed() const {
  std::lock_guard lock(mutex_);
  while (!pending_.empty()) {
    cl_int execution = 1;  // CL_QUEUED..CL_RUNNING are positive; done is 0, failed negative
    cl().clGetEventInfo(pending_.front().second.get(), CL_EVENT_COMMAND_EXECUTION_STATUS,
                        sizeof execution, &execution, nullptr);
    if (execution > CL_COMPLETE) break;
    retire_through(pending_.front().first);
  }
  return completed_;
}

void ClQueue::retire_through(uint64_t value) const {
  while (!pending_.empty() && pending_.front().first <= value) pending_.pop_front();
  completed_ = std::max(completed_, value);
}

}  // namespace ingot
