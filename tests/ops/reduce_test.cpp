// Reductions (sum prod max min mean var std any all argmax argmin) over single, several,
// negative and all axes, keepdim true and false, on contiguous inputs and views, and
// the zero-size rules: sum -> 0, prod -> 1, any -> false, all -> true, max -> Error.
#include <cmath>
#include <optional>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;
using Axes = std::vector<int>;

struct ReduceCase {
  std::string name;
  std::function<Tensor(const Tensor&, const Axes&, bool)> t;
  std::function<Array(const Array&, const Axes&, bool)> r;
  Domain domain;
  std::vector<DType> dtypes;
};
void PrintTo(const ReduceCase& c, std::ostream* os) { *os << c.name; }

template <class F>
ReduceCase reduction(std::string name, F f, Domain d, std::vector<DType> more = {}) {
  std::vector<DType> dtypes{F32};
  dtypes.insert(dtypes.end(), more.begin(), more.end());
  return {std::move(name), f, f, d, dtypes};
}

std::vector<ReduceCase> reduce_cases() {
  Domain any = range(-3, 3);
  return {
      reduction("sum", [](const auto& x, const Axes& a, bool k) { return x.sum(a, k); }, any,
                {F64, F16, I32, I64}),
      reduction("prod", [](const auto& x, const Axes& a, bool k) { return x.prod(a, k); },
                nonzero(0.8, 1.25), {F64}),
      reduction("max", [](const auto& x, const Axes& a, bool k) { return x.max(a, k); }, any,
                {F64, F16, I32, I64, I8, U8}),
      reduction("min", [](const auto& x, const Axes& a, bool k) { return x.min(a, k); }, any,
                {F64, F16, I32, I64, I8, U8}),
      reduction("mean", [](const auto& x, const Axes& a, bool k) { return x.mean(a, k); }, any,
                {F64}),
      reduction("var", [](const auto& x, const Axes& a, bool k) { return x.var(a, k); }, any,
                {F64}),
      reduction(
          "var_correction0", [](const auto& x, const Axes& a, bool k) { return x.var(a, k, 0); },
          any),
      reduction("std", [](const auto& x, const Axes& a, bool k) { return x.std(a, k); }, any,
                {F64}),
      reduction(
          "std_correction0", [](const auto& x, const Axes& a, bool k) { return x.std(a, k, 0); },
          any),
      // Comparisons first, so that both outcomes occur: P(x > 7) = 1/9, P(x < 8) = 8/9.
      reduction("any",
                [](const auto& x, const Axes& a, bool k) { return x.gt(x * 0.0 + 7.0).any(a, k); },
                ints(0, 8), {I32}),
      reduction("all",
                [](const auto& x, const Axes& a, bool k) { return x.lt(x * 0.0 + 8.0).all(a, k); },
                ints(0, 8), {I32}),
  };
}

struct ReduceSpec {
  Layout layout;
  Axes axes;
};

std::vector<ReduceSpec> reduce_specs() {
  using A = Axes;
  Layout m = contiguous("7x13", {7, 13}), c = contiguous("3x5x11", {3, 5, 11});
  Layout permuted = layout("permute", {3, 5, 11}, [](const auto& x) {
    return x.permute({2, 0, 1});
  });
  Layout sliced = layout("slice_neg", {9, 13}, [](const auto& x) {
    return x.slice({{nullopt, nullopt, -2}, {1, nullopt, 3}});
  });
  Layout flipped = layout("flip", {7, 13}, [](const auto& x) { return x.flip({0, 1}); });
  Layout expanded = layout("expand", {7, 1}, [](const auto& x) { return x.expand({7, 13}); });
  Layout padded = layout("pad", {5, 6}, [](const auto& x) { return x.pad({{1, 2}, {3, 0}}, 1.0); });
  Layout big = contiguous("37x1031", {37, 1031});
  // Outputs whose lanes run along an earlier axis, 70 of them (the CPU's 4 vectors side by
  // side, the last ones overlapping).
  Layout permuted_wide = layout("permute_wide", {8, 7, 70}, [](const auto& x) {
    return x.permute({2, 0, 1});
  });
  return {
      {m, A{}},
      {m, A{0}},
      {m, A{1}},
      {m, A{-1}},
      {m, A{0, 1}},
      {m, A{-2}},
      {c, A{}},
      {c, A{0}},
      {c, A{1}},
      {c, A{2}},
      {c, A{0, 2}},
      {c, A{-1, 0}},
      {c, A{1, 2}},
      {contiguous("1x5x1", {1, 5, 1}), A{0}},
      {contiguous("1x5x1", {1, 5, 1}), A{2}},
      {contiguous("scalar", {}), A{}},
      {contiguous("4099", {4099}), A{}},
      {big, A{1}},
      {big, A{0}},
      {permuted, A{0}},
      {permuted, A{1, 2}},
      {permuted_wide, A{2}},
      {sliced, A{1}},
      {sliced, A{}},
      {flipped, A{0}},
      {expanded, A{1}},
      {expanded, A{0}},
      {padded, A{0}},
      {padded, A{-1}},
  };
}

int64_t reduced_count(const Shape& shape, const Axes& axes) {
  if (axes.empty()) return ref::numel_of(shape);
  int64_t n = 1;
  for (int a : axes)
    n *= shape[static_cast<size_t>(a < 0 ? a + static_cast<int>(shape.size()) : a)];
  return n;
}

class ReduceOpTest : public OpTestT<std::tuple<std::string, ReduceCase>> {};

TEST_P(ReduceOpTest, AxesKeepdimLayouts) {
  const ReduceCase& c = std::get<1>(GetParam());
  for (DType dtype : c.dtypes) {
    if (!supports(dtype)) continue;
    size_t spec_index = 0;
    for (const ReduceSpec& s : reduce_specs()) {
      // Other dtypes take every third spec; an emulated device samples (runs_case).
      size_t index = spec_index++;
      if (emulated() ? !runs_case(index, dtype) : dtype != F32 && index % 3 != 0) continue;
      for (bool keepdim : {false, true}) {
        std::string axes;
        for (int a : s.axes) axes += std::to_string(a) + " ";
        SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " layout " + s.layout.name +
                     " axes {" + axes + "} keepdim " + (keepdim ? "true" : "false"));
        Array x = random(s.layout.base, c.domain, dtype);
        Tensor got = c.t(s.layout.t(tensor(x, dtype)), s.axes, keepdim);
        Array want = c.r(s.layout.r(x), s.axes, keepdim);
        int64_t n = reduced_count(s.layout.r(x).shape, s.axes);
        EXPECT_TRUE(close(got, want, Tol::reduction(got.dtype(), n)));
      }
    }
  }
}
INGOT_CASES_ON_ALL_DEVICES(ReduceOpTest, reduce_cases());

class ReduceTest : public OpTest {};

TEST_P(ReduceTest, ArgmaxArgminFirstIndex) {
  struct Spec {
    Layout layout;
    std::optional<int> axis;
  };
  std::vector<Spec> specs{
      {contiguous("7x13", {7, 13}), nullopt},
      {contiguous("7x13", {7, 13}), 0},
      {contiguous("7x13", {7, 13}), 1},
      {contiguous("3x5x11", {3, 5, 11}), -1},
      {contiguous("3x5x11", {3, 5, 11}), 1},
      {contiguous("1031", {1031}), nullopt},
      {layout("permute", {3, 5, 11},
              [](const auto& x) {
                return x.permute({2, 0, 1});
              }),
       0},
      {layout("flip", {7, 13}, [](const auto& x) { return x.flip({1}); }), 1},
      {layout("slice_neg", {9, 13},
              [](const auto& x) {
                return x.slice({{nullopt, nullopt, -3}});
              }),
       0},
  };
  for (DType dtype : {F32, I32, F64}) {
    if (!supports(dtype)) continue;
    size_t index = 0;
    for (const Spec& s : specs) {
      if (!runs_case(index++, dtype)) continue;
      for (bool keepdim : {false, true}) {
        if (!s.axis && keepdim) continue;
        SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " " + s.layout.name + " axis " +
                     (s.axis ? std::to_string(*s.axis) : "none") + (keepdim ? " keepdim" : ""));
        Array x = random(s.layout.base, ints(-3, 3), dtype);  // many ties: first index wins
        Tensor t = s.layout.t(tensor(x, dtype));
        EXPECT_TRUE(close(t.argmax(s.axis, keepdim), s.layout.r(x).argmax(s.axis, keepdim)));
        EXPECT_TRUE(close(t.argmin(s.axis, keepdim), s.layout.r(x).argmin(s.axis, keepdim)));
        EXPECT_TRUE(ingot::is_int(t.argmax(s.axis, keepdim).dtype()));
      }
    }
  }
  // A hand-made tie: the first of equal maxima.
  Tensor t = Tensor::from_vector<float>({1, 5, 2, 5, 5, -1}, {6}, dev());
  EXPECT_EQ(t.argmax().item<int64_t>(), 1);
  EXPECT_EQ(t.argmin().item<int64_t>(), 5);
  EXPECT_EQ(t.neg().argmin().item<int64_t>(), 1);
}

TEST_P(ReduceTest, BoolAnyAll) {
  for (Shape shape : {Shape{7, 13}, Shape{3, 5, 11}, Shape{1031}}) {
    Array x = random(shape, {}, B);
    Tensor t = tensor(x, B);
    EXPECT_TRUE(close(t.any({-1}), x.any({-1})));
    EXPECT_TRUE(close(t.all({-1}), x.all({-1})));
    EXPECT_TRUE(close(t.any(), x.any()));
    EXPECT_TRUE(close(t.all({0}, true), x.all({0}, true)));
    EXPECT_TRUE(close(t.logical_not().any(), x.logical_not().any()));
  }
  Tensor ones = Tensor::ones({4, 3}, B, dev());
  EXPECT_TRUE(ones.all().item<bool>());
  EXPECT_FALSE(ones.logical_not().any().item<bool>());
}

TEST_P(ReduceTest, ZeroSize) {
  Tensor e = tensor(random({0})), e30 = tensor(random({3, 0}));
  EXPECT_TRUE(close(e.sum(), Array::scalar(0)));
  EXPECT_TRUE(close(e.prod(), Array::scalar(1)));
  EXPECT_TRUE(close(e30.sum({1}), Array::full({3}, 0)));
  EXPECT_TRUE(close(e30.prod({1}), Array::full({3}, 1)));
  EXPECT_TRUE(close(e30.sum({1}, true), Array::full({3, 1}, 0)));
  EXPECT_TRUE(close(e30.sum({0}), Array::full({0}, 0)));
  EXPECT_TRUE(close(e30.max({0}), Array::full({0}, 0)));
  EXPECT_TRUE(close(e30.sum(), Array::scalar(0)));
  EXPECT_TRUE(close(e.gt(e).any(), Array::scalar(0)));
  EXPECT_TRUE(close(e.gt(e).all(), Array::scalar(1)));
  // Sum and prod of a zero-size view, fused with an elementwise op.
  EXPECT_TRUE(close((tensor(random({4, 5})).slice({{2, 2}}) * 2.0).sum({0}), Array::full({5}, 0)));
  EXPECT_TRUE(throws_error([&] { e.max().realize(); }, {"max"}));
  EXPECT_TRUE(throws_error([&] { e30.max({1}).realize(); }, {"max"}));
  EXPECT_TRUE(throws_error([&] { e.min().realize(); }, {"min"}));
  EXPECT_TRUE(throws_error([&] { e.argmax().realize(); }, {"argmax"}));
  // The process keeps working.
  Array x = random({7, 13});
  EXPECT_TRUE(close(tensor(x).max({1}), x.max({1})));
}

TEST_P(ReduceTest, FusedWithElementwise) {
  Array x = random({13, 7}), y = random({7, 13});
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 13),
      [](auto x, auto y) { return (x.T() * y + 1.0).sum({-1}, true) / y.max({1}, true); }, x, y));
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 91),
      [](auto x, auto y) { return (x.T() - x.T().mean({0}, true)).square().sum() + y.min(); }, x,
      y));
}

// max of all-negative and min of all-positive rows: the accumulator must start at the
// type's lowest (highest) value, not at zero.
TEST_P(ReduceTest, ExtremesOfOneSign) {
  Array x = random({7, 13}, range(1, 5));
  EXPECT_TRUE(check([](auto x) { return x.neg().max({1}); }, x));
  EXPECT_TRUE(check([](auto x) { return x.min({0}, true); }, x));
  EXPECT_TRUE(check([](auto x) { return (x * -1000.0).max(); }, x));
  for (DType dtype : {I32, I64, I8}) {
    SCOPED_TRACE(ingot::dtype_name(dtype));
    Array i = random({7, 13}, ints(-100, -1), dtype);
    EXPECT_TRUE(close(tensor(i, dtype).max({1}), i.max({1})));
    EXPECT_TRUE(close(tensor(i, dtype).neg().min({0}), i.neg().min({0})));
  }
  Array u = Array::full({4, 5}, 255);
  EXPECT_TRUE(close(tensor(u, U8).min({1}), u.min({1})));
  EXPECT_TRUE(close(tensor(u, U8).max(), u.max()));
}

// Float32 sums of many positive values: the error must stay within sqrt(n) * 1e-5.
TEST_P(ReduceTest, LongSumAccuracy) {
  Array x = random({1 << 20}, range(0, 1));
  EXPECT_TRUE(close(tensor(x).sum(), x.sum(), Tol::reduction(F32, 1 << 20)));
  EXPECT_TRUE(close(tensor(x).mean(), x.mean(), Tol::reduction(F32, 1 << 20)));
  Array rows = x.reshape({16, 65536});
  EXPECT_TRUE(close(tensor(rows).sum({1}), rows.sum({1}), Tol::reduction(F32, 65536)));
  EXPECT_TRUE(close(tensor(rows).sum({0}), rows.sum({0}), Tol::reduction(F32, 16)));
  // A constant expanded to a million elements.
  EXPECT_TRUE(close(Tensor::full({1000, 1000}, 0.001, F32, dev()).sum(), Array::scalar(1000),
                    Tol::reduction(F32, 1000000)));
  EXPECT_TRUE(close(Tensor::ones({1 << 24}, F32, dev()).sum(), Array::scalar(1 << 24)));
}

// Reductions over the last axes and axes before them with very few outputs (a batch
// norm's statistics, one a channel): on devices with threadgroups the rows are reduced
// first, then the axes before them.
TEST_P(ReduceTest, FewOutputsOverTheLastAndLeadingAxes) {
  Array x = random({7, 3, 45}, range(-1, 2)), y = random({5, 2, 6, 33});
  EXPECT_TRUE(close(tensor(x).sum({0, 2}), x.sum({0, 2}), Tol::reduction(F32, 315)));
  EXPECT_TRUE(close(tensor(x).max({0, 2}, true), x.max({0, 2}, true)));
  EXPECT_TRUE(close(tensor(y).mean({0, 2, 3}), y.mean({0, 2, 3}), Tol::reduction(F32, 990)));
  EXPECT_TRUE(
      close(tensor(y).var({0, 2, 3}), y.var({0, 2, 3}), Tol::reduction(F32, 990).scaled(4)));
  EXPECT_TRUE(close(tensor(y).min({0, 3}), y.min({0, 3})));
}

// Means and variances of half-precision tensors are computed in float32 and rounded once:
// a batch-norm's statistics over 64 x 112 x 112 pixels of float16 summed squares far past
// float16's largest value (65504), which made them inf. The results stay float16.
TEST_P(ReduceTest, HalfStatisticsAccumulateInFloat32) {
  Array x = random({8, 131072}, range(-3, 3), F16);
  for (DType dtype : {F16, BF16}) {
    SCOPED_TRACE(ingot::dtype_name(dtype));
    Tensor t = tensor(x, dtype);
    EXPECT_EQ(t.var({1}).dtype(), dtype);
    EXPECT_TRUE(close(t.mean(), x.mean(), Tol::of(dtype)));
    EXPECT_TRUE(close(t.var({1}), x.var({1}), Tol::of(dtype)));
    EXPECT_TRUE(close(t.std({0, 1}, false, 0), x.std({0, 1}, false, 0), Tol::of(dtype)));
  }
}

// Full reductions long enough that, on devices with threadgroups, the first stage's parts
// interleave (each reads every 1024 x 4096-th stretch of 4096 elements): every element
// must still be read once.
TEST_P(ReduceTest, InterleavedFirstStage) {
  if (!ingot::Device::get(dev()).info().threadgroups)
    GTEST_SKIP() << dev() << " runs no threadgroups: its first stage reads contiguous parts";
  Array x = random({1 << 23}, range(-1, 2)), y = random({1 << 23});
  EXPECT_TRUE(close(tensor(x).sum(), x.sum(), Tol::reduction(F32, 1 << 23)));
  EXPECT_TRUE(close(tensor(x).max(), x.max()));
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 1 << 23), [](auto x, auto y) { return (x * y).sum(); }, x, y));
}

// Reductions over axes before the last with few outputs, which devices with threadgroups
// run in two stages: runs of adjacent reduced axes merged, the largest cut into parts and
// padded with the reduction's identity where it does not divide (509 and 61 are prime).
TEST_P(ReduceTest, SplitOverOutputs) {
  Array x = random({509, 37}, range(-1, 2)), y = random({4, 61, 5, 33});
  EXPECT_TRUE(close(tensor(x).sum({0}), x.sum({0}), Tol::reduction(F32, 509)));
  EXPECT_TRUE(close(tensor(x).max({0}), x.max({0})));
  EXPECT_TRUE(close(tensor(x).min({0}, true), x.min({0}, true)));
  EXPECT_TRUE(close(tensor(y).sum({0, 1}), y.sum({0, 1}), Tol::reduction(F32, 244)));
  EXPECT_TRUE(close(tensor(y).max({1, 2}), y.max({1, 2})));
  EXPECT_TRUE(close(tensor(y).mean({0, 2}), y.mean({0, 2}), Tol::reduction(F32, 20)));
  EXPECT_TRUE(close(tensor(y).var({1}), y.var({1}), Tol::reduction(F32, 61).scaled(4)));
  EXPECT_TRUE(close(tensor(x).argmax(0), x.argmax(0)));
  // Factors near 1, so that 61 of them stay in range.
  Array f = random({61, 2, 9}, range(0.9, 1.1));
  EXPECT_TRUE(close(tensor(f).prod({0}), f.prod({0}), Tol::reduction(F32, 61)));
  // The identities of the integer types: the lowest and highest values pad max and min.
  for (DType dtype : {I32, U8, I8, U16, B}) {
    SCOPED_TRACE(ingot::dtype_name(dtype));
    Array i = random({61, 2, 9}, ints(0, 100), dtype);
    EXPECT_TRUE(close(tensor(i, dtype).max({0}), i.max({0}), Tol{0, 0}));
    EXPECT_TRUE(close(tensor(i, dtype).min({0}), i.min({0}), Tol{0, 0}));
  }
  // 64-bit integers' max pads with -2^63, which a double holds (argmax's scores are int64);
  // their min has no such padding and stays in one stage.
  Array l = random({509, 37}, ints(-1000, 1000), I64);
  EXPECT_TRUE(close(tensor(l, I64).max({0}), l.max({0}), Tol{0, 0}));
  EXPECT_TRUE(close(tensor(l, I64).min({0}), l.min({0}), Tol{0, 0}));
  Array h = random({61, 2, 9}, range(-3, 3), F16);
  EXPECT_TRUE(close(tensor(h, F16).sum({0}), h.sum({0}), Tol::reduction(F16, 61)));
}

// Rows of no whole number of vectors: whole vectors, then the tail; with an outer reduced
// axis, the tail once per step of it.
TEST_P(ReduceTest, RaggedRowsReduceInVectorsAndATail) {
  Array x = random({7, 3001}, range(-1, 2)), y = random({3, 5, 37});
  EXPECT_TRUE(close(tensor(x).sum({1}), x.sum({1}), Tol::reduction(F32, 3001)));
  EXPECT_TRUE(close(tensor(x).max({1}), x.max({1})));
  EXPECT_TRUE(close(tensor(x).min({1}, true), x.min({1}, true)));
  EXPECT_TRUE(close(tensor(y).sum({1, 2}), y.sum({1, 2}), Tol::reduction(F32, 185)));
  EXPECT_TRUE(close(tensor(y).max({0, 2}), y.max({0, 2})));
  EXPECT_TRUE(close(tensor(x).argmax(1), x.argmax(1)));
}

TEST_P(ReduceTest, ReduceOfExpandedAndPadded) {
  Array x = random({5, 1});
  EXPECT_TRUE(check([](auto x) { return x.expand({5, 999}).sum({1}); }, x));
  EXPECT_TRUE(check([](auto x) { return x.expand({3, 5, 7}).mean({0, 2}); }, x));
  EXPECT_TRUE(check([](auto x) { return x.pad({{2, 3}}, -7.0).max({0}); }, x));
  EXPECT_TRUE(check([](auto x) { return x.pad({{2, 3}}, 7.0).min(); }, x));
  EXPECT_TRUE(check([](auto x) { return x.pad({{0, 0}, {3, 3}}, 2.0).prod({1}); }, x));
}

INGOT_ON_ALL_DEVICES(ReduceTest);

}  // namespace
