#include "nn/safetensors_format.hpp"

#include <bit>

namespace ingot::safetensors {

// The format stores little-endian bytes, which ingot's buffers hold on such a host.
static_assert(std::endian::native == std::endian::little,
              "safetensors files are little-endian; a big-endian host would swap bytes");

namespace {

struct Code {
  DType dtype;
  const char* code;
};

constexpr Code kCodes[] = {
    {DType::Bool, "BOOL"},   {DType::Int8, "I8"},       {DType::Int16, "I16"},
    {DType::Int32, "I32"},   {DType::Int64, "I64"},     {DType::UInt8, "U8"},
    {DType::UInt16, "U16"},  {DType::UInt32, "U32"},    {DType::UInt64, "U64"},
    {DType::Float16, "F16"}, {DType::BFloat16, "BF16"}, {DType::Float32, "F32"},
    {DType::Float64, "F64"},
};

}  // namespace

const char* dtype_code(DType dtype) {
  for (const Code& c : kCodes)
    if (c.dtype == dtype) return c.code;
  throw Error(std::string("safetensors: no code for dtype ") + dtype_name(dtype));
}

std::optional<DType> dtype_of_code(const std::string& code) {
  for (const Code& c : kCodes)
    if (code == c.code) return c.dtype;
  return std::nullopt;
}

}  // namespace ingot::safetensors
