// Composite ops (matmul, softmax, log_softmax) and evaluation (realize, realize_all,
// contiguous, to, item, to_vector, to_string).
#include <cmath>
#include <optional>
#include <sstream>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;

struct MatmulCase {
  std::string name;
  Layout a, b;
  int64_t k;  // the reduction length, for the tolerance
};

std::vector<MatmulCase> matmul_cases() {
  return {
      {"7x13_13x5", contiguous("a", {7, 13}), contiguous("b", {13, 5}), 13},
      {"1x1_1x1", contiguous("a", {1, 1}), contiguous("b", {1, 1}), 1},
      {"vec_mat", contiguous("a", {13}), contiguous("b", {13, 5}), 13},
      {"mat_vec", contiguous("a", {7, 13}), contiguous("b", {13}), 13},
      // Large enough for GPUs' register tiles (UPCAST of both output axes).
      {"tiled_104x29_29x516", contiguous("a", {104, 29}), contiguous("b", {29, 516}), 29},
      // Multiples of 8: SIMD-group matrices (TC) where the device has them, from row-major
      // and transposed operands, batched.
      {"tc_16x24_24x32", contiguous("a", {16, 24}), contiguous("b", {24, 32}), 24},
      {"tc_T_a", layout("a", {8, 16}, [](const auto& x) { return x.T(); }),
       contiguous("b", {8, 40}), 8},
      {"tc_batched", contiguous("a", {2, 8, 16}), contiguous("b", {16, 8}), 16},
      // Multiples of 16 but of no block: CUDA's matrix tiles loaded from device memory.
      {"tc_48x32_32x80", contiguous("a", {48, 32}), contiguous("b", {32, 80}), 32},
      {"tc_T_b", contiguous("a", {16, 48}),
       layout("b", {32, 48}, [](const auto& x) { return x.T(); }), 48},
      // Multiples of 128 (and K of 32): blocks staged through threadgroup memory (STAGE)
      // where the device's language renders them, with every operand layout.
      {"staged_128x64_64x256", contiguous("a", {128, 64}), contiguous("b", {64, 256}), 64},
      {"staged_T_a_T_b", layout("a", {96, 128}, [](const auto& x) { return x.T(); }),
       layout("b", {128, 96}, [](const auto& x) { return x.T(); }), 96},
      {"staged_batched", contiguous("a", {2, 128, 32}), contiguous("b", {32, 128}), 32},
      // Past multiples of a block and of a slice: the last blocks and slices partly empty.
      {"staged_ragged_136x40_40x200", contiguous("a", {136, 40}), contiguous("b", {40, 200}), 40},
      {"staged_ragged_T_a_T_b", layout("a", {72, 144}, [](const auto& x) { return x.T(); }),
       layout("b", {136, 72}, [](const auto& x) { return x.T(); }), 72},
      {"staged_ragged_batched", contiguous("a", {2, 130, 24}), contiguous("b", {24, 136}), 24},
      // Odd extents: rows of memory that are no whole vectors, copied element by element,
      // and output rows stored element by element.
      {"staged_odd_130x37_37x131", contiguous("a", {130, 37}), contiguous("b", {37, 131}), 37},
      {"staged_odd_T_a_T_b", layout("a", {37, 129}, [](const auto& x) { return x.T(); }),
       layout("b", {131, 37}, [](const auto& x) { return x.T(); }), 37},
      // Rows starting 2 bytes past a 16-byte boundary: no 16-byte copies of them.
      {"staged_unaligned",
       layout("a", {130, 72},
              [](const auto& x) {
                return x.slice({{}, {1, 65}});
              }),
       contiguous("b", {64, 128}), 64},
      // At least 128 x 128 x 64 in 16-bit types: warpgroup products (WGMMA) on Hopper, past
      // a block's rows, columns and slice, from every operand layout, batched.
      {"wgmma_ragged_200x72_72x136", contiguous("a", {200, 72}), contiguous("b", {72, 136}), 72},
      {"wgmma_ragged_T_a_T_b", layout("a", {72, 144}, [](const auto& x) { return x.T(); }),
       layout("b", {264, 72}, [](const auto& x) { return x.T(); }), 72},
      {"wgmma_batched", contiguous("a", {2, 130, 64}), contiguous("b", {64, 256}), 64},
      // One operand transposed: A M-major with B N-major, and both depth-major, in blocks
      // of 64 columns (as wide as a slice is deep).
      {"wgmma_T_a", layout("a", {64, 128}, [](const auto& x) { return x.T(); }),
       contiguous("b", {64, 136}), 64},
      {"wgmma_T_b", contiguous("a", {130, 64}),
       layout("b", {128, 64}, [](const auto& x) { return x.T(); }), 64},
      // One tile's outputs over a long depth: on devices with threadgroups the depth is cut
      // into parts, a batch of products, their sum after (16-bit parts added in float32).
      {"split_depth_24x2048_2048x40", contiguous("a", {24, 2048}), contiguous("b", {2048, 40}),
       2048},
      {"vec_vec", contiguous("a", {13}), contiguous("b", {13}), 13},
      {"batched_broadcast", contiguous("a", {2, 1, 4, 5}), contiguous("b", {3, 5, 6}), 5},
      {"batched_with_2d", contiguous("a", {3, 4, 5}), contiguous("b", {5, 2}), 5},
      {"2d_with_batched", contiguous("a", {4, 5}), contiguous("b", {3, 5, 2}), 5},
      {"T_a", layout("a", {13, 7}, [](const auto& x) { return x.T(); }), contiguous("b", {13, 5}),
       13},
      {"T_b", contiguous("a", {7, 13}), layout("b", {5, 13}, [](const auto& x) { return x.T(); }),
       13},
      {"strided_views",
       layout("a", {14, 13},
              [](const auto& x) {
                return x.slice({{nullopt, nullopt, 2}});
              }),
       layout("b", {13, 5}, [](const auto& x) { return x.flip({0}); }), 13},
      {"expanded",
       layout("a", {1, 9},
              [](const auto& x) {
                return x.expand({6, 9});
              }),
       layout("b", {9, 1},
              [](const auto& x) {
                return x.expand({9, 4});
              }),
       9},
      {"zero_k", contiguous("a", {3, 0}), contiguous("b", {0, 4}), 1},
      {"zero_m", contiguous("a", {0, 5}), contiguous("b", {5, 3}), 5},
      {"k257", contiguous("a", {17, 257}), contiguous("b", {257, 33}), 257},
      {"64_cube", contiguous("a", {64, 64}), contiguous("b", {64, 64}), 64},
      {"130x70_70x66", contiguous("a", {130, 70}), contiguous("b", {70, 66}), 70},
      // Prime and odd extents in every operand layout: vector plans whose last tiles
      // overlap their neighbours, lanes along the output's rows where only a is
      // contiguous along them, lanes along the depth (a @ b^T) with unrolled columns.
      {"prime_19x37_37x23", contiguous("a", {19, 37}), contiguous("b", {37, 23}), 37},
      {"prime_T_a", layout("a", {31, 23}, [](const auto& x) { return x.T(); }),
       contiguous("b", {31, 29}), 31},
      {"prime_T_b_k32", contiguous("a", {13, 32}),
       layout("b", {19, 32}, [](const auto& x) { return x.T(); }), 32},
      {"prime_T_a_T_b", layout("a", {31, 23}, [](const auto& x) { return x.T(); }),
       layout("b", {29, 31}, [](const auto& x) { return x.T(); }), 31},
      {"vec_mat_37", contiguous("a", {29}), contiguous("b", {29, 37}), 29},
      {"batched_T_b_odd", contiguous("a", {3, 9, 32}),
       layout("b", {3, 17, 32}, [](const auto& x) { return x.transpose(); }), 32},
      {"long_k_5x1031_1031x6", contiguous("a", {5, 1031}), contiguous("b", {1031, 6}), 1031},
      // Few outputs over a long depth: summed in parts, a batch of shorter products first.
      {"split_depth_T_a_T_b", layout("a", {4096, 3}, [](const auto& x) { return x.T(); }),
       layout("b", {5, 4096}, [](const auto& x) { return x.T(); }), 4096},
      {"split_depth_batched", contiguous("a", {2, 4096}), contiguous("b", {3, 4096, 2}), 4096},
      // A depth the parts do not divide: padded with zeros to whole parts, from transposed
      // views too.
      {"split_depth_odd_T_a_T_b", layout("a", {1031, 5}, [](const auto& x) { return x.T(); }),
       layout("b", {6, 1031}, [](const auto& x) { return x.T(); }), 1031},
  };
}

class CompositeTest : public OpTest {};

TEST_P(CompositeTest, Matmul) {
  for (DType dtype : {F32, F64, F16, BF16}) {
    if (!supports(dtype)) continue;
    size_t index = 0;
    for (const MatmulCase& c : matmul_cases()) {
      if (!runs_case(index++, dtype)) continue;
      SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " " + c.name);
      Array a = random(c.a.base, range(-2, 2), dtype), b = random(c.b.base, range(-2, 2), dtype);
      Tensor got = c.a.t(tensor(a, dtype)).matmul(c.b.t(tensor(b, dtype)));
      EXPECT_EQ(got.dtype(), dtype);
      EXPECT_TRUE(close(got, c.a.r(a).matmul(c.b.r(b)), Tol::reduction(dtype, c.k).scaled(2)));
    }
  }
}

// A vector times a matrix: on devices with threadgroups a sum of the matrix's rows, split
// over its few outputs (depths of 300 and 61 are cut into padded parts).
TEST_P(CompositeTest, VectorTimesMatrix) {
  Array v = random({300}), m = random({300, 37});
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 300).scaled(2), [](auto v, auto m) { return v.matmul(m); }, v, m));
  Array rows = random({3, 1, 61}), shared = random({61, 9});
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 61).scaled(2), [](auto a, auto b) { return a.matmul(b); }, rows,
      shared));
  Array h = random({61}, range(-2, 2), F16), hm = random({61, 5}, range(-2, 2), F16);
  Tensor got = tensor(h, F16).matmul(tensor(hm, F16));
  EXPECT_EQ(got.dtype(), F16);
  EXPECT_TRUE(close(got, h.matmul(hm), Tol::reduction(F16, 61).scaled(2)));
  Array i = random({61}, ints(-9, 9), I32), im = random({61, 5}, ints(-9, 9), I32);
  EXPECT_TRUE(close(tensor(i, I32).matmul(tensor(im, I32)), i.matmul(im), Tol{0, 0}));
}

TEST_P(CompositeTest, MatmulInChains) {
  Array x = random({5, 8}), w = random({8, 3}), bias = random({3});
  EXPECT_TRUE(check_as(
      F32, Tol::transcendental(F32).scaled(3),
      [](auto x, auto w, auto bias) { return (x.matmul(w) + bias).relu().softmax(-1); }, x, w,
      bias));
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 8).scaled(4),
      [](auto x, auto w) { return x.matmul(w).T().matmul(x.matmul(w)).sum({0}); }, x, w));
  // Both operands transposed (lanes along the output's rows, stored lane by lane), with a
  // bias along the columns and a residual that the rows' lanes would gather.
  Array xt = random({29, 19}), wt = random({23, 29}), bias_t = random({23}), res = random({19, 23});
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 29).scaled(2),
      [](auto x, auto w, auto b) { return (x.T().matmul(w.T()) + b).relu(); }, xt, wt, bias_t));
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 29).scaled(2),
      [](auto x, auto w, auto r) { return x.T().matmul(w.T()) + r; }, xt, wt, res));
}

// What a transformer block computes: matmuls with activations applied to their results
// (which vector plans run lane by lane), a bias added first, and attention over heads
// split from the model dimension by reshape and permute.
TEST_P(CompositeTest, MatmulsOfATransformerBlock) {
  Array x = random({32, 64}, range(-1, 1)), w = random({64, 48}, range(-0.3, 0.3)),
        bias = random({48});
  const Tol tol = Tol::transcendental(F32).scaled(4);
  EXPECT_TRUE(check_as(
      F32, tol, [](auto x, auto w) { return x.matmul(w).gelu(); }, x, w));
  EXPECT_TRUE(check_as(
      F32, tol, [](auto x, auto w, auto b) { return (x.matmul(w) + b).tanh(); }, x, w, bias));
  EXPECT_TRUE(check_as(
      F32, tol, [](auto x, auto w) { return x.matmul(w).relu().sqrt(); }, x, w));
  // Large enough for STAGE where the device has it (blocks past the edges, too): the
  // epilogue runs in the blocks' stores, on float32 and 16-bit sums.
  Array big_x = random({136, 64}, range(-1, 1)), big_w = random({64, 144}, range(-0.3, 0.3)),
        big_b = random({144});
  auto layer = [](auto x, auto w, auto b) { return (x.matmul(w) + b).gelu(); };
  EXPECT_TRUE(check_as(F32, tol, layer, big_x, big_w, big_b));
  EXPECT_TRUE(check_as(F16, Tol::reduction(F16, 64).scaled(2), layer, big_x, big_w, big_b));
  Array wq = random({64, 64}, range(-0.3, 0.3)), wk = random({64, 64}, range(-0.3, 0.3)),
        wv = random({64, 64}, range(-0.3, 0.3));
  auto attention = [](auto x, auto wq, auto wk, auto wv) {
    auto heads = [](auto t) { return t.reshape({32, 4, 16}).permute({1, 0, 2}); };
    auto q = heads(x.matmul(wq)), k = heads(x.matmul(wk)), v = heads(x.matmul(wv));
    auto p = (q.matmul(k.transpose()) * 0.25).softmax(-1);
    return p.matmul(v).permute({1, 0, 2}).reshape({32, 64});
  };
  EXPECT_TRUE(check_as(F32, tol, attention, x, wq, wk, wv));
}

TEST_P(CompositeTest, SoftmaxAndLogSoftmax) {
  struct Case {
    std::string name;
    Layout input;
    int axis;
    double scale, shift;  // input * scale + shift
  };
  std::vector<Case> cases{
      {"7x13_last", contiguous("x", {7, 13}), -1, 1, 0},
      {"7x13_first", contiguous("x", {7, 13}), 0, 1, 0},
      {"3x5x11_middle", contiguous("x", {3, 5, 11}), 1, 1, 0},
      {"large_values", contiguous("x", {7, 13}), -1, 1, 1000},
      {"large_values_axis0", contiguous("x", {7, 13}), 0, 1, -1000},
      {"wide_range", contiguous("x", {4, 9}), -1, 300, 0},
      {"single_element_axis", contiguous("x", {5, 1}), -1, 1, 0},
      {"long_rows", contiguous("x", {3, 2049}), -1, 2, 0},
      {"transposed", layout("x", {13, 7}, [](const auto& x) { return x.T(); }), -1, 1, 0},
      {"flipped_sliced",
       layout("x", {9, 13},
              [](const auto& x) {
                return x.flip({1}).slice({{nullopt, nullopt, -2}});
              }),
       0, 1, 0},
      {"1d", contiguous("x", {17}), 0, 1, 0},
  };
  for (DType dtype : {F32, F64, F16}) {
    if (!supports(dtype)) continue;
    size_t index = 0;
    for (const Case& c : cases) {
      if (!runs_case(index++, dtype)) continue;
      if (dtype == F16 && c.shift != 0) continue;  // 1000 + x is too coarse in float16
      SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " " + c.name);
      Array x = random(c.input.base, range(-3, 3), dtype).map([&](double v) {
        return ref::cast_value(v * c.scale + c.shift, dtype);
      });
      Tensor t = c.input.t(tensor(x, dtype));
      Array r = c.input.r(x);
      Tol tol = Tol::transcendental(dtype).scaled(2);
      Tensor sm = t.softmax(c.axis), lsm = t.log_softmax(c.axis);
      EXPECT_TRUE(close(sm, r.softmax(c.axis), tol));
      // log_softmax is exact-ish in absolute terms: compare with an absolute floor.
      EXPECT_TRUE(close(lsm, r.log_softmax(c.axis), Tol{tol.rtol, tol.rtol * 10}));
      // Rows sum to one.
      EXPECT_TRUE(
          close(sm.sum({c.axis}), r.softmax(c.axis).sum({c.axis}),
                Tol::reduction(
                    dtype, r.shape[static_cast<size_t>(c.axis < 0 ? c.axis + r.ndim() : c.axis)])
                    .scaled(2)));
    }
  }
}

TEST_P(CompositeTest, ContiguousToItemToVector) {
  Array x = random({6, 9});
  Tensor t = tensor(x);
  Tensor c = t.T().flip({0}).contiguous();
  EXPECT_EQ(c.shape(), (Shape{9, 6}));
  EXPECT_TRUE(close(c, x.T().flip({0})));
  EXPECT_TRUE(close(c + 1.0, x.T().flip({0}) + 1.0));

  // to(): a copy on another device with the same values, either way.
  for (const std::string& other : ingot::Device::available()) {
    Tensor moved = t.slice({{1, nullopt, 2}}).to(other);
    EXPECT_EQ(moved.device(), other);
    EXPECT_TRUE(close(moved, x.slice({{1, nullopt, 2}})));
    EXPECT_TRUE(close(moved.to(dev()) * 2.0, x.slice({{1, nullopt, 2}}) * 2.0));
  }
  Tensor cpu = t.to("CPU");
  EXPECT_EQ(cpu.device(), "CPU");
  EXPECT_TRUE(close(cpu.sum({1}), x.sum({1}), Tol::reduction(F32, 9)));

  // item<T> of scalars, reductions and one-element tensors.
  EXPECT_FLOAT_EQ(t.sum().item<float>(), static_cast<float>(x.sum().data[0]));
  EXPECT_NEAR(t.sum().item<double>(), x.sum().data[0], 1e-4);
  EXPECT_EQ(Tensor::from_vector<int32_t>({42}, {1, 1}, dev()).item<int32_t>(), 42);
  EXPECT_EQ(Tensor::from_vector<int32_t>({1, 2, 3}, {3}, dev()).sum().item<int64_t>(), 6);
  EXPECT_EQ(tensor(x).slice({{2, 3}, {4, 5}}).item<float>(), static_cast<float>(x.at({2, 4})));
  EXPECT_TRUE(Tensor::scalar(1, DType::Bool, dev()).item<bool>());

  // to_vector<T> reads in any type.
  std::vector<float> fv = t.T().to_vector<float>();
  Array xt = x.T();
  ASSERT_EQ(fv.size(), xt.data.size());
  for (size_t i = 0; i < fv.size(); ++i) ASSERT_EQ(fv[i], static_cast<float>(xt.data[i])) << i;
  std::vector<int32_t> iv = Tensor::arange(0, 10, 1, I32, dev()).flip({0}).to_vector<int32_t>();
  EXPECT_EQ(iv, (std::vector<int32_t>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
}

TEST_P(CompositeTest, RealizeAndRealizeAll) {
  Array x = random({7, 13}), y = random({7, 13});
  Tensor a = tensor(x) + tensor(y);
  Tensor b = (tensor(x) * tensor(y)).sum({0});
  Tensor c = a.exp();
  Tensor::realize_all({a, b, c});
  EXPECT_TRUE(close(a, x + y));
  EXPECT_TRUE(close(b, (x * y).sum({0}), Tol::reduction(F32, 7)));
  EXPECT_TRUE(close(c, (x + y).exp(), Tol::transcendental(F32)));
  a.realize();
  a.realize();  // idempotent
  EXPECT_TRUE(close(a - 1.0, x + y - 1.0));
  EXPECT_TRUE(a.buffer() != nullptr);
  EXPECT_GE(a.buffer()->bytes(), size_t{7 * 13 * 4});
}

TEST_P(CompositeTest, ToString) {
  Tensor t = Tensor::from_vector<float>({1.5f, -2.25f, 3.0f, 100.0f}, {2, 2}, dev());
  std::string s = t.to_string();
  for (const char* v : {"1.5", "-2.25", "3", "100"})
    EXPECT_NE(s.find(v), std::string::npos) << v << " not in " << s;
  EXPECT_EQ(s.find("..."), std::string::npos) << s;
  std::ostringstream os;
  os << t;
  EXPECT_NE(os.str().find("-2.25"), std::string::npos) << os.str();
  std::string i = Tensor::from_vector<int32_t>({7, -8, 9}, {3}, dev()).to_string();
  for (const char* v : {"7", "-8", "9"}) EXPECT_NE(i.find(v), std::string::npos) << i;
  Tensor big = Tensor::arange(0, 5000, 1, F32, dev()).reshape({50, 100});
  std::string b = big.to_string();
  EXPECT_NE(b.find("..."), std::string::npos);
  EXPECT_LT(b.size(), 20000u);
  EXPECT_NE(b.find("4999"), std::string::npos) << "the last element is shown";
  EXPECT_NO_THROW(Tensor::zeros({0, 3}, F32, dev()).to_string());
  EXPECT_NE(Tensor::scalar(2.5, F32, dev()).to_string().find("2.5"), std::string::npos);
}

TEST_P(CompositeTest, MatmulInt32) {
  Array a = random({7, 13}, ints(-5, 5), I32), b = random({13, 5}, ints(-5, 5), I32);
  Tensor got = tensor(a, I32).matmul(tensor(b, I32));
  EXPECT_EQ(got.dtype(), I32);
  EXPECT_TRUE(close(got, a.matmul(b)));
}

// Kernels of the same structure with different constants, pad values, view offsets or
// steps must not share a cached binary that bakes in the first one's numbers.
TEST_P(CompositeTest, KernelCacheDistinguishesConstantsAndViews) {
  Array x = random({9, 13});
  Tensor t = tensor(x);
  for (double c : {1.0, 2.0, -3.5, 1000.0}) {
    SCOPED_TRACE(c);
    EXPECT_TRUE(close(t + c, x + c));
    EXPECT_TRUE(close(t.clamp(-c, c), x.clamp(-c, c)));
    EXPECT_TRUE(close(t.pad({{1, 1}}, c), x.pad({{1, 1}}, c)));
    EXPECT_TRUE(close(Tensor::full({9, 13}, c, F32, dev()) * t, x * c));
  }
  for (int64_t start : {0, 1, 2, 3}) {
    SCOPED_TRACE(start);
    EXPECT_TRUE(close(t.slice({{start, start + 4}}) * 2.0, x.slice({{start, start + 4}}) * 2.0));
    EXPECT_TRUE(close(t.slice({{}, {start, start + 8}}).sum({1}),
                      x.slice({{}, {start, start + 8}}).sum({1}), Tol::reduction(F32, 8)));
  }
  for (int64_t step : {2, 3, -2, -3}) {
    SCOPED_TRACE(step);
    EXPECT_TRUE(close(t.slice({{nullopt, nullopt, step}}).exp(),
                      x.slice({{nullopt, nullopt, step}}).exp(), Tol::transcendental(F32)));
  }
  Array y = random({9, 13});
  EXPECT_TRUE(close(tensor(y) + 2.0, y + 2.0));  // same kernel, new input buffer
}

// A value used by several consumers (diamond), long chains, and reductions feeding
// elementwise ops feeding reductions.
TEST_P(CompositeTest, DiamondsAndDeepChains) {
  Array x = random({7, 13});
  EXPECT_TRUE(check_as(
      F32, Tol::transcendental(F32).scaled(4),
      [](auto x) {
        auto e = x.exp();
        auto s = e.sum({1}, true);
        return e / s + e.max({0}, true) - (e * s).log();
      },
      x));
  EXPECT_TRUE(check_as(
      F32, Tol::transcendental(F32).scaled(10),
      [](auto x) {
        auto y = x;
        for (int i = 0; i < 40; ++i) y = (y * 0.9 + x.flip({i % 2})).tanh();
        return y;
      },
      x));
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 91).scaled(4),
      [](auto x) {
        auto centered = x - x.mean({1}, true);
        return (centered / (centered.square().mean({1}, true) + 1e-5).sqrt()).sum({0});
      },
      x));
}

// Inputs large enough for the backend to split the work (threads, groups).
TEST_P(CompositeTest, LargeViews) {
  Array x = random({257, 1031}), y = random({1031, 257});
  EXPECT_TRUE(check([](auto x, auto y) { return x.flip({1}) * y.T() + 1.0; }, x, y));
  EXPECT_TRUE(check(
      [](auto x) {
        return x.slice({{nullopt, nullopt, -3}, {5, nullopt, 2}}).abs();
      },
      x));
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 1031),
      [](auto x, auto y) { return (x * y.T()).sum({1}) + x.max({1}); }, x, y));
}

INGOT_ON_ALL_DEVICES(CompositeTest);

}  // namespace
