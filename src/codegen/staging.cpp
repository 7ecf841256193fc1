// STAGE's and WGMMA's operand slices: each thread's share of copying a slice of an operand
// into threadgroup memory, asynchronously into two buffers, into WGMMA's swizzled tiles, or
// through registers in flight, with zeros past the operand's edges.
#include "codegen/lowerer.hpp"

namespace ingot::codegen {
namespace {

// Calls `copy(n, memory row, memory column)` for the n-th copy (of s.unit() elements)
// of a thread, each round's threads copying consecutive vectors of the slice.
template <class F>
void for_slice_copies(const StagedSlice& s, const Expr& tid, F copy) {
  const int64_t per_row = s.cols / s.width, per_round = s.width / s.unit();
  for (int64_t r = 0; r < s.rounds(); ++r) {
    Expr v = sym::add(tid, r * s.threads);
    Expr mr = sym::floordiv(v, per_row), mc = sym::mul(sym::mod(v, per_row), s.width);
    for (int64_t l = 0; l < per_round; ++l)
      copy(static_cast<size_t>(r * per_round + l), mr, sym::add(mc, l * s.unit()));
  }
}

}  // namespace

// The slice of `op` that is `slice_outer` x `slice_inner` of the operand, whose extents
// are `outer_extent` x `inner_extent`.
StagedSlice Lowerer::stage_slice(const MatOperand& op, int64_t slice_outer, int64_t slice_inner,
                                 int64_t outer_extent, int64_t inner_extent, bool flip,
                                 bool async) {
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
  if (s.cols % s.width != 0 || (s.rows * s.cols) % (s.width * s.threads) != 0) throw Rejected{};
  // Asynchronous copies move whole 16-byte vectors.
  s.narrow = memory_cols % s.width != 0;
  if (s.narrow && async) throw Rejected{};
  s.local = em_.define_local(s.raw, s.size() * (async ? 2 : 1));
  if (!async)
    for (int64_t r = 0; r < s.rounds() * s.width / s.unit(); ++r)
      s.regs.push_back(em_.emit({.op = ir::IOp::DefineAcc,
                                 .dtype = s.raw,
                                 .width = static_cast<int>(s.unit()),
                                 .value = ConstValue::of(0)},
                                false));
  return s;
}

// Fetches the slice whose first element is the operand's (outer, inner): into slice
// buffer `stage` when copied asynchronously, else into the registers in flight.
void Lowerer::fetch_slice(const StagedSlice& s, const Expr& outer, const Expr& inner,
                          const Expr& tid, const Expr& stage) {
  const int width = static_cast<int>(s.unit());
  const Expr first = at_origin(s.op, outer, inner);
  for_slice_copies(s, tid, [&](size_t n, const Expr& mr, const Expr& mc) {
    if (s.async) {
      std::vector<int> src = copy_source(s, outer, inner, mr, mc);
      Expr to = sym::add(s.copied_to(mr, mc), sym::mul(stage, s.size()));
      src.insert(src.begin(), em_.lower_index(to));
      em_.emit({.op = ir::IOp::AsyncCopy,
                .dtype = s.raw,
                .width = width,
                .src = src,
                .lo = s.local,
                .buffer = s.op.buffer},
               false);
      return;
    }
    Expr from = sym::add(first, sym::add(sym::mul(mr, s.op.stride), mc));
    Expr inside = s.inside(outer, inner, mr, mc);
    std::vector<int> src = {em_.lower_index(from)};
    if (!sym::is_const(inside, 1)) src.push_back(em_.lower_index(inside));
    int value = em_.emit({.op = ir::IOp::Load,
                          .dtype = s.raw,
                          .width = width,
                          .src = src,
                          .buffer = s.op.buffer,
                          .aligned = width > 1 && sym::multiple_of(from, width)});
    em_.emit({.op = ir::IOp::Assign, .src = {s.regs[n], value}}, false);
  });
}

// The source operands of an asynchronous copy of memory's (mr, mc) of the slice whose
// first element is the operand's (outer, inner): the address (the buffer's start where the
// copy lies outside the operand, a harmless address for one that reads nothing and writes
// zeros) and, where it may lie outside, the condition that it does not.
std::vector<int> Lowerer::copy_source(const StagedSlice& s, const Expr& outer, const Expr& inner,
                                      const Expr& mr, const Expr& mc) {
  Expr from = sym::add(at_origin(s.op, outer, inner), sym::add(sym::mul(mr, s.op.stride), mc));
  // A 16-byte copy needs a 16-byte aligned source.
  if (!sym::multiple_of(from, s.unit())) throw Rejected{};
  Expr inside = s.inside(outer, inner, mr, mc);
  if (sym::is_const(inside, 1)) return {em_.lower_index(from)};
  int guard = em_.lower_index(inside);
  return {em_.alu(Op::Where, DType::Int64, {guard, em_.lower_index(from), em_.index_const(0)}),
          guard};
}

// WGMMA's copy of a slice (memory rows of 64 elements, or 64 deep) to its tile at `to`:
// each 16-byte chunk c of memory row r goes to chunk c ^ (r % 8) of a 128-byte row, the
// 128-byte swizzle the wgmma descriptors name; rows wider than 64 elements continue in
// blocks of s.rows rows (lang_cuda's ingot_wgmma_desc).
void Lowerer::fetch_swizzled(const StagedSlice& s, const Expr& outer, const Expr& inner,
                             const Expr& tid, const Expr& to) {
  constexpr int64_t row = 64, chunk = 8;
  for_slice_copies(s, tid, [&](size_t, const Expr& mr, const Expr& mc) {
    std::vector<int> src = copy_source(s, outer, inner, mr, mc);
    Expr block = sym::floordiv(mc, row);
    int at =
        em_.lower_index(sym::add(to, sym::add(sym::mul(block, s.rows * row), sym::mul(mr, row))));
    int swizzled = em_.alu(Op::Xor, DType::Int64,
                           {em_.lower_index(sym::mod(sym::floordiv(mc, chunk), row / chunk)),
                            em_.lower_index(sym::mod(mr, row / chunk))});
    src.insert(src.begin(),
               em_.alu(Op::Add, DType::Int64,
                       {at, em_.alu(Op::Mul, DType::Int64, {swizzled, em_.index_const(chunk)})}));
    em_.emit({.op = ir::IOp::AsyncCopy,
              .dtype = s.raw,
              .width = static_cast<int>(s.unit()),
              .src = src,
              .lo = s.local,
              .buffer = s.op.buffer},
             false);
  });
}

// Stores the registers in flight into threadgroup memory: a flipped slice's vectors lane
// by lane, each lane a row of the flipped slice apart. Loading a flipped slice by vectors
// and storing it so, against loading it element by element, took a register tile's
// matmuls from 25 to 34-38 TFLOP/s on an H200 (bench/results/2026-11-28-h200-s7.md).
void Lowerer::put_slice(const StagedSlice& s, const Expr& tid) {
  for_slice_copies(s, tid, [&](size_t n, const Expr& mr, const Expr& mc) {
    auto store = [&](const Expr& at, int value, int64_t width) {
      em_.emit({.op = ir::IOp::Store,
                .dtype = s.raw,
                .width = static_cast<int>(width),
                .src = {em_.lower_index(at), value},
                .buffer = s.local,
                .local = true,
                .aligned = width > 1},
               false);
    };
    if (!s.flip || s.unit() == 1) return store(s.copied_to(mr, mc), s.regs[n], s.unit());
    for (int64_t l = 0; l < s.unit(); ++l)
      store(s.copied_to(mr, sym::add(mc, l)),
            em_.emit({.op = ir::IOp::Lane, .dtype = s.raw, .src = {s.regs[n]}, .hi = l}), 1);
  });
}

}  // namespace ingot::codegen
