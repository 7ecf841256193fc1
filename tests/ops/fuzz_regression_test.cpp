// Small programs ingot_fuzz found wrong (docs/fuzzing.md), each the class of a bug that is
// fixed now, on every device. Classes the fuzzer shares with the edge semantics have their
// tests in semantics_test.cpp and regression_test.cpp.
#include <cmath>
#include <limits>

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

// Operations over constants are folded by ingot: vendor compilers folded them unlike IEEE
// (NVRTC: 0.0f / 0.0f was no NaN, so x != x was false and argmin missed a NaN row, seed
// 1926; PoCL: exp2 of a float64 NaN was a tiny number, seed 287).
TEST_P(FuzzRegressionTest, ConstantExpressionsFoldAsIEEE) {
  Tensor zero = Tensor::full({4, 3}, 0, U16, dev());
  Tensor nan = zero / zero;
  EXPECT_TRUE(close(nan.ne(nan), Array::full({4, 3}, 1)));
  EXPECT_TRUE(close(nan.argmin(0), Array::full({3}, 0)));
  // An integer constant folds as its type holds it: uint16 -3 is 65533 (seed 6809).
  EXPECT_TRUE(close(Tensor::full({3}, 2, U16, dev()) / -3.0, Array::full({3}, 2.0 / 65533)));
  for (DType dt : {F32, F64}) {
    if (!supports(dt)) continue;
    Tensor x = Tensor::full({8, 1, 4}, NAN, dt, dev());
    EXPECT_TRUE(close(x.exp2().std({1, 2}, true), Array::full({8, 1, 1}, NAN)));
    EXPECT_TRUE(
        close(Tensor::full({3}, 2, dt, dev()).exp2() + Tensor::full({3}, -0.5, dt, dev()).sqrt(),
              Array::full({3}, NAN)));
    EXPECT_TRUE(
        close(Tensor::full({2}, 3, dt, dev()).log2() * 2.0, Array::full({2}, 2 * std::log2(3.0))));
  }
}

// A NaN constant decides arithmetic on loaded values too: PoCL 5.0 gave a subnormal for a
// softmax over NaN constants (NAN - x, then exp; seed 3794). Folded, and loaded NaN as well.
TEST_P(FuzzRegressionTest, NanConstantsAbsorbArithmetic) {
  EXPECT_TRUE(close(Tensor::full({2, 17}, NAN, F32, dev()).softmax(0), Array::full({2, 17}, NAN)));
  Tensor loaded = Tensor::from_vector<float>({NAN, 1, NAN, -INFINITY}, {2, 2}, dev());
  EXPECT_TRUE(close(loaded.softmax(0), Array({2, 2}, {NAN, 1, NAN, 0})));
  EXPECT_TRUE(close(loaded.exp(), Array({2, 2}, {NAN, std::exp(1.0), NAN, 0})));
  EXPECT_TRUE(close(Tensor::full({3}, 5, F32, dev()) - Tensor::full({3}, NAN, F32, dev()).exp(),
                    Array::full({3}, NAN)));
}

// argmin compares each value with the minimum: a computed value must be the same bits both
// times. NVRTC contracted one copy of linspace's i * step + start and not the other, and no
// element matched (seed 202899: argmin 4 of 4 elements). Computed floats are realized first.
TEST_P(FuzzRegressionTest, ArgReductionsOfComputedValues) {
  Tensor x = Tensor::linspace(2.0, 0.0, 4, F32, dev());
  EXPECT_TRUE(close(x.argmin(0), Array::scalar(3)));
  EXPECT_TRUE(close((x * 3.0 - 1.0).argmax(0), Array::scalar(0)));
  Tensor y = Tensor::linspace(-1.0, 1.0, 7, F32, dev()).reshape({7, 1}).expand({7, 3});
  EXPECT_TRUE(close(y.abs().argmin(0), Array({3}, {3, 3, 3})));
}

// cat added zero-padded parts, and -0.0 + 0.0 is 0.0: a -0.0 element lost its sign, which
// bitcast showed (seed 21011). Floats are padded with -0.0 now.
TEST_P(FuzzRegressionTest, CatKeepsNegativeZero) {
  Tensor a = Tensor::from_vector<float>({-0.0f, 1.0f}, {2}, dev());
  Tensor b = Tensor::from_vector<int64_t>({0}, {1}, dev());
  Tensor joined = Tensor::cat({b, a, b});
  EXPECT_EQ(joined.bitcast(I32).to_vector<int32_t>(),
            (std::vector<int32_t>{0, std::numeric_limits<int32_t>::min(), 0x3f800000, 0}));
}

// gcc vectorized pow(x, 0.5) as a square root: pow(-inf, 0.5) gave NaN, not +inf (seed 1815
// with the CPU backend compiled by gcc). A vectorizable length, every special operand.
TEST_P(FuzzRegressionTest, PowOfAHalfKeepsItsSpecialCases) {
  std::vector<double> x;
  for (int i = 0; i < 64; ++i) x.push_back(i % 4 == 0 ? -INFINITY : i % 4 == 1 ? -0.0 : i);
  Array in({64}, x);
  Array want = Array::generate({64}, [&](const ref::Index& i) { return std::pow(x[i[0]], 0.5); });
  EXPECT_TRUE(close(tensor(in).pow(0.5), want));
}

// abs(-0.0) was -0.0, so pow(abs(x), -3) of a -0.0 was -inf, not +inf (seed 45467).
TEST_P(FuzzRegressionTest, AbsOfNegativeZeroIsPositiveZero) {
  for (DType dt : {F16, F32, F64}) {
    if (!supports(dt)) continue;
    Tensor x = tensor(Array({4}, {-0.0, 0.0, -2.0, NAN}), dt);
    EXPECT_TRUE(close(x.abs().pow(-3.0), Array({4}, {INFINITY, INFINITY, 0.125, NAN})));
    EXPECT_EQ(x.abs().astype(F32).bitcast(I32).to_vector<int32_t>()[0], 0);
  }
}

// flip({}) flipped every axis (an empty axis list reads as all axes elsewhere); PyTorch's
// flip(dims=()) flips none.
TEST_P(FuzzRegressionTest, FlipOfNoAxesIsTheTensor) {
  Array x = random({3, 4});
  EXPECT_TRUE(close(tensor(x).flip({}), x));
}

}  // namespace

INGOT_ON_ALL_DEVICES(FuzzRegressionTest);
