// Small programs ingot_fuzz found wrong (docs/fuzzing.md), each the class of a bug that is
// fixed now, on every device. Classes the fuzzer shares with the edge semantics have their
// tests in semantics_test.cpp and regression_test.cpp.
#include <algorithm>
#include <cmath>

#include "support/op_test.hpp"

namespace {

using namespace support;

class FuzzRegressionTest : public OpTest {};

// A float64 NaN or infinity constant was spelled as a float expression: pow(NAN, 1.5)
// mixed float and double, which CUDA refused as ambiguous (fuzz seed 496).
TEST_P(FuzzRegressionTest, Float64SpecialConstantsInMathCalls) {
  if (!supports(F64)) GTEST_SKIP() << "no float64 here";
  for (double special : {NAN, INFINITY, -INFINITY}) {
    Tensor x = Tensor::full({3}, special, F64, dev());
    EXPECT_TRUE(close(x.pow(1.5), Array::full({3}, std::pow(special, 1.5))));
    EXPECT_TRUE(close(Tensor::full({2}, 2.0, F64, dev()).pow(x.slice({{0, 2}})),
                      Array::full({2}, std::pow(2.0, special))));
  }
}

// Float to integer casts saturate and NaN gives 0 (docs/semantics.md); they were C casts,
// undefined out of range, which wrapped on the CPU (-1.8 as uint32 gave 4294967295; fuzz
// seeds 30, 509, 645, 1100).
TEST_P(FuzzRegressionTest, FloatToIntegerCastsSaturate) {
  const std::vector<double> values = {NAN,     INFINITY, -INFINITY, 1e30,  -1e30,  -0.5,
                                      -1.8,    2.9,      127.9,     128.5, -128.5, 255.5,
                                      65535.5, -3e9,     3e9,       5e18,  -1e19,  2e19};
  for (DType from : {F16, BF16, F32, F64}) {
    if (!supports(from)) continue;
    std::vector<double> in;
    for (double v : values) in.push_back(ref::cast_value(v, from));
    for (DType to : {I8, I16, I32, I64, U8, U16, U32, U64}) {
      SCOPED_TRACE(std::string(ingot::dtype_name(from)) + " -> " + ingot::dtype_name(to));
      bool is_signed = ingot::is_signed_int(to);
      int bits = static_cast<int>(8 * ingot::dtype_size(to));
      double lo = is_signed ? -std::ldexp(1.0, bits - 1) : 0;
      double hi = std::ldexp(1.0, is_signed ? bits - 1 : bits) - 1;
      std::vector<double> want;
      for (double v : in) want.push_back(std::isnan(v) ? 0 : std::clamp(std::trunc(v), lo, hi));
      Shape n = {static_cast<int64_t>(in.size())};
      EXPECT_TRUE(close(tensor(Array(n, in), from).astype(to), Array(n, want)));
    }
  }
}

// Bool + bool stored 2 where a fused consumer read it (b + b as float32 gave 0 2 2, its
// sum 4): + is or and * is and now, - is refused, as in PyTorch (fuzz seeds 336, 809).
TEST_P(FuzzRegressionTest, BoolArithmeticStaysZeroOrOne) {
  Tensor b = Tensor::from_vector<bool>({false, true, true, false}, {4}, dev());
  Tensor c = Tensor::from_vector<bool>({false, false, true, true}, {4}, dev());
  EXPECT_EQ((b + b).dtype(), B);
  EXPECT_TRUE(close((b + b).astype(F32), Array({4}, {0, 1, 1, 0})));
  EXPECT_TRUE(close((b + c).astype(F32), Array({4}, {0, 1, 1, 1})));
  EXPECT_TRUE(close((b * c).astype(F32), Array({4}, {0, 0, 1, 0})));
  EXPECT_TRUE(close((b + b).sum(), Array::scalar(2)));
  EXPECT_TRUE(throws_error([&] { (b - c).realize(); }, {"sub"}, {"bool", "(4)"}));
}

// le and ge were "not gt" and "not lt", true against NaN (fuzz seeds 5, 1159).
TEST_P(FuzzRegressionTest, ComparisonsWithNaNAreFalse) {
  Array a({5}, {NAN, 1, NAN, 2, -INFINITY}), b({5}, {1, NAN, NAN, 2, NAN});
  for (DType dt : {F16, F32, F64}) {
    if (!supports(dt)) continue;
    SCOPED_TRACE(ingot::dtype_name(dt));
    Tensor x = tensor(a, dt), y = tensor(b, dt);
    Array equal({5}, {0, 0, 0, 1, 0}), none({5}, {0, 0, 0, 0, 0});
    EXPECT_TRUE(close(x.le(y), equal));
    EXPECT_TRUE(close(x.ge(y), equal));
    EXPECT_TRUE(close(x.eq(y), equal));
    EXPECT_TRUE(close(x.lt(y), none));
    EXPECT_TRUE(close(x.gt(y), none));
    EXPECT_TRUE(close(x.ne(y), Array({5}, {1, 1, 1, 0, 1})));
  }
}

// max and min propagate NaN, so argmax and argmin matched no element of a row holding
// NaN and answered its length: the first NaN's index now, as PyTorch (seeds 382, 7463).
TEST_P(FuzzRegressionTest, ArgReductionsFindTheFirstNaN) {
  Array x({3, 4}, {1, NAN, 5, NAN, 2, 7, -1, 7, NAN, NAN, NAN, NAN});
  for (DType dt : {F16, F32}) {
    Tensor t = tensor(x, dt);
    EXPECT_TRUE(close(t.argmax(1), Array({3}, {1, 1, 0})));
    EXPECT_TRUE(close(t.argmin(1), Array({3}, {1, 2, 0})));
    EXPECT_TRUE(close(t.argmax(), Array::scalar(1)));
    EXPECT_TRUE(close(t.argmin(0, true), Array({1, 4}, {2, 0, 2, 0})));
  }
}

}  // namespace

INGOT_ON_ALL_DEVICES(FuzzRegressionTest);
