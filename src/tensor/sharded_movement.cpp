// Movement ops on sharded tensors: each device moves its shard. The split axis must map
// onto one axis of the result, where every shard's piece stays one contiguous piece of
// the result: a permutation moves it, a reshape may keep it, merge it with the axes after
// it (the pieces grow by their product) or split it into an outer axis and inner ones that
// divide every piece (the pieces shrink by theirs). Anything else is an Error.
#include <numeric>

#include "ingot/error.hpp"
#include "tensor/frontend.hpp"
#include "tensor/sharded_internal.hpp"

namespace ingot {

namespace {

int64_t product(const Shape& s, size_t from, size_t to) {
  return std::accumulate(s.begin() + from, s.begin() + to, int64_t{1}, std::multiplies<>());
}

// `shape` with its one -1 worked out for `numel` elements, checked.
Shape resolved(const Shape& from, const Shape& shape) {
  Shape out = shape;
  int64_t known = 1;
  int unknown = -1;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == -1 && unknown < 0)
      unknown = int(i);
    else if (out[i] < 0)
      throw ArgumentError("reshape: shape " + shape_str(shape) +
                          " has a negative size; one entry may be -1");
    else
      known *= out[i];
  }
  const int64_t numel = shape_numel(from);
  if (unknown >= 0 && known > 0 && numel % known == 0) out[unknown] = numel / known;
  if (shape_numel(out) != numel || (unknown >= 0 && known == 0))
    throw ArgumentError("reshape: cannot reshape a sharded tensor of shape " + shape_str(from) +
                        " to " + shape_str(shape) + "; the element counts must match");
  return out;
}

// Where the split axis lands in `to`, and the factor the pieces scale by (>1: merged with
// following axes, <-1: split by its inverse), or nullopt when it does not map cleanly.
std::optional<std::pair<int, int64_t>> split_axis_after_reshape(const Shape& from, int axis,
                                                                const Shape& to,
                                                                const std::vector<int64_t>& split) {
  const int64_t before = product(from, 0, axis), extent = from[axis];
  for (size_t j = 0; j < to.size(); ++j) {
    if (product(to, 0, j) != before) continue;
    for (size_t m = axis + 1; m <= from.size(); ++m)
      if (extent * product(from, axis + 1, m) == to[j])
        return std::make_pair(int(j), to[j] / extent);
    for (size_t m = j + 1; m <= to.size(); ++m) {
      const int64_t inner = product(to, j + 1, m);
      if (to[j] * inner != extent) continue;
      bool divides = true;
      for (int64_t piece : split) divides &= piece % inner == 0;
      if (divides) return std::make_pair(int(j), -inner);
    }
  }
  return std::nullopt;
}

}  // namespace

ShardedTensor ShardedTensor::reshape(const Shape& shape) const {
  const Shape to = resolved(shape_, shape);
  if (!axis_)
    return sharded::per_shard(
        *this, [&](size_t, const Tensor& s) { return s.reshape(to); }, std::nullopt);
  const std::vector<int64_t> pieces = split();
  auto mapped = split_axis_after_reshape(shape_, *axis_, to, pieces);
  if (!mapped)
    throw ArgumentError("reshape: " + shape_str(shape_) + " split along axis " +
                        std::to_string(*axis_) + " cannot become " + shape_str(to) +
                        ": each device's piece would not be one piece of the result; keep the "
                        "split axis whole, merge it with the axes after it, or split it into "
                        "axes that divide every piece (or reshard first)");
  const auto [axis, factor] = *mapped;
  return sharded::per_shard(
      *this,
      [&](size_t d, const Tensor& s) {
        Shape local = to;
        local[axis] = factor > 0 ? pieces[d] * factor : pieces[d] / -factor;
        return s.reshape(local);
      },
      axis);
}

ShardedTensor ShardedTensor::permute(const std::vector<int>& order) const {
  // Each shard's permute checks the order; the split axis goes where the order puts it.
  std::optional<int> axis = axis_;
  for (size_t j = 0; axis_ && j < order.size(); ++j)
    if (frontend::normalize_axis(order[j], ndim(), "permute") == *axis_) axis = int(j);
  return sharded::per_shard(
      *this, [&](size_t, const Tensor& s) { return s.permute(order); }, axis);
}

ShardedTensor ShardedTensor::transpose(int a, int b) const {
  std::vector<int> order(ndim());
  std::iota(order.begin(), order.end(), 0);
  std::swap(order[frontend::normalize_axis(a, ndim(), "transpose")],
            order[frontend::normalize_axis(b, ndim(), "transpose")]);
  return permute(order);
}

}  // namespace ingot
