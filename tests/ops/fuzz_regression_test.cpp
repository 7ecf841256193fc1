// Small programs ingot_fuzz found wrong (docs/fuzzing.md), each the class of a bug that is
// fixed now, on every device. Classes the fuzzer shares with the edge semantics have their
// tests in semantics_test.cpp and regression_test.cpp.
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

}  // namespace

INGOT_ON_ALL_DEVICES(FuzzRegressionTest);
