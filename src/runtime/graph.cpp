// Graphs: capture checks every launch once for every backend, a replay first makes sure
// every buffer is still alive, and a device without graphs of its own replays its launches
// one by one (LaunchListGraph).
#include <fmt/format.h>

#include <algorithm>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {
namespace {

// The default graph: its launches submitted again in order, each without a host wait.
class LaunchListGraph final : public Graph {
 public:
  LaunchListGraph(Device& device, std::vector<Launch> launches)
      : Graph(device, std::move(launches)) {}

 private:
  void submit(const Buffers& buffers) override {
    for (size_t l = 0; l < launches().size(); ++l) {
      const Launch& launch = launches()[l];
      launch.program->launch(buffers.of(l), launch.dims, launch.scalars, false);
    }
  }
};

}  // namespace

Graph::Buffers::Buffers(const std::vector<Launch>& launches, std::string_view what,
                        std::span<const Binding> bindings)
    : pointers_(launches.size()) {
  std::vector<bool> used(bindings.size());
  for (size_t l = 0; l < launches.size(); ++l) {
    const std::vector<std::weak_ptr<Buffer>>& weak = launches[l].buffers;
    for (size_t b = 0; b < weak.size(); ++b) {
      std::shared_ptr<Buffer> buffer = weak[b].lock();
      if (!buffer)
        throw Error(fmt::format(
            "{}: buffer {} of launch {} was freed; a graph does not own its buffers: keep them "
            "alive from its capture through its last replay",
            what, b, l));
      for (size_t i = 0; i < bindings.size(); ++i)
        if (bindings[i].captured == buffer.get()) {
          buffer = bindings[i].bound;
          used[i] = true;
        }
      pointers_[l].push_back(buffer.get());
      held_.push_back(std::move(buffer));
    }
  }
  for (size_t i = 0; i < bindings.size(); ++i)
    if (!used[i])
      throw ArgumentError(fmt::format(
          "{}: binding {} names a buffer that no launch uses; a binding replaces one of the "
          "graph's own buffers",
          what, i));
}

Graph::Graph(Device& device, std::vector<Launch> launches)
    : device_(device), launches_(std::move(launches)) {}

bool Graph::bindable(const Buffer& buffer, size_t bytes) const {
  return &buffer.device() == &device_ && buffer.bytes() >= bytes &&
         buffer.offset() % std::max(kBindAlignment, device_.info().view_alignment_bytes) == 0;
}

void Graph::replay(std::span<const Binding> bindings) {
  const std::string what = device_.name() + " graph replay";
  // A graph captured before its device was started afresh holds what is gone.
  for (const Launch& launch : launches_)
    if (launch.program->lost())
      throw Error(fmt::format(
          "{}: captured before the device was started afresh after a fault; its kernels and "
          "buffers are gone: capture it again",
          what));
  const size_t alignment = std::max(kBindAlignment, device_.info().view_alignment_bytes);
  for (size_t i = 0; i < bindings.size(); ++i) {
    const Binding& binding = bindings[i];
    if (!binding.captured || !binding.bound)
      throw ArgumentError(fmt::format("{}: binding {} has no {} buffer; both are needed", what, i,
                                      binding.captured ? "bound" : "captured"));
    if (!bindable(*binding.bound, binding.captured->bytes()))
      throw ArgumentError(fmt::format(
          "{}: binding {} gives a buffer of {} bytes at offset {} on {}; a captured buffer of {} "
          "bytes is replaced by one of {} of at least those bytes at an offset that is a "
          "multiple of {}",
          what, i, binding.bound->bytes(), binding.bound->offset(), binding.bound->device().name(),
          binding.captured->bytes(), device_.name(), alignment));
  }
  // Locked first, all of them: one freed since the capture must stop the replay before
  // anything runs.
  Buffers buffers(launches_, what, bindings);
  submit(buffers);
}

std::unique_ptr<Graph> Device::capture(std::vector<Graph::Launch> launches) {
  const std::string what = name() + " graph capture";
  Graph::Buffers buffers(launches, what);
  for (size_t l = 0; l < launches.size(); ++l) {
    const Graph::Launch& launch = launches[l];
    if (!launch.program || &launch.program->device() != this)
      throw Error(fmt::format("{}: launch {} has {}; it must be a program of {}", what, l,
                              launch.program ? "a program of " + launch.program->device().name()
                                             : std::string("no program"),
                              name()));
    try {
      launch.program->check(buffers.of(l), launch.dims, launch.scalars);
    } catch (const Error& e) {
      throw Error(fmt::format("{}: launch {}: {}", what, l, e.what()));
    }
  }
  return make_graph(std::move(launches), buffers);
}

std::unique_ptr<Graph> Device::make_graph(std::vector<Graph::Launch> launches,
                                          const Graph::Buffers&) {
  return std::make_unique<LaunchListGraph>(*this, std::move(launches));
}

}  // namespace ingot
