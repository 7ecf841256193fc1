// A tiny float64 NumPy-like ND array: the host reference the op suite compares ingot
// against. It is written independently of ingot (it uses only ingot's plain data types:
// Shape, DType and Slice) and mirrors the method names of ingot::Tensor, so one generic
// lambda can run the same expression on a Tensor and on a ref::Array.
//
// Every value is a double; an array has no dtype. Where the element type matters (casts,
// integer wrap-around, float16 rounding) the tests say so with astype()/round_to().
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ingot/dtype.hpp"
#include "ingot/tensor.hpp"

namespace ref {

using ingot::DType;
using ingot::Shape;
using Index = std::vector<int64_t>;

int64_t numel_of(const Shape& shape);
std::string shape_str(const Shape& shape);
// NumPy broadcasting of two shapes; throws std::invalid_argument when they do not match.
Shape broadcast_shapes(const Shape& a, const Shape& b);
// Converts `v` as a cast to `dtype` does: floats round (float16/bfloat16 to nearest even),
// integers truncate toward zero and wrap modulo 2^bits, bool is v != 0.
double cast_value(double v, DType dtype);
// Calls fn(index) for every index of `shape` in row-major order.
void for_each_index(const Shape& shape, const std::function<void(const Index&)>& fn);

class Array {
 public:
  Shape shape;
  std::vector<double> data;  // row-major

  Array() = default;
  Array(Shape shape, std::vector<double> data);
  static Array scalar(double value) { return Array({}, {value}); }
  static Array full(const Shape& shape, double value);
  // Element i (row-major) is fn(index of i).
  static Array generate(const Shape& shape, const std::function<double(const Index&)>& fn);

  int64_t numel() const { return static_cast<int64_t>(data.size()); }
  int ndim() const { return static_cast<int>(shape.size()); }
  int64_t flat(const Index& index) const;
  double at(const Index& index) const { return data[static_cast<size_t>(flat(index))]; }

  Array map(const std::function<double(double)>& fn) const;
  static Array zip(const Array& a, const Array& b, const std::function<double(double, double)>& fn);

  // ---- elementwise ----
  Array operator-() const { return neg(); }
  Array neg() const;
  Array abs() const;
  Array exp() const;
  Array exp2() const;
  Array log() const;
  Array log2() const;
  Array sqrt() const;
  Array rsqrt() const;
  Array sin() const;
  Array cos() const;
  Array tanh() const;
  Array sigmoid() const;
  Array relu() const;
  Array gelu() const;
  Array reciprocal() const;
  Array square() const;
  Array pow(const Array& exponent) const;
  Array pow(double exponent) const;
  Array maximum(const Array& o) const;
  Array minimum(const Array& o) const;
  Array clamp(std::optional<double> lo, std::optional<double> hi) const;
  static Array where(const Array& cond, const Array& a, const Array& b);
  Array eq(const Array& o) const;
  Array ne(const Array& o) const;
  Array lt(const Array& o) const;
  Array le(const Array& o) const;
  Array gt(const Array& o) const;
  Array ge(const Array& o) const;
  Array logical_and(const Array& o) const;
  Array logical_or(const Array& o) const;
  Array logical_not() const;
  Array astype(DType dtype) const;

  // ---- reductions (empty axes: all; negative axes count from the end) ----
  Array sum(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Array prod(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Array max(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Array min(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Array mean(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Array var(const std::vector<int>& axes = {}, bool keepdim = false, int correction = 1) const;
  Array std(const std::vector<int>& axes = {}, bool keepdim = false, int correction = 1) const;
  Array argmax(std::optional<int> axis = std::nullopt, bool keepdim = false) const;
  Array argmin(std::optional<int> axis = std::nullopt, bool keepdim = false) const;
  Array any(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Array all(const std::vector<int>& axes = {}, bool keepdim = false) const;

  // ---- movement ----
  Array reshape(const Shape& shape) const;
  Array permute(const std::vector<int>& order) const;
  Array transpose(int a = -2, int b = -1) const;
  Array T() const;
  Array expand(const Shape& shape) const;
  Array broadcast_to(const Shape& shape) const { return expand(shape); }
  Array pad(const std::vector<std::pair<int64_t, int64_t>>& pads, double value = 0) const;
  Array slice(const std::vector<ingot::Slice>& slices) const;
  Array flip(const std::vector<int>& axes) const;
  Array squeeze(std::optional<int> axis = std::nullopt) const;
  Array unsqueeze(int axis) const;
  Array flatten(int start = 0, int end = -1) const;
  static Array cat(const std::vector<Array>& arrays, int axis = 0);
  static Array stack(const std::vector<Array>& arrays, int axis = 0);
  Array repeat(const std::vector<int64_t>& repeats) const;
  Array contiguous() const { return *this; }

  // ---- composite ----
  Array matmul(const Array& o) const;
  Array softmax(int axis = -1) const;
  Array log_softmax(int axis = -1) const;

 private:
  // Reduces `axes` with `fn(accumulator, value)` starting from `init`.
  Array reduce(const std::vector<int>& axes, bool keepdim, double init,
               const std::function<double(double, double)>& fn) const;
  Array arg_reduce(std::optional<int> axis, bool keepdim, bool want_max) const;
};

Array operator+(const Array& a, const Array& b);
Array operator-(const Array& a, const Array& b);
Array operator*(const Array& a, const Array& b);
Array operator/(const Array& a, const Array& b);
Array operator+(const Array& a, double b);
Array operator-(const Array& a, double b);
Array operator*(const Array& a, double b);
Array operator/(const Array& a, double b);
Array operator+(double a, const Array& b);
Array operator-(double a, const Array& b);
Array operator*(double a, const Array& b);
Array operator/(double a, const Array& b);

}  // namespace ref
