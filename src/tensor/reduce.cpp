// Reductions. Every reduction becomes one primitive reduce node over the given axes;
// a large reduction with few outputs is split in two stages so that the first stage
// has enough independent work for every core (or threadgroup): a full reduction, and
// a reduction over leading axes (column sums), whose outputs are the threads: on the
// CPU over one leading axis that divides evenly, on devices with threadgroups over any
// axes before the last, padded where they do not divide (split_over_outputs).
// On devices with threadgroups a full reduction's parts interleave: at each step the
// groups read neighbouring stretches, so the grid sweeps memory front to back as one
// (on the H100 about 1% more bandwidth than each group streaming its own contiguous
// part: level 1 of bench/results/2026-11-27-h100x4.md).
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

namespace {

constexpr int64_t kSplitThreshold = 1 << 16;
// A split leading-axis reduction gives its first stage at most this many outputs: on the
// CPU, and on devices with threadgroups (split_over_outputs), where 2^21 had cut 4099x3072's
// columns into 256 parts, 28.5 us on the H200, 16.4 in 128 (2^19; bench/results/
// 2026-11-28-h200-s3.md: no row it splits was slower, 2^17 halved some and doubled others).
constexpr int64_t kLeadingStageOutputs = 1 << 21, kGroupLeadingStageOutputs = 1 << 19;
// The elements an interleaved part reads at each step of a full reduction's first stage.
constexpr int64_t kInterleavedStretch = 4096;

// The identity of a reduction, or nullopt where an empty reduction is an error.
std::optional<double> identity(Op op) {
  if (op == Op::ReduceSum) return 0.0;
  if (op == Op::ReduceProd) return 1.0;
  return std::nullopt;
}

// The type a mean or a variance is computed in: float32 for the half-precision types, whose
// result is rounded once at the end, as PyTorch computes them (ResNet-18's batch-norm sum
// of squares over 64 x 112 x 112 pixels overflowed float16 to inf); otherwise the float
// type of the result.
DType statistics_type(DType dtype) {
  return dtype == DType::Float16 || dtype == DType::BFloat16 ? DType::Float32 : float_result(dtype);
}

// Whether `axes` (sorted) are the last axes of a tensor with `ndim` axes.
bool trailing(const std::vector<int>& axes, int ndim) {
  for (size_t i = 0; i < axes.size(); ++i)
    if (axes[i] != ndim - static_cast<int>(axes.size() - i)) return false;
  return true;
}

// Whether `n` is an expanded view (an Expand, maybe reshaped or permuted after): one
// operand of a matmul-like product, repeated along the other operand's axes.
bool broadcast_view(const LazyNode& n) {
  if (n.realized()) return false;
  if (n.op == Op::Expand) return true;
  return (n.op == Op::Reshape || n.op == Op::Permute) && broadcast_view(*n.src[0]);
}

Tensor reduce_node(const Tensor& t, Op op, const std::vector<int>& axes) {
  Shape out = t.shape();
  for (int a : axes) out[a] = 1;
  // A contraction (a product of two broadcast operands) summed over axes that are not
  // the last, as a matmul's gradients sum over its rows or columns, is the sum of the
  // operands' product permuted so that they are: the plans for contractions (TC, STAGE, the
  // vector matmul plans) see a product summed over its trailing axes, and a permute of an
  // operand is a view (on the H100 the tiny transformer's training step 183 -> 116 ms).
  // Other products keep their layout: a sum over a leading axis of a tensor and a
  // broadcast weight (a convolution's taps) reads memory along its outputs as it is.
  const LazyNode& n = *t.node();
  const int ndim = static_cast<int>(t.ndim());
  if (op == Op::ReduceSum && n.op == Op::Mul && !n.realized() && !trailing(axes, ndim) &&
      broadcast_view(*n.src[0]) && broadcast_view(*n.src[1])) {
    std::vector<int> order;
    for (int a = 0; a < ndim; ++a)
      if (std::find(axes.begin(), axes.end(), a) == axes.end()) order.push_back(a);
    order.insert(order.end(), axes.begin(), axes.end());
    Tensor product = Tensor(n.src[0]).permute(order) * Tensor(n.src[1]).permute(order);
    std::vector<int> last(axes.size());
    for (size_t i = 0; i < axes.size(); ++i) last[i] = ndim - static_cast<int>(axes.size() - i);
    return reduce_node(product, op, last).reshape(out);
  }
  return wrap(make_node(op, t.dtype(), std::move(out), t.device(), {t.node()},
                        std::vector<int64_t>(axes.begin(), axes.end())));
}

// The most parts, a power of two from `most` down to `fewest`, that cut `extent` into
// equal stretches of at least `stretch` elements; 0 when none does.
int64_t split_parts(int64_t extent, int64_t most, int64_t fewest, int64_t stretch) {
  for (int64_t p = most; p >= fewest; p /= 2)
    if (extent % p == 0 && extent / p >= stretch) return p;
  return 0;
}

// The value that pads a reduced axis without changing the result, where a double holds it
// exactly in `dtype`: nullopt for the 64-bit integers' min (2^63 - 1 and 2^64 - 1 are no
// doubles). The max's -2^63 is one: argmax's int64 scores over the rows of 3001x4096 are
// split over their few outputs with it.
std::optional<double> padding_identity(Op op, DType dtype) {
  if (std::optional<double> id = identity(op)) return id;
  const bool max = op == Op::ReduceMax;
  if (is_float(dtype))
    return max ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (dtype == DType::Bool) return max ? 0.0 : 1.0;
  const int bits = static_cast<int>(dtype_size(dtype) * 8);
  const bool is_unsigned = is_unsigned_int(dtype);
  if (max) return is_unsigned ? 0.0 : -std::ldexp(1.0, bits - 1);
  if (bits > 32) return std::nullopt;
  return std::ldexp(1.0, is_unsigned ? bits : bits - 1) - 1;
}

// On a device with threadgroups, a reduction over axes before the last (column sums, a
// batch's statistics over N, H, W, a weight's gradient over rows) with few outputs: one
// thread an output would leave most of the GPU idle, each walking a long strided extent.
// One reduced axis is cut into `parts` stretches (padded with the reduction's identity to
// a whole number of them), the first stage reduces every reduced axis within a stretch,
// with the outputs and the stretches as its threads, and the second the parts. The axis
// is the one that gives the most parts, a padding of at most an eighth of it allowed.
// Adjacent reduced axes are not merged into one: the split of a merged axis made every
// index a division and a remainder (sum over axes 0,1 of 96x509x256 on the H100: 336 us
// merged, 92 unsplit). nullopt where it does not pay: enough outputs, a short extent, or
// a padding the dtype cannot hold. A reduction shorter than kShortestSplit stays one walk
// per output: the 64 depth parts of a split matmul's 64 x 64 outputs (skinny long inner on
// the H200) took a second kernel of 5.7 us to save less than that.
std::optional<Tensor> split_over_outputs(const Tensor& t, Op op, const std::vector<int>& axes,
                                         const Shape& out) {
  const int ndim = static_cast<int>(t.ndim());
  const int64_t outputs = shape_numel(out);
  if (axes.back() == ndim - 1 || outputs == 0 || outputs >= kSplitThreshold) return std::nullopt;
  int64_t extent = 1;
  for (int a : axes) extent *= t.shape()[a];
  constexpr int64_t kMostParts = 256, kShortestStretch = 16, kShortestSplit = 256;
  if (extent < kShortestSplit) return std::nullopt;
  const int64_t most =
      std::min({kMostParts, kGroupLeadingStageOutputs / outputs, extent / kShortestStretch});
  int axis = -1;
  int64_t parts = 1;
  for (int a : axes) {
    const int64_t size = t.shape()[a];
    for (int64_t p =
             std::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, std::min(most, size))));
         p > parts; p /= 2) {
      if ((size + p - 1) / p * p - size <= size / 8) {
        axis = a, parts = p;
        break;
      }
    }
  }
  if (parts < 4) return std::nullopt;
  const int64_t size = t.shape()[axis], stretch = (size + parts - 1) / parts;
  Tensor x = t;
  if (stretch * parts != size) {
    std::optional<double> pad = padding_identity(op, t.dtype());
    if (!pad) return std::nullopt;
    x = pad_end(x, axis, stretch * parts - size, *pad);
  }
  Shape split = x.shape();
  split[axis] = stretch;
  split.insert(split.begin() + axis, parts);
  std::vector<int> first;
  for (int a : axes) first.push_back(a < axis ? a : a + 1);
  return reduce_node(reduce_node(x.reshape(split), op, first), op, {axis}).reshape(out);
}

Tensor reduce_keepdim(const Tensor& t, Op op, const std::vector<int>& axes, const char* name);

// On a device with threadgroups, a reduction with few outputs over the last axes and
// axes before them (a batch norm's statistics and their gradients over N, H and W, one
// output a channel) reduces the run of reduced axes at the end first: rows contiguous in
// memory, as many as the other axes hold, which the row plans share out; then the rest,
// a reduction over leading axes. As one reduction each output was one thread (or a small
// group) walking every element of its channel: 14-35 GB/s, 0.2-1.8 ms a statistic of
// ResNet-18's float16 training step on the H200, half the step. nullopt where the axes
// are one run, the run's rows are shorter than a vector's worth of elements, or there are
// outputs enough for two groups a compute unit and a last axis a SIMD group wide: then the
// plans give each output a group along that axis, and the stages' extra kernels cost more
// than they save (var over axes 0 and 2 of 96x509x256 on the H200: 21.5 us in one
// reduction, 67 in stages; ResNet's 512 channels of 7 x 7 pixels took a thread each).
std::optional<Tensor> rows_first(const Tensor& t, Op op, const std::vector<int>& axes,
                                 const Shape& out, const char* name) {
  constexpr int64_t kShortestRow = 16, kGroupsPerUnit = 2;
  const DeviceInfo& device = Device::get(t.device()).info();
  if (axes.back() != static_cast<int>(t.ndim()) - 1 ||
      (shape_numel(out) >= kGroupsPerUnit * device.compute_units &&
       t.shape().back() >= device.shuffle_width))
    return std::nullopt;
  size_t first = axes.size() - 1;
  while (first > 0 && axes[first - 1] == axes[first] - 1) --first;
  std::vector<int> run(axes.begin() + static_cast<int64_t>(first), axes.end()),
      rest(axes.begin(), axes.begin() + static_cast<int64_t>(first));
  int64_t row = 1, others = 1;
  for (int a : run) row *= t.shape()[a];
  for (int a : rest) others *= t.shape()[a];
  if (rest.empty() || row < kShortestRow || others < 2) return std::nullopt;
  return reduce_keepdim(reduce_keepdim(t, op, run, name), op, rest, name);
}

// The first stage of a full reduction of the flat `t` into `parts` partials (flat).
Tensor split_first_stage(const Tensor& t, Op op, int64_t parts) {
  const int64_t extent = t.numel();
  const int64_t step = parts * kInterleavedStretch;
  if (extent % step == 0 && Device::get(t.device()).info().threadgroups)
    return reduce_node(t.reshape({extent / step, parts, kInterleavedStretch}), op, {0, 2})
        .reshape({parts});
  return reduce_node(t.reshape({parts, extent / parts}), op, {1}).reshape({parts});
}

// Reduces `axes` (normalized) keeping them as size 1.
Tensor reduce_keepdim(const Tensor& t, Op op, const std::vector<int>& axes, const char* name) {
  int64_t extent = 1;
  for (int a : axes) extent *= t.shape()[a];
  Shape out = t.shape();
  for (int a : axes) out[a] = 1;
  if (extent == 0) {
    auto id = identity(op);
    if (!id)
      throw ArgumentError(std::string(name) + ": cannot reduce an empty extent (shape " +
                          shape_str(t.shape()) + ") because " + name +
                          " has no identity; reduce a non-empty axis");
    return constant(out, t.dtype(), t.device(), *id);
  }
  if (axes.empty()) return t;
  // A permuted view's reduction is its source's over the same axes, permuted back (a view
  // of the outputs): the split below and the plans then see where the reduced axes lie in
  // memory (the mean of a transposed matrix over its first axis reads rows: it had been
  // split in two stages as a column sum, 24.6 us on the H200 where one reading rows takes
  // 17). Unless that would change what gradients reach, as for reshapes.
  const LazyNode& n = *t.node();
  if (n.op == Op::Permute && view_is_transparent(n)) {
    std::vector<int> source_axes, order(n.arg.begin(), n.arg.end());
    for (int a : axes) source_axes.push_back(order[static_cast<size_t>(a)]);
    std::sort(source_axes.begin(), source_axes.end());
    return reduce_keepdim(Tensor(n.src[0]), op, source_axes, name).permute(order);
  }
  if (shape_numel(out) == 1 && extent >= kSplitThreshold) {
    if (int64_t parts = split_parts(extent, 1024, 16, 1024)) {
      return reduce_node(split_first_stage(t, op, parts), op, {0}).reshape(out);
    }
  }
  if (Device::get(t.device()).info().threadgroups) {
    if (std::optional<Tensor> staged = rows_first(t, op, axes, out, name)) return *staged;
    if (std::optional<Tensor> split = split_over_outputs(t, op, axes, out)) return *split;
    return reduce_node(t, op, axes);
  }
  int last = static_cast<int>(t.ndim()) - 1;
  int64_t outputs = shape_numel(out);
  if (axes.size() == 1 && axes[0] != last && outputs < kSplitThreshold && extent >= 4096) {
    int a = axes[0];
    int64_t most = std::bit_floor(static_cast<uint64_t>(
        std::min<int64_t>(256, kLeadingStageOutputs / std::max<int64_t>(outputs, 1))));
    if (int64_t parts = split_parts(extent, most, 4, 64)) {
      Shape split = t.shape();
      split[a] = extent / parts;
      split.insert(split.begin() + a, parts);
      Tensor staged = reduce_node(t.reshape(split), op, {a + 1});
      return reduce_node(staged, op, {a}).reshape(out);
    }
  }
  return reduce_node(t, op, axes);
}

Shape drop_axes(const Shape& shape, const std::vector<int>& axes) {
  Shape out;
  for (int i = 0; i < static_cast<int>(shape.size()); ++i)
    if (std::find(axes.begin(), axes.end(), i) == axes.end()) out.push_back(shape[i]);
  return out;
}

Tensor reduce(const Tensor& t, Op op, const std::vector<int>& axes_in, bool keepdim,
              const char* name, DType dtype) {
  std::vector<int> axes = normalize_axes(axes_in, t.ndim(), name);
  Tensor r = reduce_keepdim(cast(t, dtype), op, axes, name);
  return keepdim ? r : r.reshape(drop_axes(t.shape(), axes));
}

int64_t extent_of(const Tensor& t, const std::vector<int>& axes_in, const char* name) {
  int64_t n = 1;
  for (int a : normalize_axes(axes_in, t.ndim(), name)) n *= t.shape()[a];
  return n;
}

// The first index along `axis` where `t` equals its reduction `best` (keepdim). max and
// min propagate NaN, so `best` is NaN exactly where the row holds one: then the first
// NaN matches (PyTorch's answer), which eq alone never does (NaN != NaN).
Tensor first_index_of(const Tensor& t, const Tensor& best, int axis) {
  int64_t n = t.shape()[axis];
  Shape along(t.ndim(), 1);
  along[axis] = n;
  // n - i is largest for the first match; the max of it finds the first index. The scores
  // are int32 where the axis fits: twice the lanes of int64 in a vector, one instruction
  // a max on GPUs.
  const DType dt = n <= std::numeric_limits<int32_t>::max() ? DType::Int32 : DType::Int64;
  Tensor countdown = (static_cast<double>(n) - iota({n}, dt, t.device())).reshape(along);
  Tensor match = is_float(t.dtype()) ? t.eq(best).logical_or(t.ne(t)) : t.eq(best);
  Tensor score = Tensor::where(match, countdown, constant({}, dt, t.device(), 0));
  return (static_cast<double>(n) - score.max({axis}, true)).astype(DType::Int64);
}

Tensor arg_reduce(const Tensor& t, std::optional<int> axis, bool keepdim, bool is_max,
                  const char* name) {
  if (!axis) {
    Tensor flat = t.reshape({-1});
    Tensor r = arg_reduce(flat, 0, false, is_max, name);
    return keepdim ? r.reshape(Shape(t.ndim(), 1)) : r;
  }
  int a = normalize_axis(*axis, t.ndim(), name);
  if (t.ndim() == 0) return constant({}, DType::Int64, t.device(), 0);
  if (t.shape()[a] == 0)
    throw ArgumentError(std::string(name) + ": cannot take " + name + " of an empty axis (shape " +
                        shape_str(t.shape()) + ")");
  // The values are compared with their best for equality, so both must be the same bits.
  // A computed float value is realized first: a kernel computing it twice may contract
  // one copy into fused multiply-adds and not the other (NVRTC did, for a linspace: fuzz
  // seed 202899 gave argmin 4 of 4 elements).
  Tensor x = is_float(t.dtype()) && !is_view_of_buffer(t.node().get()) ? t.contiguous() : t;
  Tensor best = is_max ? x.max({a}, true) : x.min({a}, true);
  Tensor idx = first_index_of(x, best, a);
  return keepdim ? idx : idx.squeeze(a);
}

}  // namespace

Tensor Tensor::sum(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, Op::ReduceSum, axes, keepdim, "sum", accumulate_type(dtype()));
}
Tensor Tensor::prod(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, Op::ReduceProd, axes, keepdim, "prod", accumulate_type(dtype()));
}
Tensor Tensor::max(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, Op::ReduceMax, axes, keepdim, "max", dtype());
}
Tensor Tensor::min(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, Op::ReduceMin, axes, keepdim, "min", dtype());
}
Tensor Tensor::mean(const std::vector<int>& axes, bool keepdim) const {
  Tensor x = astype(statistics_type(dtype()));
  return (x.sum(axes, keepdim) / static_cast<double>(extent_of(*this, axes, "mean")))
      .astype(float_result(dtype()));
}
Tensor Tensor::var(const std::vector<int>& axes, bool keepdim, int correction) const {
  Tensor x = astype(statistics_type(dtype()));
  Tensor centered = x - x.mean(axes, true);
  double n = static_cast<double>(extent_of(*this, axes, "var"));
  return ((centered * centered).sum(axes, keepdim) / std::max(n - correction, 0.0))
      .astype(float_result(dtype()));
}
Tensor Tensor::std(const std::vector<int>& axes, bool keepdim, int correction) const {
  return var(axes, keepdim, correction).sqrt();
}
Tensor Tensor::argmax(std::optional<int> axis, bool keepdim) const {
  return arg_reduce(*this, axis, keepdim, true, "argmax");
}
Tensor Tensor::argmin(std::optional<int> axis, bool keepdim) const {
  return arg_reduce(*this, axis, keepdim, false, "argmin");
}
Tensor Tensor::any(const std::vector<int>& axes, bool keepdim) const {
  Tensor nz = astype(DType::Bool);
  if (extent_of(*this, axes, "any") == 0)
    return reduce(nz, Op::ReduceSum, axes, keepdim, "any", DType::Bool);
  return nz.max(axes, keepdim);
}
Tensor Tensor::all(const std::vector<int>& axes, bool keepdim) const {
  Tensor nz = astype(DType::Bool);
  if (extent_of(*this, axes, "all") == 0)
    return reduce(nz, Op::ReduceProd, axes, keepdim, "all", DType::Bool);
  return nz.min(axes, keepdim);
}

}  // namespace ingot
