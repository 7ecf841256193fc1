// Every elementwise op, on every device, against the float64 reference: unary ops and
// tensor-scalar forms over all layouts (contiguous, scalar, size-1, zero-size and views),
// binary ops over broadcasting pairs and views, in float32 and the other dtypes they
// support.
#include <cmath>
#include <optional>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;

struct UnaryCase {
  std::string name;
  std::function<Tensor(const Tensor&)> t;
  std::function<Array(const Array&)> r;
  Domain domain;
  bool transcendental = false;
  std::vector<DType> dtypes;  // float32 first, then the others the op supports
};
void PrintTo(const UnaryCase& c, std::ostream* os) { *os << c.name; }

template <class F>
UnaryCase unary(std::string name, F f, Domain d, bool transcendental,
                std::vector<DType> more = {}) {
  std::vector<DType> dtypes{F32};
  dtypes.insert(dtypes.end(), more.begin(), more.end());
  return {std::move(name), f, f, d, transcendental, dtypes};
}

const std::vector<DType> kFloats{F64, F16, BF16};
const std::vector<DType> kFloatsAndSigned{F64, F16, BF16, I32, I64, I8};

std::vector<UnaryCase> unary_cases() {
  constexpr bool T = true, A = false;  // transcendental or arithmetic tolerance
  return {
      unary(
          "neg", [](const auto& x) { return x.neg(); }, range(-3, 3), A, kFloatsAndSigned),
      unary("minus_operator", [](const auto& x) { return -x; }, range(-3, 3), A, {I32}),
      unary(
          "abs", [](const auto& x) { return x.abs(); }, range(-3, 3), A, kFloatsAndSigned),
      unary(
          "exp", [](const auto& x) { return x.exp(); }, range(-5, 5), T, kFloats),
      unary(
          "exp2", [](const auto& x) { return x.exp2(); }, range(-6, 6), T, kFloats),
      unary(
          "log", [](const auto& x) { return x.log(); }, range(0.05, 20), T, kFloats),
      unary(
          "log2", [](const auto& x) { return x.log2(); }, range(0.05, 20), T, kFloats),
      unary(
          "sqrt", [](const auto& x) { return x.sqrt(); }, range(0, 10), T, kFloats),
      unary(
          "rsqrt", [](const auto& x) { return x.rsqrt(); }, range(0.1, 10), T, kFloats),
      unary(
          "sin", [](const auto& x) { return x.sin(); }, range(-6, 6), T, kFloats),
      unary(
          "cos", [](const auto& x) { return x.cos(); }, range(-6, 6), T, kFloats),
      unary(
          "tanh", [](const auto& x) { return x.tanh(); }, range(-4, 4), T, kFloats),
      unary(
          "sigmoid", [](const auto& x) { return x.sigmoid(); }, range(-8, 8), T, kFloats),
      unary("relu", [](const auto& x) { return x.relu(); }, range(-3, 3), A, {F64, F16, I32}),
      unary(
          "gelu", [](const auto& x) { return x.gelu(); }, range(-4, 4), T, kFloats),
      unary(
          "reciprocal", [](const auto& x) { return x.reciprocal(); }, nonzero(0.25, 4), T, kFloats),
      unary(
          "square", [](const auto& x) { return x.square(); }, range(-3, 3), A, kFloatsAndSigned),
      unary("pow_2", [](const auto& x) { return x.pow(2.0); }, range(0.1, 3), T, {F64}),
      unary("pow_half", [](const auto& x) { return x.pow(0.5); }, range(0.1, 4), T, {F64}),
      unary("pow_neg_1_5", [](const auto& x) { return x.pow(-1.5); }, range(0.2, 4), T, {F64}),
      unary("clamp", [](const auto& x) { return x.clamp(-1.0, 1.5); }, range(-3, 3), A,
            {F64, F16, I32}),
      unary("clamp_lo_only", [](const auto& x) { return x.clamp(0.5, nullopt); }, range(-3, 3), A,
            {I32}),
      unary(
          "clamp_hi_only", [](const auto& x) { return x.clamp(nullopt, -0.5); }, range(-3, 3), A),
      unary(
          "add_scalar", [](const auto& x) { return x + 2.5; }, range(-3, 3), A, kFloats),
      unary(
          "scalar_add", [](const auto& x) { return 2.5 + x; }, range(-3, 3), A),
      unary(
          "sub_scalar", [](const auto& x) { return x - 1.25; }, range(-3, 3), A, kFloats),
      unary(
          "scalar_sub", [](const auto& x) { return 1.25 - x; }, range(-3, 3), A, kFloats),
      unary(
          "mul_scalar", [](const auto& x) { return x * 3.0; }, range(-3, 3), A, kFloats),
      unary(
          "scalar_mul", [](const auto& x) { return -2.0 * x; }, range(-3, 3), A),
      unary(
          "div_scalar", [](const auto& x) { return x / 4.0; }, range(-3, 3), A, kFloats),
      unary(
          "scalar_div", [](const auto& x) { return 3.0 / x; }, nonzero(0.25, 4), A, kFloats),
      unary("int_scalar_add", [](const auto& x) { return x + 2.0; }, range(-3, 3), A,
            {I32, I64, I8}),
      unary("logical_not", [](const auto& x) { return x.logical_not(); }, ints(-1, 1), A, {B, I32}),
  };
}

// The non-float32 dtypes run on these layouts only (the full list runs in float32).
bool short_layout(const Layout& l) {
  return l.name == "7x13" || l.name == "scalar" || l.name == "permute" ||
         l.name == "slice_negative_steps" || l.name == "zero_size";
}

double pad_value_for(const Domain& d) {
  return d.away_from_zero ? d.hi : std::round((d.lo + d.hi) / 2 * 4) / 4;
}

Tol tol_for(DType dtype, bool transcendental) {
  return transcendental ? Tol::transcendental(dtype) : Tol::of(dtype);
}

// Integer results wrap around like the machine type does.
Array wrap_to(const Array& want, DType result) {
  return ingot::is_int(result) ? want.astype(result) : want;
}

class UnaryOpTest : public OpTestT<std::tuple<std::string, UnaryCase>> {};

TEST_P(UnaryOpTest, AllLayoutsAndDTypes) {
  const UnaryCase& c = std::get<1>(GetParam());
  for (DType dtype : c.dtypes) {
    if (!supports(dtype)) continue;
    size_t index = 0;
    for (const Layout& l : unary_layouts(pad_value_for(c.domain))) {
      if (!runs_case(index++, dtype)) continue;
      if (dtype != F32 && !short_layout(l)) continue;
      if (dtype != F32 && emulated() && l.name != "7x13" && l.name != "permute") continue;
      SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " layout " + l.name);
      Array x = random(l.base, c.domain, dtype);
      Tensor got = c.t(l.t(tensor(x, dtype)));
      Array want = wrap_to(c.r(l.r(x)), got.dtype());
      EXPECT_TRUE(close(got, want, tol_for(got.dtype(), c.transcendental)));
    }
  }
}
INGOT_CASES_ON_ALL_DEVICES(UnaryOpTest, unary_cases());

struct BinaryCase {
  std::string name;
  std::function<Tensor(const Tensor&, const Tensor&)> t;
  std::function<Array(const Array&, const Array&)> r;
  Domain a, b;
  bool transcendental = false;
  std::vector<DType> dtypes;
};
void PrintTo(const BinaryCase& c, std::ostream* os) { *os << c.name; }

template <class F>
BinaryCase binary(std::string name, F f, Domain a, Domain b, std::vector<DType> more = {},
                  bool transcendental = false) {
  std::vector<DType> dtypes{F32};
  dtypes.insert(dtypes.end(), more.begin(), more.end());
  return {std::move(name), f, f, a, b, transcendental, dtypes};
}

std::vector<BinaryCase> binary_cases() {
  const std::vector<DType> arith{F64, F16, BF16, I32, I64, I8, U8};
  const std::vector<DType> compare{F64, F16, I32, I64, I8, U8};
  Domain any = range(-3, 3), tied = ints(-2, 2);
  return {
      binary(
          "add", [](const auto& a, const auto& b) { return a + b; }, any, any, arith),
      binary(
          "sub", [](const auto& a, const auto& b) { return a - b; }, any, any, arith),
      binary(
          "mul", [](const auto& a, const auto& b) { return a * b; }, any, any, arith),
      binary("div", [](const auto& a, const auto& b) { return a / b; }, any, nonzero(0.5, 2),
             {F64, F16, BF16}),
      binary(
          "pow", [](const auto& a, const auto& b) { return a.pow(b); }, range(0.5, 3), range(-2, 2),
          {F64}, true),
      binary("maximum", [](const auto& a, const auto& b) { return a.maximum(b); }, tied, tied,
             {F64, F16, I32, I64, I8, U8}),
      binary("minimum", [](const auto& a, const auto& b) { return a.minimum(b); }, tied, tied,
             {F64, F16, I32, I64, I8, U8}),
      binary("eq", [](const auto& a, const auto& b) { return a.eq(b); }, tied, tied,
             {F64, F16, I32, I64, I8, U8, B}),
      binary("ne", [](const auto& a, const auto& b) { return a.ne(b); }, tied, tied,
             {F64, F16, I32, I64, I8, U8, B}),
      binary(
          "lt", [](const auto& a, const auto& b) { return a.lt(b); }, tied, tied, compare),
      binary(
          "le", [](const auto& a, const auto& b) { return a.le(b); }, tied, tied, compare),
      binary(
          "gt", [](const auto& a, const auto& b) { return a.gt(b); }, tied, tied, compare),
      binary(
          "ge", [](const auto& a, const auto& b) { return a.ge(b); }, tied, tied, compare),
      binary("logical_and", [](const auto& a, const auto& b) { return a.logical_and(b); },
             ints(-1, 1), ints(-1, 1), {B, I32}),
      binary("logical_or", [](const auto& a, const auto& b) { return a.logical_or(b); },
             ints(-1, 1), ints(-1, 1), {B, I32}),
  };
}

class BinaryOpTest : public OpTestT<std::tuple<std::string, BinaryCase>> {};

TEST_P(BinaryOpTest, BroadcastingViewsAndDTypes) {
  const BinaryCase& c = std::get<1>(GetParam());
  double pad = pad_value_for(c.b.away_from_zero ? c.b : c.a);
  int pair_index = 0;
  for (DType dtype : c.dtypes) {
    if (!supports(dtype)) continue;
    pair_index = 0;
    for (const auto& [la, lb] : binary_layouts(pad)) {
      if (dtype != F32 && pair_index++ > 3 && la.name != "T" && la.name != "slice_step2") continue;
      if (dtype != F32 && emulated() && pair_index > 1 && la.name != "T") continue;
      if (dtype == F32 && !runs_case(pair_index++, dtype)) continue;
      SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " " + la.name + " op " + lb.name);
      Array a = random(la.base, c.a, dtype), b = random(lb.base, c.b, dtype);
      Tensor got = c.t(la.t(tensor(a, dtype)), lb.t(tensor(b, dtype)));
      Array want = wrap_to(c.r(la.r(a), lb.r(b)), got.dtype());
      EXPECT_TRUE(close(got, want, tol_for(got.dtype(), c.transcendental)));
    }
  }
}
INGOT_CASES_ON_ALL_DEVICES(BinaryOpTest, binary_cases());

// Results of comparisons and logical ops are bool; arithmetic keeps the operands' type.
class ElementwiseTest : public OpTest {};

TEST_P(ElementwiseTest, ResultDTypes) {
  Tensor f = tensor(random({3}), F32), i = tensor(random({3}, ints(1, 3), I32), I32);
  EXPECT_EQ(f.lt(f).dtype(), B);
  EXPECT_EQ(i.eq(i).dtype(), B);
  EXPECT_EQ(f.logical_and(f).dtype(), B);
  EXPECT_EQ((i + i).dtype(), I32);
  EXPECT_EQ((f * f).dtype(), F32);
  EXPECT_EQ(i.exp().dtype(), F32);
  EXPECT_EQ(i.sqrt().dtype(), F32);
}

TEST_P(ElementwiseTest, Where) {
  struct Case {
    Shape cond, a, b;
  };
  for (const Case& s : std::vector<Case>{{{7, 13}, {7, 13}, {7, 13}},
                                         {{3, 1}, {1, 5}, {}},
                                         {{5}, {2, 3, 5}, {3, 1}},
                                         {{0, 4}, {4}, {1, 4}},
                                         {{}, {4, 3}, {4, 3}}}) {
    SCOPED_TRACE("where " + ref::shape_str(s.cond) + ref::shape_str(s.a) + ref::shape_str(s.b));
    Array c = random(s.cond, {}, B), a = random(s.a), b = random(s.b);
    Tensor got = Tensor::where(tensor(c, B), tensor(a), tensor(b));
    EXPECT_TRUE(close(got, Array::where(c, a, b)));
  }
  // Integer operands, a condition computed from a comparison, and view inputs.
  Array x = random({9, 13}), a = random({13, 9}, {}, I32), b = random({9, 13}, {}, I32);
  Tensor got = Tensor::where(tensor(x).flip({1}).gt(Tensor::scalar(0.0, F32, dev())),
                             tensor(a, I32).T(), tensor(b, I32).slice({{nullopt, nullopt, -1}}));
  EXPECT_EQ(got.dtype(), I32);
  EXPECT_TRUE(close(got, Array::where(x.flip({1}).gt(Array::scalar(0)), a.T(),
                                      b.slice({{nullopt, nullopt, -1}}))));
}

TEST_P(ElementwiseTest, ChainsMixingViews) {
  Array a = random({13, 7}), b = random({7, 13}), c = random({7, 13});
  EXPECT_TRUE(check_as(
      F32, Tol::reduction(F32, 13),
      [](auto a, auto b, auto c) { return ((a.T() + b) * c.flip({0})).sum({1}); }, a, b, c));
  EXPECT_TRUE(check_as(
      F32, Tol::transcendental(F32),
      [](auto a, auto b, auto c) {
        return (a.T().exp() - b.slice({{nullopt, nullopt, -1}}).abs().sqrt()).maximum(c * 0.5);
      },
      a, b, c));
  Array p = random({3, 5}, range(0.5, 2)), q = random({5, 1});
  EXPECT_TRUE(check_as(
      F32, Tol::transcendental(F32),
      [](auto p, auto q) {
        auto padded = p.pad({{1, 0}, {0, 2}}, 1.5);  // {4, 7}
        return padded.log() * q.T().expand({4, 5}).pad({{0, 0}, {1, 1}}, -2.0) + 1.0;
      },
      p, q));
}

// IEEE special values: infinities, NaN, signed zero, huge and tiny numbers.
TEST_P(ElementwiseTest, SpecialValues) {
  const double inf = INFINITY;
  Array x({10}, {0.0, -0.0, inf, -inf, NAN, 1e-30, -1e30, 65504, -3, 2});
  auto unary = [&](const char* name, auto f) {
    SCOPED_TRACE(name);
    EXPECT_TRUE(close(f(tensor(x)), f(x), Tol::transcendental(F32)));
  };
  unary("neg", [](const auto& v) { return v.neg(); });
  unary("abs", [](const auto& v) { return v.abs(); });
  unary("exp", [](const auto& v) { return v.exp(); });
  unary("log", [](const auto& v) { return v.log(); });
  unary("sqrt", [](const auto& v) { return v.sqrt(); });
  unary("reciprocal", [](const auto& v) { return v.reciprocal(); });
  unary("sigmoid", [](const auto& v) { return v.sigmoid(); });
  unary("tanh", [](const auto& v) { return v.tanh(); });
  unary("ne_self", [](const auto& v) { return v.ne(v); });  // true only for NaN
  unary("eq_self", [](const auto& v) { return v.eq(v); });
  unary("mul_zero", [](const auto& v) { return v * 0.0; });
  Array finite({6}, {-inf, 1, 5, inf, -2, 0});
  EXPECT_TRUE(close(tensor(finite).relu(), finite.relu()));  // relu(NaN) is left open
  EXPECT_TRUE(close(tensor(finite).max(), finite.max()));
  EXPECT_TRUE(close(tensor(finite).min(), finite.min()));
  EXPECT_TRUE(close(tensor(finite).slice({{1, 3}}).sum(), Array::scalar(6)));
  EXPECT_TRUE(close(tensor(finite).sum(), Array::scalar(NAN)));  // inf + -inf
  EXPECT_TRUE(close(tensor(finite).argmax(), Array::scalar(3)));
  EXPECT_TRUE(close(tensor(finite).argmin(), Array::scalar(0)));
}

// The float32 math functions over their whole range (denormals, both zeros, the largest
// finite values, infinities, NaN), against float64 references rounded to float32: each
// element by element, and under a sum over a leading axis of 2, which the CPU computes on
// vectors (the second row holds a value the function maps to 0).
TEST_P(ElementwiseTest, MathOverTheWholeFloat32Range) {
  const double inf = INFINITY;
  std::vector<double> values = {0.0,
                                -0.0,
                                inf,
                                -inf,
                                NAN,
                                0x1p-149,
                                -0x1p-149,
                                1e-40,
                                -1e-40,
                                0x1p-126,
                                -0x1p-126,
                                0x1.fffffep+127,
                                -0x1.fffffep+127,
                                88.72,
                                88.73,
                                -87.3,
                                -103.9,
                                -104.5,
                                0.55,
                                -0.55,
                                9.0,
                                -9.0};
  for (int e = -149; e <= 127; e += 2)
    for (double sign : {1.0, -1.0})
      values.push_back(static_cast<float>(sign * std::ldexp(1.0 + (e + 149) % 97 / 97.0, e)));
  for (int i = 0; i < 256; ++i) values.push_back(static_cast<float>(-12.0 + i * (24.0 / 255)));
  while (values.size() % 64 != 0) values.push_back(static_cast<double>(values.size() % 7) - 3.0);
  const int64_t n = static_cast<int64_t>(values.size());
  Array x({1, n}, values);
  auto check = [&](const char* name, auto f, double zero_at) {
    SCOPED_TRACE(name);
    Array want = f(x).astype(F32);
    EXPECT_TRUE(close(f(tensor(x)), want, Tol::transcendental(F32)));
    Array two = Array::cat({x, Array::full({1, n}, zero_at)}, 0);
    EXPECT_TRUE(close(f(tensor(two)).sum({0}, true), want, Tol::transcendental(F32)));
  };
  check(
      "exp", [](const auto& v) { return v.exp(); }, -inf);
  check(
      "exp2", [](const auto& v) { return v.exp2(); }, -inf);
  check(
      "log", [](const auto& v) { return v.log(); }, 1.0);
  check(
      "log2", [](const auto& v) { return v.log2(); }, 1.0);
  check(
      "tanh", [](const auto& v) { return v.tanh(); }, 0.0);
  check(
      "sqrt", [](const auto& v) { return v.sqrt(); }, 0.0);
  check(
      "reciprocal", [](const auto& v) { return v.reciprocal(); }, inf);
  check(
      "sigmoid", [](const auto& v) { return v.sigmoid(); }, -inf);
}

// Max and min reductions with NaN, infinities and signed zeros in their rows, and
// maximum, minimum, comparisons and where under a reduction: on the CPU, on vectors.
TEST_P(ElementwiseTest, MaxMinComparisonsAndWhereOverRows) {
  const double inf = INFINITY;
  Array a = random({5, 64}, range(-3, 3)), b = random({5, 64}, range(-3, 3));
  a.data[64 + 5] = NAN;
  a.data[2 * 64 + 7] = inf;
  a.data[2 * 64 + 8] = -inf;
  for (int i = 0; i < 64; ++i) a.data[3 * 64 + i] = -inf;
  for (int i = 0; i < 64; ++i) a.data[4 * 64 + i] = i % 2 ? 0.0 : -0.0;
  b.data[9] = a.data[9];  // equal elements
  // A NaN in a row makes its max and min NaN.
  Array max = a.max({1}), min = a.min({1});
  max.data[1] = min.data[1] = NAN;
  EXPECT_TRUE(close(tensor(a).max({1}), max));
  EXPECT_TRUE(close(tensor(a).min({1}), min));
  auto check = [&](const char* name, auto f) {
    SCOPED_TRACE(name);
    EXPECT_TRUE(close(f(tensor(a), tensor(b)).sum({0}), f(a, b).sum({0})));
  };
  check("maximum", [](const auto& p, const auto& q) { return p.maximum(q); });
  check("minimum", [](const auto& p, const auto& q) { return p.minimum(q); });
  check("where lt", [](const auto& p, const auto& q) { return p.where(p.lt(q), p, q * 2.0); });
  check("where eq", [](const auto& p, const auto& q) { return p.where(p.eq(q), p, q - 1.0); });
  check("where ne", [](const auto& p, const auto& q) { return p.where(p.ne(q), q, p + 1.0); });
  Array i = random({3, 64}, ints(-4, 4), I32), j = random({3, 64}, ints(-4, 4), I32);
  EXPECT_TRUE(close(
      Tensor::where(tensor(i, I32).lt(tensor(j, I32)), tensor(i, I32), tensor(j, I32)).sum({0}),
      Array::where(i.lt(j), i, j).sum({0})));
}

INGOT_ON_ALL_DEVICES(ElementwiseTest);

}  // namespace
