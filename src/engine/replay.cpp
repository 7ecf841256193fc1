#include "engine/replay.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/realize.hpp"
#include "ingot/error.hpp"

namespace ingot::engine {
namespace {

// A new buffer holding the first `bytes` of `source`.
std::shared_ptr<Buffer> copy_of(const Buffer& source, size_t bytes) {
  std::shared_ptr<Buffer> copy = source.device().allocator().alloc(bytes);
  Allocator::transfer(*copy, source, bytes);
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
  for (const std::shared_ptr<Buffer>& input : inputs_) {
    Use use = Use::None;
    for (const RecordedLaunch& one : recorded)
      for (size_t b = 0; b < one.buffers.size(); ++b)
        if (one.buffers[b] == input) use = std::max(use, b == 0 ? Use::Written : Use::Read);
    uses_.push_back(use);
  }
}

std::vector<std::shared_ptr<Buffer>> Replay::run(std::span<const std::shared_ptr<Buffer>> inputs) {
  // `bindings` go to the graph; `sources` also name the inputs no launch uses, which a
  // result may be.
  std::vector<Graph::Binding> bindings, sources;
  uint64_t copied = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Graph::Binding binding{inputs_[i].get(), inputs[i]};
    if (uses_[i] == Use::None) {
      sources.push_back(binding);
    } else if (uses_[i] == Use::Read && graph_->bindable(*inputs[i], inputs_[i]->bytes())) {
      bindings.push_back(binding);
      sources.push_back(binding);
    } else {
      Allocator::transfer(*inputs_[i], *inputs[i], inputs_[i]->bytes());
      ++copied;
    }
  }
  count_jit_inputs_copied(copied);
  for (const Refill& refill : refills_) refill.fill(*refill.buffer);
  if (graph_) {
    graph_->replay(bindings);
    count_launches(launch_count_);
  }
  for (const RecordedCheck& check : checks_) check.verify(*check.flag);
  return copy_outputs(sources);
}

std::vector<std::shared_ptr<Buffer>> Replay::copy_outputs(
    std::span<const Graph::Binding> sources) const {
  // The results are copied out, so that a tensor returned by one call is never overwritten
  // by the next one. A result that is an input not copied in is copied from the caller's.
  std::vector<std::shared_ptr<Buffer>> copies;
  for (const std::shared_ptr<Buffer>& output : outputs_) {
    const Buffer* source = output.get();
    for (const Graph::Binding& binding : sources)
      if (binding.captured == source) source = binding.bound.get();
    copies.push_back(copy_of(*source, output->bytes()));
  }
  return copies;
}

}  // namespace ingot::engine
