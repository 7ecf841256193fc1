// ingot::jit: a function of tensors captured once per input signature and replayed
// (docs/jit-and-export.md).
//
//   ingot::Jit step = ingot::jit([&](const std::vector<Tensor>& in) -> std::vector<Tensor> {
//     return {(in[0].matmul(w) + in[1]).relu()};
//   });
//   std::vector<Tensor> out = step({x, bias});  // first call: runs eagerly, records
//   out = step({x2, bias2});                     // same shapes: replays the launches
//
// The first call for a signature (the inputs' shapes, dtypes and devices) runs the function
// eagerly and records every kernel it launches; later calls of that signature copy the
// inputs into the captured input buffers and replay the launches through the device's
// graph: no scheduling, no codegen, no compilation. Results are new tensors each call.
// Tensors the function reads besides its inputs (weights in a closure) are read at each
// replay, so their current contents count; a variable reassigned to another tensor is not
// seen (the capture holds the buffer it read). Non-tensor values the function reads
// (numbers in the closure) are fixed at capture. Random numbers advance per call, as
// eager calls would draw them.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "ingot/tensor.hpp"

namespace ingot {

class Jit {
 public:
  using Function = std::function<std::vector<Tensor>(const std::vector<Tensor>&)>;
  static constexpr size_t kDefaultMaxCaptures = 8;

  // `max_captures`: how many signatures it captures at most; a call with a new signature
  // beyond them throws Error rather than evicting one (a function called with ever new
  // shapes would otherwise recompile and re-record silently at every call).
  explicit Jit(Function function, size_t max_captures = kDefaultMaxCaptures);

  // Runs the function on `inputs` (defined tensors; lazy ones are realized first): captures
  // on the first call of their signature, replays after. Inside another Jit's capture it
  // runs eagerly, so that the outer capture records its launches. Thread-safe; copies of a
  // Jit share their captures.
  std::vector<Tensor> operator()(const std::vector<Tensor>& inputs) const;

  // How many signatures are captured now.
  size_t captures() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

inline Jit jit(Jit::Function function, size_t max_captures = Jit::kDefaultMaxCaptures) {
  return Jit(std::move(function), max_captures);
}

}  // namespace ingot
