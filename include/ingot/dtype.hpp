// Element types, their sizes and names, and the promotion rules (docs/dtypes.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ingot {

enum class DType : uint8_t {
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  BFloat16,
  Float32,
  Float64,
};

inline constexpr DType kAllDTypes[] = {
    DType::Bool,     DType::Int8,    DType::Int16,  DType::Int32,  DType::Int64,
    DType::UInt8,    DType::UInt16,  DType::UInt32, DType::UInt64, DType::Float16,
    DType::BFloat16, DType::Float32, DType::Float64};

size_t dtype_size(DType dtype);
const char* dtype_name(DType dtype);
// Parses the names dtype_name returns ("float32", "int8", ...); throws Error otherwise.
DType dtype_from_name(const std::string& name);

bool is_float(DType dtype);
bool is_signed_int(DType dtype);
bool is_unsigned_int(DType dtype);
inline bool is_int(DType dtype) { return is_signed_int(dtype) || is_unsigned_int(dtype); }

// The result type of a binary operation between two tensors (NumPy/PyTorch rules).
DType promote_types(DType a, DType b);
// The type of a tensor combined with a Python-style scalar: a float scalar lifts an
// integer or bool tensor to the default float, an int scalar lifts a bool tensor to int32
// (PyTorch uses int64; ingot keeps 32 bits as the default integer), otherwise the tensor
// type wins.
DType promote_with_scalar(DType tensor, bool scalar_is_float);
// The type floating-point functions (exp, sqrt, division...) compute in.
DType float_result(DType dtype);

// Maps C++ element types to dtypes, for from_vector, item and to_vector.
template <class T>
struct dtype_of;
template <>
struct dtype_of<bool> {
  static constexpr DType value = DType::Bool;
};
template <>
struct dtype_of<int8_t> {
  static constexpr DType value = DType::Int8;
};
template <>
struct dtype_of<int16_t> {
  static constexpr DType value = DType::Int16;
};
template <>
struct dtype_of<int32_t> {
  static constexpr DType value = DType::Int32;
};
template <>
struct dtype_of<int64_t> {
  static constexpr DType value = DType::Int64;
};
template <>
struct dtype_of<uint8_t> {
  static constexpr DType value = DType::UInt8;
};
template <>
struct dtype_of<uint16_t> {
  static constexpr DType value = DType::UInt16;
};
template <>
struct dtype_of<uint32_t> {
  static constexpr DType value = DType::UInt32;
};
template <>
struct dtype_of<uint64_t> {
  static constexpr DType value = DType::UInt64;
};
template <>
struct dtype_of<float> {
  static constexpr DType value = DType::Float32;
};
template <>
struct dtype_of<double> {
  static constexpr DType value = DType::Float64;
};

// IEEE half and bfloat16 conversions (round to nearest even), used on the host.
uint16_t float_to_half_bits(float value);
float half_bits_to_float(uint16_t bits);
uint16_t float_to_bfloat_bits(float value);
float bfloat_bits_to_float(uint16_t bits);
// `value` rounded to the nearest value float type `dtype` holds, as IEEE rounds: beyond
// the type's range an infinity (C++ leaves a double beyond float's range undefined).
// Float64 values and NaN come back unchanged.
double round_to_float(double value, DType dtype);

// Reads element `index` of a host array of `dtype` as a double, and writes one.
double load_as_double(const void* data, DType dtype, size_t index);
void store_from_double(void* data, DType dtype, size_t index, double value);

}  // namespace ingot
