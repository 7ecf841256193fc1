// The exact bytes of a scalar argument or a function constant in the type the kernel
// declares: integers range-checked, never wrapped, so that 3000000000 reaches a uint32
// parameter intact and is refused by an int32 one.
#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "ingot/error.hpp"
#include "tensor/custom_kernel_bind.hpp"

namespace ingot {
namespace custom_kernel {
namespace {

std::string value_text(const std::variant<int64_t, double>& value) {
  return std::holds_alternative<int64_t>(value) ? std::to_string(std::get<int64_t>(value))
                                                : fmt::format("{}", std::get<double>(value));
}

// The range of an integer dtype, as the int64 values it holds (uint64 above 2^63 aside).
std::pair<int64_t, int64_t> int_range(DType dtype) {
  const int bits = int(dtype_size(dtype)) * 8;
  if (dtype == DType::Bool) return {0, 1};
  if (is_signed_int(dtype))
    return {bits == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t(1) << (bits - 1)),
            bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1};
  return {0, bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << bits) - 1};
}

}  // namespace

std::vector<uint8_t> value_bytes(DType dtype, const std::variant<int64_t, double>& value,
                                 const std::string& what) {
  std::vector<uint8_t> bytes(dtype_size(dtype));
  if (is_float(dtype)) {
    double real = std::holds_alternative<int64_t>(value) ? double(std::get<int64_t>(value))
                                                         : std::get<double>(value);
    store_from_double(bytes.data(), dtype, 0, real);
    return bytes;
  }
  int64_t integer = 0;
  if (std::holds_alternative<int64_t>(value)) {
    integer = std::get<int64_t>(value);
  } else {
    double real = std::get<double>(value);
    // 2^63 is the first double past int64's range.
    if (real != std::trunc(real) || !(std::abs(real) < 9223372036854775808.0))
      throw ArgumentError(
          fmt::format("{}: {} is not an integer, which a {} holds", what, real, dtype_name(dtype)));
    integer = int64_t(real);
  }
  auto [low, high] = int_range(dtype);
  if (integer < low || integer > high)
    throw ArgumentError(fmt::format("{}: {} does not fit a {} (valid: {} to {})", what,
                                    value_text(value), dtype_name(dtype), low, high));
  // Little-endian hosts and devices alike: the low bytes are the narrower integer.
  std::memcpy(bytes.data(), &integer, bytes.size());
  return bytes;
}

}  // namespace custom_kernel

namespace {

FunctionConstant make_constant(std::optional<uint32_t> index, const std::string& name, DType dtype,
                               double value) {
  std::string what = fmt::format("function_constant {}",
                                 index ? std::to_string(*index) : fmt::format("'{}'", name));
  if (dtype_size(dtype) > 8)
    throw ArgumentError(
        fmt::format("{}: {} is wider than a function constant", what, dtype_name(dtype)));
  std::variant<int64_t, double> held = value;
  FunctionConstant constant{index, name, dtype, {}};
  std::vector<uint8_t> bytes = custom_kernel::value_bytes(dtype, held, what);
  std::memcpy(constant.bytes.data(), bytes.data(), bytes.size());
  return constant;
}

}  // namespace

FunctionConstant function_constant(uint32_t index, DType dtype, double value) {
  return make_constant(index, "", dtype, value);
}

FunctionConstant function_constant(const std::string& name, DType dtype, double value) {
  if (name.empty()) throw ArgumentError("function_constant: the name is empty");
  return make_constant(std::nullopt, name, dtype, value);
}

}  // namespace ingot
