// Indexing by integer tensors: take, gather, take_along_axis, scatter_add, index_add,
// one_hot and embedding. Reads at indices (take, gather, take_along_axis, embedding) are
// one Take node: the kernel loads each element where its index says, after the range
// check of index_check.cpp has turned any index out of range into an Error. Writes at
// indices (scatter_add, index_add, the gradient of a Take) and one_hot compare the indices
// against a ramp of the indexed axis (a one-hot mask) and reduce over it: one fused kernel
// of primitive ops, where repeated indices add up without atomics.
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

namespace {

// 32-bit arithmetic where every index and every position (and index + n) fit in it.
DType index_type(const Tensor& idx, int64_t n) {
  bool narrow = (dtype_size(idx.dtype()) < 4 || idx.dtype() == DType::Int32) &&
                n <= std::numeric_limits<int32_t>::max() / 2;
  return narrow ? DType::Int32 : DType::Int64;
}

// The parts one after another: shapes, or lists of axes.
template <class T>
std::vector<T> concat(std::initializer_list<std::vector<T>> parts) {
  std::vector<T> out;
  for (const std::vector<T>& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// idx + n where idx is negative (counting from the end of an axis of n).
Tensor from_end(const Tensor& i, int64_t n) {
  if (is_unsigned_int(i.dtype())) return i;
  Tensor zero = constant({}, i.dtype(), i.device(), 0);
  return Tensor::where(i.lt(zero), i + static_cast<double>(n), i);
}

}  // namespace

Tensor one_hot_mask(const Tensor& idx, int64_t n, bool negatives) {
  DType dt = index_type(idx, n);
  // Broadcast first, then compute: a value computed before a broadcast would be written to
  // memory by a kernel of its own (the scheduler's rule), where this way the whole mask
  // fuses into the reduction that reads it.
  Shape full = idx.shape();
  full.push_back(n);
  Tensor i = cast(idx.unsqueeze(-1).expand(full), dt);
  if (negatives) i = from_end(i, n);
  return i.eq(iota({n}, dt, idx.device()));
}

Tensor take_node(const Tensor& x, const Tensor& idx, int axis, bool negatives) {
  const int64_t n = x.shape()[axis];
  Shape out = idx.shape();
  for (int d = 0; d < x.ndim(); ++d)
    if (d != axis && out[d] == 1) out[d] = x.shape()[d];
  // No index is in range of an empty axis: the range check throws before anything reads.
  if (n == 0) return constant(out, x.dtype(), x.device(), 0);
  // Negative indices count from the end, unless the host knows there are none (an index
  // checked before): then the kernel reads without the correction, and a gather repeated
  // with the same index builds no more nodes than the read.
  const auto range = known_range(*idx.node());
  const bool from_the_end = negatives && !(range && (*range)[0] >= 0);
  Tensor i = from_the_end ? from_end(cast(idx, index_type(idx, n)), n) : idx;
  return wrap(make_node(Op::Take, x.dtype(), out, x.device(), {x.node(), i.node()}, {axis}));
}

Tensor take_gradient(const Tensor& x, const Tensor& idx, int axis, const Tensor& g) {
  const Shape& out = g.shape();
  // Summed: the axis read along, and the axes x is broadcast along (an embedding's tokens);
  // shared: the axes the index is broadcast along (an embedding's row), where its one-hot
  // mask is the same; the others (each of its own) are a batch of products.
  std::vector<int> batch, summed, shared;
  for (int d = 0; d < x.ndim(); ++d) {
    const auto at = static_cast<size_t>(d);
    if (d == axis || (x.shape()[at] == 1 && out[at] > 1))
      summed.push_back(d);
    else if (idx.shape()[at] == 1 && out[at] > 1)
      shared.push_back(d);
    else
      batch.push_back(d);
  }
  // Without a broadcast source, each index is of its own: the one-hot sum over the axis.
  if (summed.size() == 1) return scatter_sum(x.shape(), axis, idx.expand(out), g);
  // grad[batch, m, shared] = the sum over `summed` of onehot(idx)[batch, summed, m] times
  // g[batch, summed, shared]: a matmul (the matrix plans) where the mask's rows are shared
  // (an embedding's gradient: the tokens' one-hot rows times their gradients, not a
  // one-hot sum over the whole table for every element). A NaN or infinity in g then
  // reaches every row of its column, not only the row it was read from.
  auto sizes = [&](const std::vector<int>& axes) {
    int64_t count = 1;
    for (int d : axes) count *= out[static_cast<size_t>(d)];
    return count;
  };
  const int64_t n = x.shape()[static_cast<size_t>(axis)];
  const int64_t groups = sizes(batch), rows = sizes(summed), cols = sizes(shared);
  // The mask over the index's own axes (1 along `shared`), and a last axis of n.
  Shape own = out;
  for (int d : shared) own[static_cast<size_t>(d)] = 1;
  std::vector<int> mask_order = concat({batch, summed, shared});
  mask_order.push_back(x.ndim());
  Tensor mask = one_hot_mask(idx.expand(own), n, false)
                    .astype(g.dtype())
                    .permute(mask_order)
                    .reshape({groups, rows, n});
  Tensor values = g.permute(concat({batch, summed, shared})).reshape({groups, rows, cols});
  Tensor sums = mask.transpose(1, 2).matmul(values);  // [groups, n, cols]
  // Back to x's axes: laid out as batch, the read axis, shared, then the summed ones (1).
  Shape laid;
  for (int d : batch) laid.push_back(out[static_cast<size_t>(d)]);
  laid.push_back(n);
  for (int d : shared) laid.push_back(out[static_cast<size_t>(d)]);
  std::vector<int> layout = concat({batch, {axis}, shared});
  for (int d : summed)
    if (d != axis) {
      laid.push_back(1);
      layout.push_back(d);
    }
  std::vector<int> inverse(layout.size());
  for (size_t i = 0; i < layout.size(); ++i)
    inverse[static_cast<size_t>(layout[i])] = static_cast<int>(i);
  return sums.reshape(laid).permute(inverse);
}

Tensor scatter_sum(const Shape& shape, int axis, const Tensor& idx, const Tensor& src) {
  // sum[..., m, ...] = the sum over j of src[..., j, ...] where idx[..., j, ...] == m.
  Tensor s = src.unsqueeze(-1);
  Tensor sums = move_axis(select_by_mask(s, one_hot_mask(idx, shape[axis], false), axis),
                          idx.ndim() - 1, axis);
  std::vector<std::pair<int64_t, int64_t>> pads;
  for (size_t d = 0; d < shape.size(); ++d) pads.push_back({0, shape[d] - sums.shape()[d]});
  return sums.pad(pads);
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

// x's elements along axis `a` at idx (any shape): shape[:a] + idx.shape + shape[a+1:].
Tensor take_impl(const Tensor& x, const Tensor& idx, int axis, bool negatives, const char* op) {
  require_indices(x, idx, op);
  if (x.ndim() == 0)
    throw ArgumentError(std::string(op) + ": a 0-d tensor has no axis to index; reshape it to 1-d");
  int a = normalize_axis(axis, x.ndim(), op);
  int64_t n = x.shape()[a];
  Shape pre(x.shape().begin(), x.shape().begin() + a);
  Shape post(x.shape().begin() + a + 1, x.shape().end());
  // The result's axes are pre, idx's axes, post: x with the indexed axis last and 1 for
  // each of idx's axes, the indices with 1 for each pre and post axis and the read axis,
  // each broadcast by the Take.
  Tensor xl = move_axis(x, a, x.ndim() - 1).reshape(concat({pre, Shape(idx.ndim(), 1), post, {n}}));
  Tensor il = idx.reshape(concat({Shape(pre.size(), 1), idx.shape(), Shape(post.size(), 1), {1}}));
  Tensor out = take_node(xl, il, xl.ndim() - 1, negatives).squeeze(-1);
  check_index_range(out, idx, {op, a, n, negatives});
  return out;
}

// gather of x and idx whose shapes agree except on axis `a`.
Tensor along_axis(const Tensor& x, const Tensor& idx, int a, bool negatives, const char* op) {
  int64_t n = x.shape()[a];
  Tensor out = take_node(x, idx, a, negatives);
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
  // Cast after the selection (in the addition), not before the broadcast (one_hot_mask).
  Tensor added = scatter_sum(x.shape(), a, idx, leading_part(src, idx.shape(), -1));
  Tensor out = x.dtype() == DType::Bool ? x.logical_or(added) : (x + added).astype(x.dtype());
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
    // A size-1 axis meeting an empty one broadcasts to empty, as in PyTorch.
    xs[d] = is[d] = xs[d] == 0 || is[d] == 0 ? 0 : std::max(xs[d], is[d]);
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
