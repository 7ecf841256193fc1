// The timeline of an in-order queue whose backend marks points in its stream with events
// (a CUDA event, an OpenCL marker): values 1, 2, ... signaled in order, each with the
// event recorded at that point. A wait or a poll finds a value's event by its distance
// from the oldest pending one and retires every value up to it. Shared by the backends'
// Queue classes, which supply how to record, wait for and poll their events.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <utility>

#include "ingot/error.hpp"

namespace ingot {

// `Event` is a copyable owner of a backend event (a shared_ptr with its release).
template <class Event>
class EventTimeline {
 public:
  explicit EventTimeline(std::string name) : name_(std::move(name)) {}

  // The next value, its event made by `record()` under the lock, so values follow the
  // order in which their events were recorded.
  uint64_t signal(const std::function<Event()>& record) {
    std::lock_guard lock(mutex_);
    pending_.emplace_back(signaled_ + 1, record());
    return ++signaled_;
  }

  // Blocks until `value` is done. `block(event)` waits outside the lock (others signal
  // and retire meanwhile; the copy keeps the event alive) and throws on the event's
  // error, which is passed on after the value is retired: finished either way.
  void wait(uint64_t value, const std::function<void(const Event&)>& block) {
    std::unique_lock lock(mutex_);
    // An event never recorded has nothing to wait for: a wait would return at once, or
    // never, and claim work done that was never submitted.
    if (value > signaled_)
      throw Error(name_ + " queue: wait(" + std::to_string(value) +
                  ") for a value never signaled (last signaled: " + std::to_string(signaled_) +
                  ")");
    if (value <= completed_) return;
    Event event = pending_[value - pending_.front().first].second;
    lock.unlock();
    std::exception_ptr failure;
    try {
      block(event);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    retire_through(value);
    if (failure) std::rethrow_exception(failure);
  }

  // The last value done, polling the pending events oldest first: `done(event)` is true
  // once the event finished, with or without an error (wait reports errors).
  uint64_t completed(const std::function<bool(const Event&)>& done) const {
    std::lock_guard lock(mutex_);
    while (!pending_.empty() && done(pending_.front().second))
      retire_through(pending_.front().first);
    return completed_;
  }

  // Every value signaled counts as done, its event dropped: the device's state they
  // belonged to is gone (a context reset after a fault).
  void forget() {
    std::lock_guard lock(mutex_);
    retire_through(signaled_);
  }

 private:
  // Drops the events of values up to `value`; the caller holds mutex_.
  void retire_through(uint64_t value) const {
    while (!pending_.empty() && pending_.front().first <= value) pending_.pop_front();
    completed_ = std::max(completed_, value);
  }

  std::string name_;
  mutable std::mutex mutex_;
  uint64_t signaled_ = 0;
  mutable uint64_t completed_ = 0;
  // The values completed_ + 1 ... signaled_, in order, with their events.
  mutable std::deque<std::pair<uint64_t, Event>> pending_;
};

}  // namespace ingot
