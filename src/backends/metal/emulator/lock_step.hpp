// The scheduler of a threadgroup whose threads wait for each other, for either lane
// model (fibers.cpp, lanes.cpp): its lanes run in turn until each reaches a barrier or a
// SIMD-group call, or returns. A simdgroup's call completes when every one of its lanes
// still running has reached one (the lanes that reached a threadgroup barrier or returned
// are inactive for it, as lanes outside a branch are on a GPU); the threadgroup barrier
// opens when every simdgroup is through with its calls and each thread waits at it or
// has returned.
#pragma once

#include <algorithm>
#include <vector>

#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {

enum class LaneState { Ready, AtBarrier, AtExchange, Done };

// The state a lane reached when it called IngotMslThread::sync with `kind`.
inline LaneState waiting_in(int kind) {
  return kind == ingot_sync_threadgroup ? LaneState::AtBarrier : LaneState::AtExchange;
}

// `lanes.state(i)` is lane i's state, `lanes.resume(i)` runs it until it synchronizes
// (its state then set by the sync callback) or returns (state Done). `threads[i]` is its
// record; run_lock_step gives each its simdgroup's exchange bank.
template <class Lanes>
void run_lock_step(Lanes& lanes, IngotMslThread* threads, int count) {
  thread_local std::vector<IngotMslSimd> simds;
  simds.resize((count + kSimdWidth - 1) / kSimdWidth);  // new ones zeroed: round 0
  for (int i = 0; i < count; ++i) threads[i].simd = &simds[i / kSimdWidth];
  for (bool waiting = true; waiting;) {
    for (size_t s = 0; s < simds.size(); ++s) {
      int first = static_cast<int>(s) * kSimdWidth, end = std::min(first + kSimdWidth, count);
      for (;;) {
        unsigned exchanged = 0;
        for (int i = first; i < end; ++i) {
          if (lanes.state(i) == LaneState::Ready) lanes.resume(i);
          if (lanes.state(i) == LaneState::AtExchange) exchanged |= 1u << (i - first);
        }
        if (!exchanged) break;
        IngotMslSimd& simd = simds[s];
        simd.mask[simd.round & 1] = exchanged;
        ++simd.round;
        for (int i = first; i < end; ++i)
          if (lanes.state(i) == LaneState::AtExchange) lanes.state(i) = LaneState::Ready;
      }
    }
    waiting = false;
    for (int i = 0; i < count; ++i)
      if (lanes.state(i) == LaneState::AtBarrier) lanes.state(i) = LaneState::Ready, waiting = true;
  }
}

}  // namespace ingot::metal_emulator
