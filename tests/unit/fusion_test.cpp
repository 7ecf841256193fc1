// Fusion: how many kernels the scheduler makes for the patterns of shared/DESIGN.md
// "schedule", counted by the engine, with the results checked against host math.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "graph/lazy.hpp"
#include "ingot/ingot.hpp"

namespace ingot {
namespace {

uint64_t launched() { return engine_stats().kernels_launched; }

// Kernels launched while realizing `tensors`.
uint64_t kernels_for(std::vector<Tensor> tensors) {
  uint64_t before = launched();
  Tensor::realize_all(tensors);
  return launched() - before;
}

Tensor random_tensor(const Shape& shape, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-2, 2);
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<float> v(static_cast<size_t>(n));
  for (float& x : v) x = dist(rng);
  return Tensor::from_vector(v, shape, "CPU");
}

TEST(Fusion, ElementwiseChainIsOneKernel) {
  Tensor a = random_tensor({37, 41}, 1), b = random_tensor({37, 41}, 2), c = random_tensor({41}, 3);
  Tensor out = (a + b) * c;
  EXPECT_EQ(kernels_for({out}), 1u);
  auto va = a.to_vector<float>(), vb = b.to_vector<float>(), vc = c.to_vector<float>(),
       vo = out.to_vector<float>();
  for (size_t i = 0; i < vo.size(); ++i) EXPECT_FLOAT_EQ(vo[i], (va[i] + vb[i]) * vc[i % 41]);
}

TEST(Fusion, ReduceOfProductIsOneKernel) {
  Tensor a = random_tensor({1000}, 4), b = random_tensor({1000}, 5);
  Tensor out = (a * b).sum();
  EXPECT_EQ(kernels_for({out}), 1u);
  auto va = a.to_vector<float>(), vb = b.to_vector<float>();
  double ref = 0;
  for (size_t i = 0; i < va.size(); ++i) ref += double(va[i]) * vb[i];
  EXPECT_NEAR(out.item<float>(), ref, 1e-3);
}

TEST(Fusion, ElementwiseAfterReduceFuses) {
  Tensor a = random_tensor({13, 17}, 6);
  EXPECT_EQ(kernels_for({(a.sum({1}) * 3.0 + 1.0).sqrt().abs()}), 1u);
}

// The row's max and sum are broadcast along the row they reduce: one kernel loops over
// each row and computes them once (codegen ROW).
// A padded matmul (the gradients of q, k and v padded into one tensor) is computed by a
// kernel of its own, which the matmul plans tile, and the pad by a second; the product of
// heads put back side by side (a reshape merging axes of a permuted view) reads a copy of
// them, whose index the plans can tile.
TEST(Fusion, PaddedMatmulAndMergedHeadsGetKernelsOfTheirOwn) {
  Tensor a = random_tensor({9, 7}, 21), b = random_tensor({7, 5}, 22);
  Tensor padded = a.matmul(b).pad({{2, 1}, {0, 0}});
  EXPECT_EQ(kernels_for({padded}), 2u);
  auto va = a.to_vector<float>(), vb = b.to_vector<float>(), vp = padded.to_vector<float>();
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 5; ++j) {
      double ref = 0;
      if (i >= 2 && i < 11)
        for (int k = 0; k < 7; ++k) ref += double(va[(i - 2) * 7 + k]) * vb[k * 5 + j];
      EXPECT_NEAR(vp[i * 5 + j], ref, 1e-4);
    }
  Tensor heads = random_tensor({2, 3, 4, 5}, 23), w = random_tensor({15, 6}, 24);
  Tensor merged = heads.permute({0, 2, 1, 3}).reshape({2, 4, 15});
  Tensor out = merged.matmul(w);
  EXPECT_EQ(kernels_for({out}), 2u);
  auto vh = heads.to_vector<float>(), vw = w.to_vector<float>(), vo = out.to_vector<float>();
  for (int n = 0; n < 2; ++n)
    for (int t = 0; t < 4; ++t)
      for (int j = 0; j < 6; ++j) {
        double ref = 0;
        for (int h = 0; h < 3; ++h)
          for (int e = 0; e < 5; ++e)
            ref += double(vh[((n * 3 + h) * 4 + t) * 5 + e]) * vw[(h * 5 + e) * 6 + j];
        EXPECT_NEAR(vo[(n * 4 + t) * 6 + j], ref, 1e-4);
      }
}

// On the CPU a right operand stored transposed (a @ b^T) is copied first, so that the
// product's lanes run along its columns; b itself, stored as the product reads it, is not.
TEST(Fusion, TransposedRightOperandIsCopiedOnTheCpu) {
  Tensor a = random_tensor({9, 7}, 25), b = random_tensor({5, 7}, 26);
  Tensor out = a.matmul(b.T());
  EXPECT_EQ(kernels_for({out}), 2u);
  EXPECT_EQ(kernels_for({a.matmul(random_tensor({7, 5}, 27))}), 1u);
  auto va = a.to_vector<float>(), vb = b.to_vector<float>(), vo = out.to_vector<float>();
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 5; ++j) {
      double ref = 0;
      for (int k = 0; k < 7; ++k) ref += double(va[i * 7 + k]) * vb[j * 7 + k];
      EXPECT_NEAR(vo[i * 5 + j], ref, 1e-4);
    }
}

// On the CPU a left operand stored depth-major (a^T @ b) is copied first where the product
// has 256 columns or more; with fewer the copy would cost more than it saves.
TEST(Fusion, TransposedLeftOperandIsCopiedOnTheCpuForWideProducts) {
  Tensor a = random_tensor({7, 9}, 28), b = random_tensor({7, 257}, 29);
  Tensor out = a.T().matmul(b);
  EXPECT_EQ(kernels_for({out}), 2u);
  EXPECT_EQ(kernels_for({a.T().matmul(random_tensor({7, 255}, 30))}), 1u);
  auto va = a.to_vector<float>(), vb = b.to_vector<float>(), vo = out.to_vector<float>();
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 257; ++j) {
      double ref = 0;
      for (int k = 0; k < 7; ++k) ref += double(va[k * 9 + i]) * vb[k * 257 + j];
      EXPECT_NEAR(vo[i * 257 + j], ref, 1e-4);
    }
}

TEST(Fusion, RowSoftmaxIsOneKernel) {
  Tensor a = random_tensor({33, 65}, 7);
  Tensor out = a.softmax(-1);
  EXPECT_EQ(kernels_for({out}), 1u);
  auto va = a.to_vector<float>(), vo = out.to_vector<float>();
  for (int r = 0; r < 33; ++r) {
    double m = -INFINITY, s = 0;
    for (int c = 0; c < 65; ++c) m = std::max(m, double(va[r * 65 + c]));
    for (int c = 0; c < 65; ++c) s += std::exp(va[r * 65 + c] - m);
    for (int c = 0; c < 65; ++c)
      EXPECT_NEAR(vo[r * 65 + c], std::exp(va[r * 65 + c] - m) / s, 1e-6);
  }
}

// A reduction over a column broadcast back along it is not a row's: it gets its own
// kernel rather than being recomputed for every element.
TEST(Fusion, ColumnStatisticBroadcastIsItsOwnKernel) {
  Tensor a = random_tensor({33, 65}, 8);
  EXPECT_EQ(kernels_for({a - a.max({0}, true)}), 2u);
  EXPECT_EQ(kernels_for({a.var({1})}), 1u);
}

// Elementwise ops of a permuted view of a stored tensor (a convolution's output, stored
// channels last and seen as NCHW) with broadcast operands and constants compute in the
// stored layout and stay a view of it: one kernel, reading and writing in that order.
// With a full operand of another layout they compute in the view's order, as before.
TEST(Fusion, ElementwiseOpsOfAPermutedStoreKeepItsLayout) {
  Tensor stored = random_tensor({2, 4, 5, 3}, 12), shift = random_tensor({1, 3, 1, 1}, 13);
  Tensor nchw = stored.permute({0, 3, 1, 2});
  Tensor out = ((nchw - shift) * 2.0).relu().astype(DType::Float64);
  EXPECT_EQ(out.node()->op, Op::Permute);
  EXPECT_EQ(out.shape(), (Shape{2, 3, 4, 5}));
  EXPECT_EQ(kernels_for({out}), 1u);
  auto vs = stored.to_vector<float>(), vm = shift.to_vector<float>();
  auto vo = out.to_vector<double>();
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t c = 0; c < 3; ++c)
      for (int64_t h = 0; h < 4; ++h)
        for (int64_t w = 0; w < 5; ++w) {
          const float x = vs[static_cast<size_t>(((n * 4 + h) * 5 + w) * 3 + c)];
          const double want = std::max(0.0f, (x - vm[static_cast<size_t>(c)]) * 2.0f);
          EXPECT_DOUBLE_EQ(vo[static_cast<size_t>(((n * 3 + c) * 4 + h) * 5 + w)], want);
        }
  Tensor other = random_tensor({2, 3, 4, 5}, 14);
  EXPECT_NE((nchw + other).node()->op, Op::Permute);
}

// A row normalization reshaped so that its rows are split (a groupnorm back to NCHW) or
// transposed is computed by a kernel of its own, then moved: in one kernel every output
// row would recompute the reductions of a whole source row.
TEST(Fusion, RowNormalizationIsComputedBeforeAMoveThatSplitsItsRows) {
  Tensor a = random_tensor({6, 35}, 10);
  EXPECT_EQ(kernels_for({a.softmax(-1).reshape({6, 5, 7})}), 2u);
  EXPECT_EQ(kernels_for({a.softmax(-1).transpose(0, 1)}), 2u);
  // A move that keeps the rows whole stays in the one kernel.
  EXPECT_EQ(kernels_for({a.softmax(-1).reshape({2, 3, 35})}), 1u);
  Tensor split = a.softmax(-1).reshape({6, 5, 7});
  auto va = a.to_vector<float>(), vs = split.to_vector<float>();
  for (int r = 0; r < 6; ++r) {
    double m = -INFINITY, s = 0;
    for (int c = 0; c < 35; ++c) m = std::max(m, double(va[r * 35 + c]));
    for (int c = 0; c < 35; ++c) s += std::exp(va[r * 35 + c] - m);
    for (int c = 0; c < 35; ++c)
      EXPECT_NEAR(vs[r * 35 + c], std::exp(va[r * 35 + c] - m) / s, 1e-6);
  }
}

TEST(Fusion, SharedIntermediateIsComputedOnce) {
  Tensor a = random_tensor({64, 8}, 8), b = random_tensor({64, 8}, 9);
  Tensor shared = a * b;
  Tensor first = shared * 2.0, second = shared.sum({1});
  // Recomputing `shared` in each consumer would take 2 kernels; computing it once
  // takes a kernel of its own that both consumers read.
  EXPECT_EQ(kernels_for({first, second}), 3u);
  EXPECT_TRUE(shared.node()->realized());
  auto va = a.to_vector<float>(), vb = b.to_vector<float>(), vf = first.to_vector<float>();
  for (size_t i = 0; i < vf.size(); ++i) EXPECT_FLOAT_EQ(vf[i], va[i] * vb[i] * 2);
}

// The schedule keeps the cuts of a structure it has seen: the same structure over other
// buffers is cut the same way, and a structure differing only in which nodes are shared,
// or in which are realized, is cut by its own analysis.
TEST(Fusion, CutsOfAStructureSeenBeforeFollowSharingAndRealizedNodes) {
  auto shared_product = [](const Tensor& x, const Tensor& y) {
    Tensor shared = x * y;
    return std::vector<Tensor>{shared * 2.0, shared.sum({1})};
  };
  for (uint32_t seed : {20u, 22u}) {
    Tensor a = random_tensor({64, 8}, seed), b = random_tensor({64, 8}, seed + 1);
    std::vector<Tensor> out = shared_product(a, b);
    EXPECT_EQ(kernels_for(out), 3u) << "seed " << seed;
    auto va = a.to_vector<float>(), vb = b.to_vector<float>();
    auto vf = out[0].to_vector<float>(), vs = out[1].to_vector<float>();
    for (size_t r = 0; r < 64; ++r) {
      double sum = 0;
      for (size_t c = 0; c < 8; ++c) {
        EXPECT_FLOAT_EQ(vf[r * 8 + c], va[r * 8 + c] * vb[r * 8 + c] * 2);
        sum += double(va[r * 8 + c]) * vb[r * 8 + c];
      }
      EXPECT_NEAR(vs[r], sum, 1e-5);
    }
  }
  // The same ops with the product made twice: two consumers, each computing its own.
  Tensor a = random_tensor({64, 8}, 24), b = random_tensor({64, 8}, 25);
  EXPECT_EQ(kernels_for({(a * b) * 2.0, (a * b).sum({1})}), 2u);
  // The same structure with the product already realized: its consumers only.
  Tensor product = a * b;
  product.realize();
  EXPECT_EQ(kernels_for({product * 2.0, product.sum({1})}), 2u);
}

TEST(Fusion, ViewsOfARealizedTensorMakeNoKernel) {
  Tensor a = random_tensor({6, 10}, 10);
  EXPECT_EQ(kernels_for({a.reshape({10, 6})}), 0u);
  EXPECT_EQ(kernels_for({a.permute({1, 0})}), 0u);
  EXPECT_EQ(kernels_for({a.reshape({6, 1, 10}).expand({6, 4, 10})}), 0u);
  EXPECT_EQ(kernels_for({a.slice({{1, 5, 2}, {std::nullopt, std::nullopt, -3}})}), 0u);
}

TEST(Fusion, RealizedTensorIsNeverRecomputed) {
  Tensor a = random_tensor({50}, 11), b = random_tensor({50}, 12);
  Tensor x = a + b;
  EXPECT_EQ(kernels_for({x}), 1u);
  EXPECT_EQ(kernels_for({x}), 0u);
  EXPECT_EQ(kernels_for({x * 2.0}), 1u);
}

TEST(Fusion, RandomNumbersFuseIntoTheirConsumer) {
  EXPECT_EQ(kernels_for({Tensor::rand({5, 7}, DType::Float32, "CPU") * 2.0 + 1.0}), 1u);
}

TEST(Fusion, MatmulIsOneKernel) {
  Tensor a = random_tensor({9, 32}, 13), b = random_tensor({32, 48}, 14);
  EXPECT_EQ(kernels_for({a.matmul(b)}), 1u);
}

// A read at indices is one kernel. Indices computed on the device are computed by a kernel
// of their own, which the range check (one small reduction) and the read both use; indices
// that came from the host (or a view of them), or whose range a check read before, are
// checked on the host, with no kernel.
TEST(Fusion, EmbeddingIsOneKernelAfterItsIndexCheck) {
  Tensor w = random_tensor({50, 24}, 9);
  std::vector<int32_t> rows = {7, 0, 49, 7, 13, 2};
  Tensor tokens = Tensor::from_vector(rows, {2, 3}, "CPU");
  Tensor out = embedding(w, tokens);
  EXPECT_EQ(kernels_for({out}), 1u);
  EXPECT_EQ(kernels_for({embedding(w, tokens.T())}), 1u);
  Tensor shifted = embedding(w, (tokens + 1) - 1);
  EXPECT_EQ(kernels_for({shifted}), 3u);
  // A realized index read once by a check is not checked on the device again.
  Tensor realized = (tokens + 2) - 2;
  realized.realize();
  EXPECT_EQ(kernels_for({embedding(w, realized)}), 2u);
  EXPECT_EQ(kernels_for({embedding(w, realized.reshape({3, 2}))}), 1u);
  // A buffer handed out may be written by its holder: its range is checked again.
  tokens.buffer();
  EXPECT_EQ(kernels_for({embedding(w, tokens)}), 2u);
  auto vw = w.to_vector<float>(), vo = out.to_vector<float>(), vs = shifted.to_vector<float>();
  for (size_t t = 0; t < rows.size(); ++t)
    for (size_t d = 0; d < 24; ++d) {
      EXPECT_EQ(vo[t * 24 + d], vw[rows[t] * 24 + d]);
      EXPECT_EQ(vs[t * 24 + d], vw[rows[t] * 24 + d]);
    }
}

// A row of up to 256 is one triangular reduction; sorting is ranks, the rank mask (shared
// by both results), the values and the positions.
TEST(Fusion, ShortScanIsOneKernelAndSortIsFour) {
  Tensor a = random_tensor({9, 200}, 10);
  EXPECT_EQ(kernels_for({a.cumsum(1)}), 1u);
  auto [values, positions] = a.sort(-1);
  EXPECT_EQ(kernels_for({values, positions}), 4u);
  auto va = a.to_vector<float>(), vs = values.to_vector<float>();
  auto vp = positions.to_vector<int64_t>();
  for (size_t i = 0; i < vs.size(); ++i) {
    EXPECT_EQ(vs[i], va[(i / 200) * 200 + static_cast<size_t>(vp[i])]);
    if (i % 200) EXPECT_LE(vs[i - 1], vs[i]);
  }
}

}  // namespace
}  // namespace ingot
