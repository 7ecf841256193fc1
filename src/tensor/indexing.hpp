// Helpers shared by the indexing ops (indexing.cpp, scan.cpp, sort.cpp): index tensors
// validated and range-checked, reads at indices (Take nodes), and selection and scatters
// through a one-hot mask and a reduction.
#pragma once

#include <string>

#include "tensor/frontend.hpp"

namespace ingot::frontend {

// Throws unless `idx` is a defined integer tensor on x's device.
void require_indices(const Tensor& x, const Tensor& idx, const char* op);

// Which indices of an axis of `size` an op accepts: [0, size), or [-size, size) where
// negative ones count from the end.
struct IndexRange {
  std::string op;
  int axis;
  int64_t size;
  bool negatives;
};
// Attaches to `out`, a node the op has just made, the check that every element of `idx`
// lies in `range` (index_check.cpp): verified when `out` is realized, before it is computed.
void check_index_range(const Tensor& out, const Tensor& idx, const IndexRange& range);

// The bool mask idx == m for m in [0, n), on a new last axis: shape idx.shape + [n];
// with `negatives`, a negative index counts from the end (idx + n). Give idx broadcast to
// the result's shape already (a view), so that the mask fuses into its consumer.
Tensor one_hot_mask(const Tensor& idx, int64_t n, bool negatives);
// The sum over `axis` of where(mask, x, 0) (broadcast together), in x's dtype: with one
// true per row of the mask, the selected element.
Tensor select_by_mask(const Tensor& x, const Tensor& mask, int axis);
// x read along `axis` at idx (a Take node): on every other axis x and idx have one size
// or one of them 1 (broadcast); with `negatives`, a negative index counts from the end.
// Attach the range check to the result.
Tensor take_node(const Tensor& x, const Tensor& idx, int axis, bool negatives);
// The gradient of x in Take(x, idx, axis) given the result's gradient g: each element's
// gradient added where it was read from (indices in range, counted from the start).
Tensor take_gradient(const Tensor& x, const Tensor& idx, int axis, const Tensor& g);
// Zeros of `shape` plus, at each position idx holds along `axis`, the sum of the elements
// of src there (idx and src of one shape, within `shape` on every other axis): a scatter
// add with repeated indices summed. Indices must be in range (not checked here).
Tensor scatter_sum(const Shape& shape, int axis, const Tensor& idx, const Tensor& src);
// `t` with axis `from` moved to position `to` (both normalized), the others in order.
Tensor move_axis(const Tensor& t, int from, int to);

}  // namespace ingot::frontend
