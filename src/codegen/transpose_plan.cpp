// TRANSPOSE: a copy of one buffer through movements whose buffer runs along another output
// axis than the output's own last one (a transposing permute, a convolution's channels-last
// pad). Each threadgroup copies a tile of the two axes through threadgroup memory:
// its threads read the tile with consecutive threads at consecutive elements of the buffer,
// and after a barrier write it with consecutive threads at consecutive elements of the
// output, so that both sides move whole sectors.
#include <algorithm>

#include "codegen/lowerer.hpp"

namespace ingot::codegen {

Lowered Lowerer::run_transposed() {
  const int64_t tile = plan_.transpose_tile, lanes = plan_.transpose_lanes;
  const int64_t threads = std::min(kTransposeThreads, tile * lanes);
  const int across = plan_.transpose_axis, along = plan_.lane_axis;
  const Shape& shape = out_->shape;
  // Tiles at the axes' ends overlap the ones before them (tile_first): both axes must
  // hold a whole tile, and every thread copies the same number of elements.
  if (shape[static_cast<size_t>(across)] < tile || shape[static_cast<size_t>(along)] < lanes ||
      (tile * lanes) % threads != 0)
    throw Rejected{};
  Shape tiles = shape;
  tiles[static_cast<size_t>(across)] = ceil_div(shape[static_cast<size_t>(across)], tile);
  tiles[static_cast<size_t>(along)] = ceil_div(shape[static_cast<size_t>(along)], lanes);
  const int64_t count = shape_numel(tiles);
  k_.buffers.push_back({out_->dtype, true});
  lane_ = em_.fresh_var(0, 0);
  step_ = em_.fresh_var(0, 0);

  const Expr group = em_.new_var(0, count - 1, em_.emit({.op = ir::IOp::GroupIdx}, false));
  const Expr tid = em_.new_var(0, threads - 1, em_.emit({.op = ir::IOp::LocalIdx}, false));
  const Index at = unravel(group, tiles);
  const Expr first_across =
      tile_first(at[static_cast<size_t>(across)], tile, shape[static_cast<size_t>(across)]);
  const Expr first_along =
      tile_first(at[static_cast<size_t>(along)], lanes, shape[static_cast<size_t>(along)]);
  // The tile held a row per output element along the lanes' axis, padded by one 4-byte
  // word: the write phase's threads, a row apart, then fall in different memory banks.
  const int64_t pitch =
      tile + std::max<int64_t>(1, 4 / static_cast<int64_t>(held_bytes(out_->dtype)));
  const int local = em_.define_local(out_->dtype, lanes * pitch);
  auto element = [&](const Expr& row, const Expr& col) {
    Index idx = at;
    idx[static_cast<size_t>(along)] = sym::add(first_along, row);
    idx[static_cast<size_t>(across)] = sym::add(first_across, col);
    return idx;
  };
  auto local_access = [&](const Expr& row, const Expr& col) {
    return em_.lower_index(sym::add(sym::mul(row, pitch), col));
  };

  for (int64_t r = 0; r < tile * lanes / threads; ++r) {
    const Expr e = sym::add(tid, r * threads);
    const Expr row = sym::floordiv(e, tile), col = sym::mod(e, tile);
    const int value = eval(out_, element(row, col), sym::cnst(1))[0];
    em_.emit({.op = ir::IOp::Store,
              .dtype = out_->dtype,
              .src = {local_access(row, col), value},
              .buffer = local,
              .local = true},
             false);
  }
  em_.emit({.op = ir::IOp::Barrier}, false);
  for (int64_t r = 0; r < tile * lanes / threads; ++r) {
    const Expr e = sym::add(tid, r * threads);
    const Expr row = sym::mod(e, lanes), col = sym::floordiv(e, lanes);
    const int value = em_.emit({.op = ir::IOp::Load,
                                .dtype = out_->dtype,
                                .src = {local_access(row, col)},
                                .buffer = local,
                                .local = true},
                               false);
    store(element(row, col), {value});
  }
  k_.dims.global = {count * threads, 1, 1};
  k_.dims.local = {threads, 1, 1};
  return finish();
}

}  // namespace ingot::codegen
