// Losses: cross entropy through log_softmax and a one-hot made by comparing the targets
// with the class indices; the others elementwise. All reduce as the caller asks.
#include <string>

#include "ingot/error.hpp"
#include "ingot/nn.hpp"
#include "nn/describe.hpp"

namespace ingot::nn {

namespace {

Tensor reduce(const Tensor& loss, Reduction reduction) {
  switch (reduction) {
    case Reduction::Sum:
      return loss.sum();
    case Reduction::None:
      return loss;
    default:
      return loss.mean();
  }
}

void check_same_shape(const Tensor& input, const Tensor& target, const char* op) {
  if (input.shape() != target.shape())
    throw ArgumentError(std::string(op) + ": input of shape " + nn_text::shape_text(input.shape()) +
                        " and target of shape " + nn_text::shape_text(target.shape()) +
                        " must have the same shape");
}

}  // namespace

Tensor cross_entropy(const Tensor& logits, const Tensor& target, Reduction reduction) {
  // The class axis: 0 for one unbatched [C] sample, else 1 ([N, C, d...]).
  const int axis = logits.ndim() == 1 ? 0 : 1;
  Shape expected = logits.shape();
  if (!expected.empty()) expected.erase(expected.begin() + axis);
  if (logits.ndim() == 0 || target.shape() != expected || !is_int(target.dtype()))
    throw ArgumentError("cross_entropy: logits of shape " + nn_text::shape_text(logits.shape()) +
                        " and target of shape " + nn_text::shape_text(target.shape()) + " (" +
                        dtype_name(target.dtype()) +
                        "): the target must hold integer classes, shaped as the logits "
                        "without their class axis (" +
                        std::to_string(axis) + ")");
  const int64_t classes = logits.shape()[axis];
  Shape class_shape(static_cast<size_t>(logits.ndim()), 1);
  class_shape[axis] = classes;
  Tensor ids = Tensor::arange(0, static_cast<double>(classes), 1, target.dtype(), logits.device())
                   .reshape(class_shape);
  Tensor log_p = logits.log_softmax(axis);
  Tensor picked = Tensor::where(target.unsqueeze(axis).eq(ids), log_p, log_p.zeros_like());
  return reduce(-picked.sum({axis}), reduction);
}

Tensor mse_loss(const Tensor& input, const Tensor& target, Reduction reduction) {
  check_same_shape(input, target, "mse_loss");
  return reduce((input - target).square(), reduction);
}

Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, Reduction reduction) {
  check_same_shape(input, target, "binary_cross_entropy");
  Tensor log_p = input.log().clamp(-100.0, std::nullopt);
  Tensor log_q = (1.0 - input).log().clamp(-100.0, std::nullopt);
  return reduce(-(target * log_p + (1.0 - target) * log_q), reduction);
}

Tensor binary_cross_entropy_with_logits(const Tensor& logits, const Tensor& target,
                                        Reduction reduction) {
  check_same_shape(logits, target, "binary_cross_entropy_with_logits");
  // max(x, 0) - x y + log(1 + exp(-|x|)): no overflow for any x.
  Tensor x = logits.astype(float_result(logits.dtype()));
  Tensor loss = x.relu() - x * target + ((-x.abs()).exp() + 1.0).log();
  return reduce(loss, reduction);
}

}  // namespace ingot::nn
