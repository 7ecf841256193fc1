#include "codegen/lower.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "codegen/fold.hpp"
#include "codegen/opts.hpp"
#include "codegen/symbolic.hpp"
#include "ingot/context.hpp"

namespace ingot::codegen {
namespace {

using sym::Expr;
using Index = std::vector<Expr>;
// One instruction per unrolled step; a single entry when the value is the same for all.
using Val = std::vector<int>;

std::vector<int64_t> strides_of(const Shape& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * shape[i + 1];
  return s;
}

Expr flat_index(const Index& idx, const Shape& shape) {
  auto st = strides_of(shape);
  Expr f = sym::cnst(0);
  for (size_t i = 0; i < idx.size(); ++i) f = sym::add(f, sym::mul(idx[i], st[i]));
  return f;
}

Index unravel(const Expr& flat, const Shape& shape) {
  // A shape without elements has no index to unravel to, and its strides and extents hold
  // zeros to divide by: its values are only ever asked for under a false guard (a padded
  // empty part of a cat), where they are not read.
  if (shape_numel(shape) == 0) return Index(shape.size(), sym::cnst(0));
  auto st = strides_of(shape);
  Index idx;
  for (size_t i = 0; i < shape.size(); ++i)
    idx.push_back(sym::mod(sym::floordiv(flat, st[i]), shape[i]));
  return idx;
}

ConstValue reduce_identity(Op op, DType dt) {
  bool fl = is_float(dt);
  auto lowest = [&]() -> double {
    if (fl) return -INFINITY;
    if (dt == DType::Bool || is_unsigned_int(dt)) return 0;
    return -std::ldexp(1.0, static_cast<int>(dtype_size(dt) * 8 - 1));
  };
  auto highest = [&]() -> ConstValue {
    if (fl) return ConstValue::of(INFINITY);
    if (dt == DType::Bool) return ConstValue::of(1);
    if (dt == DType::UInt64) return {1.8446744073709552e19, -1};
    if (dt == DType::Int64) return {9.2233720368547758e18, std::numeric_limits<int64_t>::max()};
    int bits = static_cast<int>(dtype_size(dt) * 8) - (is_signed_int(dt) ? 1 : 0);
    return ConstValue::of(std::ldexp(1.0, bits) - 1);
  };
  switch (op) {
    case Op::ReduceSum:
      return ConstValue::of(0);
    case Op::ReduceProd:
      return ConstValue::of(1);
    case Op::ReduceMax: {
      if (dt == DType::Int64) return {-9.2233720368547758e18, std::numeric_limits<int64_t>::min()};
      return ConstValue::of(lowest());
    }
    default:
      return highest();
  }
}

Op combine_op(Op reduce) {
  switch (reduce) {
    case Op::ReduceSum:
      return Op::Add;
    case Op::ReduceProd:
      return Op::Mul;
    case Op::ReduceMax:
      return Op::Max;
    default:
      return Op::Min;
  }
}

// Thrown when a kernel does not fit the optimization being tried; the next is tried.
struct Rejected {};

class Lowerer {
 public:
  Lowerer(const NodePtr& out, const DeviceInfo& device, const Plan& plan)
      : out_(out), device_(device), plan_(plan) {}

  Lowered run() {
    if (plan_.stage) return run_staged();
    if (plan_.tc) return run_tc();
    const Shape& shape = out_->shape;
    Shape tiles = shape;
    if (plan_.vector_output) tiles[plan_.lane_axis] /= plan_.width;
    if (plan_.row_loop) tiles.back() = 1;
    if (plan_.unroll > 1) tiles[plan_.unroll_axis] /= plan_.unroll;
    int64_t count = shape_numel(tiles);
    k_.buffers.push_back({out_->dtype, true});
    scopes_.emplace_back();

    lane_ = sym::var(next_var_++, 0, plan_.width - 1);
    step_ = sym::var(next_var_++, 0, plan_.unroll - 1);
    Index idx = tile_index(tiles, count);
    if (plan_.vector_output)
      idx[plan_.lane_axis] = sym::add(sym::mul(idx[plan_.lane_axis], plan_.width), lane_);
    if (plan_.unroll > 1)
      idx[plan_.unroll_axis] = sym::add(sym::mul(idx[plan_.unroll_axis], plan_.unroll), step_);

    if (plan_.row_loop) {
      store_rows(idx);
    } else {
      Val value = eval(out_.get(), idx, sym::cnst(1));
      // Every thread of a group holds the results; the first one stores them.
      if (plan_.group > 1)
        open_if(alu(Op::CmpEq, DType::Bool, {var_inst_.at(lid_->var), index_const(0)}));
      store(idx, value);
      if (plan_.group > 1) close_if();
    }
    if (tail_) close_if();

    if (plan_.group > 1) {
      k_.dims.local = {plan_.group, 1, 1};
    } else if (runs_threads(device_)) {
      k_.dims.local = {plan_.local, 1, 1};
    } else {
      int64_t work = std::max<int64_t>(1, work_per_output_) * plan_.width * plan_.unroll;
      k_.dims.local = {std::max<int64_t>(1, kParallelGrain / work), 1, 1};
    }
    k_.opts = plan_.describe();
    return {std::move(k_), std::move(inputs_)};
  }

 private:
  static constexpr int64_t kParallelGrain = 1 << 16;
  static constexpr int kReduceChains = 4;
  // The grid's y and z extents stay within what every GPU API allows (CUDA's 65535).
  static constexpr int64_t kMaxGridYZ = 65535;

  // The index of this iteration's (thread's, group's) output tile, and the grid. GPU
  // kernels without GROUP whose last tile axis fills a group run on a 3-D grid: x the
  // last axis, y the one before, z the rest, so no index is divided back out of a flat
  // id. Threads past the end (the grid is whole groups) skip the kernel's body.
  Index tile_index(const Shape& tiles, int64_t count) {
    auto id = [&](ir::IOp op, int dim, int64_t extent) {
      return new_var(0, std::max<int64_t>(extent, 1) - 1, emit({.op = op, .dim = dim}, false));
    };
    auto skip_past = [&](const Expr& v, int64_t extent, int64_t launched) {
      if (launched <= extent) return;
      open_if(alu(Op::CmpLt, DType::Bool, {lower_index(v), index_const(extent)}));
      tail_ = true;
    };
    if (plan_.group > 1) {  // one group per tile; its threads share the reductions
      lid_ = id(ir::IOp::LocalIdx, 0, plan_.group);
      k_.dims.global = {count * plan_.group, 1, 1};
      return unravel(id(ir::IOp::GroupIdx, 0, count), tiles);
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
  Index unravel_tiles(const Expr& g, const Shape& tiles) const {
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

  // Operand `n` at the product's index `idx`, its rows `outer` and columns `inner`; it must
  // not depend on `unused`. Anything else is rejected for the next plan.
  MatOperand matrix_operand(LazyNode* n, Index idx, const Expr& outer, const Expr& inner,
                            const Expr& unused) {
    Expr guard = sym::cnst(1);
    while (!n->realized()) {
      if (!is_movement(n->op)) throw Rejected{};
      idx = through_movement(n, idx, guard);
      n = n->src[0].get();
    }
    Expr flat = flat_index(idx, n->shape);
    if (!sym::is_const(guard, 1) || sym::uses_var(flat, unused->var)) throw Rejected{};
    int64_t along = sym::coefficient(flat, inner->var), across = sym::coefficient(flat, outer->var);
    bool transposed = along != 1;
    int64_t stride = transposed ? along : across;
    if ((transposed && across != 1) || stride <= 0) throw Rejected{};
    return {param(n), n->dtype, flat, stride, transposed, outer, inner};
  }

  // The variables of a matmul's product (rows, columns, depth) and its index at output
  // tile `at`.
  struct MatVars {
    Expr row, col, depth;
    Index product;
  };
  MatVars matrix_vars(const Index& at, const Shape& full) {
    const size_t rank = full.size();
    MatVars v{sym::var(next_var_++, 0, full[rank - 3] - 1),
              sym::var(next_var_++, 0, full[rank - 2] - 1),
              sym::var(next_var_++, 0, full[rank - 1] - 1), at};
    v.product[rank - 3] = v.row;
    v.product[rank - 2] = v.col;
    v.product.push_back(v.depth);
    return v;
  }

  // The element of operand `op` at its (outer, inner).
  static Expr at_origin(const MatOperand& op, const Expr& outer_at, const Expr& inner_at) {
    return sym::substitute(sym::substitute(op.flat, op.outer->var, outer_at), op.inner->var,
                           inner_at);
  }

  // The bytes a value of `dt` is held in: floats as at least float32.
  static size_t held_bytes(DType dt) {
    return is_float(dt) ? std::max<size_t>(4, dtype_size(dt)) : dtype_size(dt);
  }

  // Threadgroup memory of `count` values of `dt`, within the device's limit.
  int define_local(DType dt, int64_t count) {
    local_bytes_ += count * static_cast<int64_t>(held_bytes(dt));
    if (local_bytes_ > device_.local_memory_bytes) throw Rejected{};
    int buffer = next_local_++;
    emit({.op = ir::IOp::DefineLocal, .dtype = dt, .hi = count, .buffer = buffer}, false);
    return buffer;
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

  // Starts a TC or STAGE kernel: finds the matmul under the output once, its reduction
  // and whether ops lie above it (a bias, an activation), and returns its product.
  const LazyNode* begin_matmul() {
    lane_ = step_ = sym::cnst(0);  // an epilogue is evaluated one element at a time
    matmul_ = matmul_reduce(out_);
    const LazyNode* n = out_.get();
    while (n->op == Op::Reshape || n->op == Op::Contiguous) n = n->src[0].get();
    epilogue_ = n != matmul_;
    return matmul_->src[0].get();
  }

  // The output's value at flat element `at`, given the matmul's sum there (`sum`): the
  // epilogue evaluated on it, or the sum itself where there is none.
  int with_epilogue(int sum, const Expr& at) {
    if (!epilogue_) return sum;
    provided_ = {matmul_, sum};
    scopes_.emplace_back();
    int value = eval(out_.get(), unravel(at, out_->shape), sym::cnst(1))[0];
    scopes_.pop_back();
    provided_ = {};
    return value;
  }

  // Emits `store` under `guard` (a sym condition), without an If where it always holds.
  template <class F>
  void guarded(const Expr& guard, F store) {
    if (sym::is_const(guard, 1)) return store();
    open_if(lower_index(guard));
    store();
    close_if();
  }

  // Stores SIMD-group matrix `acc` (float32) at rows `r`, columns `c` of `out`. Without
  // `staging` the tile is stored as a whole; other output types, and tiles that may cross
  // the output's edge, go through threadgroup memory at `staging` + `slot`, each of the
  // SIMD group's threads (`lane`) converting and storing its share of the tile.
  void store_matrix(int acc, const OutputEdge& out, const Expr& r, const Expr& c, int staging,
                    const Expr& slot, const Expr& lane) {
    const int64_t tile = device_.matrix_tile, warp = device_.shuffle_width;
    if (staging < 0) {
      emit({.op = ir::IOp::MatStore,
            .dtype = DType::Float32,
            .src = {lower_index(out.at(r, c)), acc},
            .lo = out.cols,
            .buffer = 0},
           false);
      return;
    }
    emit({.op = ir::IOp::MatStore,
          .dtype = DType::Float32,
          .src = {lower_index(slot), acc},
          .lo = tile,
          .buffer = staging,
          .local = true},
         false);
    emit({.op = ir::IOp::Barrier}, false);
    for (int64_t e0 = 0; e0 < tile * tile; e0 += warp) {
      Expr e = sym::add(lane, e0);
      int value = emit({.op = ir::IOp::Load,
                        .dtype = DType::Float32,
                        .src = {lower_index(sym::add(slot, e))},
                        .buffer = staging,
                        .local = true},
                       false);
      Expr er = sym::add(r, sym::floordiv(e, tile)), ec = sym::add(c, sym::mod(e, tile));
      guarded(out.inside(er, ec), [&] {
        const Expr at = out.at(er, ec);
        emit({.op = ir::IOp::Store,
              .dtype = out_->dtype,
              .src = {lower_index(at), with_epilogue(value, at)},
              .buffer = 0},
             false);
      });
    }
    // The next tile reuses the staging memory.
    emit({.op = ir::IOp::Barrier}, false);
  }

  // The tile or block of the output at product index `at` (its rows and columns from
  // there on); out[..., M, N] is contiguous.
  static OutputEdge output_edge(const Index& at, const Shape& full) {
    const size_t rank = full.size();
    return {flat_index(at, Shape(full.begin(), full.end() - 1)), at[rank - 3], at[rank - 2],
            full[rank - 3], full[rank - 2]};
  }

  // TC: one SIMD group per threadgroup computes one tile of out[..., M, N] as the sum over
  // K of the product of its operands' tiles, each loaded straight from its buffer.
  Lowered run_tc() {
    const LazyNode* product = begin_matmul();
    const Shape& full = product->shape;
    const size_t rank = full.size();
    const int64_t tile = device_.matrix_tile, K = full[rank - 1];
    Shape tiles(full.begin(), full.end() - 1);
    tiles[rank - 3] /= tile;
    tiles[rank - 2] /= tile;
    const int64_t count = shape_numel(tiles);
    const int64_t warp = device_.shuffle_width;  // the threads of one SIMD group
    if (warp < 1) throw Rejected{};
    k_.buffers.push_back({out_->dtype, true});
    scopes_.emplace_back();
    Index at =
        unravel(new_var(0, count - 1, emit({.op = ir::IOp::GroupIdx, .dim = 0}, false)), tiles);
    at[rank - 3] = sym::mul(at[rank - 3], tile);
    at[rank - 2] = sym::mul(at[rank - 2], tile);
    MatVars v = matrix_vars(at, full);
    MatOperand a = matrix_operand(product->src[0].get(), v.product, v.row, v.depth, v.col);
    MatOperand b = matrix_operand(product->src[1].get(), v.product, v.depth, v.col, v.row);
    int acc = emit({.op = ir::IOp::MatZero, .dtype = DType::Float32}, false);
    int trips = static_cast<int>(K / tile);
    int r = emit({.op = ir::IOp::Range, .lo = 0, .hi = trips}, false);
    Expr k0 = sym::mul(new_var(0, trips - 1, r), tile);
    scopes_.emplace_back();
    int tiles_ab[2];
    for (int role : {0, 1}) {
      const MatOperand& op = role ? b : a;
      Expr first = role ? at_origin(b, k0, at[rank - 2]) : at_origin(a, at[rank - 3], k0);
      tiles_ab[role] = emit({.op = ir::IOp::MatLoad,
                             .dtype = op.dtype,
                             .src = {lower_index(first)},
                             .lo = op.stride,
                             .buffer = op.buffer,
                             .dim = role,
                             .transposed = op.transposed},
                            false);
    }
    emit({.op = ir::IOp::MatMulAcc, .src = {acc, tiles_ab[0], tiles_ab[1]}}, false);
    scopes_.pop_back();
    emit({.op = ir::IOp::EndRange}, false);
    int staging = out_->dtype == DType::Float32 && !epilogue_
                      ? -1
                      : define_local(DType::Float32, tile * tile);
    Expr lane = new_var(0, warp - 1, emit({.op = ir::IOp::LocalIdx, .dim = 0}, false));
    store_matrix(acc, output_edge(at, full), sym::cnst(0), sym::cnst(0), staging, sym::cnst(0),
                 lane);
    k_.dims.global = {count * warp, 1, 1};
    k_.dims.local = {warp, 1, 1};
    k_.opts = plan_.describe();
    return {std::move(k_), std::move(inputs_)};
  }

  // One operand's slice as STAGE copies it: `rows` x `cols` of memory (columns
  // contiguous), each thread copying `width` consecutive elements per round. In
  // threadgroup array `local`, `pitch` elements a row, the slice keeps the memory's
  // layout, or is flipped to its transpose when the multiply wants the other one.
  // Copied asynchronously, the array holds two slices (the next one lands while the
  // current one multiplies); else `regs` hold the next slice's values in flight.
  // Where the operand's extents are not multiples of the slice's, the copies past them
  // write zeros, which add nothing to the products.
  struct StagedSlice {
    MatOperand op;
    DType raw;  // what is copied: the 16-bit types as bits
    int64_t rows, cols, width, pitch, threads;
    int64_t outer_extent, inner_extent;  // the operand's, along its rows and its columns
    bool flip, async;
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
      Expr o = sym::add(outer, op.transposed ? mc : mr),
           i = sym::add(inner, op.transposed ? mr : mc);
      return sym::logical_and(outer_extent % slice_outer ? sym::lt(o, outer_extent) : sym::cnst(1),
                              inner_extent % slice_inner ? sym::lt(i, inner_extent) : sym::cnst(1));
    }
    int64_t rounds() const { return rows * cols / (width * threads); }
    // A flipped slice is copied element by element, a kept one a vector at a time.
    int64_t unit() const { return flip ? 1 : width; }
  };

  // The slice of `op` that is `slice_outer` x `slice_inner` of the operand, whose extents
  // are `outer_extent` x `inner_extent`.
  StagedSlice stage_slice(const MatOperand& op, int64_t slice_outer, int64_t slice_inner,
                          int64_t outer_extent, int64_t inner_extent, bool flip, bool async) {
    StagedSlice s{.op = op,
                  .threads = stage_threads(plan_),
                  .outer_extent = outer_extent,
                  .inner_extent = inner_extent,
                  .flip = flip,
                  .async = async};
    s.raw = dtype_size(op.dtype) == 2 ? DType::UInt16 : op.dtype;
    s.width = 16 / static_cast<int64_t>(dtype_size(op.dtype));
    s.rows = op.transposed ? slice_inner : slice_outer;
    s.cols = op.transposed ? slice_outer : slice_inner;
    // 16 bytes more a row spread the rows of a matrix tile over all memory banks.
    s.pitch = (flip ? s.rows : s.cols) + s.width;
    const int64_t memory_cols = op.transposed ? outer_extent : inner_extent;
    if (s.cols % s.width != 0 || (s.rows * s.cols) % (s.width * s.threads) != 0 ||
        memory_cols % s.width != 0)
      throw Rejected{};
    s.local = define_local(s.raw, s.size() * (async ? 2 : 1));
    if (!async)
      for (int64_t r = 0; r < s.rounds() * s.width / s.unit(); ++r)
        s.regs.push_back(emit({.op = ir::IOp::DefineAcc,
                               .dtype = s.raw,
                               .width = static_cast<int>(s.unit()),
                               .value = ConstValue::of(0)},
                              false));
    return s;
  }

  // Calls `copy(n, memory row, memory column)` for the n-th copy (of s.unit() elements)
  // of a thread, each round's threads copying consecutive vectors of the slice.
  template <class F>
  void for_slice_copies(const StagedSlice& s, const Expr& tid, F copy) const {
    const int64_t per_row = s.cols / s.width, per_round = s.width / s.unit();
    for (int64_t r = 0; r < s.rounds(); ++r) {
      Expr v = sym::add(tid, r * s.threads);
      Expr mr = sym::floordiv(v, per_row), mc = sym::mul(sym::mod(v, per_row), s.width);
      for (int64_t l = 0; l < per_round; ++l)
        copy(static_cast<size_t>(r * per_round + l), mr, sym::add(mc, l * s.unit()));
    }
  }

  // Fetches the slice whose first element is the operand's (outer, inner): into slice
  // buffer `stage` when copied asynchronously, else into the registers in flight.
  void fetch_slice(const StagedSlice& s, const Expr& outer, const Expr& inner, const Expr& tid,
                   const Expr& stage) {
    const int width = static_cast<int>(s.unit());
    const Expr first = at_origin(s.op, outer, inner);
    for_slice_copies(s, tid, [&](size_t n, const Expr& mr, const Expr& mc) {
      Expr from = sym::add(first, sym::add(sym::mul(mr, s.op.stride), mc));
      Expr inside = s.inside(outer, inner, mr, mc);
      std::vector<int> src = {lower_index(from)};
      if (!sym::is_const(inside, 1)) src.push_back(lower_index(inside));
      if (s.async) {
        // A 16-byte copy needs a 16-byte aligned source; one outside the operand reads
        // nothing and writes zeros, from the buffer's start as a harmless address.
        if (!sym::multiple_of(from, width)) throw Rejected{};
        Expr to = sym::add(s.copied_to(mr, mc), sym::mul(stage, s.size()));
        if (src.size() > 1) src[0] = alu(Op::Where, DType::Int64, {src[1], src[0], index_const(0)});
        src.insert(src.begin(), lower_index(to));
        emit({.op = ir::IOp::AsyncCopy,
              .dtype = s.raw,
              .width = width,
              .src = src,
              .lo = s.local,
              .buffer = s.op.buffer},
             false);
        return;
      }
      int value = emit({.op = ir::IOp::Load,
                        .dtype = s.raw,
                        .width = width,
                        .src = src,
                        .buffer = s.op.buffer,
                        .aligned = width > 1 && sym::multiple_of(from, width)});
      emit({.op = ir::IOp::Assign, .src = {s.regs[n], value}}, false);
    });
  }

  // Stores the registers in flight into threadgroup memory.
  void put_slice(const StagedSlice& s, const Expr& tid) {
    for_slice_copies(s, tid, [&](size_t n, const Expr& mr, const Expr& mc) {
      emit({.op = ir::IOp::Store,
            .dtype = s.raw,
            .width = static_cast<int>(s.unit()),
            .src = {lower_index(s.copied_to(mr, mc)), s.regs[n]},
            .buffer = s.local,
            .local = true,
            .aligned = s.unit() > 1},
           false);
    });
  }

  // STAGE: a group of stage_threads() threads computes a kStageBlock-square block of
  // out[..., M, N], slice by slice of the depth. Matrix tiles read slices as memory holds
  // them: copied asynchronously, two buffers, the next slice landing while the current
  // one multiplies. Register tiles read both slices depth-major, flipping an operand as
  // it is stored: each thread stores the values it fetched, fetches the next slice's
  // (in flight while the block multiplies), then multiplies. The last blocks and slices
  // may run past M, N and K: their copies there are zeros, their stores skipped.
  Lowered run_staged() {
    const LazyNode* product = begin_matmul();
    const Shape& full = product->shape;
    const size_t rank = full.size();
    const int64_t block = kStageBlock, depth = stage_depth(plan_, device_), K = full[rank - 1];
    const int64_t M = full[rank - 3], N = full[rank - 2];
    Shape blocks(full.begin(), full.end() - 1);
    blocks[rank - 3] = ceil_div(M, block);
    blocks[rank - 2] = ceil_div(N, block);
    const int64_t count = shape_numel(blocks);
    k_.buffers.push_back({out_->dtype, true});
    scopes_.emplace_back();
    Index at =
        unravel(new_var(0, count - 1, emit({.op = ir::IOp::GroupIdx, .dim = 0}, false)), blocks);
    at[rank - 3] = sym::mul(at[rank - 3], block);
    at[rank - 2] = sym::mul(at[rank - 2], block);
    const int64_t threads = stage_threads(plan_);
    if (threads > device_.max_threads_per_group) throw Rejected{};
    Expr tid = new_var(0, threads - 1, emit({.op = ir::IOp::LocalIdx, .dim = 0}, false));
    MatVars v = matrix_vars(at, full);
    MatOperand left = matrix_operand(product->src[0].get(), v.product, v.row, v.depth, v.col),
               right = matrix_operand(product->src[1].get(), v.product, v.depth, v.col, v.row);
    const bool async = plan_.tc;
    StagedSlice a = stage_slice(left, block, depth, M, K, !plan_.tc && !left.transposed, async);
    StagedSlice b = stage_slice(right, depth, block, K, N, !plan_.tc && right.transposed, async);
    auto fetch = [&](const Expr& k0, const Expr& stage) {
      fetch_slice(a, at[rank - 3], k0, tid, stage);
      fetch_slice(b, k0, at[rank - 2], tid, stage);
    };
    // A group per slice, empty past the last one, so that one group in flight is always
    // the next slice's.
    auto commit = [&] {
      if (async) emit({.op = ir::IOp::AsyncCommit}, false);
    };
    const OutputEdge edge = output_edge(at, full);
    const int64_t trips = ceil_div(K, depth);
    StagedBlock code = plan_.tc ? matrix_block(a, b, tid, edge) : register_block(a, b, tid, edge);
    fetch(sym::cnst(0), sym::cnst(0));
    commit();
    int r = emit({.op = ir::IOp::Range, .lo = 0, .hi = trips, .rolled = true}, false);
    Expr kt = new_var(0, trips - 1, r);
    scopes_.emplace_back();
    Expr stage = async ? sym::mod(kt, 2) : sym::cnst(0);
    if (!async) {
      put_slice(a, tid);
      put_slice(b, tid);
      emit({.op = ir::IOp::Barrier}, false);
    }
    open_if(alu(Op::CmpLt, DType::Bool, {lower_index(sym::add(kt, 1)), index_const(trips)}));
    fetch(sym::mul(sym::add(kt, 1), depth), sym::mod(sym::add(kt, 1), 2));
    close_if();
    commit();
    if (async) {
      // Every group but the next slice's has landed: this slice, for this thread.
      emit({.op = ir::IOp::AsyncWait, .hi = 1}, false);
      emit({.op = ir::IOp::Barrier}, false);
    }
    code.multiply(stage);
    emit({.op = ir::IOp::Barrier}, false);
    scopes_.pop_back();
    emit({.op = ir::IOp::EndRange}, false);
    code.store();
    k_.dims.global = {count * threads, 1, 1};
    k_.dims.local = {threads, 1, 1};
    k_.opts = plan_.describe();
    return {std::move(k_), std::move(inputs_)};
  }

  // How a STAGE block multiplies the slices in threadgroup buffer `stage` into its
  // accumulators (emitted in the depth loop), and stores them (after it). The
  // accumulators are defined when the block is made, before the loop.
  struct StagedBlock {
    std::function<void(const Expr& stage)> multiply;
    std::function<void()> store;
  };

  // STAGE under TC: the SIMD groups split the block 2 x (groups / 2), each multiplying its
  // part as matrix tiles.
  StagedBlock matrix_block(const StagedSlice& a, const StagedSlice& b, const Expr& tid,
                           const OutputEdge& edge) {
    const int64_t tile = device_.matrix_tile, warp = device_.shuffle_width;
    const int64_t threads = stage_threads(plan_);
    if (warp < 1 || threads % (2 * warp) != 0) throw Rejected{};
    const int64_t groups = threads / warp, across = groups / 2;
    const int64_t part_rows = kStageBlock / 2, part_cols = kStageBlock / across;
    if (part_cols % tile != 0) throw Rejected{};
    const int64_t tm = part_rows / tile, tn = part_cols / tile;
    Expr group = sym::floordiv(tid, warp);
    Expr row0 = sym::mul(sym::floordiv(group, across), part_rows),
         col0 = sym::mul(sym::mod(group, across), part_cols);
    std::vector<int> accs;
    for (int64_t i = 0; i < tm * tn; ++i)
      accs.push_back(emit({.op = ir::IOp::MatZero, .dtype = DType::Float32}, false));
    const int64_t depth = stage_depth(plan_, device_);
    auto multiply = [=, this, &a, &b](const Expr& stage) {
      for (int64_t s = 0; s < depth; s += tile) {
        auto load = [&](const StagedSlice& x, int role, const Expr& o, const Expr& i) {
          return emit({.op = ir::IOp::MatLoad,
                       .dtype = x.op.dtype,
                       .src = {lower_index(x.at(o, i, stage))},
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
            emit({.op = ir::IOp::MatMulAcc, .src = {accs[i * tn + j], left[i], right[j]}}, false);
      }
    };
    auto store = [=, this] {
      const bool whole =
          sym::is_const(edge.inside(sym::cnst(kStageBlock - 1), sym::cnst(kStageBlock - 1)), 1);
      int staging = out_->dtype == DType::Float32 && whole && !epilogue_
                        ? -1
                        : define_local(DType::Float32, groups * tile * tile);
      Expr slot = sym::mul(group, tile * tile), lane = sym::mod(tid, warp);
      for (int64_t i = 0; i < tm; ++i)
        for (int64_t j = 0; j < tn; ++j)
          store_matrix(accs[i * tn + j], edge, sym::add(row0, i * tile), sym::add(col0, j * tile),
                       staging, slot, lane);
    };
    return {multiply, store};
  }

  // STAGE without TC (float32): each thread accumulates an 8 x 8 tile of the block, rows
  // and columns in two runs of 4 half the block apart, so a SIMD group's reads of a slice
  // row are 16-byte vectors over consecutive banks.
  StagedBlock register_block(const StagedSlice& a, const StagedSlice& b, const Expr& tid,
                             const OutputEdge& edge) {
    constexpr int64_t lanes = 4, runs = 2, half = kStageBlock / runs;
    const int64_t across = kStageBlock / (lanes * runs);
    // A row's vector stores lie inside the output or outside it whole.
    if (across * across != stage_threads(plan_) || out_->dtype != DType::Float32 ||
        !a.transposed() || b.transposed() || edge.cols % lanes != 0)
      throw Rejected{};
    Expr tx = sym::mod(tid, across), ty = sym::floordiv(tid, across);
    // By value: the closures below run after this function returns.
    auto row = [=](int64_t i) {
      return sym::add(sym::mul(ty, lanes), (i % lanes) + (i / lanes) * half);
    };
    auto col = [=](int64_t h) { return sym::add(sym::mul(tx, lanes), h * half); };
    std::vector<int> accs;
    for (int64_t i = 0; i < lanes * runs * runs; ++i)
      accs.push_back(emit({.op = ir::IOp::DefineAcc,
                           .dtype = DType::Float32,
                           .width = lanes,
                           .value = ConstValue::of(0)},
                          false));
    const int64_t depth = stage_depth(plan_, device_);
    auto multiply = [=, this, &a, &b](const Expr& stage) {
      auto local_load = [&](const StagedSlice& x, const Expr& at, int width) {
        return emit({.op = ir::IOp::Load,
                     .dtype = DType::Float32,
                     .width = width,
                     .src = {lower_index(at)},
                     .buffer = x.local,
                     .local = true,
                     .aligned = width > 1});
      };
      for (int64_t k = 0; k < depth; ++k) {
        std::vector<int> bs;
        for (int64_t h = 0; h < runs; ++h)
          bs.push_back(local_load(b, b.at(sym::cnst(k), col(h), stage), lanes));
        for (int64_t i = 0; i < lanes * runs; ++i) {
          int x = local_load(a, a.at(row(i), sym::cnst(k), stage), 1);
          for (int64_t h = 0; h < runs; ++h) {
            int acc = accs[i * runs + h];
            emit({.op = ir::IOp::Assign,
                  .src = {acc, alu(Op::Add, DType::Float32,
                                   {acc, alu(Op::Mul, DType::Float32, {x, bs[h]})})}},
                 false);
          }
        }
      }
    };
    auto store = [=, this] {
      for (int64_t i = 0; i < lanes * runs; ++i)
        for (int64_t h = 0; h < runs; ++h) {
          Expr where = edge.at(row(i), col(h));
          guarded(edge.inside(row(i), col(h)), [&] {
            int sums = accs[i * runs + h], value = sums;
            if (epilogue_) {
              std::vector<int> outputs;
              for (int64_t l = 0; l < lanes; ++l)
                outputs.push_back(with_epilogue(
                    emit({.op = ir::IOp::Lane, .dtype = DType::Float32, .src = {sums}, .hi = l}),
                    sym::add(where, l)));
              value = emit(
                  {.op = ir::IOp::Gather, .dtype = DType::Float32, .width = lanes, .src = outputs});
            }
            emit({.op = ir::IOp::Store,
                  .dtype = DType::Float32,
                  .width = lanes,
                  .src = {lower_index(where), value},
                  .buffer = 0,
                  .aligned = sym::multiple_of(where, lanes)},
                 false);
          });
        }
    };
    return {multiply, store};
  }

  // Stores `value`, computed at output index `idx`, with vector stores along the lanes.
  void store(const Index& idx, const Val& value) {
    Expr flat = flat_index(idx, out_->shape);
    int steps = sym::uses_var(flat, step_->var) ? plan_.unroll : 1;
    for (int u = 0; u < steps; ++u) {
      Expr f = sym::substitute(flat, step_->var, sym::cnst(u));
      int v = value[value.size() == 1 ? 0 : u];
      if (sym::uses_var(f, lane_->var)) {
        if (sym::coefficient(f, lane_->var) != 1) throw Rejected{};
        v = widen(v, plan_.width);
        Expr first = sym::substitute(f, lane_->var, sym::cnst(0));
        emit({.op = ir::IOp::Store,
              .dtype = out_->dtype,
              .width = plan_.width,
              .src = {lower_index(first), v},
              .buffer = 0,
              .streaming = plan_.streaming_store,
              .aligned = sym::multiple_of(first, plan_.width)},
             false);
      } else {
        emit({.op = ir::IOp::Store, .dtype = out_->dtype, .src = {lower_index(f), v}, .buffer = 0},
             false);
      }
    }
  }

  // ROW: the thread (or under GROUP, the group's threads together) loops over its row
  // of the last axis. Reductions broadcast along the row are computed first, once.
  void store_rows(Index idx) {
    const int64_t columns = out_->shape.back();
    const int64_t stride = plan_.group;
    Expr probe = sym::var(next_var_++, 0, std::max<int64_t>(columns, 1) - 1);
    idx.back() = probe;
    std::unordered_set<std::string> seen;
    hoist_reductions(out_.get(), idx, sym::cnst(1), {probe}, seen);
    int64_t trips = (columns + stride - 1) / stride;
    Expr col = new_var(0, std::max<int64_t>(trips, 1) - 1,
                       emit({.op = ir::IOp::Range, .lo = 0, .hi = trips}, false));
    scopes_.emplace_back();
    if (stride > 1) col = sym::add(sym::mul(col, stride), lid_);
    bool ragged = columns % stride != 0;
    if (ragged) open_if(alu(Op::CmpLt, DType::Bool, {lower_index(col), index_const(columns)}));
    idx.back() = col;
    store(idx, eval(out_.get(), idx, sym::cnst(1)));
    if (ragged) close_if();
    scopes_.pop_back();
    emit({.op = ir::IOp::EndRange}, false);
  }

  // Hoists what the loops of reduction `n` at `idx` would recompute at every step.
  void hoist_for_reduce(LazyNode* n, const Index& idx, const Expr& guard) {
    LazyNode* src = n->src[0].get();
    Index at = idx;
    std::vector<Expr> probes;
    for (int64_t axis : n->arg) {
      probes.push_back(sym::var(next_var_++, 0, std::max<int64_t>(src->shape[axis], 1) - 1));
      at[axis] = probes.back();
    }
    std::unordered_set<std::string> seen;
    hoist_reductions(src, at, guard, probes, seen);
  }

  // Computes now, before loops over `vars` open, every reduction under `n` (at index
  // `idx`) whose value does not depend on them: a reduction broadcast along the loops'
  // axes. The loop then finds it computed instead of computing it at every step.
  void hoist_reductions(LazyNode* n, const Index& idx, const Expr& guard,
                        const std::vector<Expr>& vars, std::unordered_set<std::string>& seen) {
    if (n->realized() || n->src.empty() || sym::is_const(guard, 0) ||
        !seen.insert(value_key(n, idx, guard)).second)
      return;
    if (is_movement(n->op)) {
      Expr inner = guard;
      Index src_idx = through_movement(n, idx, inner);
      hoist_reductions(n->src[0].get(), src_idx, inner, vars, seen);
      return;
    }
    if (is_reduce(n->op)) {
      auto uses = [&](const Expr& e) {
        return std::any_of(vars.begin(), vars.end(),
                           [&](const Expr& v) { return sym::uses_var(e, v->var); });
      };
      if (!uses(guard) && std::none_of(idx.begin(), idx.end(), uses)) eval(n, idx, guard);
      return;
    }
    for (const auto& s : n->src) hoist_reductions(s.get(), idx, guard, vars, seen);
  }

  static int64_t ceil_div(int64_t n, int64_t d) { return (n + d - 1) / d; }
  static int64_t round_up(int64_t n, int64_t m) { return ceil_div(std::max<int64_t>(n, 1), m) * m; }

  // A conditional block; values computed inside it are not reused after it.
  void open_if(int cond) {
    emit({.op = ir::IOp::If, .src = {cond}}, false);
    scopes_.emplace_back();
    ++if_depth_;
  }
  void close_if() {
    --if_depth_;
    scopes_.pop_back();
    emit({.op = ir::IOp::EndIf}, false);
  }

  int emit(ir::Inst inst, bool cse = true) {
    std::string key;
    if (cse) {
      key = fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", int(inst.op), int(inst.dtype),
                        inst.width, fmt::join(inst.src, ","), int(inst.alu), inst.value.f,
                        inst.value.i, inst.lo, inst.hi, inst.buffer, inst.dim);
      for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
        auto found = it->insts.find(key);
        if (found != it->insts.end()) return found->second;
      }
    }
    k_.insts.push_back(std::move(inst));
    int id = static_cast<int>(k_.insts.size()) - 1;
    if (cse) scopes_.back().insts[key] = id;
    return id;
  }

  Expr new_var(int64_t lo, int64_t hi, int inst) {
    int id = next_var_++;
    var_inst_[id] = inst;
    return sym::var(id, lo, hi);
  }

  int constant(DType dt, ConstValue v) {
    return emit({.op = ir::IOp::Const, .dtype = dt, .value = v});
  }
  int index_const(int64_t v) { return constant(DType::Int64, {static_cast<double>(v), v}); }

  int alu(Op op, DType dt, std::vector<int> src) {
    int width = 1;
    for (int s : src) width = std::max(width, k_.insts[s].width);
    if (width == 1) {
      std::vector<const ir::Inst*> operands;
      for (int s : src) operands.push_back(&k_.insts[s]);
      if (auto folded = fold_constant(op, dt, operands)) return constant(dt, *folded);
    }
    if (width > 1 && !spelled_on_vectors(op)) return lane_by_lane(op, dt, src, width);
    for (int& s : src) s = widen(s, width);
    return emit(
        {.op = ir::IOp::Alu, .dtype = dt, .width = width, .src = std::move(src), .alu = op});
  }

  // The operations every language table spells on vector operands.
  static bool spelled_on_vectors(Op op) {
    return op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Div || op == Op::Neg ||
           op == Op::Where;
  }

  // `op` on each lane of the vector operands (a math function, a comparison, a cast...),
  // the results gathered into a vector: how a vector plan applies the epilogue of a
  // reduction (a matmul's activation) that has no vector spelling.
  int lane_by_lane(Op op, DType dt, const std::vector<int>& src, int width) {
    std::vector<int> lanes;
    for (int l = 0; l < width; ++l) {
      std::vector<int> args;
      for (int s : src)
        args.push_back(
            k_.insts[s].width == 1
                ? s
                : emit({.op = ir::IOp::Lane, .dtype = k_.insts[s].dtype, .src = {s}, .hi = l}));
      lanes.push_back(emit({.op = ir::IOp::Alu, .dtype = dt, .src = args, .alu = op}));
    }
    return emit({.op = ir::IOp::Gather, .dtype = dt, .width = width, .src = lanes});
  }

  int widen(int v, int width) {
    if (k_.insts[v].width == width) return v;
    return emit({.op = ir::IOp::Broadcast, .dtype = k_.insts[v].dtype, .width = width, .src = {v}});
  }

  int lower_index(const Expr& e) {
    using sym::Kind;
    switch (e->kind) {
      case Kind::Const:
        return index_const(e->c);
      case Kind::Var:
        return var_inst_.at(e->var);
      case Kind::Add: {
        int acc = lower_index(e->args[0]);
        for (size_t i = 1; i < e->args.size(); ++i)
          acc = alu(Op::Add, DType::Int64, {acc, lower_index(e->args[i])});
        return acc;
      }
      case Kind::Mul:
        return alu(Op::Mul, DType::Int64, {lower_index(e->args[0]), index_const(e->c)});
      case Kind::Div:
      case Kind::Mod: {
        // sym's division and modulo floor, the targets' / and % truncate toward zero: they
        // differ for a negative numerator (a flipped axis under a reshape, -j + 1), which
        // is first shifted by a multiple of the divisor to be at least 0.
        const Expr& x = e->args[0];
        const int64_t shift = x->lo < 0 ? ceil_div(-x->lo, e->c) : 0;
        int q = alu(e->kind == Kind::Div ? Op::Div : Op::Mod, DType::Int64,
                    {lower_index(sym::add(x, shift * e->c)), index_const(e->c)});
        if (e->kind == Kind::Div && shift) q = alu(Op::Add, DType::Int64, {q, index_const(-shift)});
        return q;
      }
      case Kind::Lt:
        return alu(Op::CmpLt, DType::Bool, {lower_index(e->args[0]), index_const(e->c)});
      case Kind::And: {
        int acc = lower_index(e->args[0]);
        for (size_t i = 1; i < e->args.size(); ++i)
          acc = alu(Op::And, DType::Bool, {acc, lower_index(e->args[i])});
        return acc;
      }
    }
    return -1;
  }

  // Calls `scalar(exprs)` once per unrolled step and vector lane that `exprs` depend
  // on, with those variables replaced by constants, and assembles the results.
  Val per_element(const std::vector<Expr>& exprs,
                  const std::function<int(const std::vector<Expr>&)>& scalar) {
    auto uses = [&](const Expr& v) {
      return std::any_of(exprs.begin(), exprs.end(),
                         [&](const Expr& e) { return sym::uses_var(e, v->var); });
    };
    int steps = uses(step_) ? plan_.unroll : 1;
    bool lanes = uses(lane_);
    if (lanes && plan_.strict) throw Rejected{};
    Val out;
    for (int u = 0; u < steps; ++u) {
      std::vector<Expr> at_u;
      for (const Expr& e : exprs) at_u.push_back(sym::substitute(e, step_->var, sym::cnst(u)));
      if (!lanes) {
        out.push_back(scalar(at_u));
        continue;
      }
      std::vector<int> parts;
      for (int l = 0; l < plan_.width; ++l) {
        std::vector<Expr> at_l;
        for (const Expr& e : at_u) at_l.push_back(sym::substitute(e, lane_->var, sym::cnst(l)));
        parts.push_back(scalar(at_l));
      }
      out.push_back(emit({.op = ir::IOp::Gather,
                          .dtype = k_.insts[parts[0]].dtype,
                          .width = plan_.width,
                          .src = parts}));
    }
    return out;
  }

  int param(LazyNode* n) {
    auto it = params_.find(n);
    if (it != params_.end()) return it->second;
    for (const auto& in : all_nodes_.at(n)) inputs_.push_back(in);
    int id = static_cast<int>(k_.buffers.size());
    k_.buffers.push_back({n->dtype, false});
    params_[n] = id;
    return id;
  }

  Val load(LazyNode* n, const Index& idx, const Expr& guard) {
    int buf = param(n);
    Expr flat = flat_index(idx, n->shape);
    if (plan_.group_contiguous && lid_ && sym::uses_var(flat, lid_->var) &&
        sym::coefficient(flat, lid_->var) != plan_.width)
      throw Rejected{};
    int steps =
        sym::uses_var(flat, step_->var) || sym::uses_var(guard, step_->var) ? plan_.unroll : 1;
    Val out;
    for (int u = 0; u < steps; ++u) {
      Expr f = sym::substitute(flat, step_->var, sym::cnst(u));
      Expr g = sym::substitute(guard, step_->var, sym::cnst(u));
      if (sym::uses_var(f, lane_->var) && sym::coefficient(f, lane_->var) == 1 &&
          !sym::uses_var(g, lane_->var)) {
        Expr first = sym::substitute(f, lane_->var, sym::cnst(0));
        std::vector<int> src = {lower_index(first)};
        if (!sym::is_const(g, 1)) src.push_back(lower_index(g));
        out.push_back(emit({.op = ir::IOp::Load,
                            .dtype = n->dtype,
                            .width = plan_.width,
                            .src = src,
                            .buffer = buf,
                            .aligned = sym::multiple_of(first, plan_.width)}));
        continue;
      }
      Val v = per_element({f, g}, [&](const std::vector<Expr>& e) {
        std::vector<int> src = {lower_index(e[0])};
        if (!sym::is_const(e[1], 1)) src.push_back(lower_index(e[1]));
        return emit({.op = ir::IOp::Load, .dtype = n->dtype, .src = src, .buffer = buf});
      });
      out.push_back(v[0]);
    }
    return out;
  }

  // Maps an index of movement node `n` to an index of its source; narrows `guard` where
  // the node pads.
  Index through_movement(const LazyNode* n, const Index& idx, Expr& guard) {
    const Shape& src = n->src[0]->shape;
    Index out(src.size());
    switch (n->op) {
      case Op::Reshape:
        return unravel(flat_index(idx, n->shape), src);
      case Op::Permute:
        for (size_t i = 0; i < idx.size(); ++i) out[n->arg[i]] = idx[i];
        return out;
      case Op::Expand:
        for (size_t i = 0; i < idx.size(); ++i) out[i] = src[i] == 1 ? sym::cnst(0) : idx[i];
        return out;
      case Op::Shrink:
        for (size_t i = 0; i < idx.size(); ++i) out[i] = sym::add(idx[i], n->arg[2 * i]);
        return out;
      case Op::Stride:
        for (size_t i = 0; i < idx.size(); ++i) {
          int64_t s = n->arg[i];
          out[i] = s > 0 ? sym::mul(idx[i], s) : sym::add(sym::mul(idx[i], s), src[i] - 1);
        }
        return out;
      case Op::Pad:
        for (size_t i = 0; i < idx.size(); ++i) {
          out[i] = sym::add(idx[i], -n->arg[2 * i]);
          if (n->arg[2 * i] || n->arg[2 * i + 1])
            guard = sym::logical_and(guard,
                                     sym::logical_and(sym::ge(out[i], 0), sym::lt(out[i], src[i])));
        }
        // An empty source is never read (the bounds above need not fold to false).
        if (shape_numel(src) == 0) guard = sym::cnst(0);
        return out;
      default:
        return idx;
    }
  }

  // Names the value of `n` at `idx` under `guard`: eval's cache key.
  static std::string value_key(const LazyNode* n, const Index& idx, const Expr& guard) {
    std::string key = fmt::format("{}|{}", static_cast<const void*>(n), sym::to_string(guard));
    for (const Expr& e : idx) key += "|" + sym::to_string(e);
    return key;
  }

  Val eval(LazyNode* n, const Index& idx, const Expr& guard) {
    std::string key = value_key(n, idx, guard);
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto found = it->values.find(key);
      if (found != it->values.end()) return found->second;
    }
    Val v = compute(n, idx, guard);
    scopes_.back().values[key] = v;
    return v;
  }

  Val compute(LazyNode* n, const Index& idx, const Expr& guard) {
    if (n == provided_.node) return {provided_.value};
    // Under a false guard the value is never read (a pad's where picks its fill): nothing
    // below is lowered, an empty source included.
    if (sym::is_const(guard, 0)) return {constant(n->dtype, {})};
    if (n->realized()) return load(n, idx, guard);
    if (is_movement(n->op)) {
      Expr inner = guard;
      Index src_idx = through_movement(n, idx, inner);
      Val v = eval(n->src[0].get(), src_idx, inner);
      return n->op == Op::Pad ? pad_select(n, v, inner) : v;
    }
    switch (n->op) {
      case Op::Const:
        return {constant(n->dtype, n->value)};
      case Op::Iota: {
        Expr flat = flat_index(idx, n->shape);
        return per_element({flat}, [&](const std::vector<Expr>& e) {
          return alu(Op::Cast, n->dtype, {lower_index(e[0])});
        });
      }
      case Op::Contiguous:
        return eval(n->src[0].get(), idx, guard);
      case Op::ReduceSum:
      case Op::ReduceProd:
      case Op::ReduceMax:
      case Op::ReduceMin:
        return reduce(n, idx, guard);
      default:
        break;
    }
    std::vector<Val> srcs;
    size_t steps = 1;
    for (const auto& s : n->src) {
      srcs.push_back(eval(s.get(), idx, guard));
      steps = std::max(steps, srcs.back().size());
    }
    Val out;
    for (size_t u = 0; u < steps; ++u) {
      std::vector<int> args;
      for (const Val& s : srcs) args.push_back(s[s.size() == 1 ? 0 : u]);
      out.push_back(alu(n->op, n->dtype, args));
    }
    return out;
  }

  // where(valid, v, pad value) for each unrolled step; lanes are handled by the ALU.
  Val pad_select(const LazyNode* n, const Val& v, const Expr& valid) {
    Val cond = per_element({valid}, [&](const std::vector<Expr>& e) { return lower_index(e[0]); });
    int fill = constant(n->dtype, n->value);
    size_t steps = std::max(cond.size(), v.size());
    Val out;
    for (size_t u = 0; u < steps; ++u)
      out.push_back(alu(Op::Where, n->dtype,
                        {cond[cond.size() == 1 ? 0 : u], v[v.size() == 1 ? 0 : u], fill}));
    return out;
  }

  // Integer max and min loops stay rolled: NVIDIA's compiler (its OpenCL and NVRTC alike,
  // driver 580) unrolls a loop taking the int32 minimum of negated values into a wrong
  // result (bench/results/2026-11-22-h100-opencl.md has the repro), and these loops are
  // never the fast path of anything.
  static bool keep_rolled(const LazyNode* reduce) {
    return !is_float(reduce->dtype) && (reduce->op == Op::ReduceMax || reduce->op == Op::ReduceMin);
  }

  // GROUP: the threads of the group take every group-th element (or vector of `width`
  // elements) of the last reduced axis, then combine their partials: with shuffles
  // within each SIMD group and once more across the groups' results where the device
  // has them, else in a halving tree in threadgroup memory. Every thread ends with the
  // result.
  Val group_reduce(LazyNode* n, const Index& idx, const Expr& guard) {
    LazyNode* src = n->src[0].get();
    const int64_t group = plan_.group;
    const int width = plan_.width;
    const Op combine = combine_op(n->op);
    const ConstValue identity = reduce_identity(n->op, n->dtype);
    // Barriers must be reached by every thread of the group.
    if (if_depth_ > 0) throw Rejected{};
    hoist_for_reduce(n, idx, guard);
    int acc = emit({.op = ir::IOp::DefineAcc, .dtype = n->dtype, .width = width, .value = identity},
                   false);
    auto accumulate = [&](const Index& at) {
      int value = widen(eval(src, at, guard)[0], width);
      emit({.op = ir::IOp::Assign,
            .dtype = n->dtype,
            .width = width,
            .src = {acc, alu(combine, n->dtype, {acc, value})}},
           false);
    };
    Index src_idx = idx;
    int64_t extent = 1;
    for (size_t a = 0; a + 1 < n->arg.size(); ++a) {
      int64_t size = src->shape[n->arg[a]];
      extent *= size;
      src_idx[n->arg[a]] = new_var(
          0, size - 1,
          emit({.op = ir::IOp::Range, .lo = 0, .hi = size, .rolled = keep_rolled(n)}, false));
      scopes_.emplace_back();
    }
    // The last axis: whole rounds of group * width elements, then the ragged tail.
    const int axis = static_cast<int>(n->arg.back());
    const int64_t size = src->shape[axis], round = group * width;
    extent *= size;
    if (width > 1 && size % round != 0) throw Rejected{};
    int64_t trips = size / round;
    Expr t = new_var(
        0, std::max<int64_t>(trips, 1) - 1,
        emit({.op = ir::IOp::Range, .lo = 0, .hi = trips, .rolled = keep_rolled(n)}, false));
    scopes_.emplace_back();
    Expr v = sym::add(sym::mul(t, group), lid_);
    src_idx[axis] = width > 1 ? sym::add(sym::mul(v, width), lane_) : v;
    accumulate(src_idx);
    scopes_.pop_back();
    emit({.op = ir::IOp::EndRange}, false);
    if (size % group != 0) {
      Expr tail = sym::add(sym::cnst(trips * group), lid_);
      open_if(alu(Op::CmpLt, DType::Bool, {lower_index(tail), index_const(size)}));
      src_idx[axis] = tail;
      accumulate(src_idx);
      close_if();
    }
    for (size_t a = 0; a + 1 < n->arg.size(); ++a) {
      scopes_.pop_back();
      emit({.op = ir::IOp::EndRange}, false);
    }
    work_per_output_ = std::max(work_per_output_, extent);
    if (width > 1)
      acc = emit({.op = ir::IOp::HReduce, .dtype = n->dtype, .src = {acc}, .alu = combine}, false);
    // Shuffles move 32-bit values on every target (Metal has no 64-bit ones).
    const int64_t warp = device_.shuffle_width;
    bool shuffles =
        warp > 1 && group % warp == 0 && group / warp <= warp && held_bytes(n->dtype) == 4;
    int64_t slots = shuffles ? group / warp : group;
    int buffer = define_local(n->dtype, slots);
    int lid = var_inst_.at(lid_->var);
    auto local_load = [&](int index, std::vector<int> guard_inst = {}) {
      std::vector<int> src = {index};
      src.insert(src.end(), guard_inst.begin(), guard_inst.end());
      return emit(
          {.op = ir::IOp::Load, .dtype = n->dtype, .src = src, .buffer = buffer, .local = true},
          false);
    };
    auto local_store = [&](int index, int v) {
      emit({.op = ir::IOp::Store,
            .dtype = n->dtype,
            .src = {index, v},
            .buffer = buffer,
            .local = true},
           false);
    };
    auto when = [&](Op cmp, int lhs, int64_t rhs, const std::function<void()>& body) {
      open_if(alu(cmp, DType::Bool, {lhs, index_const(rhs)}));
      body();
      close_if();
    };
    if (!shuffles) {
      local_store(lid, acc);
      emit({.op = ir::IOp::Barrier}, false);
      for (int64_t half = group / 2; half >= 1; half /= 2) {
        when(Op::CmpLt, lid, half, [&] {
          int other = local_load(alu(Op::Add, DType::Int64, {lid, index_const(half)}));
          local_store(lid, alu(combine, n->dtype, {local_load(lid), other}));
        });
        emit({.op = ir::IOp::Barrier}, false);
      }
      return {local_load(index_const(0))};
    }
    // Lane 0 of each SIMD group ends with the combination of lanes [0, 2 * first).
    auto shuffle_tree = [&](int v, int64_t first) {
      for (int64_t offset = first; offset >= 1; offset /= 2) {
        int other =
            emit({.op = ir::IOp::ShuffleDown, .dtype = n->dtype, .src = {v}, .hi = offset}, false);
        v = alu(combine, n->dtype, {v, other});
      }
      return v;
    };
    int partial = shuffle_tree(acc, warp / 2);
    int lane = alu(Op::Mod, DType::Int64, {lid, index_const(warp)});
    when(Op::CmpEq, lane, 0, [&] {
      local_store(alu(Op::Div, DType::Int64, {lid, index_const(warp)}), partial);
    });
    emit({.op = ir::IOp::Barrier}, false);
    if (slots > 1) {
      // The first SIMD group combines the groups' results; all its lanes take part in
      // the shuffles, and those past the last result only feed lanes that are not read.
      when(Op::CmpLt, lid, warp, [&] {
        int mine = local_load(lid, {alu(Op::CmpLt, DType::Bool, {lid, index_const(slots)})});
        int total = shuffle_tree(mine, slots / 2);
        when(Op::CmpEq, lid, 0, [&] { local_store(index_const(0), total); });
      });
      emit({.op = ir::IOp::Barrier}, false);
    }
    return {local_load(index_const(0))};
  }

  Val reduce(LazyNode* n, const Index& idx, const Expr& guard) {
    if (plan_.group > 1) return group_reduce(n, idx, guard);
    hoist_for_reduce(n, idx, guard);
    LazyNode* src = n->src[0].get();
    bool vector_reduce = plan_.vector_reduce == n;
    auto uses = [&](const Expr& v) {
      return std::any_of(idx.begin(), idx.end(),
                         [&](const Expr& e) { return sym::uses_var(e, v->var); }) ||
             sym::uses_var(guard, v->var);
    };
    bool lanes_in = uses(lane_);
    if (vector_reduce && lanes_in) throw Rejected{};
    int width = lanes_in || vector_reduce ? plan_.width : 1;
    int steps = uses(step_) ? plan_.unroll : 1;
    // Independent accumulator chains over the vector axis keep more loads in flight.
    int64_t inner = src->shape[n->arg.back()];
    int chains = vector_reduce && inner % (plan_.width * kReduceChains) == 0 ? kReduceChains : 1;
    Expr chain = sym::var(next_var_++, 0, chains - 1);
    std::vector<Val> accs(steps);
    for (int u = 0; u < steps; ++u)
      for (int c = 0; c < chains; ++c)
        accs[u].push_back(emit({.op = ir::IOp::DefineAcc,
                                .dtype = n->dtype,
                                .width = width,
                                .value = reduce_identity(n->op, n->dtype)},
                               false));
    Index src_idx = idx;
    int64_t extent = 1;
    for (size_t a = 0; a < n->arg.size(); ++a) {
      int axis = static_cast<int>(n->arg[a]);
      int64_t size = src->shape[axis];
      extent *= size;
      bool vec_axis = vector_reduce && a + 1 == n->arg.size();
      if (vec_axis && size % plan_.width != 0) throw Rejected{};
      int64_t trips = vec_axis ? size / plan_.width / chains : size;
      int r = emit({.op = ir::IOp::Range, .lo = 0, .hi = trips, .rolled = keep_rolled(n)}, false);
      Expr v = new_var(0, trips - 1, r);
      src_idx[axis] =
          vec_axis ? sym::add(sym::mul(sym::add(sym::mul(v, chains), chain), plan_.width), lane_)
                   : v;
      scopes_.emplace_back();
    }
    work_per_output_ = std::max(work_per_output_, extent);
    for (int u = 0; u < steps; ++u) {
      for (int c = 0; c < chains; ++c) {
        Index at = src_idx;
        for (Expr& e : at)
          e = sym::substitute(sym::substitute(e, step_->var, sym::cnst(u)), chain->var,
                              sym::cnst(c));
        Val v = eval(src, at, sym::substitute(guard, step_->var, sym::cnst(u)));
        int value = widen(v[0], width);
        int next = alu(combine_op(n->op), n->dtype, {accs[u][c], value});
        emit({.op = ir::IOp::Assign, .dtype = n->dtype, .width = width, .src = {accs[u][c], next}},
             false);
      }
    }
    for (size_t a = 0; a < n->arg.size(); ++a) {
      scopes_.pop_back();
      emit({.op = ir::IOp::EndRange}, false);
    }
    Val combined;
    for (const Val& chain_accs : accs) {
      int acc = chain_accs[0];
      for (size_t c = 1; c < chain_accs.size(); ++c)
        acc = alu(combine_op(n->op), n->dtype, {acc, chain_accs[c]});
      combined.push_back(acc);
    }
    if (!vector_reduce) return combined;
    Val out;
    for (int acc : combined)
      out.push_back(
          emit({.op = ir::IOp::HReduce, .dtype = n->dtype, .src = {acc}, .alu = combine_op(n->op)},
               false));
    return out;
  }

  struct Scope {
    std::unordered_map<std::string, int> insts;
    std::unordered_map<std::string, Val> values;
  };

  const NodePtr& out_;
  const DeviceInfo& device_;
  const Plan& plan_;
  ir::Kernel k_;
  std::vector<NodePtr> inputs_;
  std::unordered_map<LazyNode*, int> params_;
  std::vector<Scope> scopes_;
  std::unordered_map<int, int> var_inst_;
  int next_var_ = 0;
  Expr lane_, step_;
  Expr lid_;  // the thread within its group, under GROUP
  int next_local_ = 0;
  bool tail_ = false;  // an If skips the threads past the end
  int if_depth_ = 0;   // If blocks open where the next instruction goes
  int64_t local_bytes_ = 0;
  int64_t work_per_output_ = 1;
  // TC and STAGE: the matmul's reduction, and whether ops lie above it (begin_matmul).
  const LazyNode* matmul_ = nullptr;
  bool epilogue_ = false;
  // A node whose value the lowerer already holds, at whatever index it is asked for: a
  // matmul's reduction, one output element at a time, while its epilogue is evaluated.
  struct Provided {
    const LazyNode* node = nullptr;
    int value = -1;
  } provided_;

 public:
  // Owning pointers of the realized nodes, to hand out as kernel inputs.
  std::unordered_map<LazyNode*, std::vector<NodePtr>> all_nodes_;
};

// Owning pointers for every realized node under `out` (the graph stores shared_ptrs in
// `src`; the lowerer sees raw pointers).
void collect_inputs(const NodePtr& n, std::unordered_map<LazyNode*, std::vector<NodePtr>>& out,
                    std::unordered_set<LazyNode*>& seen, bool root) {
  if (!seen.insert(n.get()).second) return;
  if (n->realized() && !root) {
    out[n.get()] = {n};
    return;
  }
  for (const auto& s : n->src) collect_inputs(s, out, seen, false);
}

std::string kernel_name(const NodePtr& out, const ir::Kernel& k) {
  bool has_reduce = false;
  std::string dims;
  for (int64_t d : out->shape) dims += "_" + std::to_string(d);
  for (const auto& i : k.insts)
    has_reduce |= i.op == ir::IOp::DefineAcc || i.op == ir::IOp::MatZero;
  return (has_reduce ? "r" : "E") + (dims.empty() ? std::string("_1") : dims);
}

void estimate_cost(const NodePtr& out, const Lowered& l, ir::Kernel& k) {
  std::unordered_set<LazyNode*> seen;
  std::function<void(LazyNode*)> walk = [&](LazyNode* n) {
    if (!seen.insert(n).second || n->realized()) return;
    if (is_reduce(n->op))
      k.flops += static_cast<double>(shape_numel(n->src[0]->shape));
    else if (!is_movement(n->op) && n->op != Op::Const && n->op != Op::Iota &&
             n->op != Op::Contiguous)
      k.flops += static_cast<double>(shape_numel(n->shape));
    for (const auto& s : n->src) walk(s.get());
  };
  walk(out.get());
  k.bytes = static_cast<double>(shape_numel(out->shape) * dtype_size(out->dtype));
  for (const auto& in : l.inputs) k.bytes += static_cast<double>(in->buffer->bytes());
}

}  // namespace

std::vector<Lowered> lower_candidates(const NodePtr& out, const DeviceInfo& device, size_t limit) {
  std::unordered_map<LazyNode*, std::vector<NodePtr>> nodes;
  std::unordered_set<LazyNode*> seen;
  collect_inputs(out, nodes, seen, true);
  std::vector<Lowered> found;
  for (const Plan& plan : candidate_plans(out, device, Context::global().noopt(), limit > 1)) {
    if (found.size() >= limit) break;
    try {
      Lowerer lowerer(out, device, plan);
      lowerer.all_nodes_ = nodes;
      Lowered l = lowerer.run();
      l.kernel.name = kernel_name(out, l.kernel);
      estimate_cost(out, l, l.kernel);
      found.push_back(std::move(l));
    } catch (const Rejected&) {
    }
  }
  return found;  // never empty: the last plan (no optimizations) never rejects
}

Lowered lower(const NodePtr& out, const DeviceInfo& device) {
  return std::move(lower_candidates(out, device, 1).front());
}

}  // namespace ingot::codegen
