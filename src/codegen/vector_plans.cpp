#include "codegen/vector_plans.hpp"

namespace ingot::codegen {
namespace {

// The last axis before `axis` longer than 1, or -1.
int axis_before(const Shape& shape, int axis) {
  for (int a = axis - 1; a >= 0; --a)
    if (shape[static_cast<size_t>(a)] > 1) return a;
  return -1;
}

// Unrolls output axis `axis` of `shape` (when there is one) into a register tile of
// `plan`'s lanes by the largest of `factors` it holds; an axis the factor does not
// divide ends in a tile overlapping the one before (tiles.cpp).
void unroll_by(Plan& plan, const Shape& shape, int axis, std::initializer_list<int> factors,
               bool second = false) {
  if (axis < 0) return;
  for (int u : factors)
    if (shape[static_cast<size_t>(axis)] >= u) {
      (second ? plan.unroll2 : plan.unroll) = u;
      (second ? plan.unroll2_axis : plan.unroll_axis) = axis;
      return;
    }
}

}  // namespace

// UNROLL: reduction `r`'s last axis as `width` lanes.
Plan reduce_lanes(const AstNode* r, int width) {
  Plan p;
  p.width = width;
  p.vector_reduce = r;
  p.strict = true;
  return p;
}

// UPCAST: output axis `axis` as `width` lanes.
Plan output_lanes(int axis, int width) {
  Plan p;
  p.width = width;
  p.vector_output = true;
  p.lane_axis = axis;
  p.strict = true;
  return p;
}

// The output axis of a matmul's rows (M): the axis before those whose extents make up its
// columns (N). An output reshaped from [..., M, N] (a convolution's [B, C, H, W] from
// [B, C, H W]) splits N into several axes, and unrolling the one before the last would
// take rows that share A's broadcast but load B again for each. Else the axis before
// the lanes.
int matmul_rows_axis(const Shape& shape, int lanes, const AstNode* mm) {
  const Shape& full = matmul_shape(mm).shape;
  const int64_t columns = full[full.size() - 2];
  int64_t product = 1;
  for (int axis = lanes; axis >= 0; --axis) {
    product *= shape[static_cast<size_t>(axis)];
    if (product == columns) return axis_before(shape, axis);
    if (product > columns) break;
  }
  return axis_before(shape, lanes);
}

// A matmul's vector plans on targets without matrix units (the CPU) or where those do
// not fit. Whichever operand is contiguous along an axis gives the lanes: the depth
// when both are (a @ b^T: lanes of products summed across, a few outputs at once), else
// the output's columns (b walks its rows) or its rows (a is stored transposed). Each
// holds an output tile of lanes by an unrolled axis in registers, so every loaded vector
// feeds several products; the plans whose loads would gather are rejected in lowering,
// the next one tried. Extents need not divide the tiles: the last tile of an axis
// overlaps its neighbour. On the CPU the lanes are two vectors wide, by as many rows as
// the registers hold besides (AVX-512's 32: 12 rows, 24 sums; AVX2's 16: 6 rows, 12 sums),
// or eight where there are no rows to unroll.
void add_matmul_vector_plans(std::vector<Plan>& plans, const Shape& shape, int lanes, int width,
                             int64_t depth, const AstNode* r, bool threads, int rows) {
  if (depth % width == 0 && depth >= int64_t{2} * width) {
    // On the CPU a tile of rows by columns: each vector of A and of B feeds several sums.
    Plan p = reduce_lanes(r, width);
    unroll_by(p, shape, lanes, {4});
    if (!threads)
      unroll_by(p, shape, rows,
                width >= 16 ? std::initializer_list<int>{4} : std::initializer_list<int>{2}, true);
    plans.push_back(p);
  }
  for (int axis : {lanes, rows}) {
    if (axis < 0) continue;
    const int other = axis == lanes ? rows : lanes;
    if (!threads && shape[static_cast<size_t>(axis)] >= int64_t{2} * width) {
      Plan p = output_lanes(axis, width);
      // With no other axis to unroll (a vector times a matrix), a row of 8 vectors: each
      // step reads 8 consecutive vectors of the matrix's row, where 2 left a walk down
      // 4096 rows 64 bytes at a time (AMD EPYC, [4096] @ [4096, 8191]: 15 -> 6.3 ms).
      p.lane_vectors = other < 0 && shape[static_cast<size_t>(axis)] >= int64_t{8} * width ? 8 : 2;
      if (width >= 16)
        unroll_by(p, shape, other, {12, 8, 4});
      else
        unroll_by(p, shape, other, {6, 4});
      // The columns' axes after the rows as one, where the last does not divide into the
      // tile (rejected in lowering where b is not contiguous across them).
      const int merged = axis == lanes && rows >= 0 ? lanes - rows : 1;
      const int64_t tile = int64_t{2} * width;
      if (merged > 1 && shape[static_cast<size_t>(lanes)] % tile != 0 &&
          shape_numel(Shape(shape.begin() + rows + 1, shape.begin() + lanes + 1)) >
              shape[static_cast<size_t>(lanes)]) {
        Plan whole = p;
        whole.merged_axes = merged;
        plans.push_back(whole);
      }
      plans.push_back(p);
    }
    if (shape[static_cast<size_t>(axis)] >= width) {
      Plan p = output_lanes(axis, width);
      unroll_by(p, shape, other, {8, 4});
      plans.push_back(p);
    }
  }
}

}  // namespace ingot::codegen
