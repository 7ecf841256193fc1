// The CPU's vector plans on the shapes a transformer block makes: a matmul whose
// activation has no vector spelling, matmuls of reshaped and permuted views, and a
// matmul kernel whose output keeps its reduced axis. Lowered for a described device (no
// kernel runs); the op suite checks the results on every device.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "codegen/lower.hpp"
#include "ingot/ingot.hpp"
#include "support/lowering.hpp"

namespace ingot {
namespace {

DeviceInfo cpu() {
  return {.name = "CPU", .language = "c", .simd_width = 8, .vector_halves = true};
}

using support::input;

bool has(const codegen::Lowered& l, const std::string& opt) {
  return l.kernel.opts.find(opt) != std::string::npos;
}

TEST(CpuPlans, MatmulKeepsItsRegisterTileUnderAnActivation) {
  codegen::Lowered l =
      support::lower(input({64, 96}).matmul(input({96, 128})).gelu().node(), cpu());
  EXPECT_TRUE(has(l, "UPCAST(out,8x2)")) << l.kernel.opts;
  // The activation runs lane by lane: there are no vector math functions in C.
  EXPECT_TRUE(std::any_of(l.kernel.insts.begin(), l.kernel.insts.end(),
                          [](const ir::Inst& i) { return i.op == ir::IOp::Lane; }));
  // An elementwise kernel still needs a vector spelling of all its ops.
  codegen::Lowered plain = support::lower((input({64, 128}) * 2.0).tanh().node(), cpu());
  EXPECT_FALSE(has(plain, "UPCAST")) << plain.kernel.opts;
}

// Rows that are no whole number of vectors still reduce in vectors, their tail element by
// element in an accumulator of its own, once per step of the reduction's outer loops.
TEST(CpuPlans, RowsOfRaggedLengthReduceInVectorsAndATail) {
  auto tails = [](const codegen::Lowered& l) {
    return std::count_if(l.kernel.insts.begin(), l.kernel.insts.end(), [](const ir::Inst& i) {
      return i.op == ir::IOp::DefineAcc && i.width == 1;
    });
  };
  codegen::Lowered rows = support::lower(input({64, 3001}).sum({1}).node(), cpu());
  EXPECT_TRUE(has(rows, "UNROLL(reduce,")) << rows.kernel.opts;
  EXPECT_EQ(tails(rows), 1);
  codegen::Lowered whole = support::lower(input({64, 3008}).sum({1}).node(), cpu());
  EXPECT_TRUE(has(whole, "UNROLL(reduce,")) << whole.kernel.opts;
  EXPECT_EQ(tails(whole), 0);
}

TEST(CpuPlans, MatmulsOfHeadsSplitByReshapeAndPermute) {
  auto heads = [](const Tensor& x) { return x.reshape({128, 4, 64}).permute({1, 0, 2}); };
  Tensor q = heads(input({128, 256})), k = heads(input({128, 256}));
  // q @ k^T: both operands run along the depth, 256 apart between rows.
  codegen::Lowered scores = support::lower(q.matmul(k.transpose()).node(), cpu());
  EXPECT_TRUE(has(scores, "UNROLL(reduce,8)")) << scores.kernel.opts;
  // p @ v: the right operand's rows are contiguous within a head.
  codegen::Lowered mixed = support::lower(input({4, 128, 128}).matmul(k).node(), cpu());
  EXPECT_TRUE(has(mixed, "UPCAST(out,8x2)")) << mixed.kernel.opts;
}

TEST(CpuPlans, MatmulOutputKeepingItsReducedAxis) {
  // The scheduler realizes a matmul read through a permute at its reduction, whose output
  // is [M, N, 1]: the lanes go along N.
  NodePtr product = input({64, 96}).matmul(input({96, 128})).node();
  NodePtr reduce = product->src[0];
  ASSERT_EQ(reduce->shape, (Shape{64, 128, 1}));
  codegen::Lowered l = support::lower(reduce, cpu());
  EXPECT_TRUE(has(l, "UPCAST(out,8x2)")) << l.kernel.opts;
}

// A matmul's register tile is two vectors wide, by as many rows as the registers hold
// besides: 6 with AVX2's 16 registers of 8 floats, 12 with AVX-512's 32 of 16. An output
// narrower than two vectors takes one.
TEST(CpuPlans, MatmulTileIsTwoVectorsByTheRowsTheRegistersHold) {
  auto sums = [](const codegen::Lowered& l, int width) {
    return std::count_if(l.kernel.insts.begin(), l.kernel.insts.end(), [&](const ir::Inst& i) {
      return i.op == ir::IOp::DefineAcc && i.width == width;
    });
  };
  NodePtr product = input({100, 96}).matmul(input({96, 99})).node();
  codegen::Lowered avx2 = support::lower(product, cpu());
  EXPECT_TRUE(has(avx2, "UPCAST(out,8x2) UPCAST(axis0,6)")) << avx2.kernel.opts;
  EXPECT_EQ(sums(avx2, 8), 12);
  DeviceInfo avx512 = cpu();
  avx512.simd_width = 16;
  codegen::Lowered wide = support::lower(product, avx512);
  EXPECT_TRUE(has(wide, "UPCAST(out,16x2) UPCAST(axis0,12)")) << wide.kernel.opts;
  EXPECT_EQ(sums(wide, 16), 24);
  codegen::Lowered narrow = support::lower(input({100, 96}).matmul(input({96, 12})).node(), cpu());
  EXPECT_TRUE(has(narrow, "UPCAST(out,8) ")) << narrow.kernel.opts;
  // A vector times a matrix has no rows to unroll: a row of 8 vectors, 8 sums.
  codegen::Lowered vecmat = support::lower(input({96}).matmul(input({96, 999})).node(), cpu());
  EXPECT_TRUE(has(vecmat, "UPCAST(out,8x8)")) << vecmat.kernel.opts;
  EXPECT_EQ(sums(vecmat, 8), 8);
}

// Padded windows stacked and summed (a depthwise convolution written with pad and slice):
// the loads of the windows shifted along the lanes gather, lane by lane, and the products
// and sums still run in vectors, where every vector plan had been rejected.
TEST(CpuPlans, ReductionsOfPaddedWindowsGatherTheirLanes) {
  Tensor x = input({2, 8, 20, 24});
  Tensor padded = x.pad({{0, 0}, {0, 0}, {1, 1}, {1, 1}});
  std::vector<Tensor> taps;
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 3; ++j)
      taps.push_back(padded.slice({{}, {}, {i, i + 20}, {j, j + 24}}));
  Tensor out = (Tensor::stack(taps, 2) * input({1, 8, 9, 1, 1})).sum({2});
  codegen::Lowered l = support::lower(out.node(), cpu());
  EXPECT_EQ(l.kernel.opts, "UPCAST(out,8) ");
  EXPECT_TRUE(std::any_of(l.kernel.insts.begin(), l.kernel.insts.end(),
                          [](const ir::Inst& i) { return i.op == ir::IOp::Gather; }));
}

// 16-bit floats are held in float32 lanes: a float16 or bfloat16 matmul takes the same
// register tile, its loads and stores converting whole vectors; a wide matmul tile asks
// for the target's widest vectors, a row sum does not.
TEST(CpuPlans, HalfFloatsTakeFloat32Lanes) {
  for (DType dt : {DType::Float16, DType::BFloat16}) {
    codegen::Lowered mm =
        support::lower(input({100, 96}, dt).matmul(input({96, 99}, dt)).node(), cpu());
    EXPECT_TRUE(has(mm, "UPCAST(out,8x2)")) << dtype_name(dt) << ": " << mm.kernel.opts;
    EXPECT_TRUE(mm.kernel.wide_vectors);
    codegen::Lowered rows = support::lower((input({64, 256}, dt) * 2.0).sum({1}).node(), cpu());
    EXPECT_TRUE(has(rows, "UNROLL(reduce,8)")) << dtype_name(dt) << ": " << rows.kernel.opts;
    EXPECT_FALSE(rows.kernel.wide_vectors);
  }
  DeviceInfo no_halves = cpu();
  no_halves.vector_halves = false;
  codegen::Lowered scalar = support::lower(
      input({100, 96}, DType::Float16).matmul(input({96, 99}, DType::Float16)).node(), no_halves);
  EXPECT_FALSE(has(scalar, "UPCAST")) << scalar.kernel.opts;
}

// Softmax over rows of 1000 steps through each row in vectors (the last one overlapping),
// its max and sum in lanes; logsumexp's max, computed before its sum, in lanes too; an
// elementwise tanh over rows that are no whole number of vectors in vectors.
TEST(CpuPlans, RowsAndTheirSharedReductionsInVectors) {
  DeviceInfo math = cpu();
  math.vector_math = true;  // the prelude's vector exp, tanh and max, as on the real CPU
  auto vector_sums = [](const codegen::Lowered& l) {
    return std::count_if(l.kernel.insts.begin(), l.kernel.insts.end(), [](const ir::Inst& i) {
      return i.op == ir::IOp::DefineAcc && i.width == 8;
    });
  };
  codegen::Lowered softmax = support::lower(input({64, 1000}).softmax(1).node(), math);
  EXPECT_TRUE(has(softmax, "ROW(8)")) << softmax.kernel.opts;
  EXPECT_GE(vector_sums(softmax), 2);
  Tensor x = input({64, 1000});
  codegen::Lowered lse = support::lower((x - x.max({1}, true)).exp().sum({1}).node(), math);
  EXPECT_TRUE(has(lse, "UNROLL(reduce,8)")) << lse.kernel.opts;
  EXPECT_GE(vector_sums(lse), 2);
  codegen::Lowered tanh = support::lower((input({64, 1001}) * 2.0).tanh().node(), math);
  EXPECT_TRUE(has(tanh, "UPCAST(out,8)")) << tanh.kernel.opts;
  EXPECT_FALSE(has(tanh, "STREAM")) << tanh.kernel.opts;
}

// A matmul whose output is reshaped (a convolution's [B, C, H, W] from [B, C, H W])
// unrolls its rows (C), not the axis before the lanes (H); a transposing copy takes
// vectors, its loads lane by lane.
TEST(CpuPlans, ReshapedMatmulUnrollsItsRowsMergesItsColumnsAndCopiesTakeVectors) {
  NodePtr conv = input({64, 288}).matmul(input({8, 288, 56 * 56})).reshape({8, 64, 56, 56}).node();
  codegen::Lowered l = support::lower(conv, cpu());
  EXPECT_TRUE(has(l, "UPCAST(axis1,")) << l.kernel.opts;
  // Its columns, 56 x 56, are tiled as one axis of 3136 (56 is no whole number of tiles),
  // with vector loads and stores across the rows of 56.
  EXPECT_TRUE(has(l, "MERGE(2)")) << l.kernel.opts;
  EXPECT_TRUE(std::any_of(l.kernel.insts.begin(), l.kernel.insts.end(), [](const ir::Inst& i) {
    return i.op == ir::IOp::Store && i.width == 8;
  }));
  // Columns of 64 divide into tiles: no merge.
  codegen::Lowered whole = support::lower(
      input({64, 288}).matmul(input({8, 288, 64 * 64})).reshape({8, 64, 64, 64}).node(), cpu());
  EXPECT_FALSE(has(whole, "MERGE")) << whole.kernel.opts;
  codegen::Lowered copy =
      support::lower(input({32, 64, 56, 57}).permute({0, 2, 3, 1}).contiguous().node(), cpu());
  EXPECT_TRUE(has(copy, "UPCAST(out,8)")) << copy.kernel.opts;
}

// Reductions keeping an axis of 109 (no whole number of vectors) take four vectors along
// it, the last tile overlapping, so that each step of the reduction reads a contiguous
// run; a narrower axis takes one vector, and unrolls the axis before; a sum over the
// middle axis of a permuted view takes lanes along the output axis that is contiguous in
// memory (its first), four vectors of them, stored lane by lane.
TEST(CpuPlans, ReductionLanesOverlapOrGoAlongAnEarlierAxis) {
  codegen::Lowered ragged = support::lower(input({16, 64, 112, 109}).sum({1, 2}).node(), cpu());
  EXPECT_TRUE(has(ragged, "UPCAST(out,8x4)")) << ragged.kernel.opts;
  codegen::Lowered columns = support::lower(input({4099, 3072}).sum({0}).node(), cpu());
  EXPECT_TRUE(has(columns, "UPCAST(out,8x4)")) << columns.kernel.opts;
  codegen::Lowered narrow = support::lower(input({64, 112, 28}).sum({0}).node(), cpu());
  EXPECT_TRUE(has(narrow, "UPCAST(out,8) UPCAST(axis0,8)")) << narrow.kernel.opts;
  codegen::Lowered permuted =
      support::lower(input({64, 31, 48}).permute({2, 0, 1}).sum({2}).node(), cpu());
  EXPECT_TRUE(has(permuted, "UPCAST(out,8x4)")) << permuted.kernel.opts;
  EXPECT_TRUE(std::any_of(permuted.kernel.insts.begin(), permuted.kernel.insts.end(),
                          [](const ir::Inst& i) { return i.op == ir::IOp::Load && i.width == 8; }));
}

// argmax's scores (the countdown of the first index matching the row's max, int64) stay in
// vectors where the device has vector math: the or of its two matches, the iota as a
// ramp, the integer max by a select; only the horizontal max of the last vector and the
// row's ragged tail take lanes one at a time.
TEST(CpuPlans, ArgmaxScoresInVectors) {
  DeviceInfo device = cpu();
  device.vector_math = true;
  codegen::Lowered l = support::lower(input({64, 3001}).argmax(1).node(), device);
  EXPECT_TRUE(has(l, "UNROLL(reduce,")) << l.kernel.opts;
  EXPECT_FALSE(std::any_of(l.kernel.insts.begin(), l.kernel.insts.end(), [](const ir::Inst& i) {
    return i.op == ir::IOp::Lane;
  })) << "a lane taken one at a time";
}

// A concatenation along a short axis (stack: its parts each padded to the output's shape
// and summed) unrolls that axis, so each step computes only the part it reads: stacked
// 3x3 windows of a padded image take nine steps, not nine guarded loads an element.
TEST(CpuPlans, ShortConcatenationAxisIsUnrolled) {
  Tensor padded = input({8, 32, 56, 56}).pad({{0, 0}, {0, 0}, {1, 1}, {1, 1}});
  std::vector<Tensor> taps;
  for (int64_t dy = 0; dy < 3; ++dy)
    for (int64_t dx = 0; dx < 3; ++dx)
      taps.push_back(padded.slice({{}, {}, {dy, dy + 56, 1}, {dx, dx + 56, 1}}));
  codegen::Lowered l = support::lower(Tensor::stack(taps, 2).node(), cpu());
  EXPECT_TRUE(has(l, "UPCAST(axis2,9)")) << l.kernel.opts;
  // Each of the nine steps loads its own part only: at most a vector's lanes one by one
  // (at the image's edges) and a vector; all nine parts in every step would be 9 x 81.
  const auto loads = std::count_if(l.kernel.insts.begin(), l.kernel.insts.end(),
                                   [](const ir::Inst& i) { return i.op == ir::IOp::Load; });
  EXPECT_LE(loads, 9 * (8 + 1) * 2) << l.kernel.opts;
}

}  // namespace
}  // namespace ingot
