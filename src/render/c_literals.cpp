#include "render/c_literals.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

namespace ingot::render {
namespace {

// A negative literal is parenthesized: it may follow a unary minus or another operator
// ("-" then "-0x1.4p+1f" would read as a decrement).
std::string signed_literal(const std::string& text, bool negative) {
  return negative ? "(" + text + ")" : text;
}

}  // namespace

// `v` rounded to `dt` first, so the literal is the value the type holds (a float32
// constant beyond its range is an infinity, a float16 one beyond 65504 too).
std::string float_literal(double v, DType dt) {
  v = round_to_float(v, dt);
  // NAN and INFINITY are float expressions: a float64 one is cast, or pow(NAN, 0x1p+0)
  // mixes float and double and CUDA finds no single overload.
  if (std::isnan(v) || std::isinf(v)) {
    std::string special = std::isnan(v) ? "NAN" : v < 0 ? "(-INFINITY)" : "INFINITY";
    return dt == DType::Float64 ? "((double)" + special + ")" : special;
  }
  std::string text =
      dt == DType::Float64 ? fmt::format("{:a}", v) : fmt::format("{:a}f", static_cast<float>(v));
  return signed_literal(text, std::signbit(v));
}

std::string const_literal(const ir::Inst& in, const LanguageTable& lang) {
  DType dt = in.dtype;
  if (is_float(dt)) return float_literal(in.value.f, dt);
  if (dt == DType::Bool) return in.value.i != 0 || in.value.f != 0 ? "1" : "0";
  const std::string& ll = lang.int64_suffix;
  if (dt == DType::UInt64) return fmt::format("{}U{}", static_cast<uint64_t>(in.value.i), ll);
  if (in.value.i == INT64_MIN) return fmt::format("(-9223372036854775807{} - 1)", ll);
  if (dt == DType::Int64)
    return signed_literal(fmt::format("{}{}", in.value.i, ll), in.value.i < 0);
  return fmt::format("(({}){}{})", lang.storage_type(dt), in.value.i, ll);
}

}  // namespace ingot::render
