// Matmul and the softmax family, written with primitive ops so they fuse.
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

namespace {

// On the CPU a depth at least this long, over fewer outputs than kSplitOutputs, is summed
// in parts.
constexpr int64_t kSplitDepth = 4096, kSplitOutputs = 1 << 14;
// The parts are at least this deep, and at most kMostParts.
constexpr int64_t kPartDepth = 256, kMostParts = 64;
// On devices with threadgroups a group takes a 64 x 64 tile of the output at least (the
// codegen's smaller STAGE block); the parts give each compute unit two tiles where they can.
constexpr int64_t kGroupTile = 64, kTilesPerUnit = 2;

// The parts (a power of two that divides k) a float product of `batch` n x m outputs over
// depth k is summed in, or 0 for one sum. Few outputs each summing a long column of b
// leave most cores or threadgroups idle and walk b across its rows: a batch of `parts`
// shorter products gives each core or group its own outputs, the matmul plans their
// tiles, and a second, short sum adds the parts. On devices with threadgroups that is
// wherever the output has fewer tiles than the device has compute units (H100: 512x3072 @
// 3072x768 in 96 tiles), on the CPU where few outputs sum a long depth. A product into a
// single column (a matrix times a vector) sums rows of a, which the reduction plans already
// share out; one from a single row (a vector times a matrix) is a sum of b's rows on
// devices with threadgroups (matrix_product), and split as a batch of products it ran 2.5x
// slower on the H100 (bench/results/2026-11-25-matmul-layouts-cpu.md).
// Only floats: integer parts would be cut to the operands' type. 16-bit parts are added in
// float32, so that only each part rounds to 16 bits (as PyTorch's split depths accumulate
// in a float32 workspace): ResNet-18's weight gradients, 64 x 64 outputs a tap over a
// depth of 64 x 56 x 56 pixels, were 9 tiles on 132 compute units.
int64_t depth_parts(const DeviceInfo& device, int64_t batch, int64_t n, int64_t m, int64_t k,
                    DType dt) {
  if (!is_float(dt) || n == 1 || m == 1) return 0;
  auto fits = [k](int64_t p) { return k % p == 0 && k / p >= kPartDepth; };
  if (device.threadgroups) {
    const int64_t tiles =
        batch * ((n + kGroupTile - 1) / kGroupTile) * ((m + kGroupTile - 1) / kGroupTile);
    int64_t parts = 0;
    // Past a part that does not fit, no larger power of two fits either.
    for (int64_t p = 2; tiles < device.compute_units && p <= kMostParts && fits(p); p *= 2) {
      parts = p;
      if (tiles * p >= kTilesPerUnit * device.compute_units) break;
    }
    return parts;
  }
  if (batch * n * m >= kSplitOutputs || k < kSplitDepth) return 0;
  for (int64_t p = kMostParts; p >= 2; p /= 2)
    if (fits(p)) return p;
  return 0;
}

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
    // Part p of the depth as batch entry p: a [..., p, n, k / parts] @ b [..., p, k / parts, m].
    Shape a_parts = batch_a, b_parts = batch_b;
    a_parts.insert(a_parts.end(), {n, parts, k / parts});
    b_parts.insert(b_parts.end(), {parts, k / parts, m});
    const DType part_sum = dtype_size(dt) < 4 ? DType::Float32 : dt;
    return matrix_product(a.reshape(a_parts).transpose(-3, -2), b.reshape(b_parts))
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
