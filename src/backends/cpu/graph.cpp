// The CPU queue: launches are synchronous, so a queue's timeline is complete as soon as
// it is signaled. Graphs are the default one (runtime/graph.cpp).
#include <fmt/format.h>

#include "backends/cpu/cpu.hpp"
#include "ingot/error.hpp"

namespace ingot::cpu {

void CpuQueue::wait(uint64_t value) {
  // On a GPU this wait would never return; here it can say so.
  if (value > signaled_) {
    throw Error(fmt::format("CPU queue: wait({}) for a value never signaled (last signaled: {})",
                            value, signaled_.load()));
  }
}

}  // namespace ingot::cpu
