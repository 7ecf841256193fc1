// One element of the fuzzer's reference: the float64 value of the program's mathematics
// and the closed interval in which every right answer of a device lies. An operation maps
// its operands' intervals to the interval of all its exact results (interval arithmetic),
// then widens it by what its element type and the operation may lose: the rounding of the
// type (in units of its epsilon), the error documented for the device functions that
// compute it, and a flush of subnormals to zero. So the tolerance of a result is derived
// from the operations that made it, never a loose constant.
//
// Where an operation is discontinuous inside its operand's interval (a comparison of two
// overlapping intervals, a cast to an integer across a step, log across 0), no single
// answer is right: the element becomes "unknown" and anything is accepted there, and for
// everything computed from it.
#pragma once

#include <cstdint>

#include "ingot/dtype.hpp"

namespace fuzz {

using ingot::DType;

struct Bound {
  double v = 0;   // the value in float64 (NaN where the answer must be NaN)
  double lo = 0;  // every right answer lies in [lo, hi]
  double hi = 0;

  static Bound exact(double x) { return {x, x, x}; }
  static Bound unknown();
  bool is_unknown() const;
  bool is_exact() const { return lo == hi && v == lo; }
  bool is_nan() const;  // the answer must be NaN
  bool accepts(double got) const;
  double magnitude() const;  // the largest |x| in the interval
};

// What an operation may lose beyond exact rounding, in epsilons of its result type: `rel`
// scales with the result, `abs` does not.
struct Slack {
  double rel = 1;
  double abs = 0;
  // Results that are representable stay exact (IEEE add, sub, mul, neg, casts).
  bool exact_when_representable = false;
};

double epsilon_of(DType dtype);     // the spacing of the type's values at 1
double max_finite_of(DType dtype);  // the largest finite value of a float type
double min_normal_of(DType dtype);  // the smallest normal value of a float type
// Rounds the interval of exact results to `dtype`: integers wrap (exact operands only),
// floats widen by `slack` and overflow to infinity.
Bound round_to(const Bound& exact, DType dtype, Slack slack);

// Exact images (before rounding) of the elementwise mathematics.
Bound neg(const Bound& x);
Bound abs(const Bound& x);
Bound sqrt(const Bound& x);
Bound reciprocal(const Bound& x);
Bound exp(const Bound& x);
Bound exp2(const Bound& x);
Bound log(const Bound& x);
Bound log2(const Bound& x);
Bound sin(const Bound& x);
Bound cos(const Bound& x);
Bound tanh(const Bound& x);
Bound add(const Bound& a, const Bound& b);
Bound sub(const Bound& a, const Bound& b);
Bound mul(const Bound& a, const Bound& b);
Bound div(const Bound& a, const Bound& b);
Bound pow(const Bound& a, const Bound& b);
// NaN-propagating maximum and minimum, as PyTorch's.
Bound maximum(const Bound& a, const Bound& b);
Bound minimum(const Bound& a, const Bound& b);

// Comparisons give exact 0/1, or unknown where the intervals overlap. NaN compares false
// (not-equal true).
Bound less(const Bound& a, const Bound& b);
Bound less_equal(const Bound& a, const Bound& b);
Bound equal(const Bound& a, const Bound& b);
// Truth of a value as a cast to bool sees it: x != 0, NaN true.
Bound truth(const Bound& x);
// The then-or-else choice; an unknown condition gives the union of both intervals.
Bound select(const Bound& cond, const Bound& a, const Bound& b);
// A cast between element types (saturating from float to integer, NaN to 0).
Bound cast(const Bound& x, DType from, DType to);

}  // namespace fuzz
