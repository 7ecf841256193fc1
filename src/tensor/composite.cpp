// Matmul and the softmax family, written with primitive ops so they fuse.
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "tensor/frontend.hpp"
#include "tensor/matmul_parts.hpp"

namespace ingot {
using namespace frontend;

namespace {

// a [..., n, k] @ b [..., k, m], both at least 2-D and aligned.
Tensor matrix_product(const Tensor& a, const Tensor& b) {
  const int64_t k = a.shape().back();
  Shape batch_a(a.shape().begin(), a.shape().end() - 2),
      batch_b(b.shape().begin(), b.shape().end() - 2);
  Shape batch = broadcast_shapes(batch_a, batch_b, "matmul");
  int64_t n = a.shape()[a.ndim() - 2], m = b.shape().back();
  DType dt = promote_types(a.dtype(), b.dtype());
  // A vector times a matrix (one row of a) on a device with threadgroups is the sum of
  // b's rows scaled by a's elements: a reduction over a leading axis, which the front end
  // splits over its few outputs (reduce.cpp), so the threads share the depth. As a
  // product, each of m threads walked all k rows (vecmat 4096 @ 4096x8191 on the H100:
  // 276 us, PyTorch 49).
  const DeviceInfo& device = Device::get(a.device()).info();
  if (n == 1 && device.threadgroups)
    return (cast(a, dt).transpose(-1, -2) * cast(b, dt)).sum({-2}, true).astype(dt);
  if (int64_t parts = depth_parts(device, shape_numel(batch), n, m, k, dt)) {
    // Part p of the depth as batch entry p: a [..., p, n, depth] @ b [..., p, depth, m],
    // the depth padded with zeros to whole parts (copies, which the plans read as buffers).
    const int64_t depth = (k + parts - 1) / parts, padding = depth * parts - k;
    Tensor pa = a, pb = b;
    if (padding) {
      pa = pad_end(a, a.ndim() - 1, padding).contiguous();
      pb = pad_end(b, b.ndim() - 2, padding).contiguous();
    }
    Shape a_parts = batch_a, b_parts = batch_b;
    a_parts.insert(a_parts.end(), {n, parts, depth});
    b_parts.insert(b_parts.end(), {parts, depth, m});
    const DType part_sum = dtype_size(dt) < 4 ? DType::Float32 : dt;
    return matrix_product(pa.reshape(a_parts).transpose(-3, -2), pb.reshape(b_parts))
        .astype(part_sum)
        .sum({-3})
        .astype(dt);
  }
  // out[..., i, j] = sum_k a[..., i, 1, k] * b^T[..., 1, j, k]
  Shape full = batch;
  full.insert(full.end(), {n, m, k});
  Shape a_shape = batch, b_shape = batch;
  a_shape.insert(a_shape.end(), {n, 1, k});
  b_shape.insert(b_shape.end(), {1, m, k});
  Tensor x = cast(a, dt).unsqueeze(-2).expand(a_shape).expand(full);
  Tensor y = cast(b, dt).transpose(-1, -2).unsqueeze(-3).expand(b_shape).expand(full);
  // Integer sums accumulate in 64 bits; the product keeps the operands' type.
  return (x * y).sum({-1}).astype(dt);
}

}  // namespace

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
  Tensor out = matrix_product(a, b);
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
