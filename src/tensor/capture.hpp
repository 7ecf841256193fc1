// One call of a function of tensors run eagerly and recorded (engine/recording.hpp): what
// the JIT replays (jit.cpp) and what an export writes out (export.cpp).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/recording.hpp"
#include "ingot/tensor.hpp"

namespace ingot::frontend {

using TensorFunction = std::function<std::vector<Tensor>(const std::vector<Tensor>&)>;

// What a result tensor is, to wrap a buffer holding it.
struct ResultType {
  DType dtype;
  Shape shape;
  std::string device;
};

struct CapturedCall {
  std::vector<engine::RecordedLaunch> launches;
  std::vector<engine::Refill> refills;
  std::vector<engine::RecordedCheck> checks;  // of the indices the function looked up
  // The buffers the function read its arguments from (copies the capture owns) and the
  // buffers of its results, realized and contiguous.
  std::vector<std::shared_ptr<Buffer>> inputs, results;
  std::vector<ResultType> result_types;
};

// The inputs as realized, contiguous tensors; throws ArgumentError, its message beginning
// with `what` ("jit"), for an undefined one.
std::vector<Tensor> realized_inputs(const std::vector<Tensor>& inputs, std::string_view what);

// Runs `function` on copies of `inputs` (realized, contiguous) under a recording.
CapturedCall capture_call(const TensorFunction& function, const std::vector<Tensor>& inputs,
                          std::string_view what);

std::vector<std::shared_ptr<Buffer>> buffers_of(const std::vector<Tensor>& tensors);

}  // namespace ingot::frontend
