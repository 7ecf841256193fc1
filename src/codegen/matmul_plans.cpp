// The matmul plans: TC, each SIMD group a tile of the output from operands loaded straight
// from their buffers, and STAGE, a group a block of the output from slices staged in
// threadgroup memory, multiplied on SIMD-group matrices or in register tiles. Hopper's
// plan, WGMMA, is warpgroup_plan.cpp.
#include "codegen/lowerer.hpp"

namespace ingot::codegen {

// Operand `n` at the product's index `idx`, its rows `outer` and columns `inner`; it must
// not depend on `unused`. Anything else is rejected for the next plan.
MatOperand Lowerer::matrix_operand(const AstNode* n, Index idx, const Expr& outer,
                                   const Expr& inner, const Expr& unused) {
  Expr guard = sym::cnst(1);
  n = viewed_buffer(n, idx, guard, false);
  if (!n) throw Rejected{};
  Expr flat = flat_index(idx, n->shape);
  if (!sym::is_const(guard, 1) || sym::uses_var(flat, unused->var)) throw Rejected{};
  int64_t along = sym::coefficient(flat, inner->var), across = sym::coefficient(flat, outer->var);
  bool transposed = along != 1;
  int64_t stride = transposed ? along : across;
  if ((transposed && across != 1) || stride <= 0) throw Rejected{};
  return {param(n), n->dtype, flat, stride, transposed, outer, inner};
}

MatVars Lowerer::matrix_vars(const Index& at, const Shape& full, const Index& taps) {
  const size_t rank = full.size();
  MatVars v{em_.fresh_var(0, full[rank - 3] - 1), em_.fresh_var(0, full[rank - 2] - 1),
            em_.fresh_var(0, full[rank - 1] - 1), at};
  v.product[rank - 3] = v.row;
  v.product[rank - 2] = v.col;
  v.product.insert(v.product.end(), taps.begin(), taps.end());
  v.product.push_back(v.depth);
  return v;
}

TapSlices Lowerer::tap_slices(const MatmulShape& shape, int64_t depth) {
  TapSlices s{.taps = shape.taps, .per_tap = ceil_div(shape.shape.back(), depth), .depth = depth};
  for (int64_t extent : shape.taps) s.vars.push_back(em_.fresh_var(0, extent - 1));
  return s;
}

// TC: one SIMD group per threadgroup computes one tile of out[..., M, N] as the sum over
// K of the product of its operands' tiles, each loaded straight from its buffer; with
// taps, summed over each tap in a loop around K's.
Lowered Lowerer::run_tc() {
  const AstNode* product = begin_matmul();
  const MatmulShape shape = matmul_shape(matmul_);
  const Shape& full = shape.shape;
  const size_t rank = full.size();
  const int64_t tile = device_.matrix_tile, K = full[rank - 1];
  Shape tiles(full.begin(), full.end() - 1);
  tiles[rank - 3] /= tile;
  tiles[rank - 2] /= tile;
  const int64_t count = shape_numel(tiles);
  const int64_t warp = device_.shuffle_width;  // the threads of one SIMD group
  if (warp < 1) throw Rejected{};
  k_.buffers.push_back({out_->dtype, true});
  Index at = unravel(
      em_.new_var(0, count - 1, em_.emit({.op = ir::IOp::GroupIdx, .dim = 0}, false)), tiles);
  at[rank - 3] = sym::mul(at[rank - 3], tile);
  at[rank - 2] = sym::mul(at[rank - 2], tile);
  int acc = em_.emit({.op = ir::IOp::MatZero, .dtype = DType::Float32}, false);
  Index taps;
  for (int64_t extent : shape.taps) {
    taps.push_back(
        em_.new_var(0, extent - 1, em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = extent}, false)));
    em_.open_scope();
  }
  MatVars v = matrix_vars(at, full, taps);
  MatOperand a = matrix_operand(product->src[0], v.product, v.row, v.depth, v.col);
  MatOperand b = matrix_operand(product->src[1], v.product, v.depth, v.col, v.row);
  int trips = static_cast<int>(K / tile);
  int r = em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = trips}, false);
  Expr k0 = sym::mul(em_.new_var(0, trips - 1, r), tile);
  em_.open_scope();
  int tiles_ab[2];
  for (int role : {0, 1}) {
    const MatOperand& op = role ? b : a;
    Expr first = role ? at_origin(b, k0, at[rank - 2]) : at_origin(a, at[rank - 3], k0);
    tiles_ab[role] = em_.emit({.op = ir::IOp::MatLoad,
                               .dtype = op.dtype,
                               .src = {em_.lower_index(first)},
                               .lo = op.stride,
                               .buffer = op.buffer,
                               .dim = role,
                               .transposed = op.transposed},
                              false);
  }
  em_.emit({.op = ir::IOp::MatMulAcc, .src = {acc, tiles_ab[0], tiles_ab[1]}}, false);
  for (size_t loop = 0; loop <= taps.size(); ++loop) {  // K's, then the taps'
    em_.close_scope();
    em_.emit({.op = ir::IOp::EndRange}, false);
  }
  int staging = out_->dtype == DType::Float32 && !epilogue_
                    ? -1
                    : em_.define_local(DType::Float32, tile * tile);
  Expr lane = em_.new_var(0, warp - 1, em_.emit({.op = ir::IOp::LocalIdx, .dim = 0}, false));
  store_matrix(acc, output_edge(at, full), sym::cnst(0), sym::cnst(0), staging, sym::cnst(0), lane);
  k_.dims.global = {count * warp, 1, 1};
  k_.dims.local = {warp, 1, 1};
  return finish();
}

// STAGE: a group of stage_threads() threads computes a square block (Plan::stage_block) of
// out[..., M, N], slice by slice of the depth (a sum of matmuls over taps: of each tap's
// depth in turn, one pipeline of slices for all). Matrix tiles read slices as memory holds
// them: copied asynchronously, two buffers, the next slice landing while the current
// one multiplies. Register tiles read both slices depth-major, flipping an operand as
// it is stored: each thread stores the values it fetched, fetches the next slice's
// (in flight while the block multiplies), then multiplies. The last blocks and slices
// may run past M, N and K: their copies there are zeros, their stores skipped.
Lowered Lowerer::run_staged() {
  const AstNode* product = begin_matmul();
  const MatmulShape shape = matmul_shape(matmul_);
  const Shape& full = shape.shape;
  const size_t rank = full.size();
  const int64_t block = plan_.stage_block, depth = stage_depth(plan_, device_), K = full[rank - 1];
  const int64_t M = full[rank - 3], N = full[rank - 2];
  Shape blocks(full.begin(), full.end() - 1);
  blocks[rank - 3] = ceil_div(M, block);
  blocks[rank - 2] = ceil_div(N, block);
  const int64_t count = shape_numel(blocks);
  k_.buffers.push_back({out_->dtype, true});
  Index at = unravel(
      em_.new_var(0, count - 1, em_.emit({.op = ir::IOp::GroupIdx, .dim = 0}, false)), blocks);
  at[rank - 3] = sym::mul(at[rank - 3], block);
  at[rank - 2] = sym::mul(at[rank - 2], block);
  const int64_t threads = stage_threads(plan_);
  if (threads > device_.max_threads_per_group) throw Rejected{};
  Expr tid = em_.new_var(0, threads - 1, em_.emit({.op = ir::IOp::LocalIdx, .dim = 0}, false));
  const TapSlices slices = tap_slices(shape, depth);
  MatVars v = matrix_vars(at, full, slices.vars);
  MatOperand left = matrix_operand(product->src[0], v.product, v.row, v.depth, v.col),
             right = matrix_operand(product->src[1], v.product, v.depth, v.col, v.row);
  const bool async = plan_.tc;
  StagedSlice a = stage_slice(left, block, depth, M, K, !plan_.tc && !left.transposed, async);
  StagedSlice b = stage_slice(right, depth, block, K, N, !plan_.tc && right.transposed, async);
  const int64_t trips = slices.trips();
  auto fetch = [&](const Expr& slice, const Expr& stage) {
    StagedSlice ta = a, tb = b;
    Expr k0 = slices.first(slice, {&ta, &tb});
    fetch_slice(ta, at[rank - 3], k0, tid, stage);
    fetch_slice(tb, k0, at[rank - 2], tid, stage);
  };
  // A group per slice, empty past the last one, so that one group in flight is always
  // the next slice's.
  auto commit = [&] {
    if (async) em_.emit({.op = ir::IOp::AsyncCommit}, false);
  };
  const OutputEdge edge = output_edge(at, full);
  StagedBlock code = plan_.tc ? matrix_block(a, b, tid, edge) : register_block(a, b, tid, edge);
  fetch(sym::cnst(0), sym::cnst(0));
  commit();
  int r = em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = trips, .rolled = true}, false);
  Expr kt = em_.new_var(0, trips - 1, r);
  em_.open_scope();
  Expr stage = async ? sym::mod(kt, 2) : sym::cnst(0);
  if (!async) {
    put_slice(a, tid);
    put_slice(b, tid);
    em_.emit({.op = ir::IOp::Barrier}, false);
  }
  em_.open_if(
      em_.alu(Op::CmpLt, DType::Bool, {em_.lower_index(sym::add(kt, 1)), em_.index_const(trips)}));
  fetch(sym::add(kt, 1), sym::mod(sym::add(kt, 1), 2));
  em_.close_if();
  commit();
  if (async) {
    // Every group but the next slice's has landed: this slice, for this thread.
    em_.emit({.op = ir::IOp::AsyncWait, .hi = 1}, false);
    em_.emit({.op = ir::IOp::Barrier}, false);
  }
  code.multiply(stage);
  em_.emit({.op = ir::IOp::Barrier}, false);
  em_.close_scope();
  em_.emit({.op = ir::IOp::EndRange}, false);
  code.store();
  k_.dims.global = {count * threads, 1, 1};
  k_.dims.local = {threads, 1, 1};
  return finish();
}

// STAGE under TC: the SIMD groups split the block 2 x (groups / 2), each multiplying its
// part as matrix tiles.
StagedBlock Lowerer::matrix_block(const StagedSlice& a, const StagedSlice& b, const Expr& tid,
                                  const OutputEdge& edge) {
  const int64_t tile = device_.matrix_tile, warp = device_.shuffle_width;
  const int64_t threads = stage_threads(plan_);
  if (warp < 1 || threads % (2 * warp) != 0) throw Rejected{};
  const int64_t groups = threads / warp, across = groups / 2;
  const int64_t block = plan_.stage_block, part_rows = block / 2, part_cols = block / across;
  if (part_cols % tile != 0) throw Rejected{};
  const int64_t tm = part_rows / tile, tn = part_cols / tile;
  Expr group = sym::floordiv(tid, warp);
  Expr row0 = sym::mul(sym::floordiv(group, across), part_rows),
       col0 = sym::mul(sym::mod(group, across), part_cols);
  std::vector<int> accs;
  for (int64_t i = 0; i < tm * tn; ++i)
    accs.push_back(em_.emit({.op = ir::IOp::MatZero, .dtype = DType::Float32}, false));
  const int64_t depth = stage_depth(plan_, device_);
  auto multiply = [=, this, &a, &b](const Expr& stage) {
    for (int64_t s = 0; s < depth; s += tile) {
      auto load = [&](const StagedSlice& x, int role, const Expr& o, const Expr& i) {
        return em_.emit({.op = ir::IOp::MatLoad,
                         .dtype = x.op.dtype,
                         .src = {em_.lower_index(x.at(o, i, stage))},
                         .lo = x.pitch,
                         .buffer = x.local,
                         .local = true,
                         .dim = role,
                         .transposed = x.transposed()},
                        false);
      };
      std::vector<int> left, right;
      for (int64_t i = 0; i < tm; ++i)
        left.push_back(load(a, 0, sym::add(row0, i * tile), sym::cnst(s)));
      for (int64_t j = 0; j < tn; ++j)
        right.push_back(load(b, 1, sym::cnst(s), sym::add(col0, j * tile)));
      for (int64_t i = 0; i < tm; ++i)
        for (int64_t j = 0; j < tn; ++j)
          em_.emit({.op = ir::IOp::MatMulAcc, .src = {accs[i * tn + j], left[i], right[j]}}, false);
    }
  };
  auto store = [=, this] {
    const bool whole = sym::is_const(edge.inside(sym::cnst(block - 1), sym::cnst(block - 1)), 1);
    int staging = out_->dtype == DType::Float32 && whole && !epilogue_
                      ? -1
                      : em_.define_local(DType::Float32, groups * tile * tile);
    Expr slot = sym::mul(group, tile * tile), lane = sym::mod(tid, warp);
    for (int64_t i = 0; i < tm; ++i)
      for (int64_t j = 0; j < tn; ++j)
        store_matrix(accs[i * tn + j], edge, sym::add(row0, i * tile), sym::add(col0, j * tile),
                     staging, slot, lane);
  };
  return {multiply, store};
}

// STAGE without TC (float32): each thread accumulates a tile of the block (Plan::stage_tile
// rows by stage_tile_cols columns), rows and columns in runs of 4 (8: two runs half the
// block apart), so that a run is one 16-byte vector of a depth-major slice row. The 32
// threads of each SIMD group hold 4 x 8 tiles, so that a step reads 8 consecutive vectors
// of the B slice (every memory bank once) and 4 of the A slice (each for 8 threads at
// once). Rows of the output that are not whole vectors go through threadgroup memory.
StagedBlock Lowerer::register_block(const StagedSlice& a, const StagedSlice& b, const Expr& tid,
                                    const OutputEdge& edge) {
  constexpr int64_t lanes = 4, group_rows = 4, group_cols = 8;
  const int64_t block = plan_.stage_block;
  if (plan_.stage_tile % lanes || plan_.stage_tile_cols % lanes || block % plan_.stage_tile ||
      block % plan_.stage_tile_cols || out_->dtype != DType::Float32 || !a.transposed() ||
      b.transposed())
    throw Rejected{};
  const int64_t runs_m = plan_.stage_tile / lanes, runs_n = plan_.stage_tile_cols / lanes;
  const int64_t half_m = block / runs_m, half_n = block / runs_n;
  const int64_t across_m = block / plan_.stage_tile, across_n = block / plan_.stage_tile_cols;
  Expr tx = sym::mod(tid, across_n), ty = sym::floordiv(tid, across_n);
  if (across_n % group_cols == 0 && across_m % group_rows == 0) {
    const int64_t groups_across = across_n / group_cols, group = group_rows * group_cols;
    Expr in_group = sym::mod(tid, group), g = sym::floordiv(tid, group);
    tx = sym::add(sym::mul(sym::mod(g, groups_across), group_cols), sym::mod(in_group, group_cols));
    ty = sym::add(sym::mul(sym::floordiv(g, groups_across), group_rows),
                  sym::floordiv(in_group, group_cols));
  }
  // By value: the closures below run after this function returns.
  auto row = [=](int64_t i) {
    return sym::add(sym::mul(ty, lanes), (i % lanes) + (i / lanes) * half_m);
  };
  auto col = [=](int64_t h) { return sym::add(sym::mul(tx, lanes), h * half_n); };
  std::vector<int> accs;
  for (int64_t i = 0; i < lanes * runs_m * runs_n; ++i)
    accs.push_back(em_.emit({.op = ir::IOp::DefineAcc,
                             .dtype = DType::Float32,
                             .width = lanes,
                             .value = ConstValue::of(0)},
                            false));
  const int64_t depth = stage_depth(plan_, device_);
  auto multiply = [=, this, &a, &b](const Expr& stage) {
    auto local_load = [&](const StagedSlice& x, const Expr& at, int width) {
      return em_.emit({.op = ir::IOp::Load,
                       .dtype = DType::Float32,
                       .width = width,
                       .src = {em_.lower_index(at)},
                       .buffer = x.local,
                       .local = true,
                       .aligned = width > 1});
    };
    for (int64_t k = 0; k < depth; ++k) {
      std::vector<int> bs;
      for (int64_t h = 0; h < runs_n; ++h)
        bs.push_back(local_load(b, b.at(sym::cnst(k), col(h), stage), lanes));
      // A run of a thread's rows is one vector of the depth-major slice.
      std::vector<int> as;
      for (int64_t g = 0; g < runs_m; ++g)
        as.push_back(local_load(a, a.at(row(g * lanes), sym::cnst(k), stage), lanes));
      for (int64_t i = 0; i < lanes * runs_m; ++i) {
        int x = em_.emit({.op = ir::IOp::Lane,
                          .dtype = DType::Float32,
                          .src = {as[i / lanes]},
                          .hi = i % lanes});
        for (int64_t h = 0; h < runs_n; ++h) {
          int acc = accs[i * runs_n + h];
          em_.emit({.op = ir::IOp::Assign,
                    .src = {acc, em_.alu(Op::Add, DType::Float32,
                                         {acc, em_.alu(Op::Mul, DType::Float32, {x, bs[h]})})}},
                   false);
        }
      }
    }
  };
  auto store = [=, this] {
    if (edge.cols % lanes != 0) {
      // Rows that are not whole vectors go through threadgroup memory (the A slice's, free
      // after the last product), a band of the block's rows at a time: `per_band` of each
      // thread's runs of rows, as many as fit. The sums are stored there as vectors, then
      // each round's threads store consecutive elements of the band's rows (stored from the
      // registers element by element, a SIMD group wrote every 4th element of 4 rows: H200,
      // 1000x1000 @ (1001x1000)^T 78 -> 70 us, 1000x1004 69).
      const int64_t pitch = block + lanes, threads = stage_threads(plan_);
      int64_t per_band = lanes;
      while (per_band > 1 && across_m * per_band * pitch > a.size()) per_band /= 2;
      const int64_t band = across_m * per_band;
      if (band * pitch > a.size() || (band * block) % threads != 0) throw Rejected{};
      for (int64_t g = 0; g < runs_m; ++g)
        for (int64_t first = 0; first < lanes; first += per_band) {
          if (g + first > 0) em_.emit({.op = ir::IOp::Barrier}, false);  // the last band stored
          for (int64_t l = 0; l < per_band; ++l)
            for (int64_t h = 0; h < runs_n; ++h)
              em_.emit({.op = ir::IOp::Store,
                        .dtype = DType::Float32,
                        .width = lanes,
                        .src = {em_.lower_index(sym::add(
                                    sym::mul(sym::add(sym::mul(ty, per_band), l), pitch), col(h))),
                                accs[(g * lanes + first + l) * runs_n + h]},
                        .buffer = a.local,
                        .local = true,
                        .aligned = true},
                       false);
          em_.emit({.op = ir::IOp::Barrier}, false);
          for (int64_t n = 0; n < band * block / threads; ++n) {
            Expr e = sym::add(tid, n * threads);
            Expr r = sym::floordiv(e, block), c = sym::mod(e, block);
            Expr out_row = sym::add(
                sym::add(sym::mul(sym::floordiv(r, per_band), lanes), sym::mod(r, per_band)),
                first + g * half_m);
            em_.guarded(edge.inside(out_row, c), [&] {
              // Not reused: each band holds other values at the same places.
              int value = em_.emit({.op = ir::IOp::Load,
                                    .dtype = DType::Float32,
                                    .src = {em_.lower_index(sym::add(sym::mul(r, pitch), c))},
                                    .buffer = a.local,
                                    .local = true},
                                   false);
              Expr at = edge.at(out_row, c);
              em_.emit({.op = ir::IOp::Store,
                        .dtype = DType::Float32,
                        .src = {em_.lower_index(at), epilogue_ ? with_epilogue(value, at) : value},
                        .buffer = 0},
                       false);
            });
          }
        }
      return;
    }
    // The output's value at `at` from lane `l` of a thread's sums.
    auto output = [&](int sums, int64_t l, const Expr& at) {
      int sum = em_.emit({.op = ir::IOp::Lane, .dtype = DType::Float32, .src = {sums}, .hi = l});
      return epilogue_ ? with_epilogue(sum, at) : sum;
    };
    for (int64_t i = 0; i < lanes * runs_m; ++i)
      for (int64_t h = 0; h < runs_n; ++h) {
        Expr where = edge.at(row(i), col(h));
        int sums = accs[i * runs_n + h];
        // A row's vector stores lie inside the output or outside it whole.
        em_.guarded(edge.inside(row(i), col(h)), [&] {
          int value = sums;
          if (epilogue_) {
            std::vector<int> outputs;
            for (int64_t l = 0; l < lanes; ++l)
              outputs.push_back(output(sums, l, sym::add(where, l)));
            value = em_.emit(
                {.op = ir::IOp::Gather, .dtype = DType::Float32, .width = lanes, .src = outputs});
          }
          em_.emit({.op = ir::IOp::Store,
                    .dtype = DType::Float32,
                    .width = lanes,
                    .src = {em_.lower_index(where), value},
                    .buffer = 0,
                    .aligned = sym::multiple_of(where, lanes)},
                   false);
        });
      }
  };
  return {multiply, store};
}

}  // namespace ingot::codegen
