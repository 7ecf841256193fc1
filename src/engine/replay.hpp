// A recorded function made replayable (the JIT, docs/jit-and-export.md): its launches as
// one graph of their device, with the buffers they need held, replayed on new inputs.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "engine/recording.hpp"
#include "ingot/runtime.hpp"

namespace ingot::engine {

class Replay {
 public:
  // `inputs`: the buffers the function read its arguments from, owned by the capture;
  // `outputs`: the buffers of its results. Throws Error when the launches ran on more than
  // one device.
  Replay(const std::vector<RecordedLaunch>& recorded, std::vector<Refill> refills,
         std::vector<RecordedCheck> checks, std::vector<std::shared_ptr<Buffer>> inputs,
         std::vector<std::shared_ptr<Buffer>> outputs);

  // Replays the launches on `inputs` (one per captured input, of the same sizes and
  // devices), refilling the random keys first, and returns new buffers holding copies of
  // the results. An input is bound in place of the captured one (Graph::Binding) where the
  // graph allows it and no launch writes it, else copied into the captured buffer; one no
  // launch uses is only read where it is a result.
  // All of it is queued on the devices' queues without a host wait, where the backend
  // allows, unless the function checks indices: then the replay waits to read their flags
  // and throws their Error instead of results.
  std::vector<std::shared_ptr<Buffer>> run(std::span<const std::shared_ptr<Buffer>> inputs);
  // New buffers holding copies of the results as they are now.
  std::vector<std::shared_ptr<Buffer>> copy_outputs() const { return copy_outputs({}); }
  size_t launches() const { return launch_count_; }

 private:
  // As copy_outputs(), a result that is a captured input read from its binding's buffer.
  std::vector<std::shared_ptr<Buffer>> copy_outputs(std::span<const Graph::Binding> sources) const;

  std::vector<std::shared_ptr<Buffer>> inputs_, outputs_;
  // What the launches do with each input.
  enum class Use { None, Read, Written };
  std::vector<Use> uses_;
  // Every buffer a launch touches (Graph::Launch holds them weakly), the intermediates
  // among them: none is freed or reused while the capture lives.
  std::vector<std::shared_ptr<Buffer>> held_;
  std::vector<Refill> refills_;
  std::vector<RecordedCheck> checks_;
  std::unique_ptr<Graph> graph_;  // null when the function launched nothing
  size_t launch_count_ = 0;
};

}  // namespace ingot::engine
