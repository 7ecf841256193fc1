#include "render/c_types.hpp"

namespace ingot::render {

std::string c_storage_type(DType dt) {
  switch (dt) {
    case DType::Bool:
      return "uint8_t";
    case DType::Int8:
      return "int8_t";
    case DType::Int16:
      return "int16_t";
    case DType::Int32:
      return "int32_t";
    case DType::Int64:
      return "int64_t";
    case DType::UInt8:
      return "uint8_t";
    case DType::UInt16:
      return "uint16_t";
    case DType::UInt32:
      return "uint32_t";
    case DType::UInt64:
      return "uint64_t";
    case DType::Float16:
    case DType::BFloat16:
      return "uint16_t";
    case DType::Float32:
      return "float";
    case DType::Float64:
      return "double";
  }
  return "?";
}

std::string c_value_type(DType dt) {
  if (is_16bit_float(dt)) return "float";
  return c_storage_type(dt);
}

std::string short_storage_type(DType dt) {
  switch (dt) {
    case DType::Bool:
    case DType::UInt8:
      return "uchar";
    case DType::Int8:
      return "char";
    case DType::Int16:
      return "short";
    case DType::UInt16:
    case DType::Float16:
    case DType::BFloat16:
      return "ushort";
    case DType::Int32:
      return "int";
    case DType::UInt32:
      return "uint";
    case DType::Int64:
      return "long";
    case DType::UInt64:
      return "ulong";
    case DType::Float32:
      return "float";
    case DType::Float64:
      return "double";
  }
  return "?";
}

std::string c_math(const std::string& fn, DType dt) { return dt == DType::Float64 ? fn : fn + "f"; }

}  // namespace ingot::render
