// One threadgroup's threads as C++20 coroutines on the calling host thread, scheduled in
// lock-step (lock_step.hpp): the lanes of a kernel the coroutine rewrite reached
// (msl_lanes.cpp). A lane suspends in a barrier or SIMD-group call after recording its
// innermost frame (`leaf`) and the call's kind; resuming it is one indirect call into that
// frame, on the host thread's own stack: no stack per lane, no switch of stacks. The
// frames live in the library's free lists (msl_header_lanes.cpp).
#include <coroutine>
#include <vector>

#include "backends/metal/emulator/lock_step.hpp"
#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {
namespace {

// The host thread's free coroutine frames, shared by every library it runs (a frame is
// raw memory of its size class), freed when the thread ends.
class HostFrames {
 public:
  HostFrames() = default;
  HostFrames(const HostFrames&) = delete;
  HostFrames& operator=(const HostFrames&) = delete;
  ~HostFrames() {
    for (void* p : frames_.head)
      while (p) {
        void* next = *static_cast<void**>(p);
        ::operator delete(p);
        p = next;
      }
  }
  IngotMslFrames* get() { return &frames_; }

 private:
  IngotMslFrames frames_{};
};

HostFrames& host_frames() {
  thread_local HostFrames frames;
  return frames;
}

void coroutine_on_sync(IngotMslThread* thread, int kind) {
  *static_cast<LaneState*>(thread->runner) = waiting_in(kind);
}

class Coroutines {
 public:
  Coroutines(const KernelEntries& entries, IngotMslThread* threads, int count)
      : threads_(threads), current_(entries.bind(host_frames().get())) {
    thread_local std::vector<LaneState> states;
    thread_local std::vector<void*> tasks;
    states.assign(count, LaneState::Ready);
    tasks.resize(count);
    states_ = states.data();
    tasks_ = tasks.data();
    for (int i = 0; i < count; ++i) {
      threads[i].runner = &states_[i];
      threads[i].sync = coroutine_on_sync;
      threads[i].leaf = tasks_[i] = entries.lane(&threads[i]);
    }
  }
  LaneState& state(int i) { return states_[i]; }
  // A lane that returns from its kernel calls no sync: it is done, and its task's frame
  // goes back to the free lists (the frames of its calls went when each returned).
  void resume(int i) {
    states_[i] = LaneState::Done;
    *current_ = &threads_[i];
    std::coroutine_handle<>::from_address(threads_[i].leaf).resume();
    if (states_[i] == LaneState::Done) std::coroutine_handle<>::from_address(tasks_[i]).destroy();
  }

 private:
  IngotMslThread* threads_;
  IngotMslThread** current_;  // the library's ingot_msl::current on this host thread
  LaneState* states_;
  void** tasks_;
};

}  // namespace

void run_group_as_coroutines(const KernelEntries& entries, IngotMslThread* threads, int count) {
  Coroutines lanes(entries, threads, count);
  run_lock_step(lanes, threads, count);
}

}  // namespace ingot::metal_emulator
