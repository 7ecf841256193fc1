#include "core/op.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace ingot {

ConstValue ConstValue::of(double v, DType dtype) {
  if (v >= -0x1p63 && v < 0x1p63) return {v, static_cast<int64_t>(v)};
  if (std::isnan(v)) return {v, 0};
  if (dtype == DType::UInt64) {
    if (v < 0) return {v, 0};
    return {v, v < 0x1p64 ? static_cast<int64_t>(static_cast<uint64_t>(v)) : int64_t{-1}};
  }
  const int bits = is_int(dtype) ? static_cast<int>(dtype_size(dtype) * 8) : 64;
  if (is_unsigned_int(dtype)) return {v, v < 0 ? 0 : (int64_t{1} << bits) - 1};
  if (v < 0)
    return {v, bits == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (bits - 1))};
  return {v, bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1};
}

int64_t shape_numel(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::string shape_str(const Shape& shape) { return fmt::format("({})", fmt::join(shape, ", ")); }

bool is_movement(Op op) { return op >= Op::Reshape && op <= Op::Stride; }
bool is_reduce(Op op) { return op >= Op::ReduceSum && op <= Op::ReduceMin; }
bool is_unary(Op op) { return op >= Op::Neg && op <= Op::Bitcast; }
bool is_binary(Op op) { return op >= Op::Add && op <= Op::Shr; }

const char* op_name(Op op) {
  static const char* names[] = {
      "buffer", "const", "iota",   "neg",    "not",        "exp",   "exp2",    "log",
      "log2",   "sin",   "cos",    "tanh",   "sqrt",       "recip", "cast",    "bitcast",
      "add",    "sub",   "mul",    "div",    "max",        "min",   "pow",     "cmplt",
      "cmpeq",  "cmpne", "and",    "or",     "xor",        "shl",   "mod",     "shr",
      "where",  "take",  "sum",    "prod",   "max",        "min",   "reshape", "permute",
      "expand", "pad",   "shrink", "stride", "contiguous", "copy"};
  return names[static_cast<int>(op)];
}

}  // namespace ingot
