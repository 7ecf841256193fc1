// LaunchListGraph: a captured list of launches, replayed in order.
#include <fmt/format.h>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {

LaunchListGraph::LaunchListGraph(const std::string& device, std::vector<Launch> launches)
    : launches_(std::move(launches)) {
  for (size_t i = 0; i < launches_.size(); ++i)
    if (!launches_[i].program)
      throw Error(fmt::format("{} capture: launch {} has no program", device, i));
}

void LaunchListGraph::replay() {
  // Locked first, all of them: the graph does not own its buffers, and one freed since
  // the capture must stop the replay before anything runs.
  std::vector<std::shared_ptr<Buffer>> held;
  std::vector<std::vector<Buffer*>> buffers(launches_.size());
  for (size_t l = 0; l < launches_.size(); ++l) {
    const auto& weak = launches_[l].buffers;
    for (size_t b = 0; b < weak.size(); ++b) {
      std::shared_ptr<Buffer> buffer = weak[b].lock();
      if (!buffer)
        throw Error(fmt::format(
            "Graph replay: buffer {} of launch {} was freed after capture; keep a graph's "
            "buffers alive while it is replayed",
            b, l));
      buffers[l].push_back(buffer.get());
      held.push_back(std::move(buffer));
    }
  }
  for (size_t l = 0; l < launches_.size(); ++l)
    launches_[l].program->launch(buffers[l], launches_[l].dims, launches_[l].scalars, false);
}

}  // namespace ingot
