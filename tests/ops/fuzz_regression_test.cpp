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

}  // namespace

INGOT_ON_ALL_DEVICES(FuzzRegressionTest);
