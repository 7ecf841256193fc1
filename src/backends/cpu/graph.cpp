// CPU graphs and the queue: launches are synchronous, so a graph is the list of its
// launches replayed in order and a queue's timeline is complete as soon as it is signaled.
#include <fmt/format.h>

#include "backends/cpu/cpu.hpp"
#include "ingot/error.hpp"

namespace ingot {

CpuGraph::CpuGraph(std::vector<Launch> launches) : launches_(std::move(launches)) {
  for (size_t i = 0; i < launches_.size(); ++i)
    if (!launches_[i].program) throw Error(fmt::format("CPU capture: launch {} has no program", i));
}

void CpuGraph::replay() {
  // Every buffer is checked before the first launch runs, so a graph with a freed
  // buffer throws having run nothing.
  std::vector<std::shared_ptr<Buffer>> held;
  std::vector<std::vector<Buffer*>> buffers;
  buffers.reserve(launches_.size());
  for (size_t i = 0; i < launches_.size(); ++i) buffers.push_back(launches_[i].lock(i, held));
  for (size_t i = 0; i < launches_.size(); ++i) {
    const Launch& launch = launches_[i];
    launch.program->launch(buffers[i], launch.dims, launch.scalars, false);
  }
}

void CpuQueue::wait(uint64_t value) {
  // On a GPU this wait would never return; here it can say so.
  if (value > signaled_) {
    throw Error(fmt::format("CPU queue: wait({}) for a value never signaled (last signaled: {})",
                            value, signaled_.load()));
  }
}

}  // namespace ingot
