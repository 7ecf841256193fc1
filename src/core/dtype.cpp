#include "ingot/dtype.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "ingot/error.hpp"

namespace ingot {
namespace {

struct DTypeRow {
  DType dtype;
  const char* name;
  size_t size;
  int kind;  // 0 bool, 1 signed, 2 unsigned, 3 float
};

constexpr DTypeRow kTable[] = {
    {DType::Bool, "bool", 1, 0},         {DType::Int8, "int8", 1, 1},
    {DType::Int16, "int16", 2, 1},       {DType::Int32, "int32", 4, 1},
    {DType::Int64, "int64", 8, 1},       {DType::UInt8, "uint8", 1, 2},
    {DType::UInt16, "uint16", 2, 2},     {DType::UInt32, "uint32", 4, 2},
    {DType::UInt64, "uint64", 8, 2},     {DType::Float16, "float16", 2, 3},
    {DType::BFloat16, "bfloat16", 2, 3}, {DType::Float32, "float32", 4, 3},
    {DType::Float64, "float64", 8, 3},
};

const DTypeRow& row(DType dtype) { return kTable[static_cast<int>(dtype)]; }

// The smallest signed type holding every value of `u` (an unsigned type).
DType signed_container(DType u) {
  switch (u) {
    case DType::UInt8:
      return DType::Int16;
    case DType::UInt16:
      return DType::Int32;
    case DType::UInt32:
      return DType::Int64;
    default:
      return DType::Float32;  // uint64 with a signed type: no integer holds both
  }
}

}  // namespace

size_t dtype_size(DType dtype) { return row(dtype).size; }
const char* dtype_name(DType dtype) { return row(dtype).name; }

DType dtype_from_name(const std::string& name) {
  for (const auto& r : kTable)
    if (name == r.name) return r.dtype;
  throw ArgumentError("unknown dtype '" + name +
                      "': valid names are bool, int8, int16, int32, int64, uint8, uint16, uint32, "
                      "uint64, float16, bfloat16, float32, float64");
}

bool is_float(DType dtype) { return row(dtype).kind == 3; }
bool is_signed_int(DType dtype) { return row(dtype).kind == 1; }
bool is_unsigned_int(DType dtype) { return row(dtype).kind == 2; }

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  const DTypeRow &ra = row(a), &rb = row(b);
  if (ra.kind == 0) return b;
  if (rb.kind == 0) return a;
  if (ra.kind == 3 || rb.kind == 3) {
    if (ra.kind != 3) return b;
    if (rb.kind != 3) return a;
    // float16 with bfloat16: neither holds the other, float32 holds both.
    if (ra.size == rb.size) return DType::Float32;
    return ra.size > rb.size ? a : b;
  }
  if (ra.kind == rb.kind) return ra.size >= rb.size ? a : b;
  DType s = ra.kind == 1 ? a : b;
  DType u = ra.kind == 2 ? a : b;
  if (dtype_size(s) > dtype_size(u)) return s;
  DType wide = signed_container(u);
  if (is_float(wide)) return wide;
  return dtype_size(wide) >= dtype_size(s) ? wide : s;
}

DType promote_with_scalar(DType tensor, bool scalar_is_float) {
  if (scalar_is_float) return is_float(tensor) ? tensor : DType::Float32;
  return tensor == DType::Bool ? DType::Int32 : tensor;
}

DType float_result(DType dtype) { return is_float(dtype) ? dtype : DType::Float32; }

uint16_t float_to_half_bits(float value) {
  uint32_t x = std::bit_cast<uint32_t>(value);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t exp = (x >> 23) & 0xffu;
  uint32_t mant = x & 0x7fffffu;
  if (exp == 0xff) return static_cast<uint16_t>(sign | 0x7c00u | (mant ? 0x200u : 0));
  int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - e);
    uint32_t half = mant >> shift;
    uint32_t rest = mant & ((1u << shift) - 1);
    uint32_t midpoint = 1u << (shift - 1);
    if (rest > midpoint || (rest == midpoint && (half & 1))) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1))) ++half;  // may carry into exp
  return static_cast<uint16_t>(sign | half);
}

float half_bits_to_float(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exp = (bits >> 10) & 0x1fu;
  uint32_t mant = bits & 0x3ffu;
  uint32_t out;
  if (exp == 0) {
    if (mant == 0) {
      out = sign;
    } else {
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while (!(mant & 0x400u));
      out = sign | (static_cast<uint32_t>(127 - 15 - e) << 23) | ((mant & 0x3ffu) << 13);
    }
  } else if (exp == 31) {
    out = sign | 0x7f800000u | (mant << 13);
  } else {
    out = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  return std::bit_cast<float>(out);
}

uint16_t float_to_bfloat_bits(float value) {
  uint32_t x = std::bit_cast<uint32_t>(value);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return static_cast<uint16_t>(x >> 16);
}

float bfloat_bits_to_float(uint16_t bits) {
  return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
}

double round_to_float(double value, DType dtype) {
  if (dtype == DType::Float64 || std::isnan(value)) return value;
  float f = std::fabs(value) >= 0x1.ffffffp127 ? static_cast<float>(std::copysign(HUGE_VAL, value))
                                               : static_cast<float>(value);
  if (dtype == DType::Float16) return half_bits_to_float(float_to_half_bits(f));
  if (dtype == DType::BFloat16) return bfloat_bits_to_float(float_to_bfloat_bits(f));
  return f;
}

double load_as_double(const void* data, DType dtype, size_t i) {
  switch (dtype) {
    case DType::Bool:
      return static_cast<const uint8_t*>(data)[i] != 0;
    case DType::Int8:
      return static_cast<const int8_t*>(data)[i];
    case DType::Int16:
      return static_cast<const int16_t*>(data)[i];
    case DType::Int32:
      return static_cast<const int32_t*>(data)[i];
    case DType::Int64:
      return static_cast<double>(static_cast<const int64_t*>(data)[i]);
    case DType::UInt8:
      return static_cast<const uint8_t*>(data)[i];
    case DType::UInt16:
      return static_cast<const uint16_t*>(data)[i];
    case DType::UInt32:
      return static_cast<const uint32_t*>(data)[i];
    case DType::UInt64:
      return static_cast<double>(static_cast<const uint64_t*>(data)[i]);
    case DType::Float16:
      return half_bits_to_float(static_cast<const uint16_t*>(data)[i]);
    case DType::BFloat16:
      return bfloat_bits_to_float(static_cast<const uint16_t*>(data)[i]);
    case DType::Float32:
      return static_cast<const float*>(data)[i];
    case DType::Float64:
      return static_cast<const double*>(data)[i];
  }
  return 0;
}

namespace {
template <class T>
T saturating_int(double v) {
  // Out-of-range float to int conversion is undefined in C++; clamp first (NaN -> 0).
  if (!(v == v)) return 0;
  if (v <= static_cast<double>(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  if (v >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  return static_cast<T>(v);
}
}  // namespace

void store_from_double(void* data, DType dtype, size_t i, double v) {
  switch (dtype) {
    case DType::Bool:
      static_cast<uint8_t*>(data)[i] = v != 0;
      break;
    case DType::Int8:
      static_cast<int8_t*>(data)[i] = saturating_int<int8_t>(v);
      break;
    case DType::Int16:
      static_cast<int16_t*>(data)[i] = saturating_int<int16_t>(v);
      break;
    case DType::Int32:
      static_cast<int32_t*>(data)[i] = saturating_int<int32_t>(v);
      break;
    case DType::Int64:
      static_cast<int64_t*>(data)[i] = saturating_int<int64_t>(v);
      break;
    case DType::UInt8:
      static_cast<uint8_t*>(data)[i] = saturating_int<uint8_t>(v);
      break;
    case DType::UInt16:
      static_cast<uint16_t*>(data)[i] = saturating_int<uint16_t>(v);
      break;
    case DType::UInt32:
      static_cast<uint32_t*>(data)[i] = saturating_int<uint32_t>(v);
      break;
    case DType::UInt64:
      static_cast<uint64_t*>(data)[i] = saturating_int<uint64_t>(v);
      break;
    case DType::Float16:
      static_cast<uint16_t*>(data)[i] =
          float_to_half_bits(static_cast<float>(round_to_float(v, dtype)));
      break;
    case DType::BFloat16:
      static_cast<uint16_t*>(data)[i] =
          float_to_bfloat_bits(static_cast<float>(round_to_float(v, dtype)));
      break;
    case DType::Float32:
      static_cast<float*>(data)[i] = static_cast<float>(round_to_float(v, dtype));
      break;
    case DType::Float64:
      static_cast<double*>(data)[i] = v;
      break;
  }
}

}  // namespace ingot
