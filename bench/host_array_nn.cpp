// The float64 references of the suite's rows for ingot's own ops (nn::conv2d, cumsum,
// take_along_axis, embedding), written as plain loops over row-major values.
#include <fmt/core.h>

#include "host_array.hpp"
#include "ingot/error.hpp"

namespace ingot::bench {

HostArray HostArray::conv2d(const HostArray& weight, int64_t padding) const {
  const Shape& w = weight.shape();
  if (ndim() != 4 || weight.ndim() != 4 || w[1] != shape_[1])
    throw ArgumentError("host reference: conv2d of an input and weight that do not match");
  const int64_t n = shape_[0], c = shape_[1], h = shape_[2], wd = shape_[3];
  const int64_t o = w[0], kh = w[2], kw = w[3];
  const int64_t oh = h + 2 * padding - kh + 1, ow = wd + 2 * padding - kw + 1;
  std::vector<double> out(size_t(n * o * oh * ow), 0.0);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t f = 0; f < o; ++f)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t x = 0; x < ow; ++x) {
          double total = 0;
          for (int64_t ch = 0; ch < c; ++ch)
            for (int64_t i = 0; i < kh; ++i)
              for (int64_t j = 0; j < kw; ++j) {
                const int64_t yy = y + i - padding, xx = x + j - padding;
                if (yy < 0 || yy >= h || xx < 0 || xx >= wd) continue;
                total += values_[size_t(((b * c + ch) * h + yy) * wd + xx)] *
                         weight.values()[size_t(((f * c + ch) * kh + i) * kw + j)];
              }
          out[size_t(((b * o + f) * oh + y) * ow + x)] = total;
        }
  return HostArray({n, o, oh, ow}, std::move(out));
}

HostArray HostArray::cumsum(int axis) const {
  if (axis < 0) axis += ndim();
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d) outer *= shape_[size_t(d)];
  for (int d = axis + 1; d < ndim(); ++d) inner *= shape_[size_t(d)];
  const int64_t extent = shape_[size_t(axis)];
  std::vector<double> out(values_);
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t i = 0; i < inner; ++i)
      for (int64_t k = 1; k < extent; ++k)
        out[size_t((a * extent + k) * inner + i)] += out[size_t((a * extent + k - 1) * inner + i)];
  return HostArray(shape_, std::move(out));
}

HostArray HostArray::take_along_axis(const HostArray& idx, int axis) const {
  if (axis < 0) axis += ndim();
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d) outer *= shape_[size_t(d)];
  for (int d = axis + 1; d < ndim(); ++d) inner *= shape_[size_t(d)];
  const int64_t from = shape_[size_t(axis)], to = idx.shape()[size_t(axis)];
  std::vector<double> out(size_t(outer * to * inner));
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t k = 0; k < to; ++k)
      for (int64_t i = 0; i < inner; ++i) {
        const auto at = int64_t(idx.values()[size_t((a * to + k) * inner + i)]);
        if (at < 0 || at >= from)
          throw ArgumentError(fmt::format("host reference: index {} of an axis of {}", at, from));
        out[size_t((a * to + k) * inner + i)] = values_[size_t((a * from + at) * inner + i)];
      }
  return HostArray(idx.shape(), std::move(out));
}

HostArray HostArray::embedding(const HostArray& weight, const HostArray& idx) {
  const int64_t rows = weight.shape()[0], dim = weight.shape()[1];
  std::vector<double> out;
  out.reserve(idx.values().size() * size_t(dim));
  for (double v : idx.values()) {
    const auto row = int64_t(v);
    if (row < 0 || row >= rows)
      throw ArgumentError(fmt::format("host reference: embedding row {} of {}", row, rows));
    out.insert(out.end(), weight.values().begin() + row * dim,
               weight.values().begin() + (row + 1) * dim);
  }
  Shape shape = idx.shape();
  shape.push_back(dim);
  return HostArray(shape, std::move(out));
}

}  // namespace ingot::bench
