// Pooling: a max or a mean over the sliding windows (windows.cpp) of the padded input.
#include <cmath>
#include <limits>
#include <string>

#include "ingot/error.hpp"
#include "nn/describe.hpp"
#include "nn/windows.hpp"

namespace ingot::nn {
using namespace detail;

namespace {

struct PoolGeometry {
  Tensor x;  // [N, C, H, W]
  Size2 stride;
};

PoolGeometry check_pool(const Tensor& input, Size2 kernel, std::optional<Size2> stride,
                        Size2 padding, Size2 dilation, const char* op) {
  PoolGeometry g{batched_image(input, op), stride.value_or(kernel)};
  check_at_least(kernel, 1, op, "kernel size");
  check_at_least(g.stride, 1, op, "stride");
  check_at_least(dilation, 1, op, "dilation");
  check_at_least(padding, 0, op, "padding");
  if (2 * padding.h > kernel.h || 2 * padding.w > kernel.w)
    throw ArgumentError(std::string(op) + ": padding (" + std::to_string(padding.h) + ", " +
                        std::to_string(padding.w) + ") must be at most half the kernel (" +
                        std::to_string(kernel.h) + ", " + std::to_string(kernel.w) + ")");
  const std::string what = "input " + nn_text::shape_text(input.shape());
  windows_along(g.x.shape()[2] + 2 * padding.h, kernel.h, g.stride.h, dilation.h, op, what);
  windows_along(g.x.shape()[3] + 2 * padding.w, kernel.w, g.stride.w, dilation.w, op, what);
  return g;
}

Tensor unbatched_like(const Tensor& input, const Tensor& out) {
  return input.ndim() == 3 ? out.squeeze(0) : out;
}

}  // namespace

Tensor max_pool2d(const Tensor& input, Size2 kernel, std::optional<Size2> stride, Size2 padding,
                  Size2 dilation) {
  PoolGeometry g = check_pool(input, kernel, stride, padding, dilation, "max_pool2d");
  // The padding never wins: -inf for floats, the lowest value for integers.
  const DType t = input.dtype();
  const double lowest = is_float(t) ? -std::numeric_limits<double>::infinity()
                        : is_signed_int(t)
                            ? -std::ldexp(1.0, 8 * static_cast<int>(dtype_size(t)) - 1)
                            : 0.0;
  Tensor padded = pad_spatial(g.x, padding.h, padding.h, padding.w, padding.w, lowest);
  return unbatched_like(input, sliding_windows(padded, kernel, g.stride, dilation).max({-2, -1}));
}

Tensor avg_pool2d(const Tensor& input, Size2 kernel, std::optional<Size2> stride, Size2 padding,
                  bool count_include_pad) {
  PoolGeometry g = check_pool(input, kernel, stride, padding, 1, "avg_pool2d");
  auto windows_of = [&](const Tensor& t) {
    return sliding_windows(pad_spatial(t, padding.h, padding.h, padding.w, padding.w), kernel,
                           g.stride, 1);
  };
  Tensor sums = windows_of(g.x).sum({-2, -1});
  const DType dt = float_result(input.dtype());
  if (count_include_pad)
    return unbatched_like(input, sums.astype(dt) / static_cast<double>(kernel.h * kernel.w));
  // Each window's count of input elements: the same windows over ones.
  Shape image = {g.x.shape()[2], g.x.shape()[3]};
  Tensor counts = windows_of(Tensor::ones(image, dt, input.device())).sum({-2, -1});
  return unbatched_like(input, sums.astype(dt) / counts);
}

}  // namespace ingot::nn
