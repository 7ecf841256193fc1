// Dtypes: astype between all 13 dtypes (float -> int truncates toward zero), bitcast
// (same size, and sizes that scale the last axis), promotion of mixed operands and of
// tensor-scalar forms, integer wrap-around, and integer true division.
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;

class DTypeTest : public OpTest {};

// Exact for integers and bool; one unit in the last place for floats (a conversion may
// round through float32 on its way).
Tol cast_tol(DType dst) {
  switch (dst) {
    case F16:
      return {1e-3, 0};
    case BF16:
      return {8e-3, 0};
    case F32:
      return {1.2e-7, 0};
    default:
      return {0, 0};
  }
}

TEST_P(DTypeTest, AstypeAllPairs) {
  for (DType src : ingot::kAllDTypes) {
    for (DType dst : ingot::kAllDTypes) {
      if (!supports(src) || !supports(dst)) continue;
      SCOPED_TRACE(std::string(ingot::dtype_name(src)) + " -> " + ingot::dtype_name(dst));
      bool unsigned_side = ingot::is_unsigned_int(src) || ingot::is_unsigned_int(dst);
      Domain d = range(unsigned_side ? 0 : -100, 100);
      d.integers = ingot::is_int(src);
      Array x = random({5, 13}, d, src);
      for (size_t i = 0; i < x.data.size(); i += 4) x.data[i] = 0;  // zeros for bool
      Tensor got = tensor(x, src).astype(dst);
      EXPECT_EQ(got.dtype(), dst);
      EXPECT_TRUE(close(got, x.astype(dst), cast_tol(dst)));
      // The same cast of a view (on an emulated device, casts to or from float32 only).
      if (emulated() && src != DType::Float32 && dst != DType::Float32) continue;
      Tensor view = tensor(x, src).T().flip({0}).astype(dst);
      EXPECT_TRUE(close(view, x.T().flip({0}).astype(dst), cast_tol(dst)));
    }
  }
}

TEST_P(DTypeTest, FloatToIntTruncatesTowardZero) {
  std::vector<float> v{3.7f, -2.5f, -0.9f, 0.9f, 100.99f, -100.99f, 2.0f, -7.0f, 0.5f};
  Tensor t = Tensor::from_vector(v, {9}, dev());
  std::vector<int32_t> want{3, -2, 0, 0, 100, -100, 2, -7, 0};
  EXPECT_EQ(t.astype(I32).to_vector<int32_t>(), want);
  EXPECT_EQ(t.astype(I8).to_vector<int8_t>(),
            (std::vector<int8_t>{3, -2, 0, 0, 100, -100, 2, -7, 0}));
  EXPECT_EQ(t.astype(I64).to_vector<int64_t>(),
            (std::vector<int64_t>{3, -2, 0, 0, 100, -100, 2, -7, 0}));
  EXPECT_EQ(t.abs().astype(U8).to_vector<uint8_t>(),
            (std::vector<uint8_t>{3, 2, 0, 0, 100, 100, 2, 7, 0}));
  EXPECT_EQ(t.astype(B).to_vector<bool>(),
            (std::vector<bool>{true, true, true, true, true, true, true, true, true}));
  EXPECT_EQ((t * 0.0).astype(B).any().item<bool>(), false);
  // Large int32 values survive float64 but not float32's 24-bit mantissa.
  std::vector<int32_t> big{16777217, -16777217, 2147483647};
  Tensor bi = Tensor::from_vector(big, {3}, dev());
  if (supports(F64)) EXPECT_EQ(bi.astype(F64).astype(I32).to_vector<int32_t>(), big);
  EXPECT_EQ(bi.slice({{0, 2}}).astype(F32).to_vector<float>(),
            (std::vector<float>{16777216.0f, -16777216.0f}));
}

template <class From, class To>
std::vector<To> reinterpret(const std::vector<From>& v) {
  std::vector<To> out(v.size() * sizeof(From) / sizeof(To));
  std::memcpy(out.data(), v.data(), out.size() * sizeof(To));
  return out;
}

class BitcastTest : public DTypeTest {
 protected:
  void SetUp() override {
    DTypeTest::SetUp();
    Array x = random({3, 4}, range(-100, 100));
    f.assign(x.data.begin(), x.data.end());
    t = Tensor::from_vector(f, {3, 4}, dev());
  }
  std::vector<float> f;
  Tensor t;
};

TEST_P(BitcastTest, Float32ToInt32AndUInt32) {
  Tensor i = t.bitcast(I32);
  EXPECT_EQ(i.dtype(), I32);
  EXPECT_EQ(i.shape(), (Shape{3, 4}));
  EXPECT_EQ(i.to_vector<int32_t>(), (reinterpret<float, int32_t>(f)));
  EXPECT_EQ(t.bitcast(U32).to_vector<uint32_t>(), (reinterpret<float, uint32_t>(f)));
  EXPECT_EQ(i.bitcast(F32).to_vector<float>(), f);  // round trip
}

TEST_P(BitcastTest, InsideAComputation) {
  // Computed int32 bits reinterpreted as float32, then negated.
  std::vector<int32_t> bits = reinterpret<float, int32_t>(f);
  Tensor neg = (Tensor::from_vector(bits, {3, 4}, dev()) * 1).bitcast(F32).neg();
  std::vector<float> want = f;
  for (float& v : want) v = -v;
  EXPECT_EQ(neg.to_vector<float>(), want);
  // A bitcast of a transposed (copied) value.
  Tensor tt = t.T().contiguous().bitcast(I32);
  std::vector<float> ft = t.T().to_vector<float>();
  EXPECT_EQ(tt.to_vector<int32_t>(), (reinterpret<float, int32_t>(ft)));
}

TEST_P(BitcastTest, Float32ToUInt16DoublesLastAxis) {
  Tensor h = t.bitcast(U16);
  EXPECT_EQ(h.shape(), (Shape{3, 8}));
  EXPECT_EQ(h.to_vector<uint16_t>(), (reinterpret<float, uint16_t>(f)));
}

TEST_P(BitcastTest, UInt8ToInt32QuartersLastAxis) {
  std::vector<uint8_t> bytes(16);
  for (size_t k = 0; k < bytes.size(); ++k) bytes[k] = static_cast<uint8_t>(k * 37 + 11);
  Tensor b = Tensor::from_vector(bytes, {2, 8}, dev()).bitcast(I32);
  EXPECT_EQ(b.shape(), (Shape{2, 2}));
  EXPECT_EQ(b.to_vector<int32_t>(), (reinterpret<uint8_t, int32_t>(bytes)));
}
INGOT_ON_ALL_DEVICES(BitcastTest);

TEST_P(DTypeTest, Promotion) {
  Tensor f32 = tensor(random({4}), F32), i32 = tensor(random({4}, ints(1, 5), I32), I32);
  Tensor i64 = tensor(random({4}, ints(1, 5), I64), I64), u8 = tensor(random({4}, {}, U8), U8);
  Tensor i8 = tensor(random({4}, {}, I8), I8), b = tensor(random({4}, {}, B), B);
  Tensor f16 = tensor(random({4}, {}, F16), F16), bf16 = tensor(random({4}, {}, BF16), BF16);
  EXPECT_EQ((i32 + f32).dtype(), F32);
  EXPECT_EQ((i32 + i64).dtype(), I64);
  EXPECT_EQ((u8 + i8).dtype(), I16);
  EXPECT_EQ((f16 + bf16).dtype(), F32);
  EXPECT_EQ((f16 + f32).dtype(), F32);
  EXPECT_EQ((b + i32).dtype(), I32);
  EXPECT_EQ((u8 + u8).dtype(), U8);
  EXPECT_EQ((f16 * i64).dtype(), F16);
  // Tensor-scalar: a float scalar lifts integer tensors to float32, an integral one keeps
  // the tensor's type; bool with an integral scalar becomes int32.
  EXPECT_EQ((i32 * 2.5).dtype(), F32);
  EXPECT_EQ((i32 + 2).dtype(), I32);
  EXPECT_EQ((i8 + 3).dtype(), I8);
  EXPECT_EQ((f16 * 2.5).dtype(), F16);
  EXPECT_EQ((b + 1).dtype(), I32);
  if (supports(F64)) {
    Tensor f64 = tensor(random({4}), F64);
    EXPECT_EQ((f64 + f32).dtype(), F64);
    EXPECT_EQ((f64 * 2.5).dtype(), F64);
  }
}

TEST_P(DTypeTest, MixedDTypeArithmetic) {
  Array a = random({7, 13}, ints(-50, 50), I32), b = random({13}, range(-3, 3));
  Tensor got =
      tensor(a, I32) * tensor(b, F32) + tensor(a, I32).T().sum({1}, false).unsqueeze(1).T();
  EXPECT_TRUE(close(got, a * b + a.T().sum({1}).unsqueeze(1).T(), Tol::of(F32).scaled(10)));
  Array u = random({5, 6}, {}, U8), s = random({6}, ints(-100, 100), I8);
  Tensor us = tensor(u, U8) + tensor(s, I8);
  EXPECT_EQ(us.dtype(), I16);
  EXPECT_TRUE(close(us, u + s));
  Array i = random({5, 6}, ints(-5, 5), I32);
  EXPECT_TRUE(close(tensor(i, I32) * 2.5, i * 2.5));
  EXPECT_TRUE(close(tensor(i, I32) + 2, i + 2));
  EXPECT_TRUE(close(10.0 - tensor(i, I32), 10.0 - i));
  Array m = random({5, 6}, {}, B);
  EXPECT_TRUE(close(tensor(m, B).astype(I32) * 3, m * 3.0));
  EXPECT_TRUE(close(tensor(m, B) * tensor(i, I32), m * i));
}

TEST_P(DTypeTest, IntegerDivisionIsTrueDivision) {
  Array a = random({7, 13}, ints(-20, 20), I32), b = random({7, 13}, nonzero(1, 6), I32);
  Tensor q = tensor(a, I32) / tensor(b, I32);
  EXPECT_TRUE(ingot::is_float(q.dtype()));
  EXPECT_TRUE(close(q, a / b, Tol::of(F32)));
  EXPECT_TRUE(close(tensor(a, I32) / 4.0, a / 4.0));
  EXPECT_TRUE(close(7.0 / tensor(b, I32), 7.0 / b));
}

TEST_P(DTypeTest, IntegerWrapAround) {
  std::vector<uint8_t> u{200, 250, 5, 0};
  Tensor tu = Tensor::from_vector(u, {4}, dev());
  EXPECT_EQ((tu + tu).to_vector<uint8_t>(), (std::vector<uint8_t>{144, 244, 10, 0}));
  EXPECT_EQ((tu - Tensor::from_vector<uint8_t>({201, 0, 6, 1}, {4}, dev())).to_vector<uint8_t>(),
            (std::vector<uint8_t>{255, 250, 255, 255}));
  std::vector<int8_t> s{100, -100, 127, -128};
  Tensor ts = Tensor::from_vector(s, {4}, dev());
  EXPECT_EQ((ts + ts).to_vector<int8_t>(), (std::vector<int8_t>{-56, 56, -2, 0}));
  std::vector<int32_t> big{2147483647, -2147483647 - 1};
  Tensor tb = Tensor::from_vector(big, {2}, dev());
  EXPECT_EQ((tb + Tensor::from_vector<int32_t>({1, -1}, {2}, dev())).to_vector<int32_t>(),
            (std::vector<int32_t>{-2147483647 - 1, 2147483647}));
  // int64 keeps values beyond 32 bits.
  std::vector<int64_t> l{int64_t(1) << 40, -(int64_t(3) << 35)};
  Tensor tl = Tensor::from_vector(l, {2}, dev());
  EXPECT_EQ((tl * 4 + 1).to_vector<int64_t>(),
            (std::vector<int64_t>{(int64_t(1) << 42) + 1, -(int64_t(3) << 37) + 1}));
}

// The integer types the op tables do not cover, with values that need every bit:
// uint32 above 2^31, uint64 and int64 above 2^32, int16 and uint16 near their limits.
TEST_P(DTypeTest, WideAndUnsignedIntegerRanges) {
  struct Case {
    DType dtype;
    Domain domain;
  };
  for (const Case& c : std::vector<Case>{{I16, ints(-16000, 16000)},
                                         {U16, ints(30000, 32000)},
                                         {U32, ints(3e9, 3.5e9)},
                                         {DType::UInt64, ints(1e15, 2e15)},
                                         {I64, ints(-4e15, 4e15)}}) {
    SCOPED_TRACE(ingot::dtype_name(c.dtype));
    Array a = random({7, 13}, c.domain, c.dtype), b = random({13}, c.domain, c.dtype);
    Tensor ta = tensor(a, c.dtype), tb = tensor(b, c.dtype);
    EXPECT_EQ((ta + tb).dtype(), c.dtype);
    EXPECT_TRUE(close(ta + tb, (a + b).astype(c.dtype)));
    EXPECT_TRUE(close(ta - tb, (a - b).astype(c.dtype)));
    EXPECT_TRUE(close(ta.gt(tb), a.gt(b)));
    EXPECT_TRUE(close(ta.le(tb.flip({0})), a.le(b.flip({0}))));
    EXPECT_TRUE(close(ta.maximum(tb), a.maximum(b)));
    EXPECT_TRUE(close(ta.max({1}), a.max({1})));
    EXPECT_TRUE(close(ta.min({0}), a.min({0})));
    EXPECT_TRUE(close(ta.argmax(1), a.argmax(1)));
    if (supports(F64)) EXPECT_TRUE(close(ta.astype(F64), a));
    EXPECT_TRUE(close(ta.T().contiguous(), a.T()));
  }
}

// Reading into another type on the host saturates and maps NaN to 0 (docs/dtypes.md).
TEST_P(DTypeTest, HostReadConversionSaturates) {
  Tensor t =
      Tensor::from_vector<float>({NAN, INFINITY, -INFINITY, -5.5f, 300.0f, 7.9f}, {6}, dev());
  EXPECT_EQ(t.to_vector<uint8_t>(), (std::vector<uint8_t>{0, 255, 0, 0, 255, 7}));
  EXPECT_EQ(t.to_vector<int8_t>(), (std::vector<int8_t>{0, 127, -128, -5, 127, 7}));
  EXPECT_EQ(t.to_vector<int32_t>(),
            (std::vector<int32_t>{0, 2147483647, -2147483647 - 1, -5, 300, 7}));
}

INGOT_ON_ALL_DEVICES(DTypeTest);

}  // namespace
