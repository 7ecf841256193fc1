// The rows of docs/semantics.md, each checked on every device against exact values: NaN
// and infinities, signed zero, integer overflow and division, casts, bool arithmetic,
// 0-d tensors with axes and empty tensors. Each test names the rows it checks.
#include <cmath>
#include <cstdint>
#include <limits>

#include "support/op_test.hpp"

namespace {

using namespace support;

const double nan = NAN, inf = INFINITY;

class SemanticsTest : public OpTest {
 protected:
  // The floats this device computes in.
  std::vector<DType> floats() const {
    std::vector<DType> out{F32, F16, BF16};
    if (supports(F64)) out.push_back(F64);
    return out;
  }
};

// Rows: eq, lt, le, gt, ge with a NaN operand are false; ne is true.
TEST_P(SemanticsTest, NaNComparisons) {
  for (DType dtype : floats()) {
    SCOPED_TRACE(ingot::dtype_name(dtype));
    Tensor a = tensor(Array({3}, {nan, 1, nan}), dtype),
           b = tensor(Array({3}, {1, nan, nan}), dtype);
    const Array no = Array::full({3}, 0), yes = Array::full({3}, 1);
    for (const Tensor& r : {a.eq(b), a.lt(b), a.le(b), a.gt(b), a.ge(b)}) EXPECT_TRUE(close(r, no));
    EXPECT_TRUE(close(a.ne(b), yes));
  }
}

// Row: comparisons of infinities follow IEEE.
TEST_P(SemanticsTest, InfinityComparisons) {
  Tensor a = tensor(Array({3}, {inf, -inf, inf})), b = tensor(Array({3}, {inf, 5, -inf}));
  EXPECT_TRUE(close(a.eq(b), Array({3}, {1, 0, 0})));
  EXPECT_TRUE(close(a.lt(b), Array({3}, {0, 1, 0})));
  EXPECT_TRUE(close(a.ge(b), Array({3}, {1, 0, 1})));
}

// Row: maximum, minimum with NaN on either side, relu(NaN), clamp(NaN) are NaN.
TEST_P(SemanticsTest, NaNMaximumMinimum) {
  for (DType dtype : floats()) {
    SCOPED_TRACE(ingot::dtype_name(dtype));
    Tensor a = tensor(Array({3}, {nan, 2, 1}), dtype), b = tensor(Array({3}, {0, nan, 3}), dtype);
    EXPECT_TRUE(close(a.maximum(b), Array({3}, {nan, nan, 3})));
    EXPECT_TRUE(close(b.minimum(a), Array({3}, {nan, nan, 1})));
    EXPECT_TRUE(close(a.relu(), Array({3}, {nan, 2, 1})));
    EXPECT_TRUE(close(b.clamp(1.0, 2.0), Array({3}, {1, nan, 2})));
  }
}

// Rows: max, min, sum, prod, mean of a row holding NaN are NaN; argmax, argmin give the
// index of its first NaN.
TEST_P(SemanticsTest, NaNReductions) {
  Array x = random({3, 9}, range(1, 2));
  x.data[3] = x.data[5] = nan;  // row 0: NaN at 3 and 5
  x.data[9 + 8] = nan;          // row 1: NaN last; row 2: none
  Tensor t = tensor(x);
  auto nan_in_rows = [](const Tensor& r) { return r.ne(r); };
  const Array rows_with_nan({3}, {1, 1, 0});
  for (const Tensor& r : {t.max({1}), t.min({1}), t.sum({1}), t.prod({1}), t.mean({1})})
    EXPECT_TRUE(close(nan_in_rows(r), rows_with_nan));
  Array plain({9}, std::vector<double>(x.data.begin() + 18, x.data.end()));
  Array want_max({3}, {nan, nan, plain.max().data[0]});
  EXPECT_TRUE(close(t.max({1}), want_max));
  EXPECT_TRUE(close(t.argmax(1).slice({{0, 2}}), Array({2}, {3, 8})));
  EXPECT_TRUE(close(t.argmin(1).slice({{0, 2}}), Array({2}, {3, 8})));
  EXPECT_TRUE(close(t.argmax(1).slice({{2, 3}}), Array({1}, {plain.argmax().data[0]})));
}

// Row: sum of inf and -inf, prod of 0 and inf are NaN.
TEST_P(SemanticsTest, InfinitySums) {
  Tensor t = tensor(Array({2, 2}, {inf, -inf, 0, inf}));
  EXPECT_TRUE(close(t.sum({1}), Array({2}, {nan, inf})));
  EXPECT_TRUE(close(t.prod({1}), Array({2}, {-inf, nan})));
}

// The sign of each element of a float32 tensor (1 for -0.0 and negatives).
std::vector<bool> sign_bits(const Tensor& t) {
  std::vector<bool> out;
  for (float v : t.to_vector<float>()) out.push_back(std::signbit(v));
  return out;
}

// Rows: neg(0.0) and 0.0 * -1 are -0.0; maximum and minimum of equal zeros give the
// second operand.
TEST_P(SemanticsTest, SignedZero) {
  Tensor zero = Tensor::zeros({2}, F32, dev()), negzero = zero.neg();
  EXPECT_EQ(sign_bits(negzero), (std::vector<bool>{true, true}));
  EXPECT_EQ(sign_bits(-zero), (std::vector<bool>{true, true}));
  EXPECT_EQ(sign_bits(zero * -1.0), (std::vector<bool>{true, true}));
  EXPECT_EQ(sign_bits(negzero.maximum(zero)), (std::vector<bool>{false, false}));
  EXPECT_EQ(sign_bits(zero.maximum(negzero)), (std::vector<bool>{true, true}));
  EXPECT_EQ(sign_bits(zero.minimum(negzero)), (std::vector<bool>{true, true}));
  EXPECT_EQ(sign_bits(negzero.minimum(zero)), (std::vector<bool>{false, false}));
}

// Row: integer + - * wrap, two's complement.
TEST_P(SemanticsTest, IntegerOverflowWraps) {
  const int32_t big = std::numeric_limits<int32_t>::max(),
                small = std::numeric_limits<int32_t>::min();
  Tensor i = Tensor::from_vector<int32_t>({big, small, 65536}, {3}, dev());
  EXPECT_EQ((i + Tensor::scalar(1, DType::Int32, dev())).to_vector<int32_t>(),
            (std::vector<int32_t>{small, small + 1, 65537}));
  EXPECT_EQ((i - Tensor::scalar(1, DType::Int32, dev())).to_vector<int32_t>(),
            (std::vector<int32_t>{big - 1, big, 65535}));
  EXPECT_EQ((i * i).to_vector<int32_t>(), (std::vector<int32_t>{1, 0, 0}));
  Tensor u = Tensor::from_vector<uint8_t>({0, 200, 255}, {3}, dev());
  EXPECT_EQ((u - Tensor::scalar(1, DType::UInt8, dev())).to_vector<uint8_t>(),
            (std::vector<uint8_t>{255, 199, 254}));
  EXPECT_EQ((u * u).to_vector<uint8_t>(), (std::vector<uint8_t>{0, 64, 1}));
  Tensor l = Tensor::from_vector<int64_t>({std::numeric_limits<int64_t>::max()}, {1}, dev());
  EXPECT_EQ((l + l).to_vector<int64_t>(), (std::vector<int64_t>{-2}));
}

// Rows: / of integers is true division in float32; 1/0, -1/0, 0/0 are inf, -inf, NaN.
TEST_P(SemanticsTest, IntegerTrueDivisionByZero) {
  Tensor n = Tensor::from_vector<int32_t>({1, -1, 0, 7}, {4}, dev());
  Tensor d = Tensor::from_vector<int32_t>({0, 0, 0, 2}, {4}, dev());
  EXPECT_EQ((n / d).dtype(), F32);
  EXPECT_TRUE(close(n / d, Array({4}, {inf, -inf, nan, 3.5})));
}

// Rows: float to integer astype saturates (NaN 0, the nearest limit beyond the range),
// truncates within it; astype(bool) is x != 0; a number given for an integer type is
// made an int64 and then wraps.
TEST_P(SemanticsTest, FloatToIntegerCasts) {
  Tensor f = Tensor::from_vector<float>({NAN, INFINITY, -INFINITY, 3e9f, -3e9f, 2.9f, -2.9f, -0.0f},
                                        {8}, dev());
  const int32_t hi = std::numeric_limits<int32_t>::max(), lo = std::numeric_limits<int32_t>::min();
  EXPECT_EQ(f.astype(DType::Int32).to_vector<int32_t>(),
            (std::vector<int32_t>{0, hi, lo, hi, lo, 2, -2, 0}));
  EXPECT_EQ(f.astype(DType::UInt8).to_vector<uint8_t>(),
            (std::vector<uint8_t>{0, 255, 0, 255, 0, 2, 0, 0}));
  EXPECT_EQ(f.astype(DType::Int64).to_vector<int64_t>(),
            (std::vector<int64_t>{0, std::numeric_limits<int64_t>::max(),
                                  std::numeric_limits<int64_t>::min(), 3000000000, -3000000000, 2,
                                  -2, 0}));
  EXPECT_EQ(f.astype(B).to_vector<bool>(),
            (std::vector<bool>{true, true, true, true, true, true, true, false}));
  EXPECT_EQ(Tensor::full({1}, nan, DType::Int32, dev()).item<int32_t>(), 0);
  EXPECT_EQ(Tensor::full({1}, 1e30, DType::Int32, dev()).item<int32_t>(), hi);
  EXPECT_EQ(Tensor::full({1}, 300, DType::Int8, dev()).item<int8_t>(), 44);  // 300 wraps
}

// Rows: bool + is or, * is and, - is an Error (neg too), maximum/minimum/max/min are
// or/and, sum counts trues as int64, a bool with another type is its 0 or 1.
TEST_P(SemanticsTest, BoolArithmetic) {
  Tensor a = Tensor::from_vector<bool>({false, false, true, true}, {4}, dev());
  Tensor b = Tensor::from_vector<bool>({false, true, false, true}, {4}, dev());
  EXPECT_EQ((a + b).dtype(), B);
  EXPECT_EQ((a + b).to_vector<bool>(), (std::vector<bool>{false, true, true, true}));
  EXPECT_EQ((a * b).to_vector<bool>(), (std::vector<bool>{false, false, false, true}));
  EXPECT_EQ(a.maximum(b).to_vector<bool>(), (std::vector<bool>{false, true, true, true}));
  EXPECT_EQ(a.minimum(b).to_vector<bool>(), (std::vector<bool>{false, false, false, true}));
  EXPECT_EQ(a.max().item<bool>(), true);
  EXPECT_EQ(b.min().item<bool>(), false);
  EXPECT_EQ((a + b).sum().dtype(), DType::Int64);
  EXPECT_EQ((a + b).sum().item<int64_t>(), 3);
  EXPECT_EQ((a + Tensor::scalar(2, DType::Int32, dev())).to_vector<int32_t>(),
            (std::vector<int32_t>{2, 2, 3, 3}));
  EXPECT_TRUE(throws_error([&] { (a - b).realize(); }, {"sub"}, {"logical_xor"}));
  EXPECT_TRUE(throws_error([&] { a.neg().realize(); }, {"neg"}, {"logical_not"}));
}

// Rows: 0-d tensors take axis 0 and -1 (reductions of one value, argmax 0, softmax 1,
// log_softmax 0, flip and squeeze the tensor); other axes and cat are Errors.
TEST_P(SemanticsTest, ZeroDimAxes) {
  Tensor x = Tensor::scalar(2.5, F32, dev());
  for (int axis : {0, -1}) {
    for (const Tensor& r : {x.sum({axis}), x.prod({axis}), x.max({axis}), x.min({axis}),
                            x.mean({axis}), x.flip({axis}), x.squeeze(axis)}) {
      EXPECT_EQ(r.shape(), Shape{});
      EXPECT_TRUE(close(r, Array::scalar(2.5)));
    }
    EXPECT_TRUE(close(x.any({axis}), Array::scalar(1)));
    EXPECT_TRUE(close(x.all({axis}), Array::scalar(1)));
    EXPECT_TRUE(close(x.argmax(axis), Array::scalar(0)));
    EXPECT_TRUE(close(x.argmin(axis), Array::scalar(0)));
    EXPECT_TRUE(close(x.softmax(axis), Array::scalar(1)));
    EXPECT_TRUE(close(x.log_softmax(axis), Array::scalar(0)));
  }
  EXPECT_TRUE(throws_error([&] { x.sum({1}).realize(); }, {"sum"}, {"-1 to 0"}));
  EXPECT_TRUE(throws_error([&] { Tensor::cat({x}).realize(); }, {"cat"}, {"stack"}));
}

// Row: elementwise ops of empty tensors, broadcasting a size-0 axis.
TEST_P(SemanticsTest, EmptyElementwise) {
  Tensor e = Tensor::zeros({0, 3}, F32, dev()), row = tensor(random({1, 3}));
  EXPECT_TRUE(close(e + row, Array({0, 3}, {})));
  EXPECT_TRUE(close((e * 2.0).exp(), Array({0, 3}, {})));
  EXPECT_TRUE(
      close(Tensor::zeros({3, 1}, F32, dev()) * Tensor::zeros({0}, F32, dev()), Array({3, 0}, {})));
}

// Rows: sum, prod, any, all over an empty extent are 0, 1, false, true; mean and var
// NaN; max, min, argmax, argmin Errors; a reduction over a non-empty axis is empty.
TEST_P(SemanticsTest, EmptyReductions) {
  Tensor e = Tensor::zeros({4, 0}, F32, dev());
  EXPECT_TRUE(close(e.sum({1}), Array::full({4}, 0)));
  EXPECT_TRUE(close(e.prod({1}), Array::full({4}, 1)));
  EXPECT_TRUE(close(e.any({1}), Array::full({4}, 0)));
  EXPECT_TRUE(close(e.all({1}), Array::full({4}, 1)));
  EXPECT_TRUE(close(e.mean({1}), Array::full({4}, nan)));
  EXPECT_TRUE(close(e.var({1}), Array::full({4}, nan)));
  EXPECT_TRUE(close(e.sum(), Array::scalar(0)));
  EXPECT_TRUE(throws_error([&] { e.max({1}).realize(); }, {"max"}, {"empty"}));
  EXPECT_TRUE(throws_error([&] { e.min().realize(); }, {"min"}, {"empty"}));
  EXPECT_TRUE(throws_error([&] { e.argmax(1).realize(); }, {"argmax"}, {"empty"}));
  EXPECT_TRUE(throws_error([&] { e.argmin().realize(); }, {"argmin"}, {"empty"}));
  for (const Tensor& r : {e.sum({0}), e.max({0}), e.min({0}), e.argmax(0)})
    EXPECT_TRUE(close(r, Array({0}, {})));
}

// Row: softmax, log_softmax of an empty tensor are an empty tensor of the same shape.
TEST_P(SemanticsTest, EmptySoftmax) {
  Tensor e = Tensor::zeros({2, 0}, F32, dev());
  EXPECT_TRUE(close(e.softmax(-1), Array({2, 0}, {})));
  EXPECT_TRUE(close(e.log_softmax(0), Array({2, 0}, {})));
}

// Rows: matmul with k = 0 is zeros; with m = 0 or n = 0 it is empty.
TEST_P(SemanticsTest, EmptyMatmul) {
  EXPECT_TRUE(close(Tensor::zeros({3, 0}, F32, dev()).matmul(Tensor::zeros({0, 4}, F32, dev())),
                    Array::full({3, 4}, 0)));
  EXPECT_TRUE(close(
      Tensor::ones({2, 0}, DType::Int32, dev()).matmul(Tensor::ones({0, 2}, DType::Int32, dev())),
      Array::full({2, 2}, 0)));
  EXPECT_TRUE(
      close(Tensor::zeros({0, 5}, F32, dev()).matmul(tensor(random({5, 4}))), Array({0, 4}, {})));
  EXPECT_TRUE(
      close(tensor(random({2, 5})).matmul(Tensor::zeros({5, 0}, F32, dev())), Array({2, 0}, {})));
}

// Rows: cat with empty parts is the other parts; movement ops of empty tensors are
// empty; a pad of an empty tensor is the pad value.
TEST_P(SemanticsTest, EmptyCatAndMovement) {
  Array x = random({2, 3});
  Tensor e = Tensor::zeros({2, 0}, F32, dev()), t = tensor(x);
  EXPECT_TRUE(close(Tensor::cat({e, t, e}, 1), x));
  EXPECT_TRUE(close(Tensor::cat({Tensor::zeros({0, 3}, F32, dev()), t}, 0), x));
  EXPECT_TRUE(close(e.reshape({0, 5}), Array({0, 5}, {})));
  EXPECT_TRUE(close(e.T().flip({0}), Array({0, 2}, {})));
  EXPECT_TRUE(close(t.slice({{1, 1}}), Array({0, 3}, {})));
  EXPECT_TRUE(close(Tensor::zeros({2, 1}, F32, dev()).expand({2, 0}), Array({2, 0}, {})));
  EXPECT_TRUE(close(e.pad({{0, 0}, {1, 2}}, 4.0), Array::full({2, 3}, 4)));
}

INGOT_ON_ALL_DEVICES(SemanticsTest);

}  // namespace
