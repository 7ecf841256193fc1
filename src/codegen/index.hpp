// Index arithmetic on views: an element's index as symbolic expressions per axis, flat
// row-major indices and back, and the index maps of movement ops, composed from a node's
// index down to its source's.
#pragma once

#include <algorithm>
#include <vector>

#include "codegen/kernel_ast.hpp"
#include "codegen/symbolic.hpp"

namespace ingot::codegen {

using sym::Expr;
using Index = std::vector<Expr>;

// The row-major flat index of `idx` in `shape`.
Expr flat_index(const Index& idx, const Shape& shape);
// The index in `shape` of row-major flat index `flat`.
Index unravel(const Expr& flat, const Shape& shape);

// `idx` read from a source of shape `from` broadcast to it: 0 along the source's size-1 axes.
Index broadcast_from(const Index& idx, const Shape& from);
// Maps an index of movement node `n` to an index of its source; narrows `guard` where
// the node pads.
Index through_movement(const AstNode* n, const Index& idx, Expr& guard);
// The buffer `n` is a view of through movement ops (and contiguous copies, where
// `through_contiguous`), with `idx` and `guard` mapped down to it; nullptr where another op
// lies between.
const AstNode* viewed_buffer(const AstNode* n, Index& idx, Expr& guard, bool through_contiguous);

inline int64_t ceil_div(int64_t n, int64_t d) { return (n + d - 1) / d; }
inline int64_t round_up(int64_t n, int64_t m) { return ceil_div(std::max<int64_t>(n, 1), m) * m; }

}  // namespace ingot::codegen
