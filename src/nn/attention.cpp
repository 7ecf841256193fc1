// Scaled dot-product attention written with matmul, where and softmax: the scores, the
// mask and the softmax fuse as those ops do.
#include <cmath>
#include <limits>
#include <string>

#include "ingot/error.hpp"
#include "ingot/nn.hpp"
#include "nn/describe.hpp"

namespace ingot::nn {

Tensor scaled_dot_product_attention(const Tensor& q, const Tensor& k, const Tensor& v,
                                    const Tensor& mask, bool causal, std::optional<double> scale) {
  const std::string shapes = "q " + nn_text::shape_text(q.shape()) + ", k " +
                             nn_text::shape_text(k.shape()) + " and v " +
                             nn_text::shape_text(v.shape());
  if (q.ndim() < 2 || k.ndim() < 2 || v.ndim() < 2)
    throw ArgumentError("scaled_dot_product_attention: " + shapes +
                        ": each needs at least [length, features]");
  const int64_t features = q.shape().back(), queries = q.shape()[q.ndim() - 2],
                keys = k.shape()[k.ndim() - 2];
  if (k.shape().back() != features)
    throw ArgumentError("scaled_dot_product_attention: " + shapes +
                        ": q and k must have the same last axis (features)");
  if (v.shape()[v.ndim() - 2] != keys)
    throw ArgumentError("scaled_dot_product_attention: " + shapes +
                        ": k and v must have the same second-to-last axis (keys)");
  if (mask.defined() && causal)
    throw ArgumentError("scaled_dot_product_attention: give a mask or causal, not both");
  const double s = scale.value_or(1 / std::sqrt(static_cast<double>(features)));
  Tensor scores = q.matmul(k.transpose(-2, -1)) * s;
  const Tensor minus_inf =
      Tensor::scalar(-std::numeric_limits<double>::infinity(), scores.dtype(), scores.device());
  if (causal) {
    Tensor row = Tensor::arange(0, static_cast<double>(queries), 1, DType::Int32, q.device());
    Tensor col = Tensor::arange(0, static_cast<double>(keys), 1, DType::Int32, q.device());
    scores = Tensor::where(row.reshape({queries, 1}).ge(col.reshape({1, keys})), scores, minus_inf);
  } else if (mask.defined()) {
    if (mask.ndim() < 2 || mask.shape()[mask.ndim() - 2] * mask.shape().back() == 0 ||
        (mask.shape()[mask.ndim() - 2] != 1 && mask.shape()[mask.ndim() - 2] != queries) ||
        (mask.shape().back() != 1 && mask.shape().back() != keys))
      throw ArgumentError("scaled_dot_product_attention: mask of shape " +
                          nn_text::shape_text(mask.shape()) +
                          " does not broadcast to the scores [..., " + std::to_string(queries) +
                          ", " + std::to_string(keys) + "] of " + shapes);
    scores = mask.dtype() == DType::Bool ? Tensor::where(mask, scores, minus_inf) : scores + mask;
  }
  return scores.softmax(-1).matmul(v);
}

}  // namespace ingot::nn
