// A matmul's epilogue and the stores of its tiles (TC, STAGE): the ops above the matmul's
// sum (a bias, an activation) evaluated on each sum as it is stored, and SIMD-group
// matrices stored whole or, converted and cut at the output's edge, through threadgroup
// memory.
#include "codegen/lowerer.hpp"

namespace ingot::codegen {

// Starts a TC or STAGE kernel: finds the matmul under the output once, its reduction
// and whether ops lie above it (a bias, an activation), and returns its product.
const AstNode* Lowerer::begin_matmul() {
  lane_ = step_ = sym::cnst(0);  // an epilogue is evaluated one element at a time
  matmul_ = matmul_reduce(out_);
  const AstNode* n = out_;
  while (n->op == Op::Reshape || n->op == Op::Contiguous) n = n->src[0];
  epilogue_ = n != matmul_;
  return matmul_->src[0];
}

// The output's value at flat element `at`, given the matmul's sum there (`sum`): the
// epilogue evaluated on it, or the sum itself where there is none.
int Lowerer::with_epilogue(int sum, const Expr& at) {
  if (!epilogue_) return sum;
  provided_ = {matmul_, sum};
  em_.open_scope();
  int value = eval(out_, unravel(at, out_->shape), sym::cnst(1))[0];
  em_.close_scope();
  provided_ = {};
  return value;
}

// Stores SIMD-group matrix `acc` (float32) at rows `r`, columns `c` of `out`. Without
// `staging` the tile is stored as a whole; other output types, and tiles that may cross
// the output's edge, go through threadgroup memory at `staging` + `slot`, each of the
// SIMD group's threads (`lane`) converting and storing its share of the tile.
void Lowerer::store_matrix(int acc, const OutputEdge& out, const Expr& r, const Expr& c,
                           int staging, const Expr& slot, const Expr& lane) {
  const int64_t tile = device_.matrix_tile, warp = device_.shuffle_width;
  if (staging < 0) {
    em_.emit({.op = ir::IOp::MatStore,
              .dtype = DType::Float32,
              .src = {em_.lower_index(out.at(r, c)), acc},
              .lo = out.cols,
              .buffer = 0},
             false);
    return;
  }
  em_.emit({.op = ir::IOp::MatStore,
            .dtype = DType::Float32,
            .src = {em_.lower_index(slot), acc},
            .lo = tile,
            .buffer = staging,
            .local = true},
           false);
  em_.emit({.op = ir::IOp::Barrier}, false);
  for (int64_t e0 = 0; e0 < tile * tile; e0 += warp) {
    Expr e = sym::add(lane, e0);
    int value = em_.emit({.op = ir::IOp::Load,
                          .dtype = DType::Float32,
                          .src = {em_.lower_index(sym::add(slot, e))},
                          .buffer = staging,
                          .local = true},
                         false);
    Expr er = sym::add(r, sym::floordiv(e, tile)), ec = sym::add(c, sym::mod(e, tile));
    em_.guarded(out.inside(er, ec), [&] {
      const Expr at = out.at(er, ec);
      em_.emit({.op = ir::IOp::Store,
                .dtype = out_->dtype,
                .src = {em_.lower_index(at), with_epilogue(value, at)},
                .buffer = 0},
               false);
    });
  }
  // The next tile reuses the staging memory.
  em_.emit({.op = ir::IOp::Barrier}, false);
}

OutputEdge output_edge(const Index& at, const Shape& full) {
  const size_t rank = full.size();
  return {flat_index(at, Shape(full.begin(), full.end() - 1)), at[rank - 3], at[rank - 2],
          full[rank - 3], full[rank - 2]};
}

}  // namespace ingot::codegen
