// Recording a function's launches for the JIT (include/ingot/jit.hpp,
// docs/jit-and-export.md): while a Recording is alive, realize() on its thread notes every
// kernel it launches with the buffers it ran on, and refuses what a replay could not repeat.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/kernel_cache.hpp"
#include "graph/lazy.hpp"
#include "ingot/runtime.hpp"

namespace ingot::engine {

// One launch as realize() made it. The buffers are held, not weak as in Graph::Launch:
// a recording keeps every buffer its launches touched alive, so that none of them is freed
// and handed to another tensor while a replay may still write it.
struct RecordedLaunch {
  Program* program = nullptr;
  std::shared_ptr<const std::string> source;     // what `program` was compiled from
  std::vector<std::shared_ptr<Buffer>> buffers;  // the output first, then the inputs
  LaunchDims dims;
};

// A buffer the function filled from the host whose contents must be made anew before each
// replay: the key of a random-number call (src/tensor/random.cpp).
struct Refill {
  std::shared_ptr<Buffer> buffer;
  std::function<void(Buffer&)> fill;
};

// A check of the front end (graph/lazy.hpp NodeCheck) that passed at capture: its flag is
// made by a recorded launch, and every replay verifies it again before returning results.
struct RecordedCheck {
  std::shared_ptr<Buffer> flag;
  std::function<void(const Buffer&)> verify;
};

class Recording {
 public:
  // Throws Error when this thread records already (the JIT runs a nested jitted function
  // eagerly inside a capture instead, so that the outer one records its launches).
  Recording();
  ~Recording();
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

  // This thread's recording, or null.
  static Recording* current();

  // realize()'s hook: `kernel` launched on `output` and its inputs among `leaves`.
  void add(const CompiledKernel& kernel, const std::shared_ptr<Buffer>& output,
           const std::vector<NodePtr>& leaves);

  // Throws Error naming `what` (a copy between devices, a custom kernel) when this thread
  // records: the launch list a replay repeats would silently miss it.
  static void refuse(std::string_view what);
  // Notes `buffer` for a refill before each replay; nothing when this thread does not record.
  static void refill(std::shared_ptr<Buffer> buffer, std::function<void(Buffer&)> fill);

  // Notes a verified check for the replays; nothing when this thread does not record.
  static void check(std::shared_ptr<Buffer> flag, std::function<void(const Buffer&)> verify);

  std::vector<RecordedLaunch> take_launches() { return std::move(launches_); }
  std::vector<Refill> take_refills() { return std::move(refills_); }
  std::vector<RecordedCheck> take_checks() { return std::move(checks_); }

 private:
  std::vector<RecordedLaunch> launches_;
  std::vector<Refill> refills_;
  std::vector<RecordedCheck> checks_;
};

}  // namespace ingot::engine
