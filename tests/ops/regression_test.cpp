// Regression tests for classes of wrong answers and crashes, each beside the float64
// reference or exact expected values, on every device.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <variant>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;

class RegressionTest : public OpTest {
 protected:
  // One step of a random chain of movement ops, applied alike to a Tensor and an Array.
  struct Reshape {
    Shape shape;
  };
  struct Flip {
    std::vector<int> axes;
  };
  struct SliceStep {
    std::vector<ingot::Slice> slices;
  };
  struct Pad {
    std::vector<std::pair<int64_t, int64_t>> pads;
  };
  struct Permute {
    std::vector<int> order;
  };
  using Step = std::variant<Reshape, Flip, SliceStep, Pad, Permute>;

  template <class X>
  static X apply(const Step& step, const X& x) {
    return std::visit(
        [&](const auto& s) -> X {
          using S = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<S, Reshape>) return x.reshape(s.shape);
          if constexpr (std::is_same_v<S, Flip>) return x.flip(s.axes);
          if constexpr (std::is_same_v<S, SliceStep>) return x.slice(s.slices);
          if constexpr (std::is_same_v<S, Pad>) return x.pad(s.pads, -7.0);
          if constexpr (std::is_same_v<S, Permute>) return x.permute(s.order);
        },
        step);
  }

  int64_t uniform(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng_);
  }

  // A random new shape of `n` elements in one to three axes.
  Shape factorization(int64_t n) {
    Shape s;
    int64_t left = n;
    for (int64_t axes = uniform(1, 3); axes > 1; --axes) {
      std::vector<int64_t> divisors;
      for (int64_t d = 1; d <= left; ++d)
        if (left % d == 0) divisors.push_back(d);
      s.push_back(
          divisors[static_cast<size_t>(uniform(0, static_cast<int64_t>(divisors.size()) - 1))]);
      left /= s.back();
    }
    s.push_back(left);
    return s;
  }

  // A random movement op of a tensor of `shape`, reshapes every other step, so each
  // flip, step, shrink, pad or permute lands on a reshaped view.
  Step random_step(const Shape& shape, bool reshape) {
    const int n = static_cast<int>(shape.size());
    if (reshape) return Reshape{factorization(ref::numel_of(shape))};
    switch (uniform(0, 3)) {
      case 0: {
        std::vector<int> axes;
        for (int a = 0; a < n; ++a)
          if (uniform(0, 1)) axes.push_back(a);
        if (axes.empty()) axes.push_back(static_cast<int>(uniform(0, n - 1)));
        return Flip{axes};
      }
      case 1: {
        std::vector<ingot::Slice> slices;
        for (int64_t extent : shape) {
          // Covers [lo, hi), forwards or backwards (a stop before 0 is "none": -1 would
          // count from the end).
          int64_t lo = uniform(0, extent - 1), hi = uniform(lo + 1, extent), step = uniform(1, 3);
          if (uniform(0, 1))
            slices.push_back({lo, hi, step});
          else
            slices.push_back({hi - 1, lo > 0 ? std::optional<int64_t>(lo - 1) : nullopt, -step});
        }
        return SliceStep{slices};
      }
      case 2: {
        std::vector<std::pair<int64_t, int64_t>> pads;
        for (int a = 0; a < n; ++a) pads.emplace_back(uniform(0, 2), uniform(0, 2));
        return Pad{pads};
      }
      default: {
        std::vector<int> order(static_cast<size_t>(n));
        for (int a = 0; a < n; ++a) order[static_cast<size_t>(a)] = a;
        std::shuffle(order.begin(), order.end(), rng_);
        return Permute{order};
      }
    }
  }
};

// Class: view simplification of reshapes under flips, negative steps, shrinks, pads and
// permutes. Random chains of them, compared exactly with the reference.
TEST_P(RegressionTest, RandomMovementChainsAfterReshapes) {
  const int chains = emulated() ? 24 : 40;
  for (int c = 0; c < chains; ++c) {
    Shape base = {uniform(2, 6), uniform(2, 6)};
    Array x = random(base, ints(-50, 50));
    Tensor t = tensor(x);
    Array want = x;
    std::string trace;
    for (int s = 0; s < 5; ++s) {
      Step step = random_step(want.shape, s % 2 == 0);
      want = apply(step, want);
      t = apply(step, t);
      trace += " -> " + ref::shape_str(want.shape);
      if (want.numel() == 0) break;
    }
    SCOPED_TRACE("chain " + std::to_string(c) + ": " + ref::shape_str(base) + trace);
    EXPECT_TRUE(close(t, want, Tol{0, 0}));
  }
}

// Class: constant literals. Negative, infinite, NaN and negative-zero constants of every
// float type under a negation (a minus next to a negative literal), abs and a reciprocal
// (which tells -0 from 0), as 0-d and 1-d tensors.
TEST_P(RegressionTest, FloatConstantLiterals) {
  const double inf = INFINITY;
  for (DType dtype : {F32, F64, F16, BF16}) {
    if (!supports(dtype)) continue;
    // -1e300 and 70000 are beyond float32's and float16's range: infinities there.
    size_t index = 0;
    for (double v : {-2.5, -0.0, 0.0, inf, -inf, double(NAN), -1e300, -1e-300, 70000.0, -3e38}) {
      if (!runs_case(index++, dtype)) continue;
      SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " " + std::to_string(v));
      const double held = ref::cast_value(v, dtype);
      for (Shape shape : {Shape{}, Shape{3}}) {
        Tensor c = Tensor::full(shape, v, dtype, dev());
        EXPECT_TRUE(close(c.neg(), Array::full(shape, -held), Tol::of(dtype)));
        EXPECT_TRUE(close(c.abs(), Array::full(shape, std::fabs(held)), Tol::of(dtype)));
        EXPECT_TRUE(close(c.neg().reciprocal(), Array::full(shape, 1 / -held), Tol::of(dtype)));
        EXPECT_TRUE(close(c - c.neg(), Array::full(shape, ref::cast_value(held + held, dtype)),
                          Tol::of(dtype)));
      }
    }
  }
}

// Exact values of an integer type T, as a two's complement negation computes them.
template <class T>
T wrapped_neg(T v) {
  return static_cast<T>(uint64_t{0} - static_cast<uint64_t>(v));
}

template <class T>
void expect_integer_literals(const std::string& device) {
  const DType dtype = ingot::dtype_of<T>::value;
  std::vector<T> values = {T(7), std::numeric_limits<T>::min(), std::numeric_limits<T>::max()};
  if constexpr (std::is_signed_v<T>) values.insert(values.end(), {T(-5), T(-1)});
  for (T v : values) {
    SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " " + std::to_string(v));
    // int64's and uint64's largest values round up to 2^63 and 2^64 as doubles: the
    // constant saturates back to the type's limit.
    Tensor c = Tensor::full({3}, static_cast<double>(v), dtype, device);
    EXPECT_EQ(c.to_vector<T>(), std::vector<T>(3, v));
    EXPECT_EQ(c.neg().to_vector<T>(), std::vector<T>(3, wrapped_neg(v)));
    T magnitude = std::is_signed_v<T> && v < 0 ? wrapped_neg(v) : v;
    EXPECT_EQ(c.abs().to_vector<T>(), std::vector<T>(3, magnitude));
    EXPECT_EQ((c - c.neg()).to_vector<T>(),
              std::vector<T>(3, static_cast<T>(static_cast<uint64_t>(v) * 2)));
  }
}

// Class: constant literals of every integer type, their extremes (int64's minimum,
// uint64's maximum) and negative values under a negation.
TEST_P(RegressionTest, IntegerConstantLiterals) {
  expect_integer_literals<int8_t>(dev());
  expect_integer_literals<int16_t>(dev());
  expect_integer_literals<int32_t>(dev());
  expect_integer_literals<int64_t>(dev());
  expect_integer_literals<uint8_t>(dev());
  expect_integer_literals<uint16_t>(dev());
  expect_integer_literals<uint32_t>(dev());
  expect_integer_literals<uint64_t>(dev());
}

// Class: vector plans over padded (masked) loads, whose lane-wise where needs a mask
// vector: the C target has no ?: on vectors. Padding on another axis than the lanes, as a
// cat's parts have, under row sums (UNROLL) and column sums (UPCAST), in every type
// vector plans take.
TEST_P(RegressionTest, VectorPlansOverPaddedLoads) {
  {
    SCOPED_TRACE("cat of {16,2,16,64}, {16,2,1,64}, {16,2,1,64} along axis 2, summed");
    Array a = random({16, 2, 16, 64}), b = random({16, 2, 1, 64}), c = random({16, 2, 1, 64});
    EXPECT_TRUE(check_as(
        F32, Tol::reduction(F32, 18 * 64 * 32),
        [](auto a, auto b, auto c) {
          return decltype(a)::cat({a, b, c}, 2).sum();
        },
        a, b, c));
  }
  for (DType dtype : {F32, F64, I32, I64}) {
    if (!supports(dtype)) continue;
    SCOPED_TRACE(ingot::dtype_name(dtype));
    Array x = random({6, 64}, ints(-9, 9), dtype), y = random({2, 64}, ints(-9, 9), dtype);
    Tol tol = Tol::reduction(dtype, 64);
    EXPECT_TRUE(check_as(
        dtype, tol,
        [](auto x) {
          return x.pad({{2, 1}}, 2.0).sum({1});
        },
        x));
    EXPECT_TRUE(check_as(
        dtype, tol,
        [](auto x) {
          return x.pad({{1, 1}}, -1.0).sum({0});
        },
        x));
    EXPECT_TRUE(check_as(
        dtype, tol,
        [](auto x, auto y) {
          return decltype(x)::cat({y, x, y}, 0).sum({1});
        },
        x, y));
  }
}

// Class: 0-d tensors with an axis argument. PyTorch takes 0 and -1 there and reduces,
// flips or normalizes over nothing: the result is 0-d, the reduction of one element.
TEST_P(RegressionTest, ZeroDimTensorsTakeAxisZeroAndMinusOne) {
  const double v = random({}, range(-3, 3)).data[0];
  Tensor x = Tensor::scalar(v, F32, dev());
  Tensor i = Tensor::scalar(-7, I32, dev());
  for (int axis : {0, -1}) {
    SCOPED_TRACE("axis " + std::to_string(axis));
    for (bool keepdim : {false, true}) {
      auto scalar = [&](double want) { return Array::scalar(want); };
      EXPECT_TRUE(close(x.sum({axis}, keepdim), scalar(v)));
      EXPECT_TRUE(close(x.prod({axis}, keepdim), scalar(v)));
      EXPECT_TRUE(close(x.max({axis}, keepdim), scalar(v)));
      EXPECT_TRUE(close(x.min({axis}, keepdim), scalar(v)));
      EXPECT_TRUE(close(x.mean({axis}, keepdim), scalar(v)));
      EXPECT_TRUE(close(x.var({axis}, keepdim), scalar(NAN)));  // 0 / (1 - 1)
      EXPECT_TRUE(close(x.var({axis}, keepdim, 0), scalar(0)));
      EXPECT_TRUE(close(x.std({axis}, keepdim, 0), scalar(0)));
      EXPECT_TRUE(close(x.any({axis}, keepdim), scalar(v != 0)));
      EXPECT_TRUE(close(x.all({axis}, keepdim), scalar(v != 0)));
      EXPECT_TRUE(close(x.argmax(axis, keepdim), scalar(0)));
      EXPECT_TRUE(close(x.argmin(axis, keepdim), scalar(0)));
      EXPECT_TRUE(close(i.sum({axis}, keepdim), scalar(-7)));
      EXPECT_EQ(i.sum({axis}, keepdim).dtype(), I64);
      EXPECT_TRUE(close(i.max({axis}, keepdim), scalar(-7)));
      EXPECT_EQ(x.sum({axis}, keepdim).shape(), Shape{});
    }
    EXPECT_TRUE(close(x.softmax(axis), Array::scalar(1)));
    EXPECT_TRUE(close(x.log_softmax(axis), Array::scalar(0)));
    EXPECT_TRUE(close(i.softmax(axis), Array::scalar(1)));
    EXPECT_TRUE(close(x.flip({axis}), Array::scalar(v)));
    EXPECT_TRUE(close(x.squeeze(axis), Array::scalar(v)));
    EXPECT_TRUE(close(x.unsqueeze(axis), Array({1}, {v})));
    EXPECT_TRUE(close(x.flatten(axis, axis), Array({1}, {v})));
  }
  // Both names of the one axis at once are a repeat, as in PyTorch; other axes are out of
  // range; a 0-d tensor cannot be concatenated and has no size along an axis.
  EXPECT_TRUE(throws_error([&] { x.sum({0, -1}).realize(); }, {"sum"}, {"repeated"}));
  EXPECT_TRUE(throws_error([&] { x.sum({1}).realize(); }, {"sum"}, {"-1 to 0"}));
  EXPECT_TRUE(throws_error([&] { x.softmax(-2).realize(); }, {"softmax"}, {"-1 to 0"}));
  EXPECT_TRUE(throws_error([&] { x.argmax(1).realize(); }, {"argmax"}, {"-1 to 0"}));
  EXPECT_TRUE(throws_error([&] { Tensor::cat({x, x}).realize(); }, {"cat"}, {"0-d"}));
  EXPECT_TRUE(throws_error([&] { x.size(0); }, {"size"}, {"0-d"}));
  EXPECT_TRUE(close(Tensor::stack({x, x}, -1), Array({2}, {v, v})));
}

// Class: empty sources inside a non-empty kernel. An empty part of a cat that is not a
// buffer (here a reshape of an empty buffer, whose unravelling divides by its zero
// extents) was lowered, hoisted and unravelled: SIGFPE in the lowerer. Such a part is
// never read; plain elementwise, reduced, row-normalized and matmul consumers.
TEST_P(RegressionTest, EmptyPartsOfNonEmptyKernels) {
  // A computed empty tensor: not a buffer, so its reshape is lowered, not read.
  Tensor empty = Tensor::full({5, 0}, 3.0, F32, dev()) * 2.0;
  Array x = random({3, 4}), y = random({4, 3});
  Array none({3, 0}, {});
  auto cat_rows = [](const auto& a, const auto& e) {
    using X = std::decay_t<decltype(a)>;
    return X::cat({a, e, a.flip({1}), e}, 1);  // {3, 8}
  };
  const Tensor e = empty.reshape({3, 0}), tx = tensor(x);
  EXPECT_TRUE(close(Tensor::cat({tx, e}, 1), x));
  EXPECT_TRUE(close(Tensor::cat({e, tx}, 1).softmax(-1), x.softmax(-1), Tol::transcendental(F32)));
  EXPECT_TRUE(close(cat_rows(tx, e), cat_rows(x, none)));
  EXPECT_TRUE(close(cat_rows(tx, e) * 2.0 + 1.0, cat_rows(x, none) * 2.0 + 1.0));
  EXPECT_TRUE(close(cat_rows(tx, e).sum({1}), cat_rows(x, none).sum({1}), Tol::reduction(F32, 8)));
  EXPECT_TRUE(close(cat_rows(tx, e).max({0}), cat_rows(x, none).max({0})));
  EXPECT_TRUE(
      close(cat_rows(tx, e).softmax(-1), cat_rows(x, none).softmax(-1), Tol::transcendental(F32)));
  EXPECT_TRUE(close(cat_rows(tx, e).log_softmax(0), cat_rows(x, none).log_softmax(0),
                    Tol::transcendental(F32)));
  Tensor ey = empty.reshape({0, 3}), ty = tensor(y);
  Array none_rows({0, 3}, {});
  EXPECT_TRUE(close(Tensor::cat({ey, ty, ey}, 0).matmul(tx),
                    Array::cat({none_rows, y, none_rows}, 0).matmul(x), Tol::reduction(F32, 4)));
  // A reduction of a non-empty axis of an empty view: an empty result, fused or not.
  EXPECT_TRUE(close(ey.sum({1}) + 1.0, Array({0}, {})));
  EXPECT_TRUE(close(ey.max({1}, true).expand({0, 3}) - ey, none_rows));
}

// Class: softmax and log_softmax of empty tensors. PyTorch returns an empty tensor of
// the same shape; ingot threw (the max of an empty axis has no identity).
TEST_P(RegressionTest, SoftmaxOfEmptyTensors) {
  for (Shape shape : {Shape{0}, Shape{3, 0}, Shape{0, 4}, Shape{2, 0, 3}}) {
    SCOPED_TRACE(ref::shape_str(shape));
    Tensor x = Tensor::zeros(shape, F32, dev());
    for (int axis = -static_cast<int>(shape.size()); axis < static_cast<int>(shape.size());
         ++axis) {
      EXPECT_TRUE(close(x.softmax(axis), Array(shape, {})));
      EXPECT_TRUE(close(x.log_softmax(axis), Array(shape, {})));
    }
    EXPECT_EQ(Tensor::zeros(shape, I32, dev()).softmax(-1).dtype(), F32);
  }
}

// Class: bool arithmetic. Two bool tensors add as or, multiply as and, and their maximum
// and minimum are or and and, as in PyTorch: a bool is 0 or 1 in every kernel and in
// memory. bool - bool is an Error.
TEST_P(RegressionTest, BoolArithmeticIsLogic) {
  Tensor b = Tensor::from_vector<bool>({false, true, true}, {3}, dev());
  EXPECT_EQ((b + b).dtype(), B);
  EXPECT_EQ((b + b).astype(F32).to_vector<float>(), (std::vector<float>{0, 1, 1}));
  EXPECT_EQ((b + b).sum().item<int64_t>(), 2);
  Array x = random({7, 13}, {}, B), y = random({13}, {}, B);
  Tensor tx = tensor(x, B), ty = tensor(y, B);
  EXPECT_TRUE(close(tx + ty, x.logical_or(y)));
  EXPECT_TRUE(close(tx * ty, x.logical_and(y)));
  EXPECT_TRUE(close(tx.maximum(ty), x.logical_or(y)));
  EXPECT_TRUE(close(tx.minimum(ty), x.logical_and(y)));
  EXPECT_TRUE(close(tx.logical_xor(ty), x.ne(y.broadcast_to({7, 13}))));
  EXPECT_TRUE(close((tx + ty + tx).astype(I32).sum({1}), x.logical_or(y).astype(I32).sum({1})));
  EXPECT_TRUE(close((tx * ty).sum(), x.logical_and(y).sum()));
  EXPECT_TRUE(close(tx.square(), x));
  // With another type, or a number, a bool is that type's 0 or 1.
  Array i = random({13}, ints(-5, 5), I8);
  EXPECT_TRUE(close(tx + tensor(i, I8), x + i));
  EXPECT_TRUE(close(tx - tensor(i, I8), x - i));
  EXPECT_TRUE(close(tx + 1.0, x + 1.0));
  EXPECT_TRUE(close(1 - tx.astype(I32), 1.0 - x));
  EXPECT_TRUE(throws_error([&] { (tx - ty).realize(); }, {"sub"}, {"bool", "logical_xor", "13"}));
}

// Class: bools stored as 0 or 1. Bytes that are not (host data, another type's bytes
// reinterpreted) read as true; every kernel computes and stores 0 or 1.
TEST_P(RegressionTest, BoolBytesReadAsZeroOrOne) {
  std::vector<uint8_t> bytes{0, 2, 255, 1, 0, 16};
  Tensor b = Tensor::from_data(bytes.data(), B, {6}, dev());
  const std::vector<float> want{0, 1, 1, 1, 0, 1};
  EXPECT_EQ(b.astype(F32).to_vector<float>(), want);
  EXPECT_EQ(b.sum().item<int64_t>(), 4);
  EXPECT_EQ(b.logical_not().astype(F32).to_vector<float>(), (std::vector<float>{1, 0, 0, 0, 1, 0}));
  Tensor u = Tensor::from_vector(bytes, {6}, dev());
  EXPECT_EQ(u.bitcast(B).astype(F32).to_vector<float>(), want);
  EXPECT_EQ((u.bitcast(B) + u.bitcast(B)).astype(I32).to_vector<int32_t>(),
            (std::vector<int32_t>{0, 1, 1, 1, 0, 1}));
  // Stored through a kernel, the bytes are 0 and 1.
  Tensor stored = (b * 1.0).astype(B).contiguous();
  EXPECT_EQ(stored.bitcast(U8).contiguous().to_vector<uint8_t>(),
            (std::vector<uint8_t>{0, 1, 1, 1, 0, 1}));
}

// Class: NaN in comparisons. Every ordered comparison with NaN is false (le and ge were
// the negations of gt and lt, true for NaN); ne is true.
TEST_P(RegressionTest, ComparisonsWithNaN) {
  const double nan = NAN, inf = INFINITY;
  Array a({6}, {nan, 1, nan, -inf, 0, 2}), b({6}, {1, nan, nan, nan, -0.0, 2});
  for (DType dtype : {F32, F64, F16, BF16}) {
    if (!supports(dtype)) continue;
    SCOPED_TRACE(ingot::dtype_name(dtype));
    Tensor ta = tensor(a, dtype), tb = tensor(b, dtype);
    EXPECT_TRUE(close(ta.eq(tb), Array({6}, {0, 0, 0, 0, 1, 1})));
    EXPECT_TRUE(close(ta.ne(tb), Array({6}, {1, 1, 1, 1, 0, 0})));
    EXPECT_TRUE(close(ta.lt(tb), Array({6}, {0, 0, 0, 0, 0, 0})));
    EXPECT_TRUE(close(ta.gt(tb), Array({6}, {0, 0, 0, 0, 0, 0})));
    EXPECT_TRUE(close(ta.le(tb), Array({6}, {0, 0, 0, 0, 1, 1})));
    EXPECT_TRUE(close(ta.ge(tb), Array({6}, {0, 0, 0, 0, 1, 1})));
    EXPECT_TRUE(close(ta.le(ta * 2.0), Array({6}, {0, 1, 0, 1, 1, 1})));
  }
}

// Random rows with NaNs at the start, the end, in the middle or everywhere, and the
// values PyTorch gives: max and min propagate NaN, argmax and argmin find the first NaN.
struct NaNRows {
  Array x, max, min, argmax, argmin;
};

NaNRows nan_rows(Array x) {
  const int64_t rows = x.shape[0], n = x.shape[1];
  const double nan = NAN;
  for (int64_t r = 1; r < rows; ++r) {
    auto at = [&](int64_t i) -> double& { return x.data[static_cast<size_t>(r * n + i)]; };
    if (r == 1) at(0) = nan;
    if (r == 2) at(n - 1) = nan;
    if (r == 3) at(n / 3) = at(n / 2) = nan;
    if (r == 4)
      for (int64_t i = 0; i < n; ++i) at(i) = nan;
  }
  NaNRows out{x, Array::full({rows}, 0), Array::full({rows}, 0), Array::full({rows}, 0),
              Array::full({rows}, 0)};
  for (int64_t r = 0; r < rows; ++r) {
    int64_t hi = 0, lo = 0, first_nan = -1;
    for (int64_t i = 0; i < n; ++i) {
      double v = x.data[static_cast<size_t>(r * n + i)];
      if (std::isnan(v) && first_nan < 0) first_nan = i;
      if (v > x.data[static_cast<size_t>(r * n + hi)]) hi = i;
      if (v < x.data[static_cast<size_t>(r * n + lo)]) lo = i;
    }
    const size_t ru = static_cast<size_t>(r);
    out.argmax.data[ru] = static_cast<double>(first_nan >= 0 ? first_nan : hi);
    out.argmin.data[ru] = static_cast<double>(first_nan >= 0 ? first_nan : lo);
    out.max.data[ru] = first_nan >= 0 ? nan : x.data[static_cast<size_t>(r * n + hi)];
    out.min.data[ru] = first_nan >= 0 ? nan : x.data[static_cast<size_t>(r * n + lo)];
  }
  return out;
}

// Class: NaN in maximum, minimum, relu, clamp, the max and min reductions (every plan:
// short and long rows, GROUP on GPUs, a split full reduction) and argmax/argmin, whose
// first_index_of never matched a NaN (an index past the end).
TEST_P(RegressionTest, NaNPropagatesThroughMaxMinAndArgmax) {
  const double nan = NAN;
  Array a({5}, {nan, 1, nan, -2, 3}), b({5}, {1, nan, nan, nan, 0});
  for (DType dtype : {F32, F64, F16}) {
    if (!supports(dtype)) continue;
    SCOPED_TRACE(ingot::dtype_name(dtype));
    Tensor ta = tensor(a, dtype), tb = tensor(b, dtype);
    EXPECT_TRUE(close(ta.maximum(tb), Array({5}, {nan, nan, nan, nan, 3})));
    EXPECT_TRUE(close(ta.minimum(tb), Array({5}, {nan, nan, nan, nan, 0})));
    EXPECT_TRUE(close(ta.relu(), Array({5}, {nan, 1, nan, 0, 3})));
    EXPECT_TRUE(close(ta.clamp(-1.0, 2.0), Array({5}, {nan, 1, nan, -1, 2})));
    EXPECT_TRUE(close(tb.clamp(std::nullopt, 0.5), Array({5}, {0.5, nan, nan, nan, 0})));
    for (int64_t n : {int64_t{7}, int64_t{300}, int64_t{5000}}) {
      SCOPED_TRACE("rows of " + std::to_string(n));
      NaNRows r = nan_rows(random({5, n}, range(-100, 100), dtype));
      Tensor t = tensor(r.x, dtype);
      EXPECT_TRUE(close(t.max({1}), r.max));
      EXPECT_TRUE(close(t.min({1}), r.min));
      EXPECT_TRUE(close(t.argmax(1), r.argmax));
      EXPECT_TRUE(close(t.argmin(-1), r.argmin));
      EXPECT_TRUE(close(t.T().max({0}), r.max));  // column reductions
      EXPECT_TRUE(close(t.T().argmin(0), r.argmin));
    }
  }
  Array big = random({1 << 17}, range(-1, 1));
  big.data[77777] = big.data[99999] = nan;
  EXPECT_TRUE(close(tensor(big).max(), Array::scalar(nan)));
  EXPECT_TRUE(close(tensor(big).min(), Array::scalar(nan)));
  EXPECT_TRUE(close(tensor(big).argmax(), Array::scalar(77777)));
  EXPECT_TRUE(close(tensor(big).argmin(), Array::scalar(77777)));
}

// What a saturating conversion makes of `v`: NaN 0, else v truncated toward zero and
// clamped to T's range.
template <class T>
T saturated(double v) {
  if (std::isnan(v)) return 0;
  v = std::trunc(v);
  if (v <= static_cast<double>(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  // The limit as a double may round up (int64, uint64): compare with 2^bits instead.
  const double beyond = std::ldexp(1.0, std::numeric_limits<T>::digits);
  if (v >= beyond) return std::numeric_limits<T>::max();
  return static_cast<T>(v);
}

template <class T>
void expect_saturating_casts(const std::string& device, DType from, const std::vector<double>& v) {
  const DType to = ingot::dtype_of<T>::value;
  SCOPED_TRACE(std::string(ingot::dtype_name(from)) + " -> " + ingot::dtype_name(to));
  Array held({static_cast<int64_t>(v.size())}, v);
  for (double& x : held.data) x = ref::cast_value(x, from);
  std::vector<T> want;
  for (double x : held.data) want.push_back(saturated<T>(x));
  std::vector<uint8_t> bytes = encode(held, from);
  Tensor t = Tensor::from_data(bytes.data(), from, held.shape, device);
  EXPECT_EQ(t.astype(to).to_vector<T>(), want);
  EXPECT_EQ((t * 1.0).astype(to).to_vector<T>(), want);  // a cast inside a computation
}

// Float to integer casts of NaN, infinities and values beyond the target's range:
// saturating on every target (C leaves them undefined), and float to bool is x != 0.
TEST_P(RegressionTest, FloatToIntegerCastsSaturate) {
  const double inf = INFINITY;
  const std::vector<double> v{NAN,    inf,     -inf,   3e9,   -3e9,   1e20,   -1e20,   300.7,
                              -300.7, -0.5,    0.5,    -0.0,  70000,  0x1p31, -0x1p31, 0x1p32,
                              0x1p63, -0x1p63, 0x1p64, 65504, -129.9, 127.9,  255.5,   -1.5};
  for (DType from : {F32, F64, F16, BF16}) {
    if (!supports(from)) continue;
    expect_saturating_casts<int8_t>(dev(), from, v);
    expect_saturating_casts<int16_t>(dev(), from, v);
    expect_saturating_casts<int32_t>(dev(), from, v);
    expect_saturating_casts<int64_t>(dev(), from, v);
    expect_saturating_casts<uint8_t>(dev(), from, v);
    expect_saturating_casts<uint16_t>(dev(), from, v);
    expect_saturating_casts<uint32_t>(dev(), from, v);
    expect_saturating_casts<uint64_t>(dev(), from, v);
  }
  Tensor f = Tensor::from_vector<float>({NAN, -0.0f, 0.0f, 0.1f, -INFINITY}, {5}, dev());
  EXPECT_EQ(f.astype(B).to_vector<bool>(), (std::vector<bool>{true, false, false, true, true}));
  // A number given for an integer type: NaN 0, beyond int64 the type's limit.
  EXPECT_EQ(Tensor::full({2}, NAN, I32, dev()).to_vector<int32_t>(), (std::vector<int32_t>{0, 0}));
  EXPECT_EQ(Tensor::full({1}, inf, I16, dev()).to_vector<int16_t>(), (std::vector<int16_t>{32767}));
  EXPECT_EQ(Tensor::full({1}, -1e30, U8, dev()).to_vector<uint8_t>(), (std::vector<uint8_t>{0}));
}

INGOT_ON_ALL_DEVICES(RegressionTest);

}  // namespace
