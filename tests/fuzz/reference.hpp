// The fuzzer's reference: an array of Bounds (bound.hpp) with the element type ingot's
// rules give each result, and the method names of ingot::Tensor so that one interpreter
// (evaluate.hpp) runs a program on either. It is written apart from ingot: it shares only
// the public dtype rules (promote_types and friends, docs/dtypes.md) and the op suite's
// float64 index maps for movement (tests/support/reference.hpp).
//
// Each operation states what it may lose (the Slack table in reference.cpp): exact IEEE
// rounding for + - *, a few epsilons for division and square roots, and for the device
// math functions the error their documentation allows, growing with the argument where
// the function's condition does (exp, sin and cos of large arguments).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fuzz/bound.hpp"
#include "ingot/tensor.hpp"
#include "support/reference.hpp"

namespace fuzz {

using ingot::Shape;

class IArray {
 public:
  Shape shape;
  DType dtype = DType::Float32;
  std::vector<Bound> e;  // row-major

  IArray() = default;
  IArray(Shape shape, DType dtype, std::vector<Bound> elements);
  // Values stored exactly in `dtype` (they must be representable).
  static IArray exact(const Shape& shape, DType dtype, const std::vector<double>& values);
  static IArray full(const Shape& shape, DType dtype, double value);
  static IArray arange(double start, double stop, double step, DType dtype);
  static IArray linspace(double start, double stop, int64_t steps, DType dtype);
  static IArray eye(int64_t n, int64_t m, DType dtype);
  // A 0-d constant as ingot makes one for `t op value` (promote_with_scalar).
  static IArray scalar_like(const IArray& t, double value);

  int64_t numel() const { return static_cast<int64_t>(e.size()); }
  int ndim() const { return static_cast<int>(shape.size()); }

  // ---- elementwise ----
  IArray neg() const;
  IArray abs() const;
  IArray exp() const;
  IArray exp2() const;
  IArray log() const;
  IArray log2() const;
  IArray sqrt() const;
  IArray rsqrt() const;
  IArray sin() const;
  IArray cos() const;
  IArray tanh() const;
  IArray sigmoid() const;
  IArray relu() const;
  IArray gelu() const;
  IArray reciprocal() const;
  IArray square() const;
  IArray pow(const IArray& exponent) const;
  IArray pow(double exponent) const { return pow(scalar_like(*this, exponent)); }
  IArray maximum(const IArray& o) const;
  IArray minimum(const IArray& o) const;
  IArray clamp(std::optional<double> lo, std::optional<double> hi) const;
  static IArray where(const IArray& cond, const IArray& a, const IArray& b);
  IArray eq(const IArray& o) const;
  IArray ne(const IArray& o) const;
  IArray lt(const IArray& o) const;
  IArray le(const IArray& o) const;
  IArray gt(const IArray& o) const;
  IArray ge(const IArray& o) const;
  IArray logical_and(const IArray& o) const;
  IArray logical_or(const IArray& o) const;
  IArray logical_not() const;
  IArray astype(DType dtype) const;
  // The same bytes read as another type of the same size (NaN payloads vary: unknown).
  IArray bitcast(DType dtype) const;

  // ---- reductions ----
  IArray sum(const std::vector<int>& axes = {}, bool keepdim = false) const;
  IArray prod(const std::vector<int>& axes = {}, bool keepdim = false) const;
  IArray max(const std::vector<int>& axes = {}, bool keepdim = false) const;
  IArray min(const std::vector<int>& axes = {}, bool keepdim = false) const;
  IArray mean(const std::vector<int>& axes = {}, bool keepdim = false) const;
  IArray var(const std::vector<int>& axes = {}, bool keepdim = false, int correction = 1) const;
  IArray std(const std::vector<int>& axes = {}, bool keepdim = false, int correction = 1) const;
  IArray argmax(std::optional<int> axis = std::nullopt, bool keepdim = false) const;
  IArray argmin(std::optional<int> axis = std::nullopt, bool keepdim = false) const;
  IArray any(const std::vector<int>& axes = {}, bool keepdim = false) const;
  IArray all(const std::vector<int>& axes = {}, bool keepdim = false) const;

  // ---- movement ----
  IArray reshape(const Shape& shape) const;
  IArray permute(const std::vector<int>& order) const;
  IArray transpose(int a = -2, int b = -1) const;
  IArray T() const;
  IArray expand(const Shape& shape) const;
  IArray pad(const std::vector<std::pair<int64_t, int64_t>>& pads, double value = 0) const;
  IArray slice(const std::vector<ingot::Slice>& slices) const;
  IArray flip(const std::vector<int>& axes) const;
  IArray squeeze(std::optional<int> axis = std::nullopt) const;
  IArray unsqueeze(int axis) const;
  IArray flatten(int start = 0, int end = -1) const;
  static IArray cat(const std::vector<IArray>& arrays, int axis = 0);
  static IArray stack(const std::vector<IArray>& arrays, int axis = 0);
  IArray repeat(const std::vector<int64_t>& repeats) const;
  // Reads at indices: `idx` holds exact integers in range (negative ones count from the end).
  IArray take(const IArray& idx, int axis) const;
  IArray take_along_axis(const IArray& idx, int axis) const;
  IArray contiguous() const { return *this; }

  // ---- composite ----
  IArray matmul(const IArray& o) const;
  IArray softmax(int axis = -1) const;
  IArray log_softmax(int axis = -1) const;

  // The same movement of every element: `index_map` applied to an array of flat indices
  // gives, for each result element, the index of its source (negative: `fill`).
  IArray moved(const std::function<ref::Array(const ref::Array&)>& index_map,
               Bound fill = {}) const;
  // The elements of `axes` (normalized, sorted) of each output, output by output.
  std::vector<std::vector<Bound>> groups(const std::vector<int>& axes) const;
  // Result shape of a reduction over `axes` (normalized).
  Shape reduced_shape(const std::vector<int>& axes, bool keepdim) const;
  std::vector<int> normalized_axes(const std::vector<int>& axes) const;
};

IArray operator+(const IArray& a, const IArray& b);
IArray operator-(const IArray& a, const IArray& b);
IArray operator*(const IArray& a, const IArray& b);
IArray operator/(const IArray& a, const IArray& b);
IArray operator+(const IArray& a, double b);
IArray operator-(const IArray& a, double b);
IArray operator*(const IArray& a, double b);
IArray operator/(const IArray& a, double b);
IArray operator+(double a, const IArray& b);
IArray operator-(double a, const IArray& b);
IArray operator*(double a, const IArray& b);
IArray operator/(double a, const IArray& b);

// A planted bug for checking that the fuzzer catches one: "" (none), "exp" (the reference's
// exp 1e-4 too large) or "flip" (the reference's flip rotates its first axis by one).
void plant_reference_bug(const std::string& name);

}  // namespace fuzz
