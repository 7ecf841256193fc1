// dtype sizes, names, promotion (the table of docs/dtypes.md) and the host half and
// bfloat16 conversions, checked against known IEEE bit patterns.
#include "ingot/dtype.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>

#include "ingot/error.hpp"

namespace ingot {

// Failure messages print "int64" rather than the enum's byte.
inline void PrintTo(DType dtype, std::ostream* os) { *os << dtype_name(dtype); }

namespace {

TEST(DType, NamesRoundTripAndSizes) {
  for (DType dtype : kAllDTypes) EXPECT_EQ(dtype_from_name(dtype_name(dtype)), dtype);
  EXPECT_EQ(dtype_size(DType::Bool), 1u);
  EXPECT_EQ(dtype_size(DType::BFloat16), 2u);
  EXPECT_EQ(dtype_size(DType::UInt32), 4u);
  EXPECT_EQ(dtype_size(DType::Float64), 8u);
  EXPECT_THROW(dtype_from_name("float8"), Error);
}

TEST(DType, PromotionIsSymmetric) {
  for (DType a : kAllDTypes)
    for (DType b : kAllDTypes)
      EXPECT_EQ(promote_types(a, b), promote_types(b, a)) << dtype_name(a) << ", " << dtype_name(b);
}

TEST(DType, PromotionTableEntries) {
  EXPECT_EQ(promote_types(DType::Bool, DType::Int8), DType::Int8);
  EXPECT_EQ(promote_types(DType::Bool, DType::Float16), DType::Float16);
  EXPECT_EQ(promote_types(DType::Int8, DType::UInt8), DType::Int16);
  EXPECT_EQ(promote_types(DType::Int16, DType::UInt16), DType::Int32);
  EXPECT_EQ(promote_types(DType::Int32, DType::UInt32), DType::Int64);
  EXPECT_EQ(promote_types(DType::Int64, DType::UInt8), DType::Int64);
  EXPECT_EQ(promote_types(DType::UInt8, DType::UInt32), DType::UInt32);
  // No integer type holds both uint64 and a signed type: the default float does.
  EXPECT_EQ(promote_types(DType::UInt64, DType::Int8), DType::Float32);
  EXPECT_EQ(promote_types(DType::UInt64, DType::Int64), DType::Float32);
  // Any float wins over any integer, even a narrow float over a wide integer.
  EXPECT_EQ(promote_types(DType::Int64, DType::Float16), DType::Float16);
  EXPECT_EQ(promote_types(DType::Float16, DType::BFloat16), DType::Float32);
  EXPECT_EQ(promote_types(DType::BFloat16, DType::Float64), DType::Float64);
}

TEST(DType, ScalarPromotionAndFloatResult) {
  EXPECT_EQ(promote_with_scalar(DType::Int32, true), DType::Float32);
  EXPECT_EQ(promote_with_scalar(DType::Float16, true), DType::Float16);
  EXPECT_EQ(promote_with_scalar(DType::Bool, false), DType::Int32);
  EXPECT_EQ(promote_with_scalar(DType::UInt8, false), DType::UInt8);
  EXPECT_EQ(float_result(DType::Int64), DType::Float32);
  EXPECT_EQ(float_result(DType::BFloat16), DType::BFloat16);
}

TEST(DType, FloatToHalfBits) {
  EXPECT_EQ(float_to_half_bits(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half_bits(-2.0f), 0xc000);
  EXPECT_EQ(float_to_half_bits(0.1f), 0x2e66);
  EXPECT_EQ(float_to_half_bits(65504.0f), 0x7bff);  // largest finite half
  EXPECT_EQ(float_to_half_bits(65520.0f), 0x7c00);  // halfway to 2^16 rounds to infinity
  EXPECT_EQ(float_to_half_bits(std::ldexp(1.0f, -24)), 0x0001);         // smallest subnormal
  EXPECT_EQ(float_to_half_bits(std::ldexp(1.0f, -25)), 0x0000);         // tie rounds to even 0
  EXPECT_EQ(float_to_half_bits(std::ldexp(3.0f, -26)), 0x0001);         // above the tie
  EXPECT_EQ(float_to_half_bits(1.0f + std::ldexp(1.0f, -11)), 0x3c00);  // tie to even
  EXPECT_EQ(float_to_half_bits(1.0f + std::ldexp(3.0f, -11)), 0x3c02);  // tie to even
  EXPECT_EQ(float_to_half_bits(-std::numeric_limits<float>::infinity()), 0xfc00);
  uint16_t nan = float_to_half_bits(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(nan & 0x7c00, 0x7c00);
  EXPECT_NE(nan & 0x03ff, 0);
}

TEST(DType, HalfBitsToFloat) {
  EXPECT_EQ(half_bits_to_float(0x3c00), 1.0f);
  EXPECT_EQ(half_bits_to_float(0x3555), 0.333251953125f);
  EXPECT_EQ(half_bits_to_float(0x7bff), 65504.0f);
  EXPECT_EQ(half_bits_to_float(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(half_bits_to_float(0x03ff), std::ldexp(1023.0f, -24));  // largest subnormal
  EXPECT_EQ(half_bits_to_float(0x8000), -0.0f);
  EXPECT_TRUE(std::signbit(half_bits_to_float(0x8000)));
  EXPECT_EQ(half_bits_to_float(0xfc00), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(half_bits_to_float(0x7e00)));
}

TEST(DType, BFloatBits) {
  EXPECT_EQ(float_to_bfloat_bits(1.0f), 0x3f80);
  EXPECT_EQ(float_to_bfloat_bits(3.14159265f), 0x4049);
  EXPECT_EQ(float_to_bfloat_bits(1.0f + std::ldexp(1.0f, -8)), 0x3f80);        // tie to even
  EXPECT_EQ(float_to_bfloat_bits(1.0f + std::ldexp(3.0f, -8)), 0x3f82);        // tie to even
  EXPECT_EQ(float_to_bfloat_bits(std::numeric_limits<float>::max()), 0x7f80);  // rounds to inf
  uint16_t nan = float_to_bfloat_bits(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(nan & 0x7f80, 0x7f80);
  EXPECT_NE(nan & 0x007f, 0);
  EXPECT_EQ(bfloat_bits_to_float(0x4049), 3.140625f);
  EXPECT_EQ(bfloat_bits_to_float(0xc080), -4.0f);
}

TEST(DType, HostStoreSaturatesIntegers) {
  int8_t i8 = 0;
  store_from_double(&i8, DType::Int8, 0, 300.0);
  EXPECT_EQ(i8, 127);
  uint16_t u16 = 7;
  store_from_double(&u16, DType::UInt16, 0, -5.0);
  EXPECT_EQ(u16, 0);
  int32_t i32 = 7;
  store_from_double(&i32, DType::Int32, 0, std::nan(""));
  EXPECT_EQ(i32, 0);
  uint16_t half = 0;
  store_from_double(&half, DType::Float16, 0, 0.5);
  EXPECT_EQ(half, 0x3800);
  EXPECT_EQ(load_as_double(&half, DType::Float16, 0), 0.5);
}

}  // namespace
}  // namespace ingot
