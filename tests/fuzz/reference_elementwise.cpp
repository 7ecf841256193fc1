// The reference's creation and elementwise operations. Composite functions (sigmoid,
// gelu, relu, clamp) follow the formulas ingot documents for them, each step rounded in
// its own type, so their bounds hold whichever steps a device fuses.
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "fuzz/reference.hpp"
#include "fuzz/reference_support.hpp"

namespace fuzz {

using ingot::float_result;
using ingot::promote_types;

namespace {
std::string planted;
}  // namespace

void plant_reference_bug(const std::string& name) {
  if (!name.empty() && name != "exp" && name != "flip")
    throw std::invalid_argument("--plant: unknown bug '" + name + "' (valid: exp, flip)");
  planted = name;
}
Bound planted_exp(const Bound& b) {
  if (planted != "exp" || b.is_unknown() || b.is_nan()) return b;
  const double f = 1 + 1e-4;
  return {b.v * f, b.lo * f, b.hi * f};
}
bool planted_flip() { return planted == "flip"; }

IArray::IArray(Shape s, DType dt, std::vector<Bound> elements)
    : shape(std::move(s)), dtype(dt), e(std::move(elements)) {}

IArray IArray::exact(const Shape& shape, DType dtype, const std::vector<double>& values) {
  std::vector<Bound> e;
  for (double v : values) e.push_back(Bound::exact(v));
  return IArray(shape, dtype, std::move(e));
}

IArray IArray::full(const Shape& shape, DType dtype, double value) {
  return IArray(shape, dtype,
                std::vector<Bound>(static_cast<size_t>(ref::numel_of(shape)),
                                   Bound::exact(ref::cast_value(value, dtype))));
}

// Ranges are computed in floating point on the device (float32 on Metal): each value
// may carry the rounding of start + i * step in float32, then a cast to the type.
IArray ramp(int64_t n, double start, double step, DType dtype) {
  std::vector<Bound> e;
  Slack slack{.rel = 2, .abs = 2 * (std::fabs(start) + std::fabs(start + step * n))};
  for (int64_t i = 0; i < n; ++i) {
    double v = start + static_cast<double>(i) * step;
    Bound b =
        ingot::is_float(dtype) ? round_to(Bound::exact(v), DType::Float32, slack) : Bound::exact(v);
    e.push_back(cast(b, ingot::is_float(dtype) ? DType::Float32 : DType::Int64, dtype));
  }
  return IArray({n}, dtype, std::move(e));
}

IArray IArray::arange(double start, double stop, double step, DType dtype) {
  int64_t n = std::max<int64_t>(0, static_cast<int64_t>(std::ceil((stop - start) / step)));
  return ramp(n, start, step, dtype);
}

IArray IArray::linspace(double start, double stop, int64_t steps, DType dtype) {
  double delta = steps > 1 ? (stop - start) / static_cast<double>(steps - 1) : 0;
  IArray r = ramp(steps, start, delta, DType::Float32);
  return r.astype(dtype);
}

IArray IArray::eye(int64_t n, int64_t m, DType dtype) {
  std::vector<double> v(static_cast<size_t>(n * m), 0.0);
  for (int64_t i = 0; i < std::min(n, m); ++i) v[static_cast<size_t>(i * m + i)] = 1;
  return exact({n, m}, dtype, v);
}

IArray IArray::scalar_like(const IArray& t, double value) {
  bool fractional = std::isfinite(value) ? value != std::floor(value) : true;
  return full({}, ingot::promote_with_scalar(t.dtype, fractional), value);
}

// ---- elementwise ----
IArray IArray::neg() const {
  return map(*this, dtype, [&](const Bound& b) { return round_to(fuzz::neg(b), dtype, kExact); });
}
IArray IArray::abs() const {
  if (dtype == DType::Bool || ingot::is_unsigned_int(dtype)) return *this;
  return map(*this, dtype, [&](const Bound& b) { return round_to(fuzz::abs(b), dtype, kExact); });
}
IArray IArray::exp() const {
  return float_unary(
      *this, [](const Bound& b) { return planted_exp(fuzz::exp(b)); },
      [](const Bound& b) { return Slack{.rel = 4 + b.magnitude()}; });
}
IArray IArray::exp2() const {
  return float_unary(
      *this, [](const Bound& b) { return fuzz::exp2(b); },
      [](const Bound& b) { return Slack{.rel = 4 + b.magnitude()}; });
}
IArray IArray::log() const {
  return float_unary(
      *this, [](const Bound& b) { return fuzz::log(b); }, function_slack);
}
IArray IArray::log2() const {
  return float_unary(
      *this, [](const Bound& b) { return fuzz::log2(b); }, function_slack);
}
IArray IArray::sqrt() const {
  return float_unary(
      *this, [](const Bound& b) { return fuzz::sqrt(b); }, division_slack);
}
IArray IArray::rsqrt() const { return sqrt().reciprocal(); }
IArray IArray::sin() const {
  return float_unary(
      *this, [](const Bound& b) { return fuzz::sin(b); }, periodic_slack);
}
IArray IArray::cos() const {
  return float_unary(
      *this, [](const Bound& b) { return fuzz::cos(b); }, periodic_slack);
}
IArray IArray::tanh() const {
  return float_unary(
      *this, [](const Bound& b) { return fuzz::tanh(b); }, function_slack);
}
IArray IArray::reciprocal() const {
  return float_unary(
      *this, [](const Bound& b) { return fuzz::reciprocal(b); }, division_slack);
}
IArray IArray::sigmoid() const {
  return (1.0 + astype(float_result(dtype)).neg().exp()).reciprocal();
}
IArray IArray::relu() const { return maximum(scalar_like(*this, 0)); }
IArray IArray::gelu() const {
  IArray x = astype(float_result(dtype));
  const double k = std::sqrt(2.0 / std::numbers::pi);
  return 0.5 * x * (1.0 + (k * (x + 0.044715 * x * x * x)).tanh());
}
IArray IArray::square() const {
  return map(*this, dtype, [&](const Bound& b) {
    Bound m = fuzz::abs(b);
    return round_to(mul(m, m), dtype, kExact);
  });
}
IArray IArray::pow(const IArray& exponent) const {
  DType dt = float_result(promote_types(dtype, exponent.dtype));
  return zip(astype(dt), exponent.astype(dt), dt, [&](const Bound& a, const Bound& b) {
    // pow(a, b) computed as exp2(b log2 a): the product's rounding scales the result.
    double lg =
        std::max(std::fabs(std::log2(std::fabs(a.lo))), std::fabs(std::log2(std::fabs(a.hi))));
    double condition = b.magnitude() * lg;
    return round_to(fuzz::pow(a, b), dt, {.rel = 8 + (std::isfinite(condition) ? condition : 0)});
  });
}
IArray IArray::maximum(const IArray& o) const {
  return arith(*this, o, [](const Bound& a, const Bound& b) { return fuzz::maximum(a, b); });
}
IArray IArray::minimum(const IArray& o) const {
  return arith(*this, o, [](const Bound& a, const Bound& b) { return fuzz::minimum(a, b); });
}
IArray IArray::clamp(std::optional<double> lo, std::optional<double> hi) const {
  IArray out = *this;
  if (lo) out = out.maximum(scalar_like(out, *lo));
  if (hi) out = out.minimum(scalar_like(out, *hi));
  return out;
}

IArray IArray::where(const IArray& cond, const IArray& a, const IArray& b) {
  DType dt = promote_types(a.dtype, b.dtype);
  Shape s = ref::broadcast_shapes(ref::broadcast_shapes(cond.shape, a.shape), b.shape);
  IArray c = cond.astype(DType::Bool).expand(s), x = a.astype(dt).expand(s),
         y = b.astype(dt).expand(s);
  std::vector<Bound> out;
  for (size_t i = 0; i < c.e.size(); ++i) out.push_back(select(c.e[i], x.e[i], y.e[i]));
  return IArray(s, dt, std::move(out));
}

IArray IArray::eq(const IArray& o) const { return compare(*this, o, equal); }
IArray IArray::ne(const IArray& o) const {
  return compare(*this, o, [](const Bound& a, const Bound& b) { return not_of(equal(a, b)); });
}
IArray IArray::lt(const IArray& o) const { return compare(*this, o, less); }
IArray IArray::le(const IArray& o) const { return compare(*this, o, less_equal); }
IArray IArray::gt(const IArray& o) const { return compare(o, *this, less); }
IArray IArray::ge(const IArray& o) const { return compare(o, *this, less_equal); }
IArray IArray::logical_and(const IArray& o) const {
  return zip(astype(DType::Bool), o.astype(DType::Bool), DType::Bool, both);
}
IArray IArray::logical_or(const IArray& o) const {
  return zip(astype(DType::Bool), o.astype(DType::Bool), DType::Bool, either);
}
IArray IArray::logical_not() const { return map(astype(DType::Bool), DType::Bool, not_of); }
IArray IArray::astype(DType to) const {
  if (to == dtype) return *this;
  return map(*this, to, [&](const Bound& b) { return cast(b, dtype, to); });
}

IArray IArray::bitcast(DType to) const {
  return map(*this, to, [&](const Bound& b) {
    if (!b.is_exact()) return Bound::unknown();
    uint64_t bits = 0;
    ingot::store_from_double(&bits, dtype, 0, b.v);
    double v = ingot::load_as_double(&bits, to, 0);
    if (std::isnan(v)) return Bound::unknown();
    // A 64-bit integer past 2^53 is not exact in float64: round_to makes it unknown.
    return ingot::is_int(to) ? round_to(Bound::exact(v), to, {}) : Bound::exact(v);
  });
}

IArray operator+(const IArray& a, const IArray& b) { return arith_rounded(a, b, add); }
IArray operator-(const IArray& a, const IArray& b) { return arith_rounded(a, b, sub); }
IArray operator*(const IArray& a, const IArray& b) { return arith_rounded(a, b, mul); }
IArray operator/(const IArray& a, const IArray& b) {
  DType dt = float_result(promote_types(a.dtype, b.dtype));
  return zip(a.astype(dt), b.astype(dt), dt, [&](const Bound& x, const Bound& y) {
    return round_to(div(x, y), dt, division_slack(x));
  });
}
IArray operator+(const IArray& a, double b) { return a + IArray::scalar_like(a, b); }
IArray operator-(const IArray& a, double b) { return a - IArray::scalar_like(a, b); }
IArray operator*(const IArray& a, double b) { return a * IArray::scalar_like(a, b); }
IArray operator/(const IArray& a, double b) { return a / IArray::scalar_like(a, b); }
IArray operator+(double a, const IArray& b) { return IArray::scalar_like(b, a) + b; }
IArray operator-(double a, const IArray& b) { return IArray::scalar_like(b, a) - b; }
IArray operator*(double a, const IArray& b) { return IArray::scalar_like(b, a) * b; }
IArray operator/(double a, const IArray& b) { return IArray::scalar_like(b, a) / b; }

}  // namespace fuzz
