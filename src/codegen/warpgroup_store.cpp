// WGMMA's stores: its block of outputs from the accumulator's layout, through the epilogue,
// into the output.
#include "codegen/lowerer.hpp"

namespace ingot::codegen {

// Stores the block of kWarpgroupRows x `cols` outputs that accumulator `acc` holds (each
// of the `threads` / 2-thread warpgroups 64 rows of it) at `edge`; `ring` is the kernel's
// dynamic threadgroup memory, free once every product has landed. Returns the bytes of
// threadgroup memory the stores use.
int64_t Lowerer::store_warpgroup_block(int acc, const OutputEdge& edge, const Expr& tid, int ring,
                                       int64_t cols, int64_t threads) {
  const int64_t rows = kWarpgroupRows;
  // The accumulator's layout: lane i of thread t of warp w holds row 16 w + t / 4 (+ 8
  // for i % 4 >= 2), column 8 (i / 4) + 2 (t % 4) + i % 2 of the warpgroup's product.
  Expr thread = sym::mod(tid, threads / 2), lane = sym::mod(thread, 32);
  Expr warpgroup = sym::floordiv(tid, threads / 2);
  Expr row0 = sym::add(sym::mul(warpgroup, 64),
                       sym::add(sym::mul(sym::floordiv(thread, 32), 16), sym::floordiv(lane, 4)));
  Expr col0 = sym::mul(sym::mod(lane, 4), 2);
  auto row_of = [&](int64_t i) { return sym::add(row0, 8 * ((i / 2) % 2)); };
  auto col_of = [&](int64_t i) { return sym::add(col0, 8 * (i / 4) + i % 2); };
  // The output's value at (r, c) of the block from lane i of the accumulator.
  auto output = [&](int64_t i, const Expr& r, const Expr& c) {
    int sum = em_.emit({.op = ir::IOp::Lane, .dtype = DType::Float32, .src = {acc}, .hi = i});
    return with_epilogue(sum, edge.at(r, c));
  };
  const int64_t out_bytes = static_cast<int64_t>(dtype_size(out_->dtype));
  const int64_t chunk = 16 / out_bytes;  // elements of a 16-byte copy
  // The block through threadgroup memory, where the output's rows are whole 16-byte
  // chunks: each thread writes its lanes' outputs there two by two, then the group copies
  // the block's rows out 16 bytes at a time. Stored straight from the accumulator's layout,
  // each of a warp's stores wrote 2 bytes into each of 8 rows: attention's scores (32 x 512
  // x 512 in float16) took 40 us on the H200, their product with V (the same work, an
  // eighth of the output) 15. Rows padded by 8 elements: a warp's pairs land in distinct
  // banks. Where the block does not fit the device's threadgroup memory, element by element.
  const int64_t pitch = cols + 8, block_bytes = rows * pitch * out_bytes;
  int64_t staged_bytes = 0;
  if (edge.cols % chunk == 0 && out_bytes <= 4 &&
      block_bytes <= device_.dynamic_local_memory_bytes) {
    staged_bytes = block_bytes;
    // Every warpgroup's products have landed; nobody reads the ring again.
    em_.emit({.op = ir::IOp::Barrier}, false);
    // The block moves as bits: 16-bit floats as 16-bit integers in the ring itself (as
    // memory holds them), 32-bit types through a view of the same memory in their type.
    const DType raw = out_bytes == 2 ? DType::UInt16 : out_->dtype;
    const int staged = out_bytes == 2 ? ring
                                      : em_.define_dynamic_local(
                                            raw, rows * pitch, device_.dynamic_local_memory_bytes);
    auto bits = [&](int value) {
      if (em_.inst(value).dtype != out_->dtype) value = em_.alu(Op::Cast, out_->dtype, {value});
      return raw == out_->dtype ? value : em_.alu(Op::Bitcast, raw, {value});
    };
    for (int64_t i = 0; i < cols / 2; i += 2) {
      const Expr r = row_of(i), c = col_of(i);
      em_.guarded(edge.inside(r, c), [&] {
        int pair =
            em_.emit({.op = ir::IOp::Gather,
                      .dtype = raw,
                      .width = 2,
                      .src = {bits(output(i, r, c)), bits(output(i + 1, r, sym::add(c, 1)))}});
        em_.emit({.op = ir::IOp::Store,
                  .dtype = raw,
                  .width = 2,
                  .src = {em_.lower_index(sym::add(sym::mul(r, pitch), c)), pair},
                  .buffer = staged,
                  .local = true,
                  .aligned = true},
                 false);
      });
    }
    em_.emit({.op = ir::IOp::Barrier}, false);
    const int64_t per_row = cols / chunk;
    for (int64_t e0 = 0; e0 < rows * per_row; e0 += threads) {
      const Expr e = sym::add(tid, e0);
      const Expr r = sym::floordiv(e, per_row), c = sym::mul(sym::mod(e, per_row), chunk);
      em_.guarded(edge.inside(r, c), [&] {
        int block = em_.emit({.op = ir::IOp::Load,
                              .dtype = raw,
                              .width = static_cast<int>(chunk),
                              .src = {em_.lower_index(sym::add(sym::mul(r, pitch), c))},
                              .buffer = staged,
                              .local = true,
                              .aligned = true});
        em_.emit({.op = ir::IOp::Store,
                  .dtype = raw,
                  .width = static_cast<int>(chunk),
                  .src = {em_.lower_index(edge.at(r, c)), block},
                  .buffer = 0,
                  .aligned = true},
                 false);
      });
    }
  } else {
    for (int64_t i = 0; i < cols / 2; ++i) {
      const Expr r = row_of(i), c = col_of(i);
      em_.guarded(edge.inside(r, c), [&] {
        em_.emit({.op = ir::IOp::Store,
                  .dtype = out_->dtype,
                  .src = {em_.lower_index(edge.at(r, c)), output(i, r, c)},
                  .buffer = 0},
                 false);
      });
    }
  }
  return staged_bytes;
}

}  // namespace ingot::codegen
