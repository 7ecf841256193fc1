// NumPy-style text for a tensor: nested brackets, aligned columns, and "..." in place
// of the middle of long axes once the tensor has more than 1000 elements.
#include <fmt/format.h>

#include <cmath>

#include "tensor/frontend.hpp"

namespace ingot {

namespace {

constexpr int64_t kSummarizeAbove = 1000;
constexpr int64_t kEdgeItems = 3;

struct Printer {
  const std::vector<double>& values;
  const Shape& shape;
  DType dtype;
  bool summarize;
  size_t width = 0;
  bool all_integral = true;

  std::string format(double v) const {
    if (dtype == DType::Bool) return v != 0 ? "True" : "False";
    if (!is_float(dtype)) return fmt::format("{}", static_cast<long long>(v));
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (all_integral && std::fabs(v) < 1e16) return fmt::format("{:.0f}.", v);
    return fmt::format("{:.6g}", v);
  }

  bool shown(int64_t i, int64_t n) const {
    return !summarize || n <= 2 * kEdgeItems || i < kEdgeItems || i >= n - kEdgeItems;
  }

  void measure(size_t axis, int64_t offset, int64_t stride) {
    if (axis == shape.size()) {
      width = std::max(width, format(values[offset]).size());
      return;
    }
    int64_t n = shape[axis], inner = stride / std::max<int64_t>(n, 1);
    for (int64_t i = 0; i < n; ++i)
      if (shown(i, n)) measure(axis + 1, offset + i * inner, inner);
  }

  void emit(std::string& out, size_t axis, int64_t offset, int64_t stride) const {
    if (axis == shape.size()) {
      std::string s = format(values[offset]);
      out += std::string(width - s.size(), ' ') + s;
      return;
    }
    int64_t n = shape[axis], inner = stride / std::max<int64_t>(n, 1);
    out += '[';
    bool skipped = false;
    for (int64_t i = 0; i < n; ++i) {
      if (!shown(i, n)) {
        if (!skipped)
          out += axis + 1 == shape.size() ? " ..." : "\n" + std::string(axis + 1, ' ') + "...";
        skipped = true;
        continue;
      }
      if (i > 0) {
        out += axis + 1 == shape.size()
                   ? " "
                   : std::string(shape.size() - axis - 1, '\n') + std::string(axis + 1, ' ');
      }
      emit(out, axis + 1, offset + i * inner, inner);
    }
    out += ']';
  }
};

}  // namespace

std::string Tensor::to_string() const {
  int64_t n = numel();
  bool summarize = n > kSummarizeAbove;
  std::vector<double> values(static_cast<size_t>(n));
  if (n) read_all(values.data(), DType::Float64);
  Printer p{values, shape(), dtype(), summarize};
  for (double v : values) p.all_integral &= std::isfinite(v) ? std::floor(v) == v : true;
  if (ndim() == 0) return p.format(values[0]);
  p.measure(0, 0, n);
  std::string out;
  p.emit(out, 0, 0, n);
  return out;
}

}  // namespace ingot
