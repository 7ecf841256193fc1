// Helpers of the reference's operation files: element loops with broadcasting, the
// promotion of operands, and the slack table (what each operation may lose, in epsilons
// of its result type; bound.hpp says how a slack widens a result).
#pragma once

#include "fuzz/reference.hpp"

namespace fuzz {

// + - * and casts: correctly rounded by IEEE, exact when the result is representable.
inline constexpr Slack kExact{.rel = 1, .exact_when_representable = true};
// Division, reciprocal and square root: Metal's fast math allows 2.5 ulp.
inline Slack division_slack(const Bound&) { return {.rel = 3}; }
// log, log2 and tanh: a few ulp, and an absolute error near zero (fast log2 and tanh).
inline Slack function_slack(const Bound&) { return {.rel = 4, .abs = 4}; }
// sin and cos: the range reduction's error grows with the argument.
inline Slack periodic_slack(const Bound& x) { return {.rel = 4, .abs = 4 + x.magnitude()}; }

// The planted exp error (plant_reference_bug("exp")), else the image unchanged.
Bound planted_exp(const Bound& b);
// Whether plant_reference_bug("flip") is on.
bool planted_flip();

inline Bound not_of(const Bound& b) { return b.is_unknown() ? b : Bound::exact(b.v != 0 ? 0 : 1); }
inline Bound both(const Bound& a, const Bound& b) {
  if ((!a.is_unknown() && a.v == 0) || (!b.is_unknown() && b.v == 0)) return Bound::exact(0);
  return a.is_unknown() || b.is_unknown() ? Bound::unknown() : Bound::exact(1);
}
inline Bound either(const Bound& a, const Bound& b) {
  if ((!a.is_unknown() && a.v != 0) || (!b.is_unknown() && b.v != 0)) return Bound::exact(1);
  return a.is_unknown() || b.is_unknown() ? Bound::unknown() : Bound::exact(0);
}

template <class F>
IArray map(const IArray& x, DType dtype, F f) {
  std::vector<Bound> out;
  out.reserve(x.e.size());
  for (const Bound& b : x.e) out.push_back(f(b));
  return IArray(x.shape, dtype, std::move(out));
}

// f over both operands broadcast to one shape.
template <class F>
IArray zip(const IArray& a, const IArray& b, DType dtype, F f) {
  Shape s = ref::broadcast_shapes(a.shape, b.shape);
  IArray x = a.expand(s), y = b.expand(s);
  std::vector<Bound> out;
  out.reserve(x.e.size());
  for (size_t i = 0; i < x.e.size(); ++i) out.push_back(f(x.e[i], y.e[i]));
  return IArray(s, dtype, std::move(out));
}

// Both operands promoted to their common type, then f (exact) and no rounding.
template <class F>
IArray arith(const IArray& a, const IArray& b, F f) {
  DType dt = ingot::promote_types(a.dtype, b.dtype);
  return zip(a.astype(dt), b.astype(dt), dt, f);
}
// The same, rounded to the common type like + - *.
template <class F>
IArray arith_rounded(const IArray& a, const IArray& b, F f) {
  DType dt = ingot::promote_types(a.dtype, b.dtype);
  return zip(a.astype(dt), b.astype(dt), dt,
             [&](const Bound& x, const Bound& y) { return round_to(f(x, y), dt, kExact); });
}
// A comparison in the operands' common type, giving bools.
template <class F>
IArray compare(const IArray& a, const IArray& b, F f) {
  DType dt = ingot::promote_types(a.dtype, b.dtype);
  return zip(a.astype(dt), b.astype(dt), DType::Bool, f);
}
// A float function: integer and bool operands first become float32.
template <class Image, class SlackOf>
IArray float_unary(const IArray& t, Image image, SlackOf slack) {
  IArray x = t.astype(ingot::float_result(t.dtype));
  return map(x, x.dtype, [&](const Bound& b) { return round_to(image(b), x.dtype, slack(b)); });
}

}  // namespace fuzz
