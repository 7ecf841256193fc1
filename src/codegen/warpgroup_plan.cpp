// WGMMA, Hopper's matmul plan: a group of two warpgroups (256 threads) computes a
// kWarpgroupRows x Plan::warpgroup_cols block of out[..., M, N], each warpgroup 64 rows of
// it on wgmma (64 x columns x 16 products issued at once, running while the warps go on).
// The operands' slices, kWarpgroupDepth deep, are copied with cp.async into a ring of
// up to kStages stages of dynamic threadgroup memory, each slice in the 128-byte swizzled tile
// layout the wgmma descriptors read (staging.cpp's fetch_swizzled), as memory holds it:
// depth-major where the depth is contiguous, else M- or N-major, which wgmma reads
// transposed. Copies run kStages - 2 slices ahead of the products; the stage a copy
// overwrites held the slice multiplied two steps before, whose products every warpgroup
// has waited for before the step's barrier. A sum of matmuls over taps (a convolution's)
// runs its slices over each tap's depth in turn (TapSlices). The last blocks and slices
// may run past M, N and K: their copies there are zeros, their stores skipped
// (warpgroup_store.cpp).
#include "codegen/lowerer.hpp"

namespace ingot::codegen {
namespace {

constexpr int64_t kStages = 4;       // 4 x 48 KB of slices with 256 columns
constexpr int64_t kWarpgroup = 128;  // threads: four warps
constexpr int64_t kProductDepth = 16;

}  // namespace

Lowered Lowerer::run_warpgroup() {
  const AstNode* product = begin_matmul();
  const MatmulShape shape = matmul_shape(matmul_);
  const Shape& full = shape.shape;
  const size_t rank = full.size();
  const int64_t M = full[rank - 3], N = full[rank - 2], K = full[rank - 1];
  const int64_t rows = kWarpgroupRows, cols = plan_.warpgroup_cols, depth = kWarpgroupDepth;
  if (N < cols) throw Rejected{};
  const int64_t threads = 2 * kWarpgroup;
  if (threads > device_.max_threads_per_group) throw Rejected{};
  Shape blocks(full.begin(), full.end() - 1);
  blocks[rank - 3] = ceil_div(M, rows);
  blocks[rank - 2] = ceil_div(N, cols);
  const int64_t count = shape_numel(blocks);
  k_.buffers.push_back({out_->dtype, true});
  Index at = unravel(
      em_.new_var(0, count - 1, em_.emit({.op = ir::IOp::GroupIdx, .dim = 0}, false)), blocks);
  at[rank - 3] = sym::mul(at[rank - 3], rows);
  at[rank - 2] = sym::mul(at[rank - 2], cols);
  Expr tid = em_.new_var(0, threads - 1, em_.emit({.op = ir::IOp::LocalIdx, .dim = 0}, false));
  const TapSlices slices = tap_slices(shape, kWarpgroupDepth);
  MatVars v = matrix_vars(at, full, slices.vars);
  MatOperand left = matrix_operand(product->src[0], v.product, v.row, v.depth, v.col),
             right = matrix_operand(product->src[1], v.product, v.depth, v.col, v.row);
  if (left.dtype != right.dtype) throw Rejected{};
  // A slice as memory holds it: depth-major tiles are rows of the depth, the others rows
  // of M or N, 64-element blocks of them one after another (fetch_swizzled).
  auto slice = [&](const MatOperand& op, int64_t extent, int64_t outer_extent, int64_t inner_extent,
                   bool depth_major) {
    StagedSlice s{.op = op,
                  .raw = DType::UInt16,
                  .rows = depth_major ? extent : depth,
                  .cols = depth_major ? depth : extent,
                  .width = 16 / static_cast<int64_t>(dtype_size(op.dtype)),
                  .threads = threads,
                  .outer_extent = outer_extent,
                  .inner_extent = inner_extent};
    const int64_t memory_cols = op.transposed ? outer_extent : inner_extent;
    if (dtype_size(op.dtype) != 2 || memory_cols % s.width != 0 ||
        (s.rows * s.cols) % (s.width * threads) != 0)
      throw Rejected{};
    return s;
  };
  StagedSlice a = slice(left, rows, M, K, !left.transposed),
              b = slice(right, cols, K, N, right.transposed);
  const int64_t a_size = rows * depth, b_size = cols * depth, stage_size = a_size + b_size;
  // A depth of fewer slices than stages gives each slice a stage of its own (none is
  // overwritten), and no memory to the rest: the 64-deep products of attention's scores
  // had held 192 KiB a group, one group a compute unit.
  const int64_t trips = slices.trips(), ahead = kStages - 2, stages = std::min(kStages, trips);
  const int local = em_.define_dynamic_local(DType::UInt16, stages * stage_size,
                                             device_.dynamic_local_memory_bytes);
  a.local = b.local = local;
  auto a_at = [&](const Expr& stage) { return sym::mul(stage, a_size); };
  auto b_at = [&](const Expr& stage) { return sym::add(sym::mul(stage, b_size), stages * a_size); };
  auto fetch = [&](const Expr& kt) {
    StagedSlice ta = a, tb = b;
    Expr k0 = slices.first(kt, {&ta, &tb}), stage = sym::mod(kt, stages);
    fetch_swizzled(ta, at[rank - 3], k0, tid, a_at(stage));
    fetch_swizzled(tb, k0, at[rank - 2], tid, b_at(stage));
  };
  int acc = em_.emit({.op = ir::IOp::DefineAcc,
                      .dtype = DType::Float32,
                      .width = static_cast<int>(cols / 2),
                      .value = ConstValue::of(0)},
                     false);
  // A group a slice, empty past the last one: the loop waits on their count.
  for (int64_t kt = 0; kt < ahead; ++kt) {
    if (kt < trips) fetch(sym::cnst(kt));
    em_.emit({.op = ir::IOp::AsyncCommit}, false);
  }
  int r = em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = trips, .rolled = true}, false);
  Expr kt = em_.new_var(0, trips - 1, r);
  em_.open_scope();
  // This slice has landed, for this thread's copies; after the barrier for everyone's,
  // and visible to the matrix units.
  em_.emit({.op = ir::IOp::AsyncWait, .hi = ahead - 1}, false);
  em_.emit({.op = ir::IOp::AsyncProxyFence}, false);
  em_.emit({.op = ir::IOp::Barrier}, false);
  Expr next = sym::add(kt, ahead);
  em_.open_if(em_.alu(Op::CmpLt, DType::Bool, {em_.lower_index(next), em_.index_const(trips)}));
  fetch(next);
  em_.close_if();
  em_.emit({.op = ir::IOp::AsyncCommit}, false);
  Expr stage = sym::mod(kt, stages);
  Expr warpgroup = sym::floordiv(tid, kWarpgroup);
  // Which tiles are M- or N-major (from the operands, not the tiles' shapes: a block of 64
  // columns is as wide as the slice is deep).
  const bool a_mn_major = left.transposed, b_mn_major = !right.transposed;
  // A step down the depth: 16 elements (32 bytes) along a depth-major row, 16 rows of an
  // M- or N-major tile.
  auto step = [&](bool mn_major) { return mn_major ? depth * kProductDepth : kProductDepth; };
  const int layout = (a_mn_major ? 1 : 0) | (b_mn_major ? 2 : 0);
  em_.emit({.op = ir::IOp::WgmmaFence}, false);
  for (int64_t d = 0; d < depth / kProductDepth; ++d) {
    Expr a_first =
        sym::add(a_at(stage), sym::add(sym::mul(warpgroup, 64 * depth), d * step(a_mn_major)));
    Expr b_first = sym::add(b_at(stage), d * step(b_mn_major));
    em_.emit({.op = ir::IOp::Wgmma,
              .dtype = left.dtype,
              .src = {acc, em_.lower_index(a_first), em_.lower_index(b_first)},
              .hi = cols,
              .buffer = local,
              .local = true,
              .dim = layout},
             false);
  }
  em_.emit({.op = ir::IOp::WgmmaCommit}, false);
  em_.emit({.op = ir::IOp::WgmmaWait, .hi = 1}, false);
  em_.close_scope();
  em_.emit({.op = ir::IOp::EndRange}, false);
  em_.emit({.op = ir::IOp::WgmmaWait, .hi = 0}, false);
  const int64_t ring_bytes = stages * stage_size * 2;
  const int64_t staged_bytes =
      store_warpgroup_block(acc, output_edge(at, full), tid, local, cols, threads);
  k_.dims.global = {count * threads, 1, 1};
  k_.dims.local = {threads, 1, 1};
  k_.dims.dynamic_threadgroup_bytes = std::max(ring_bytes, staged_bytes);
  return finish();
}

}  // namespace ingot::codegen
