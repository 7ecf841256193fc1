// Matmul and the softmax family, written with primitive ops so they fuse.
#include "ingot/error.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

Tensor Tensor::matmul(const Tensor& other) const {
  if (ndim() == 0 || other.ndim() == 0)
    throw ArgumentError("matmul: both operands need at least one axis, got shapes " +
                        shape_str(shape()) + " and " + shape_str(other.shape()));
  check_same_device(*this, other, "matmul");
  Tensor a = ndim() == 1 ? unsqueeze(0) : *this;
  Tensor b = other.ndim() == 1 ? other.unsqueeze(1) : other;
  int64_t k = a.shape().back(), kb = b.shape()[b.ndim() - 2];
  if (k != kb)
    throw ArgumentError("matmul: shapes " + shape_str(shape()) + " and " +
                        shape_str(other.shape()) + " are not aligned: " + std::to_string(k) +
                        " (last axis of the first) != " + std::to_string(kb) +
                        " (second-to-last axis of the second)");
  Shape batch_a(a.shape().begin(), a.shape().end() - 2),
      batch_b(b.shape().begin(), b.shape().end() - 2);
  Shape batch = broadcast_shapes(batch_a, batch_b, "matmul");
  int64_t n = a.shape()[a.ndim() - 2], m = b.shape().back();
  DType dt = promote_types(dtype(), other.dtype());
  // out[..., i, j] = sum_k a[..., i, 1, k] * b^T[..., 1, j, k]
  Shape full = batch;
  full.insert(full.end(), {n, m, k});
  Shape a_shape = batch, b_shape = batch;
  a_shape.insert(a_shape.end(), {n, 1, k});
  b_shape.insert(b_shape.end(), {1, m, k});
  Tensor x = cast(a, dt).unsqueeze(-2).expand(a_shape).expand(full);
  Tensor y = cast(b, dt).transpose(-1, -2).unsqueeze(-3).expand(b_shape).expand(full);
  // Integer sums accumulate in 64 bits; the product keeps the operands' type.
  Tensor out = (x * y).sum({-1}).astype(dt);
  if (ndim() == 1) out = out.squeeze(-2);
  if (other.ndim() == 1) out = out.squeeze(-1);
  return out;
}

// The shifted input x - max(x) is built twice on purpose: one copy feeds the sum, the
// other the final division, so neither is a shared intermediate that would have to be
// written to memory; the row-wise softmax is three kernels (max, sum, normalize).
Tensor Tensor::softmax(int axis) const {
  int a = normalize_axis(axis, ndim(), "softmax");
  Tensor x = astype(float_result(dtype()));
  if (numel() == 0) return x;  // nothing to normalize (an empty axis has no max)
  Tensor m = x.max({a}, true);
  Tensor denominator = (x - m).exp().sum({a}, true);
  return (x - m).exp() / denominator;
}

Tensor Tensor::log_softmax(int axis) const {
  int a = normalize_axis(axis, ndim(), "log_softmax");
  Tensor x = astype(float_result(dtype()));
  if (numel() == 0) return x;  // as softmax
  Tensor m = x.max({a}, true);
  Tensor log_denominator = (x - m).exp().sum({a}, true).log();
  return x - m - log_denominator;
}

}  // namespace ingot
