#include "host_array.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "ingot/error.hpp"

namespace ingot::bench {
namespace {

using Index = std::vector<int64_t>;

int64_t count(const Shape& shape) {
  return std::accumulate(shape.begin(), shape.end(), int64_t(1), std::multiplies<>());
}

int normalized(int axis, int ndim) {
  if (axis < -ndim || axis >= std::max(ndim, 1))
    throw ArgumentError(fmt::format("host reference: axis {} of a {}-D array", axis, ndim));
  return axis < 0 ? axis + ndim : axis;
}

// Row-major offset of `index` in `shape`, reading an axis of extent 1 at 0 whatever the
// index: the broadcasting rule, with `index` aligned to the trailing axes.
int64_t offset(const Shape& shape, const Index& index) {
  int64_t at = 0;
  size_t skip = index.size() - shape.size();
  for (size_t d = 0; d < shape.size(); ++d)
    at = at * shape[d] + (shape[d] == 1 ? 0 : index[skip + d]);
  return at;
}

// An array of `shape` whose element at each index is `source(index)`.
template <class Source>
HostArray gather(const Shape& shape, Source source) {
  std::vector<double> values(size_t(count(shape)));
  Index index(shape.size(), 0);
  for (double& value : values) {
    value = source(index);
    for (int d = int(shape.size()) - 1; d >= 0 && ++index[size_t(d)] == shape[size_t(d)]; --d)
      index[size_t(d)] = 0;
  }
  return HostArray(shape, std::move(values));
}

Shape broadcast_shape(const Shape& a, const Shape& b) {
  Shape out(std::max(a.size(), b.size()));
  for (size_t i = 0; i < out.size(); ++i) {
    int64_t x = i < out.size() - a.size() ? 1 : a[i - (out.size() - a.size())];
    int64_t y = i < out.size() - b.size() ? 1 : b[i - (out.size() - b.size())];
    if (x != y && x != 1 && y != 1)
      throw ArgumentError(fmt::format("host reference: shapes [{}] and [{}] do not broadcast",
                                      fmt::join(a, ", "), fmt::join(b, ", ")));
    out[i] = x == 1 ? y : x;
  }
  return out;
}

template <class F>
HostArray binary(const HostArray& a, const HostArray& b, F f) {
  return gather(broadcast_shape(a.shape(), b.shape()), [&](const Index& i) {
    return f(a.values()[size_t(offset(a.shape(), i))], b.values()[size_t(offset(b.shape(), i))]);
  });
}

HostArray scalar(double value) { return HostArray({}, {value}); }

std::vector<bool> reduced_axes(const std::vector<int>& axes, int ndim) {
  std::vector<bool> reduced(size_t(ndim), axes.empty());
  for (int axis : axes) reduced[size_t(normalized(axis, ndim))] = true;
  return reduced;
}

}  // namespace

HostArray::HostArray(Shape shape, std::vector<double> values)
    : shape_(std::move(shape)), values_(std::move(values)) {
  if (int64_t(values_.size()) != count(shape_))
    throw ArgumentError(fmt::format("host reference: {} values for shape [{}]", values_.size(),
                                    fmt::join(shape_, ", ")));
}

HostArray HostArray::of(const Tensor& tensor) {
  return HostArray(tensor.shape(), tensor.to_vector<double>());
}

int64_t HostArray::size(int axis) const { return shape_[size_t(normalized(axis, ndim()))]; }

template <class F>
HostArray HostArray::map(F f) const {
  std::vector<double> out(values_.size());
  std::transform(values_.begin(), values_.end(), out.begin(), f);
  return HostArray(shape_, std::move(out));
}

HostArray HostArray::exp() const {
  return map([](double x) { return std::exp(x); });
}
HostArray HostArray::log() const {
  return map([](double x) { return std::log(x); });
}
HostArray HostArray::sqrt() const {
  return map([](double x) { return std::sqrt(x); });
}
HostArray HostArray::rsqrt() const {
  return map([](double x) { return 1 / std::sqrt(x); });
}
HostArray HostArray::tanh() const {
  return map([](double x) { return std::tanh(x); });
}
HostArray HostArray::relu() const {
  return map([](double x) { return std::max(x, 0.0); });
}
HostArray HostArray::sigmoid() const {
  return map([](double x) { return 1 / (1 + std::exp(-x)); });
}
HostArray HostArray::abs() const {
  return map([](double x) { return std::abs(x); });
}
HostArray HostArray::square() const {
  return map([](double x) { return x * x; });
}
HostArray HostArray::gelu() const {
  return map([](double x) {
    return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
  });
}
HostArray HostArray::maximum(const HostArray& other) const {
  return binary(*this, other, [](double x, double y) { return std::max(x, y); });
}

template <class Combine>
HostArray HostArray::reduce(const std::vector<int>& axes, bool keepdim, double start,
                            Combine combine) const {
  std::vector<bool> reduced = reduced_axes(axes, ndim());
  Shape kept = shape_;
  for (size_t d = 0; d < kept.size(); ++d)
    if (reduced[d]) kept[d] = 1;
  std::vector<double> out(size_t(count(kept)), start);
  gather(shape_, [&](const Index& i) {
    double& slot = out[size_t(offset(kept, i))];
    slot = combine(slot, values_[size_t(offset(shape_, i))]);
    return 0.0;
  });
  HostArray result(kept, std::move(out));
  if (keepdim) return result;
  Shape dropped;
  for (size_t d = 0; d < kept.size(); ++d)
    if (!reduced[d]) dropped.push_back(shape_[d]);
  return result.reshape(dropped);
}

HostArray HostArray::sum(const std::vector<int>& axes, bool keepdim) const {
  return reduce(axes, keepdim, 0.0, std::plus<>());
}
HostArray HostArray::max(const std::vector<int>& axes, bool keepdim) const {
  return reduce(axes, keepdim, -std::numeric_limits<double>::infinity(),
                [](double a, double b) { return std::max(a, b); });
}
HostArray HostArray::mean(const std::vector<int>& axes, bool keepdim) const {
  HostArray total = sum(axes, keepdim);
  return total * (double(total.values_.size()) / double(values_.size()));
}
HostArray HostArray::var(const std::vector<int>& axes, bool keepdim, int correction) const {
  HostArray squares = (*this - mean(axes, true)).square().sum(axes, keepdim);
  double n = double(values_.size()) / double(squares.values_.size());
  return squares / (n - correction);
}
HostArray HostArray::std(const std::vector<int>& axes, bool keepdim, int correction) const {
  return var(axes, keepdim, correction).sqrt();
}
HostArray HostArray::argmax(std::optional<int> axis, bool keepdim) const {
  if (!axis) return reshape({count(shape_)}).argmax(0, keepdim);
  int a = normalized(*axis, ndim());
  Shape kept = shape_;
  kept[size_t(a)] = 1;
  HostArray result = gather(kept, [&](Index i) {
    int64_t best = 0;
    double peak = -std::numeric_limits<double>::infinity();
    for (int64_t k = 0; k < shape_[size_t(a)]; ++k) {
      i[size_t(a)] = k;
      double v = values_[size_t(offset(shape_, i))];
      if (v > peak) peak = v, best = k;  // the first maximum, as ingot and PyTorch
    }
    return double(best);
  });
  if (keepdim) return result;
  kept.erase(kept.begin() + a);
  return result.reshape(kept);
}
HostArray HostArray::softmax(int axis) const {
  HostArray e = (*this - max({axis}, true)).exp();
  return e / e.sum({axis}, true);
}
HostArray HostArray::log_softmax(int axis) const {
  HostArray shifted = *this - max({axis}, true);
  return shifted - shifted.exp().sum({axis}, true).log();
}

HostArray HostArray::reshape(const Shape& shape) const {
  Shape out = shape;
  auto free = std::find(out.begin(), out.end(), -1);
  if (free != out.end()) *free = 1, *free = count(shape_) / count(out);
  return HostArray(out, values_);
}
HostArray HostArray::permute(const std::vector<int>& order) const {
  Shape out(order.size());
  for (size_t d = 0; d < order.size(); ++d) out[d] = shape_[size_t(normalized(order[d], ndim()))];
  return gather(out, [&](const Index& i) {
    Index source(i.size());
    for (size_t d = 0; d < order.size(); ++d) source[size_t(normalized(order[d], ndim()))] = i[d];
    return values_[size_t(offset(shape_, source))];
  });
}
HostArray HostArray::transpose(int a, int b) const {
  std::vector<int> order(static_cast<size_t>(ndim()));
  std::iota(order.begin(), order.end(), 0);
  std::swap(order[size_t(normalized(a, ndim()))], order[size_t(normalized(b, ndim()))]);
  return permute(order);
}
HostArray HostArray::expand(const Shape& shape) const {
  Shape out = shape;
  for (size_t d = 0; d < out.size(); ++d)
    if (out[d] == -1) out[d] = shape_[d - (out.size() - shape_.size())];
  return gather(out, [&](const Index& i) { return values_[size_t(offset(shape_, i))]; });
}
HostArray HostArray::pad(const std::vector<std::pair<int64_t, int64_t>>& pads, double value) const {
  Shape out = shape_;
  for (size_t d = 0; d < pads.size(); ++d) out[d] += pads[d].first + pads[d].second;
  return gather(out, [&](Index i) {
    for (size_t d = 0; d < pads.size(); ++d) {
      i[d] -= pads[d].first;
      if (i[d] < 0 || i[d] >= shape_[d]) return value;
    }
    return values_[size_t(offset(shape_, i))];
  });
}
HostArray HostArray::slice(const std::vector<Slice>& slices) const {
  Shape out = shape_;
  std::vector<int64_t> first(slices.size()), step(slices.size());
  for (size_t d = 0; d < slices.size(); ++d) {
    const int64_t n = shape_[d];
    auto bound = [n](int64_t b) { return b < 0 ? b + n : b; };
    step[d] = slices[d].step;
    int64_t start = slices[d].start ? bound(*slices[d].start) : step[d] > 0 ? 0 : n - 1;
    int64_t stop = slices[d].stop ? bound(*slices[d].stop) : step[d] > 0 ? n : -1;
    first[d] = start;
    out[d] = std::max<int64_t>(0, (stop - start + step[d] - (step[d] > 0 ? 1 : -1)) / step[d]);
  }
  return gather(out, [&](Index i) {
    for (size_t d = 0; d < slices.size(); ++d) i[d] = first[d] + i[d] * step[d];
    return values_[size_t(offset(shape_, i))];
  });
}
HostArray HostArray::unsqueeze(int axis) const {
  Shape out = shape_;
  out.insert(out.begin() + normalized(axis, ndim() + 1), 1);
  return HostArray(out, values_);
}
HostArray HostArray::cat(const std::vector<HostArray>& arrays, int axis) {
  const int a = normalized(axis, arrays.at(0).ndim());
  Shape out = arrays[0].shape_;
  out[size_t(a)] = 0;
  std::vector<int64_t> starts;
  for (const HostArray& x : arrays) starts.push_back(out[size_t(a)]), out[size_t(a)] += x.size(a);
  return gather(out, [&](Index i) {
    size_t k =
        size_t(std::upper_bound(starts.begin(), starts.end(), i[size_t(a)]) - starts.begin() - 1);
    i[size_t(a)] -= starts[k];
    return arrays[k].values_[size_t(offset(arrays[k].shape_, i))];
  });
}
HostArray HostArray::stack(const std::vector<HostArray>& arrays, int axis) {
  std::vector<HostArray> grown;
  for (const HostArray& x : arrays) grown.push_back(x.unsqueeze(axis));
  return cat(grown, axis);
}
HostArray HostArray::conv2d(const HostArray& weight, int64_t padding) const {
  const Shape& w = weight.shape_;
  if (ndim() != 4 || weight.ndim() != 4 || w[1] != shape_[1])
    throw ArgumentError(fmt::format("host reference: conv2d of [{}] by [{}]",
                                    fmt::join(shape_, ", "), fmt::join(w, ", ")));
  const Shape out = {shape_[0], w[0], shape_[2] + 2 * padding - w[2] + 1,
                     shape_[3] + 2 * padding - w[3] + 1};
  return gather(out, [&](const Index& i) {
    double total = 0;
    for (int64_t c = 0; c < w[1]; ++c)
      for (int64_t ky = 0; ky < w[2]; ++ky)
        for (int64_t kx = 0; kx < w[3]; ++kx) {
          const int64_t y = i[2] + ky - padding, x = i[3] + kx - padding;
          if (y >= 0 && y < shape_[2] && x >= 0 && x < shape_[3])
            total += values_[size_t(offset(shape_, {i[0], c, y, x}))] *
                     weight.values_[size_t(offset(w, {i[1], c, ky, kx}))];
        }
    return total;
  });
}
HostArray HostArray::cumsum(int axis) const {
  const int a = normalized(axis, ndim());
  return gather(shape_, [&](Index i) {
    double total = 0;
    for (int64_t k = i[size_t(a)]; k >= 0; --k) {
      i[size_t(a)] = k;
      total += values_[size_t(offset(shape_, i))];
    }
    return total;
  });
}
namespace {
// `idx`'s value at index i, checked to be an index into an axis of `extent`.
int64_t index_at(const HostArray& idx, const Index& i, int64_t extent) {
  const auto at = int64_t(idx.values()[size_t(offset(idx.shape(), i))]);
  if (at < 0 || at >= extent)
    throw ArgumentError(fmt::format("host reference: index {} of an axis of {}", at, extent));
  return at;
}
}  // namespace
HostArray HostArray::take_along_axis(const HostArray& idx, int axis) const {
  const int a = normalized(axis, ndim());
  return gather(idx.shape_, [&](Index i) {
    i[size_t(a)] = index_at(idx, i, shape_[size_t(a)]);
    return values_[size_t(offset(shape_, i))];
  });
}
HostArray HostArray::embedding(const HostArray& weight, const HostArray& idx) {
  Shape out = idx.shape_;
  out.push_back(weight.size(-1));
  return gather(out, [&](const Index& i) {
    const Index row(i.begin(), i.end() - 1);
    return weight
        .values_[size_t(offset(weight.shape_, {index_at(idx, row, weight.size(0)), i.back()}))];
  });
}
HostArray HostArray::matmul(const HostArray& other) const {
  // A vector operand is a matrix of one row (left) or one column (right), dropped after.
  if (ndim() == 1)
    return unsqueeze(0).matmul(other).reshape([&] {
      Shape s = other.ndim() == 1 ? Shape{} : other.shape_;
      if (!s.empty()) s.erase(s.end() - 2);
      return s;
    }());
  if (other.ndim() == 1) {
    Shape s = shape_;
    s.pop_back();
    return matmul(other.unsqueeze(1)).reshape(s);
  }
  const int64_t m = size(-2), k = size(-1), n = other.size(-1);
  if (other.size(-2) != k)
    throw ArgumentError(fmt::format("host reference: matmul of [{}] and [{}]",
                                    fmt::join(shape_, ", "), fmt::join(other.shape_, ", ")));
  Shape batch = broadcast_shape(Shape(shape_.begin(), shape_.end() - 2),
                                Shape(other.shape_.begin(), other.shape_.end() - 2));
  Shape out = batch;
  out.push_back(m);
  out.push_back(n);
  return gather(out, [&](const Index& i) {
    Index left(i), right(i);
    double total = 0;
    for (int64_t p = 0; p < k; ++p) {
      left.back() = p;
      right[right.size() - 2] = p;
      total += values_[size_t(offset(shape_, left))] *
               other.values_[size_t(offset(other.shape_, right))];
    }
    return total;
  });
}

HostArray operator+(const HostArray& a, const HostArray& b) { return binary(a, b, std::plus<>()); }
HostArray operator-(const HostArray& a, const HostArray& b) { return binary(a, b, std::minus<>()); }
HostArray operator*(const HostArray& a, const HostArray& b) {
  return binary(a, b, std::multiplies<>());
}
HostArray operator/(const HostArray& a, const HostArray& b) {
  return binary(a, b, std::divides<>());
}
HostArray operator+(const HostArray& a, double b) { return a + scalar(b); }
HostArray operator-(const HostArray& a, double b) { return a - scalar(b); }
HostArray operator*(const HostArray& a, double b) { return a * scalar(b); }
HostArray operator/(const HostArray& a, double b) { return a / scalar(b); }
HostArray operator+(double a, const HostArray& b) { return scalar(a) + b; }
HostArray operator-(double a, const HostArray& b) { return scalar(a) - b; }
HostArray operator*(double a, const HostArray& b) { return scalar(a) * b; }
HostArray operator/(double a, const HostArray& b) { return scalar(a) / b; }

}  // namespace ingot::bench
