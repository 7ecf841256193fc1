// The workload bench's float64 reference: a plain n-dimensional array on the host with
// the subset of ingot::Tensor's methods the workloads use, under the same names, so one
// workload description (a generic lambda) runs on ingot and on this reference alike.
// Every method is a direct loop in double, independent of ingot's scheduler and codegen.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "ingot/dtype.hpp"
#include "ingot/shape.hpp"
#include "ingot/tensor.hpp"

namespace ingot::bench {

class HostArray {
 public:
  HostArray() = default;
  HostArray(Shape shape, std::vector<double> values);
  // The values of a tensor, read as float64.
  static HostArray of(const Tensor& tensor);

  const Shape& shape() const { return shape_; }
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t size(int axis) const;
  const std::vector<double>& values() const { return values_; }

  HostArray exp() const;
  HostArray log() const;
  HostArray sqrt() const;
  HostArray rsqrt() const;
  HostArray tanh() const;
  HostArray relu() const;
  HostArray sigmoid() const;
  HostArray gelu() const;  // the tanh form, as ingot's
  HostArray abs() const;
  HostArray square() const;
  HostArray maximum(const HostArray& other) const;
  // Values are kept in double: a workload's casts only bound the tolerance.
  HostArray astype(DType) const { return *this; }
  HostArray contiguous() const { return *this; }

  HostArray sum(const std::vector<int>& axes = {}, bool keepdim = false) const;
  HostArray max(const std::vector<int>& axes = {}, bool keepdim = false) const;
  HostArray mean(const std::vector<int>& axes = {}, bool keepdim = false) const;
  HostArray var(const std::vector<int>& axes = {}, bool keepdim = false, int correction = 1) const;
  HostArray std(const std::vector<int>& axes = {}, bool keepdim = false, int correction = 1) const;
  HostArray argmax(std::optional<int> axis = std::nullopt, bool keepdim = false) const;
  HostArray softmax(int axis = -1) const;
  HostArray log_softmax(int axis = -1) const;

  HostArray reshape(const Shape& shape) const;
  HostArray permute(const std::vector<int>& order) const;
  HostArray transpose(int a = -2, int b = -1) const;
  HostArray expand(const Shape& shape) const;
  HostArray pad(const std::vector<std::pair<int64_t, int64_t>>& pads, double value = 0) const;
  HostArray slice(const std::vector<Slice>& slices) const;
  HostArray unsqueeze(int axis) const;
  static HostArray cat(const std::vector<HostArray>& arrays, int axis = 0);
  static HostArray stack(const std::vector<HostArray>& arrays, int axis = 0);
  HostArray matmul(const HostArray& other) const;
  // This [N, C, H, W] convolved with `weight` [O, C, kh, kw], stride 1,
  // `padding` zeros on each side; running sums; NumPy's take_along_axis (indices of the
  // same rank, equal extents on the other axes); rows of `weight` looked up by `idx`.
  HostArray conv2d(const HostArray& weight, int64_t padding) const;
  HostArray cumsum(int axis) const;
  HostArray take_along_axis(const HostArray& idx, int axis) const;
  static HostArray embedding(const HostArray& weight, const HostArray& idx);

 private:
  template <class F>
  HostArray map(F f) const;
  template <class Combine>
  HostArray reduce(const std::vector<int>& axes, bool keepdim, double start, Combine combine) const;
  Shape shape_;
  std::vector<double> values_;
};

HostArray operator+(const HostArray& a, const HostArray& b);
HostArray operator-(const HostArray& a, const HostArray& b);
HostArray operator*(const HostArray& a, const HostArray& b);
HostArray operator/(const HostArray& a, const HostArray& b);
HostArray operator+(const HostArray& a, double b);
HostArray operator-(const HostArray& a, double b);
HostArray operator*(const HostArray& a, double b);
HostArray operator/(const HostArray& a, double b);
HostArray operator+(double a, const HostArray& b);
HostArray operator-(double a, const HostArray& b);
HostArray operator*(double a, const HostArray& b);
HostArray operator/(double a, const HostArray& b);

}  // namespace ingot::bench
