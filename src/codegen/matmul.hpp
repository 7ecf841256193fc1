// The pieces TC and STAGE kernels are assembled from (matmul_plans.cpp, staging.cpp,
// epilogue.cpp): the operands as read from their buffers, the product's variables, the
// output tile or block with its edges, and STAGE's slices in threadgroup memory.
#pragma once

#include <functional>
#include <initializer_list>
#include <vector>

#include "codegen/index.hpp"

namespace ingot::codegen {

// A matmul operand as TC and STAGE read it: a view of a realized buffer whose rows or
// columns are contiguous. `flat` is its element index in the product's variables,
// `stride` the distance between memory rows, which run along the inner axis when
// `transposed`.
struct MatOperand {
  int buffer;
  DType dtype;
  Expr flat;
  int64_t stride;
  bool transposed;
  Expr outer, inner;  // the product's variables along the operand's rows and columns
};

// The variables of a matmul's product (rows, columns, depth) and its index at output
// tile `at`.
struct MatVars {
  Expr row, col, depth;
  Index product;
};

// The element of operand `op` at its (outer, inner).
inline Expr at_origin(const MatOperand& op, const Expr& outer_at, const Expr& inner_at) {
  return sym::substitute(sym::substitute(op.flat, op.outer->var, outer_at), op.inner->var,
                         inner_at);
}

// A tile or block of out[..., M, N]: its first element, that element's row and column,
// and M and N. Stores past the output's edge are skipped; the guards fold away where
// the blocks cover the output exactly.
struct OutputEdge {
  Expr first, row, col;
  int64_t rows, cols;
  Expr at(const Expr& r, const Expr& c) const {
    return sym::add(first, sym::add(sym::mul(r, cols), c));
  }
  Expr inside(const Expr& r, const Expr& c) const {
    return sym::logical_and(sym::lt(sym::add(row, r), rows), sym::lt(sym::add(col, c), cols));
  }
};

// The tile or block of the output at product index `at` (its rows and columns from
// there on); out[..., M, N] is contiguous.
OutputEdge output_edge(const Index& at, const Shape& full);

// One operand's slice as STAGE copies it: `rows` x `cols` of memory (columns
// contiguous), each thread copying `width` consecutive elements per round. In
// threadgroup array `local`, `pitch` elements a row, the slice keeps the memory's
// layout, or is flipped to its transpose when the multiply wants the other one.
// Copied asynchronously, the array holds two slices (the next one lands while the
// current one multiplies); else `regs` hold the next slice's values in flight.
// Where the operand's extents are not multiples of the slice's, the copies past them
// write zeros, which add nothing to the products. Memory rows that are not whole
// vectors (an odd extent) are copied element by element (`narrow`); a flipped slice is
// loaded a vector at a time and stored lane by lane.
struct StagedSlice {
  MatOperand op;
  DType raw;  // what is copied: the 16-bit types as bits
  int64_t rows, cols, width, pitch, threads;
  int64_t outer_extent, inner_extent;  // the operand's, along its rows and its columns
  bool flip, async, narrow = false;
  int local = -1;
  std::vector<int> regs;

  // Whether threadgroup memory holds the operand's tile transposed (its rows along the
  // inner axis).
  bool transposed() const { return op.transposed != flip; }
  int64_t size() const { return (flip ? cols : rows) * pitch; }
  // The element of threadgroup memory (first slice buffer) that memory's (row, column)
  // of the slice is copied to.
  Expr copied_to(const Expr& mr, const Expr& mc) const {
    return flip ? sym::add(sym::mul(mc, pitch), mr) : sym::add(sym::mul(mr, pitch), mc);
  }
  // The element of threadgroup memory holding the operand's (outer, inner) in slice
  // buffer `stage`.
  Expr at(const Expr& o, const Expr& i, const Expr& stage) const {
    Expr in = transposed() ? sym::add(sym::mul(i, pitch), o) : sym::add(sym::mul(o, pitch), i);
    return sym::add(in, sym::mul(stage, size()));
  }
  // Whether memory's (row, column) of the slice whose first element is the operand's
  // (outer, inner) lies inside the operand; a vector copy lies inside or outside whole.
  Expr inside(const Expr& outer, const Expr& inner, const Expr& mr, const Expr& mc) const {
    const int64_t slice_outer = op.transposed ? cols : rows,
                  slice_inner = op.transposed ? rows : cols;
    Expr o = sym::add(outer, op.transposed ? mc : mr), i = sym::add(inner, op.transposed ? mr : mc);
    return sym::logical_and(outer_extent % slice_outer ? sym::lt(o, outer_extent) : sym::cnst(1),
                            inner_extent % slice_inner ? sym::lt(i, inner_extent) : sym::cnst(1));
  }
  int64_t rounds() const { return rows * cols / (width * threads); }
  // The elements a copy loads: a vector, or one where the rows are narrow.
  int64_t unit() const { return narrow ? 1 : width; }
};

// The slices, `depth` deep, of a matmul's depth K over each of its taps in turn (a sum of
// matmuls over taps, a convolution's; none for a plain matmul): slice s is slice
// s % per_tap of tap s / per_tap. The operands' indices name the taps by `vars`.
struct TapSlices {
  Index vars;
  Shape taps;
  int64_t per_tap, depth;
  int64_t trips() const { return per_tap * shape_numel(taps); }
  // The first depth element of slice `s`, with the operands of `slices` (copies) taking
  // that slice's tap in place of the taps' variables.
  Expr first(const Expr& s, std::initializer_list<StagedSlice*> slices) const {
    if (vars.empty()) return sym::mul(s, depth);
    Index tap = unravel(sym::floordiv(s, per_tap), taps);
    for (StagedSlice* slice : slices)
      for (size_t t = 0; t < vars.size(); ++t)
        slice->op.flat = sym::substitute(slice->op.flat, vars[t]->var, tap[t]);
    return sym::mul(sym::mod(s, per_tap), depth);
  }
};

// How a STAGE block multiplies the slices in threadgroup buffer `stage` into its
// accumulators (emitted in the depth loop), and stores them (after it). The
// accumulators are defined when the block is made, before the loop.
struct StagedBlock {
  std::function<void(const Expr& stage)> multiply;
  std::function<void()> store;
};

}  // namespace ingot::codegen
