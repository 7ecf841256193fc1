#include "fuzz/bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "support/reference.hpp"

namespace fuzz {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kTwoPi = 2 * std::numbers::pi;

}  // namespace

double max_finite_of(DType dtype) {
  switch (dtype) {
    case DType::Float16:
      return 65504.0;
    case DType::BFloat16:
      return 3.3895313892515355e38;
    case DType::Float32:
      return std::numeric_limits<float>::max();
    default:
      return std::numeric_limits<double>::max();
  }
}

double min_normal_of(DType dtype) {
  switch (dtype) {
    case DType::Float16:
      return std::ldexp(1.0, -14);
    case DType::BFloat16:
    case DType::Float32:
      return std::numeric_limits<float>::min();
    default:
      return std::numeric_limits<double>::min();
  }
}

namespace {

// The absolute error a result near zero may have: float16 keeps subnormals (its smallest
// spacing), the 32-bit types may flush them to zero on GPUs (the smallest normal).
double near_zero_error(DType dtype) {
  return dtype == DType::Float16 ? std::ldexp(1.0, -24) : min_normal_of(dtype);
}

// A result from its value and the ends of its interval. A NaN anywhere means the interval
// reaches where the operation has no value: the answer is NaN only if all three are.
Bound make(double v, double lo, double hi) {
  if (std::isnan(v) || std::isnan(lo) || std::isnan(hi)) {
    if (std::isnan(v) && std::isnan(lo) && std::isnan(hi)) return Bound::exact(kNaN);
    return Bound::unknown();
  }
  return {v, std::min(lo, hi), std::max(lo, hi)};
}

// `rounded`, the float64 result of an operation whose rounding error is `error`: exact where
// float64 held the result, else the interval of its two neighbours, which holds it. A
// float64 program's results round like the reference's own arithmetic, so a device that
// fuses a multiply and an add (gcc's -ffp-contract=fast) answers the unrounded value.
Bound rounded_result(double rounded, double error) {
  if (error == 0 || !std::isfinite(rounded)) return Bound::exact(rounded);
  return {rounded, std::nextafter(rounded, -kInf), std::nextafter(rounded, kInf)};
}

// a + b for exact operands; the error by Knuth's two-sum.
Bound exact_sum(double a, double b) {
  double s = a + b, b_part = s - a;
  return rounded_result(s, (a - (s - b_part)) + (b - b_part));
}

// a * b for exact operands; the error by a fused multiply-add, unless the product is so
// small that the error itself is below float64's subnormals (then it is treated as inexact).
Bound exact_product(double a, double b) {
  double p = a * b;
  bool tiny = p != 0 && std::fabs(p) < std::ldexp(1.0, -969);
  return rounded_result(p, tiny ? 1 : std::fma(a, b, -p));
}

// The image of x under f, continuous and monotone on x's interval.
template <class F>
Bound monotone(const Bound& x, F f) {
  if (x.is_unknown()) return Bound::unknown();
  if (x.is_exact() || x.is_nan()) return Bound::exact(f(x.v));
  return make(f(x.v), f(x.lo), f(x.hi));
}

// Two operands: unknown wins, then NaN and exact operands are computed directly, then
// `interval` gives the image of the two intervals.
template <class F, class I>
Bound binary(const Bound& a, const Bound& b, F f, I interval) {
  if (a.is_unknown() || b.is_unknown()) return Bound::unknown();
  if ((a.is_exact() || a.is_nan()) && (b.is_exact() || b.is_nan()))
    return Bound::exact(f(a.v, b.v));
  if (a.is_nan() || b.is_nan()) return Bound::exact(f(a.v, b.v));
  return interval();
}

// The image of the four corners of a rectangle, for functions monotone in each operand.
template <class F>
Bound corners(const Bound& a, const Bound& b, F f) {
  double c[] = {f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo), f(a.hi, b.hi)};
  for (double x : c)
    if (std::isnan(x)) return Bound::unknown();
  return make(f(a.v, b.v), *std::min_element(c, c + 4), *std::max_element(c, c + 4));
}

bool crosses_zero(const Bound& x) { return !x.is_exact() && x.lo <= 0 && x.hi >= 0; }

// Whether some p + 2 k pi lies in [lo, hi].
bool contains_phase(double lo, double hi, double p) {
  double k = std::ceil((lo - p) / kTwoPi);
  return p + k * kTwoPi <= hi;
}

// sin and cos: the ends' images, widened to +-1 where a peak lies between them.
Bound periodic(const Bound& x, double (*f)(double), double peak) {
  if (x.is_unknown()) return Bound::unknown();
  if (x.is_exact() || x.is_nan()) return Bound::exact(f(x.v));
  if (!std::isfinite(x.lo) || !std::isfinite(x.hi)) return Bound::unknown();
  if (x.hi - x.lo >= kTwoPi) return {f(x.v), -1, 1};
  double a = f(x.lo), b = f(x.hi);
  double lo = std::min(a, b), hi = std::max(a, b);
  if (contains_phase(x.lo, x.hi, peak)) hi = 1;
  if (contains_phase(x.lo, x.hi, peak + std::numbers::pi)) lo = -1;
  return {f(x.v), lo, hi};
}

Bound zero_one(bool b) { return Bound::exact(b ? 1 : 0); }

}  // namespace

Bound Bound::unknown() { return {kNaN, -kInf, kInf}; }
bool Bound::is_unknown() const { return lo == -kInf && hi == kInf; }
bool Bound::is_nan() const { return std::isnan(v) && std::isnan(lo) && std::isnan(hi); }
bool Bound::accepts(double got) const {
  if (is_unknown()) return true;
  if (is_nan()) return std::isnan(got);
  return !std::isnan(got) && lo <= got && got <= hi;
}
double Bound::magnitude() const { return std::max(std::fabs(lo), std::fabs(hi)); }

double epsilon_of(DType dtype) {
  switch (dtype) {
    case DType::Float16:
      return std::ldexp(1.0, -10);
    case DType::BFloat16:
      return std::ldexp(1.0, -7);
    case DType::Float32:
      return std::ldexp(1.0, -23);
    case DType::Float64:
      return std::ldexp(1.0, -52);
    default:
      return 0;
  }
}

Bound round_to(const Bound& x, DType dtype, Slack slack) {
  if (x.is_unknown()) return x;
  if (!ingot::is_float(dtype)) {
    // Integers are exact or unknown; past 2^53 the float64 reference itself is not exact,
    // before the wrap (a product) or after it (a small negative as uint64).
    if (!x.is_exact()) return Bound::unknown();
    double wrapped = ref::cast_value(x.v, dtype);
    double exact_limit = std::ldexp(1.0, 53);
    if (std::fabs(x.v) > exact_limit || std::fabs(wrapped) > exact_limit) return Bound::unknown();
    return Bound::exact(wrapped);
  }
  if (x.is_nan()) return x;
  double rounded = ref::cast_value(x.v, dtype);
  if (x.is_exact() && slack.exact_when_representable && rounded == x.v) return x;
  double eps = epsilon_of(dtype), top = max_finite_of(dtype), floor = near_zero_error(dtype);
  auto widen = [&](double end, double direction) {
    if (!std::isfinite(end)) return end;
    // A relative slack of a zero end is zero, even where the slack is unbounded.
    double rel = end == 0 ? 0 : slack.rel * eps * std::fabs(end);
    double r = end + direction * (rel + slack.abs * eps + floor);
    // Past the largest finite value the type rounds to infinity; short of it, to that value.
    if (r > top) return direction > 0 ? kInf : top;
    if (r < -top) return direction < 0 ? -kInf : -top;
    return r;
  };
  return {rounded, widen(x.lo, -1), widen(x.hi, 1)};
}

Bound neg(const Bound& x) {
  return monotone(x, [](double v) { return -v; });
}
Bound abs(const Bound& x) {
  if (x.is_unknown() || x.is_exact() || x.is_nan())
    return monotone(x, [](double v) { return std::fabs(v); });
  if (x.lo >= 0) return x;
  if (x.hi <= 0) return neg(x);
  return {std::fabs(x.v), 0, std::max(-x.lo, x.hi)};
}
Bound sqrt(const Bound& x) {
  return monotone(x, [](double v) { return std::sqrt(v); });
}
Bound reciprocal(const Bound& x) {
  if (crosses_zero(x)) return Bound::unknown();
  return monotone(x, [](double v) { return 1 / v; });
}
Bound exp(const Bound& x) {
  return monotone(x, [](double v) { return std::exp(v); });
}
Bound exp2(const Bound& x) {
  return monotone(x, [](double v) { return std::exp2(v); });
}
Bound log(const Bound& x) {
  return monotone(x, [](double v) { return std::log(v); });
}
Bound log2(const Bound& x) {
  return monotone(x, [](double v) { return std::log2(v); });
}
Bound sin(const Bound& x) {
  return periodic(
      x, [](double v) { return std::sin(v); }, std::numbers::pi / 2);
}
Bound cos(const Bound& x) {
  return periodic(
      x, [](double v) { return std::cos(v); }, 0);
}
Bound tanh(const Bound& x) {
  return monotone(x, [](double v) { return std::tanh(v); });
}

Bound add(const Bound& a, const Bound& b) {
  if (a.is_exact() && b.is_exact()) return exact_sum(a.v, b.v);
  return binary(a, b, std::plus<double>(),
                [&] { return make(a.v + b.v, a.lo + b.lo, a.hi + b.hi); });
}
Bound sub(const Bound& a, const Bound& b) {
  if (a.is_exact() && b.is_exact()) return exact_sum(a.v, -b.v);
  return binary(a, b, std::minus<double>(),
                [&] { return make(a.v - b.v, a.lo - b.hi, a.hi - b.lo); });
}
Bound mul(const Bound& a, const Bound& b) {
  if (a.is_exact() && b.is_exact()) return exact_product(a.v, b.v);
  return binary(a, b, std::multiplies<double>(),
                [&] { return corners(a, b, std::multiplies<double>()); });
}
Bound div(const Bound& a, const Bound& b) {
  return binary(a, b, std::divides<double>(), [&] {
    if (crosses_zero(b)) return Bound::unknown();
    return corners(a, b, std::divides<double>());
  });
}
Bound pow(const Bound& a, const Bound& b) {
  auto f = [](double x, double y) { return std::pow(x, y); };
  return binary(a, b, f, [&] {
    // Over positive bases pow is monotone in each operand; elsewhere it jumps.
    if (a.lo <= 0) return Bound::unknown();
    return corners(a, b, f);
  });
}
Bound maximum(const Bound& a, const Bound& b) {
  auto f = [](double x, double y) {
    return std::isnan(x) || std::isnan(y) ? kNaN : std::max(x, y);
  };
  return binary(a, b, f,
                [&] { return make(f(a.v, b.v), std::max(a.lo, b.lo), std::max(a.hi, b.hi)); });
}
Bound minimum(const Bound& a, const Bound& b) {
  auto f = [](double x, double y) {
    return std::isnan(x) || std::isnan(y) ? kNaN : std::min(x, y);
  };
  return binary(a, b, f,
                [&] { return make(f(a.v, b.v), std::min(a.lo, b.lo), std::min(a.hi, b.hi)); });
}

Bound less(const Bound& a, const Bound& b) {
  if (a.is_unknown() || b.is_unknown()) return Bound::unknown();
  if (a.is_nan() || b.is_nan()) return zero_one(false);
  if (a.hi < b.lo) return zero_one(true);
  if (a.lo >= b.hi) return zero_one(false);
  if (a.is_exact() && b.is_exact()) return zero_one(a.v < b.v);
  return Bound::unknown();
}
Bound less_equal(const Bound& a, const Bound& b) {
  if (a.is_unknown() || b.is_unknown()) return Bound::unknown();
  if (a.is_nan() || b.is_nan()) return zero_one(false);
  if (a.hi <= b.lo) return zero_one(true);
  if (a.lo > b.hi) return zero_one(false);
  if (a.is_exact() && b.is_exact()) return zero_one(a.v <= b.v);
  return Bound::unknown();
}
Bound equal(const Bound& a, const Bound& b) {
  if (a.is_unknown() || b.is_unknown()) return Bound::unknown();
  if (a.is_nan() || b.is_nan()) return zero_one(false);
  if (a.is_exact() && b.is_exact()) return zero_one(a.v == b.v);
  if (a.hi < b.lo || b.hi < a.lo) return zero_one(false);
  return Bound::unknown();
}
Bound truth(const Bound& x) {
  if (x.is_unknown()) return x;
  if (x.is_nan()) return zero_one(true);
  if (x.lo > 0 || x.hi < 0) return zero_one(true);
  if (x.is_exact()) return zero_one(x.v != 0);
  return Bound::unknown();
}

Bound select(const Bound& cond, const Bound& a, const Bound& b) {
  if (!cond.is_unknown()) return cond.v != 0 ? a : b;
  if (a.is_unknown() || b.is_unknown()) return Bound::unknown();
  if (a.is_nan() || b.is_nan()) return a.is_nan() && b.is_nan() ? a : Bound::unknown();
  return {a.v, std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

Bound cast(const Bound& x, DType from, DType to) {
  if (to == DType::Bool) return truth(x);
  if (ingot::is_float(to)) return round_to(x, to, {.rel = 1, .exact_when_representable = true});
  if (!ingot::is_float(from)) return round_to(x, to, {});
  // Float to integer: toward zero, saturating at the type's ends, NaN to 0.
  if (x.is_unknown()) return x;
  if (x.is_nan()) return Bound::exact(0);
  double low = ingot::is_signed_int(to) ? -std::ldexp(1.0, 8 * ingot::dtype_size(to) - 1) : 0;
  double high = ingot::is_signed_int(to) ? std::ldexp(1.0, 8 * ingot::dtype_size(to) - 1) - 1
                                         : std::ldexp(1.0, 8 * ingot::dtype_size(to)) - 1;
  auto convert = [&](double v) { return std::clamp(std::trunc(v), low, high); };
  double a = convert(x.lo), b = convert(x.hi);
  if (a != b) return Bound::unknown();
  return round_to(Bound::exact(a), to, {});
}

}  // namespace fuzz
