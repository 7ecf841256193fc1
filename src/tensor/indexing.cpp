// Indexing by integer tensors: take, gather, take_along_axis, scatter_add, index_add,
// one_hot and embedding. Each compares the indices against a ramp of the indexed axis
// (a one-hot mask) and reduces over it, so it is one fused kernel built of primitive ops,
// with no data-dependent load (an index out of range selects nothing, and the range
// check of index_check.cpp turns it into an Error before anything runs).
#include "tensor/indexing.hpp"

#include <fmt/format.h>

#include <limits>

#include "ingot/error.hpp"

namespace ingot {
using namespace frontend;

namespace frontend {

void require_indices(const Tensor& x, const Tensor& idx, const char* op) {
  if (!x.defined() || !idx.defined())
    throw ArgumentError(std::string(op) + ": undefined tensor operand");
  if (!is_int(idx.dtype()))
    throw ArgumentError(fmt::format(
        "{}: indices must be an integer tensor, got {}{}", op, dtype_name(idx.dtype()),
        idx.dtype() == DType::Bool
            ? " (a mask selects through where(mask, x, other); a result whose shape depends "
              "on the mask's contents is not supported)"
            : ""));
  check_same_device(x, idx, op);
}

Tensor one_hot_mask(const Tensor& idx, int64_t n, bool negatives) {
  // 32-bit comparisons where every index and every position (and index + n) fit in them.
  bool narrow = (dtype_size(idx.dtype()) < 4 || idx.dtype() == DType::Int32) &&
                n <= std::numeric_limits<int32_t>::max() / 2;
  DType dt = narrow ? DType::Int32 : DType::Int64;
  // Broadcast first, then compute: a value computed before a broadcast would be written to
  // memory by a kernel of its own (the scheduler's rule), where this way the whole mask
  // fuses into the reduction that reads it.
  Shape full = idx.shape();
  full.push_back(n);
  Tensor i = cast(idx.unsqueeze(-1).expand(full), dt);
  if (negatives && !is_unsigned_int(idx.dtype())) {
    Tensor zero = constant({}, dt, idx.device(), 0);
    i = Tensor::where(i.lt(zero), i + static_cast<double>(n), i);
  }
  return i.eq(iota({n}, dt, idx.device()));
}

Tensor select_by_mask(const Tensor& x, const Tensor& mask, int axis) {
  // x * mask would turn the unselected infinities and NaNs into NaN; where does not.
  Tensor picked = Tensor::where(mask, x, constant({}, x.dtype(), x.device(), 0));
  return picked.sum({axis}).astype(x.dtype());
}

Tensor move_axis(const Tensor& t, int from, int to) {
  std::vector<int> order;
  for (int i = 0; i < t.ndim(); ++i)
    if (i != from) order.push_back(i);
  order.insert(order.begin() + to, from);
  return t.permute(order);
}

}  // namespace frontend

namespace {

Shape concat(std::initializer_list<Shape> parts) {
  Shape out;
  for (const Shape& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// x's elements along axis `a` at idx (any shape): shape[:a] + idx.shape + shape[a+1:].
Tensor take_impl(const Tensor& x, const Tensor& idx, int axis, bool negatives, const char* op) {
  require_indices(x, idx, op);
  if (x.ndim() == 0)
    throw ArgumentError(std::string(op) + ": a 0-d tensor has no axis to index; reshape it to 1-d");
  int a = normalize_axis(axis, x.ndim(), op);
  int64_t n = x.shape()[a];
  Shape pre(x.shape().begin(), x.shape().begin() + a);
  Shape post(x.shape().begin() + a + 1, x.shape().end());
  // x with the indexed axis last, lined up with the result's axes: pre, 1 per index axis,
  // post, n; the indices as 1 per pre axis, idx's axes, 1 per post axis.
  Tensor xl = move_axis(x, a, x.ndim() - 1).reshape(concat({pre, Shape(idx.ndim(), 1), post, {n}}));
  Tensor il = idx.reshape(concat({Shape(pre.size(), 1), idx.shape(), Shape(post.size(), 1)}))
                  .expand(concat({pre, idx.shape(), post}));
  Tensor out = select_by_mask(xl, one_hot_mask(il, n, negatives), -1);
  check_index_range(out, idx, {op, a, n, negatives});
  return out;
}

// gather of x and idx whose shapes agree except on axis `a`.
Tensor along_axis(const Tensor& x, const Tensor& idx, int a, bool negatives, const char* op) {
  int64_t n = x.shape()[a];
  Tensor xl = move_axis(x, a, x.ndim() - 1).unsqueeze(a);
  Tensor out = select_by_mask(xl, one_hot_mask(idx, n, negatives), -1);
  check_index_range(out, idx, {op, a, n, negatives});
  return out;
}

std::string shapes(const Tensor& x, const Tensor& idx) {
  return "x " + shape_str(x.shape()) + ", index " + shape_str(idx.shape());
}

// The axis of x (and idx, of as many axes) that `op` indexes.
int indexed_axis(const Tensor& x, const Tensor& idx, int axis, const char* op) {
  require_indices(x, idx, op);
  if (x.ndim() == 0 || idx.ndim() != x.ndim())
    throw ArgumentError(fmt::format(
        "{}: the index needs as many axes as x, at least one ({}); use take for an index of "
        "another shape",
        op, shapes(x, idx)));
  return normalize_axis(axis, x.ndim(), op);
}

// Throws unless idx's size on every axis but `a` (every axis: a = -1) is at most `other`'s.
void require_within(const Tensor& idx, const Tensor& other, int a, const char* other_name,
                    const char* op) {
  for (int d = 0; d < idx.ndim(); ++d)
    if (d != a && idx.shape()[d] > other.shape()[d])
      throw ArgumentError(fmt::format(
          "{}: index {} is larger than {} {} on axis {} (an index may be no larger than {} on "
          "{})",
          op, shape_str(idx.shape()), other_name, shape_str(other.shape()), d, other_name,
          a < 0 ? std::string("any axis") : fmt::format("any axis but {}", a)));
}

// The leading part of t whose sizes are `sizes` on every axis but `a`.
Tensor leading_part(const Tensor& t, const Shape& sizes, int a) {
  std::vector<Slice> s;
  for (int d = 0; d < t.ndim(); ++d) s.push_back(d == a ? Slice{} : Slice{0, sizes[d], 1});
  return t.slice(s);
}

Tensor scatter_add_impl(const Tensor& x, int axis, const Tensor& idx, const Tensor& src,
                        const char* op) {
  int a = indexed_axis(x, idx, axis, op);
  check_same_device(x, src, op);
  if (src.ndim() != x.ndim())
    throw ArgumentError(fmt::format("{}: src {} needs as many axes as x {}", op,
                                    shape_str(src.shape()), shape_str(x.shape())));
  require_within(idx, x, a, "x", op);
  require_within(idx, src, -1, "src", op);
  int64_t n = x.shape()[a];
  // contribution[..., m, ...] = sum over j of src[..., j, ...] where idx[..., j, ...] == m.
  // Cast after the selection (in the addition), not before the broadcast (one_hot_mask).
  Tensor s = leading_part(src, idx.shape(), -1).unsqueeze(-1);
  Tensor added = move_axis(select_by_mask(s, one_hot_mask(idx, n, false), a), x.ndim() - 1, a);
  std::vector<std::pair<int64_t, int64_t>> pads;
  for (int d = 0; d < x.ndim(); ++d) pads.push_back({0, x.shape()[d] - added.shape()[d]});
  Tensor out = x.dtype() == DType::Bool ? x.logical_or(added.pad(pads))
                                        : (x + added.pad(pads)).astype(x.dtype());
  check_index_range(out, idx, {op, a, n, false});
  return out;
}

}  // namespace

Tensor Tensor::take(const Tensor& idx, int axis) const {
  return take_impl(*this, idx, axis, true, "take");
}

Tensor Tensor::gather(int axis, const Tensor& idx) const {
  int a = indexed_axis(*this, idx, axis, "gather");
  require_within(idx, *this, a, "x", "gather");
  return along_axis(leading_part(*this, idx.shape(), a), idx, a, false, "gather");
}

Tensor Tensor::take_along_axis(const Tensor& idx, int axis) const {
  int a = indexed_axis(*this, idx, axis, "take_along_axis");
  Shape xs = shape(), is = idx.shape();
  for (int d = 0; d < ndim(); ++d) {
    if (d == a) continue;
    if (xs[d] != is[d] && xs[d] != 1 && is[d] != 1)
      throw ArgumentError(fmt::format(
          "take_along_axis: {} do not broadcast on axis {} ({} vs {}; sizes must match or one "
          "must be 1)",
          shapes(*this, idx), d, xs[d], is[d]));
    xs[d] = is[d] = std::max(xs[d], is[d]);
    if (xs[d] == 0 || is[d] == 0) xs[d] = is[d] = 0;
  }
  return along_axis(expand(xs), idx.expand(is), a, true, "take_along_axis");
}

Tensor Tensor::scatter_add(int axis, const Tensor& idx, const Tensor& src) const {
  return scatter_add_impl(*this, axis, idx, src, "scatter_add");
}

Tensor Tensor::index_add(int axis, const Tensor& idx, const Tensor& src, double alpha) const {
  require_indices(*this, idx, "index_add");
  if (ndim() == 0 || idx.ndim() != 1)
    throw ArgumentError(fmt::format(
        "index_add: needs x with at least one axis and a 1-d index ({}); use scatter_add for "
        "an index of x's shape",
        shapes(*this, idx)));
  int a = normalize_axis(axis, ndim(), "index_add");
  Shape want = shape();
  want[a] = idx.numel();
  if (!src.defined() || src.shape() != want)
    throw ArgumentError(
        fmt::format("index_add: src {} must have shape {} (x {} with the index's "
                    "length {} on axis {})",
                    src.defined() ? shape_str(src.shape()) : "(undefined)", shape_str(want),
                    shape_str(shape()), idx.numel(), a));
  Shape along(ndim(), 1);
  along[a] = idx.numel();
  Tensor scaled = alpha == 1 ? src : src * alpha;
  return scatter_add_impl(*this, a, idx.reshape(along).expand(want), scaled, "index_add");
}

Tensor Tensor::one_hot(int64_t num_classes) const {
  require_indices(*this, *this, "one_hot");
  if (num_classes <= 0)
    throw ArgumentError(
        fmt::format("one_hot: num_classes must be positive, got {} (it cannot be inferred from the "
                    "labels without reading them on the host)",
                    num_classes));
  Tensor out = one_hot_mask(*this, num_classes, false).astype(DType::Int64);
  check_index_range(out, *this, {"one_hot", ndim(), num_classes, false});
  return out;
}

Tensor embedding(const Tensor& weight, const Tensor& idx) {
  if (weight.defined() && weight.ndim() != 2)
    throw ArgumentError("embedding: the weight must be 2-d [num, dim], got shape " +
                        shape_str(weight.shape()));
  return take_impl(weight, idx, 0, false, "embedding");
}

}  // namespace ingot
