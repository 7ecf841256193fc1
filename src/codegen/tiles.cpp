// Kernels whose every iteration (a CPU loop step, a GPU thread, or under GROUP a group)
// computes one tile of the output: the grid and its tile index (LOCAL, a 3-D grid on
// GPUs, UPCAST's unrolled axis varying fastest on the CPU), and ROW, a loop over the row
// within the iteration.
#include <algorithm>

#include "codegen/lowerer.hpp"

namespace ingot::codegen {
namespace {

constexpr int64_t kParallelGrain = 1 << 16;
// The grid's y and z extents stay within what every GPU API allows (CUDA's 65535).
constexpr int64_t kMaxGridYZ = 65535;

// The output's shape as the tiles see it: under MERGE the lane axis stands for itself and
// the axes merged before it (their product, at `first`, the first one's position).
Shape merged_shape(const Shape& shape, const Plan& plan, int first) {
  if (plan.merged_axes == 1) return shape;
  Shape merged(shape.begin(), shape.begin() + first);
  merged.push_back(shape_numel(Shape(shape.begin() + first, shape.begin() + plan.lane_axis + 1)));
  merged.insert(merged.end(), shape.begin() + plan.lane_axis + 1, shape.end());
  return merged;
}

}  // namespace

Lowered Lowerer::run_tiles() {
  // The lane axis in the tiles' shape: under MERGE the first of the axes merged into it.
  const int lane_axis = plan_.lane_axis - plan_.merged_axes + 1;
  if (plan_.merged_axes > 1 &&
      (plan_.row_loop || plan_.unroll_axis >= lane_axis || plan_.unroll2_axis >= lane_axis))
    throw Rejected{};
  const Shape shape = merged_shape(out_->shape, plan_, lane_axis);
  Shape tiles = shape;
  // A tile wider than its axis would start before the output.
  const int64_t lane_tile = int64_t{plan_.width} * plan_.lane_vectors;
  if ((plan_.vector_output && shape[lane_axis] < lane_tile) ||
      (plan_.unroll > 1 && shape[plan_.unroll_axis] < plan_.unroll) ||
      (plan_.unroll2 > 1 && shape[plan_.unroll2_axis] < plan_.unroll2))
    throw Rejected{};
  if (plan_.vector_output) tiles[lane_axis] = ceil_div(tiles[lane_axis], lane_tile);
  if (plan_.row_loop) tiles.back() = 1;
  if (plan_.unroll > 1) tiles[plan_.unroll_axis] = ceil_div(tiles[plan_.unroll_axis], plan_.unroll);
  if (plan_.unroll2 > 1)
    tiles[plan_.unroll2_axis] = ceil_div(tiles[plan_.unroll2_axis], plan_.unroll2);
  int64_t count = shape_numel(tiles);
  k_.buffers.push_back({out_->dtype, true});

  lane_ = em_.fresh_var(0, plan_.width - 1);
  // Step s of a tile is vector s % lane_vectors of the lane axis's tile, at step
  // s / lane_vectors % unroll of the unrolled axis and s / (lane_vectors unroll) of the
  // second one.
  step_ = em_.fresh_var(0, plan_.steps() - 1);
  Index idx = tile_index(tiles, count);
  if (plan_.vector_output) {
    Expr vector = sym::mul(sym::mod(step_, plan_.lane_vectors), plan_.width);
    idx[lane_axis] =
        sym::add(tile_first(idx[lane_axis], lane_tile, shape[lane_axis]), sym::add(vector, lane_));
  }
  if (plan_.unroll > 1)
    idx[plan_.unroll_axis] =
        sym::add(tile_first(idx[plan_.unroll_axis], plan_.unroll, shape[plan_.unroll_axis]),
                 sym::mod(sym::floordiv(step_, plan_.lane_vectors), plan_.unroll));
  if (plan_.unroll2 > 1)
    idx[plan_.unroll2_axis] =
        sym::add(tile_first(idx[plan_.unroll2_axis], plan_.unroll2, shape[plan_.unroll2_axis]),
                 sym::floordiv(step_, plan_.lane_vectors * plan_.unroll));

  if (plan_.merged_axes > 1) {
    const Shape& full = out_->shape;
    Index merged = unravel(idx[lane_axis],
                           Shape(full.begin() + lane_axis, full.begin() + plan_.lane_axis + 1));
    idx.erase(idx.begin() + lane_axis);
    idx.insert(idx.begin() + lane_axis, merged.begin(), merged.end());
  }
  if (plan_.row_loop) {
    store_rows(idx);
  } else {
    Val value = eval(out_, idx, sym::cnst(1));
    // Every thread of a group holds the results; the first one stores them.
    if (plan_.group > 1)
      em_.open_if(em_.alu(Op::CmpEq, DType::Bool, {em_.var_inst(lid_), em_.index_const(0)}));
    store(idx, value);
    if (plan_.group > 1) em_.close_if();
  }
  if (tail_) em_.close_if();

  if (plan_.group > 1) {
    k_.dims.local = {int64_t{plan_.group} * plan_.group_rows, 1, 1};
  } else if (runs_threads(device_)) {
    k_.dims.local = {plan_.local, 1, 1};
  } else {
    int64_t work = std::max<int64_t>(1, work_per_output_) * plan_.width * plan_.steps();
    k_.dims.local = {std::max<int64_t>(1, kParallelGrain / work), 1, 1};
  }
  return finish();
}

// The first element of tile `t` of `size` elements along an axis of `extent`. Where
// `size` does not divide `extent`, the last tile ends at the edge, overlapping the one
// before it: those elements are computed twice, to the same values, and every tile
// stays whole (vector loads and stores, no masks). The clamped start is a variable of
// its own, so that index maps through views see its true range.
Expr Lowerer::tile_first(const Expr& t, int64_t size, int64_t extent) {
  const int64_t tiles = ceil_div(extent, size), overshoot = tiles * size - extent;
  Expr first = sym::mul(t, size);
  if (overshoot == 0) return first;
  Expr clamped = sym::add(first, sym::mul(sym::ge(t, tiles - 1), -overshoot));
  return em_.new_var(0, extent - size, em_.lower_index(clamped));
}

// The index of this iteration's (thread's, group's) output tile, and the grid. GPU
// kernels without GROUP whose last tile axis fills a group run on a 3-D grid: x the
// last axis, y the one before, z the rest, so no index is divided back out of a flat
// id. Threads past the end (the grid is whole groups) skip the kernel's body.
Index Lowerer::tile_index(const Shape& tiles, int64_t count) {
  auto id = [&](ir::IOp op, int dim, int64_t extent) {
    return em_.new_var(0, std::max<int64_t>(extent, 1) - 1,
                       em_.emit({.op = op, .dim = dim}, false));
  };
  auto skip_past = [&](const Expr& v, int64_t extent, int64_t launched) {
    if (launched <= extent) return;
    em_.open_if(em_.alu(Op::CmpLt, DType::Bool, {em_.lower_index(v), em_.index_const(extent)}));
    tail_ = true;
  };
  if (plan_.group > 1) {  // one group per tile; its threads share the reductions
    const int64_t rows = plan_.group_rows, threads = plan_.group * rows;
    if (count % rows != 0) throw Rejected{};
    k_.dims.global = {count * plan_.group, 1, 1};
    if (rows == 1) {
      lid_ = id(ir::IOp::LocalIdx, 0, plan_.group);
      group_row_ = sym::cnst(0);
      return unravel(id(ir::IOp::GroupIdx, 0, count), tiles);
    }
    // PACK: groups of consecutive threads, each its own tile.
    Expr thread = id(ir::IOp::LocalIdx, 0, threads);
    lid_ = em_.new_var(0, plan_.group - 1, em_.lower_index(sym::mod(thread, plan_.group)));
    group_row_ = em_.new_var(0, rows - 1, em_.lower_index(sym::floordiv(thread, plan_.group)));
    Expr first = sym::mul(id(ir::IOp::GroupIdx, 0, count / rows), rows);
    return unravel(sym::add(first, group_row_), tiles);
  }
  if (!runs_threads(device_)) {
    k_.dims.global = {count, 1, 1};
    return unravel_tiles(id(ir::IOp::GlobalIdx, 0, count), tiles);
  }
  size_t n = tiles.size();
  int64_t x = n ? tiles[n - 1] : 1, y = n > 1 ? tiles[n - 2] : 1,
          z = count / std::max<int64_t>(1, x * y);
  if (n >= 2 && x >= plan_.local && y <= kMaxGridYZ && z <= kMaxGridYZ) {
    Expr gx = id(ir::IOp::GlobalIdx, 0, x), gy = id(ir::IOp::GlobalIdx, 1, y);
    Expr gz = id(ir::IOp::GlobalIdx, 2, z);
    k_.dims.global = {round_up(x, plan_.local), y, z};
    skip_past(gx, x, k_.dims.global[0]);
    Index idx = unravel(gz, Shape(tiles.begin(), tiles.end() - 2));
    idx.push_back(gy);
    idx.push_back(gx);
    return idx;
  }
  Expr g = id(ir::IOp::GlobalIdx, 0, count);
  k_.dims.global = {round_up(count, plan_.local), 1, 1};
  skip_past(g, count, k_.dims.global[0]);
  return unravel(g, tiles);
}

// The tile index of global iteration `g`. With an unrolled axis, that axis varies
// fastest: consecutive iterations (one core's range) reuse the same slice of every
// input that does not depend on it, e.g. a column panel of B in A @ B stays in cache.
Index Lowerer::unravel_tiles(const Expr& g, const Shape& tiles) const {
  if (plan_.unroll == 1) return unravel(g, tiles);
  std::vector<int> order;
  for (int i = 0; i < static_cast<int>(tiles.size()); ++i)
    if (i != plan_.unroll_axis) order.push_back(i);
  order.push_back(plan_.unroll_axis);
  Shape permuted;
  for (int i : order) permuted.push_back(tiles[i]);
  Index at = unravel(g, permuted), idx(tiles.size());
  for (size_t i = 0; i < order.size(); ++i) idx[order[i]] = at[i];
  return idx;
}

// ROW: the thread (or under GROUP, the group's threads together) loops over its row
// of the last axis. Reductions broadcast along the row are computed first, once.
void Lowerer::store_rows(Index idx) {
  const int64_t columns = out_->shape.back();
  const int64_t stride = plan_.group;
  // ROW(width) on the CPU: a vector of the row a step, the last one overlapping the one
  // before where the row is no whole number of vectors (its outputs computed twice).
  const int64_t lanes = plan_.row_width();
  Expr probe = em_.fresh_var(0, std::max<int64_t>(columns, 1) - 1);
  idx.back() = probe;
  std::unordered_set<std::string> seen;
  hoist_reductions(out_, idx, sym::cnst(1), {probe}, seen);
  const int64_t trips = ceil_div(columns, stride * lanes);
  // Step `t` of the row (a variable, or one step of an unrolled row).
  auto store_step = [&](Expr col, bool ragged) {
    if (stride > 1) col = sym::add(sym::mul(col, stride), lid_);
    if (lanes > 1) col = sym::add(tile_first(col, lanes, columns), lane_);
    if (ragged)
      em_.open_if(
          em_.alu(Op::CmpLt, DType::Bool, {em_.lower_index(col), em_.index_const(columns)}));
    idx.back() = col;
    store(idx, eval(out_, idx, sym::cnst(1)));
    if (ragged) em_.close_if();
  };
  const bool ragged = lanes == 1 && columns % stride != 0;
  if (row_in_registers()) {
    for (int64_t t = 0; t < trips; ++t) store_step(sym::cnst(t), ragged && t + 1 == trips);
    return;
  }
  Expr col = em_.new_var(0, std::max<int64_t>(trips, 1) - 1,
                         em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = trips}, false));
  em_.open_scope();
  store_step(col, ragged);
  em_.close_scope();
  em_.emit({.op = ir::IOp::EndRange}, false);
}

// Under GROUP, a ROW of at most kRegisterRowSteps steps a thread is unrolled, in its
// reductions and its stores: each step's loads, and what is computed from them, are then
// the same instructions in every pass over the row (the emitter reuses them), so a
// thread reads its part of the row from memory once and keeps it in registers (softmax's
// max, sum and outputs read each row three times).
bool Lowerer::row_in_registers() const {
  constexpr int64_t kRegisterRowSteps = 8;
  return plan_.row_loop && plan_.group > 1 &&
         ceil_div(out_->shape.back(), plan_.group) <= kRegisterRowSteps;
}

}  // namespace ingot::codegen
