#include "engine/replay.hpp"

#include <fmt/format.h>

#include "engine/realize.hpp"
#include "ingot/error.hpp"

namespace ingot::engine {
namespace {

std::shared_ptr<Buffer> copy_of(const Buffer& source) {
  std::shared_ptr<Buffer> copy = source.device().allocator().alloc(source.bytes());
  Allocator::transfer(*copy, source, source.bytes());
  return copy;
}

}  // namespace

Replay::Replay(const std::vector<RecordedLaunch>& recorded, std::vector<Refill> refills,
               std::vector<RecordedCheck> checks, std::vector<std::shared_ptr<Buffer>> inputs,
               std::vector<std::shared_ptr<Buffer>> outputs)
    : inputs_(std::move(inputs)),
      outputs_(std::move(outputs)),
      refills_(std::move(refills)),
      checks_(std::move(checks)),
      launch_count_(recorded.size()) {
  if (recorded.empty()) return;
  Device& device = recorded.front().program->device();
  std::vector<Graph::Launch> launches;
  for (const RecordedLaunch& one : recorded) {
    if (&one.program->device() != &device)
      throw Error(fmt::format(
          "jit: the function launched kernels on {} and on {}; a captured function runs on "
          "one device (move its inputs to one device first)",
          device.name(), one.program->device().name()));
    Graph::Launch launch{one.program, {}, one.dims, {}};
    for (const std::shared_ptr<Buffer>& buffer : one.buffers) {
      launch.buffers.push_back(buffer);
      held_.push_back(buffer);
    }
    launches.push_back(std::move(launch));
  }
  graph_ = device.capture(std::move(launches));
}

std::vector<std::shared_ptr<Buffer>> Replay::run(std::span<const std::shared_ptr<Buffer>> inputs) {
  // Copied in, rather than rebound in the graph: every backend's graph replays as it was
  // captured, and the copy is one queued device copy (docs/jit-and-export.md).
  for (size_t i = 0; i < inputs.size(); ++i)
    Allocator::transfer(*inputs_[i], *inputs[i], inputs_[i]->bytes());
  for (const Refill& refill : refills_) refill.fill(*refill.buffer);
  if (graph_) {
    graph_->replay();
    count_launches(launch_count_);
  }
  for (const RecordedCheck& check : checks_) check.verify(*check.flag);
  return copy_outputs();
}

std::vector<std::shared_ptr<Buffer>> Replay::copy_outputs() const {
  // The results are copied out, so that a tensor returned by one call is never overwritten
  // by the next one.
  std::vector<std::shared_ptr<Buffer>> copies;
  for (const std::shared_ptr<Buffer>& output : outputs_) copies.push_back(copy_of(*output));
  return copies;
}

}  // namespace ingot::engine
