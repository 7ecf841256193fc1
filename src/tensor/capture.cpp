#include "tensor/capture.hpp"

#include <fmt/format.h>

#include "ingot/error.hpp"
#include "tensor/frontend.hpp"

namespace ingot::frontend {

std::vector<Tensor> realized_inputs(const std::vector<Tensor>& inputs, std::string_view what) {
  std::vector<Tensor> ready, pending;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i].defined())
      throw ArgumentError(
          fmt::format("{}: input {} is an undefined (default-constructed) Tensor", what, i));
    Tensor c = inputs[i].contiguous();
    if (!c.node()->realized()) pending.push_back(c);
    ready.push_back(c);
  }
  if (!pending.empty()) Tensor::realize_all(pending);
  return ready;
}

std::vector<std::shared_ptr<Buffer>> buffers_of(const std::vector<Tensor>& tensors) {
  std::vector<std::shared_ptr<Buffer>> buffers;
  for (const Tensor& t : tensors) buffers.push_back(t.node()->buffer);
  return buffers;
}

CapturedCall capture_call(const TensorFunction& function, const std::vector<Tensor>& inputs,
                          std::string_view what) {
  // The function reads copies owned by the capture: a replay copies the caller's inputs
  // into them, never into a caller's tensor.
  std::vector<Tensor> owned;
  for (const Tensor& t : inputs) owned.push_back(copy_of(t));
  CapturedCall call;
  // Taken before the function runs: one that assigns to an input moves that tensor onto
  // another buffer, and a replay must still feed the buffer the launches read first.
  call.inputs = buffers_of(owned);
  engine::Recording recording;
  std::vector<Tensor> results = function(owned);
  for (size_t r = 0; r < results.size(); ++r) {
    if (!results[r].defined())
      throw ArgumentError(fmt::format(
          "{}: result {} of the function is an undefined (default-constructed) Tensor", what, r));
    results[r] = results[r].contiguous();
    call.result_types.push_back({results[r].dtype(), results[r].shape(), results[r].device()});
  }
  Tensor::realize_all(results);
  call.launches = recording.take_launches();
  call.refills = recording.take_refills();
  call.checks = recording.take_checks();
  call.results = buffers_of(results);
  return call;
}

}  // namespace ingot::frontend
