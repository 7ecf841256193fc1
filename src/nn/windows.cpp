// Sliding windows as views: each window axis is made by the repeat/reshape/shrink trick
// (a row repeated, flattened and cut into rows one dilation longer, so row i starts
// i * dilation further on), then a strided slice keeps every stride-th window. Codegen
// folds the resulting index arithmetic, so a reduction over the windows reads the input
// directly: no im2col buffer.
#include "nn/windows.hpp"

#include <vector>

#include "ingot/error.hpp"
#include "nn/describe.hpp"

namespace ingot::nn::detail {

int64_t windows_along(int64_t size, int64_t kernel, int64_t stride, int64_t dilation,
                      const char* op, const std::string& what) {
  const int64_t span = dilation * (kernel - 1) + 1;
  if (size < span)
    throw ArgumentError(std::string(op) + ": " + what + " has a spatial extent of " +
                        std::to_string(size) + " (after padding), smaller than the kernel's " +
                        "dilated extent dilation * (kernel - 1) + 1 = " + std::to_string(span));
  return (size - span) / stride + 1;
}

void check_at_least(Size2 s, int64_t least, const char* op, const char* name) {
  if (s.h < least || s.w < least)
    throw ArgumentError(std::string(op) + ": " + name + " (" + std::to_string(s.h) + ", " +
                        std::to_string(s.w) + ") must be at least " + std::to_string(least));
}

namespace {

// Slices for the axes up to `axis`, whole but for `axis` itself.
std::vector<Slice> along(int axis, Slice s) {
  std::vector<Slice> slices(static_cast<size_t>(axis) + 1);
  slices.back() = s;
  return slices;
}

}  // namespace

Tensor windows_on_axis(const Tensor& x, int axis, int64_t kernel, int64_t stride,
                       int64_t dilation) {
  const int64_t i = x.shape()[axis];
  const int64_t windows = (i - dilation * (kernel - 1) - 1) / stride + 1;
  const Slice starts{0, (windows - 1) * stride + 1, stride};
  if (kernel == 1) return x.slice(along(axis, starts)).unsqueeze(axis + 1);
  // Rows of i + dilation elements cut from the repeated row: row t is x shifted by
  // t * dilation, so its element j is x[t * dilation + j] wherever that is inside x.
  const int64_t row = i + dilation, repeats = (kernel * row + i - 1) / i;
  Shape repeated = x.shape(), rows = x.shape();
  repeated.insert(repeated.begin() + axis, repeats);
  rows[axis] = row;
  rows.insert(rows.begin() + axis, kernel);
  Shape flat = x.shape();
  flat[axis] = repeats * i;
  Tensor r = x.unsqueeze(axis).expand(repeated).reshape(flat);
  r = r.slice(along(axis, {0, kernel * row, 1})).reshape(rows);
  return r.slice(along(axis + 1, starts)).transpose(axis, axis + 1);
}

Tensor spread_spatial(const Tensor& x, Size2 stride) {
  const int n = x.ndim();
  const int64_t h = x.shape()[n - 2], w = x.shape()[n - 1];
  Shape split(x.shape().begin(), x.shape().end() - 2), merged = split;
  split.insert(split.end(), {h, 1, w, 1});
  merged.insert(merged.end(), {h * stride.h, w * stride.w});
  std::vector<std::pair<int64_t, int64_t>> pads(static_cast<size_t>(n + 2), {0, 0});
  pads[static_cast<size_t>(n - 1)] = {0, stride.h - 1};
  pads[static_cast<size_t>(n + 1)] = {0, stride.w - 1};
  std::vector<Slice> cut(static_cast<size_t>(n));
  cut[static_cast<size_t>(n - 2)] = Slice{0, (h - 1) * stride.h + 1};
  cut[static_cast<size_t>(n - 1)] = Slice{0, (w - 1) * stride.w + 1};
  return x.reshape(split).pad(pads).reshape(merged).slice(cut);
}

namespace {

// Windows of at most this many taps take their own gradient (a sum of one view a tap);
// larger ones (a weight gradient's whole image as a kernel) are differentiated through
// their views.
constexpr int64_t kMostSummedTaps = 64;

// The adjoint of sliding_windows: the windows' gradient g [..., OH, OW, kh, kw] summed
// back onto x's [..., H, W]. Tap (i, j)'s [..., OH, OW] is spread `stride` apart and
// placed i * dh rows and j * dw columns on: a sum of kh * kw views of g, one elementwise
// kernel, where the repeat trick's own rules (an expand's gradient) gave a sum over its
// repeats through div/mod indices that took no plan (the digits CNN's max pool backward,
// 3.6 ms a step on this machine's CPU).
Tensor windows_gradient(const Tensor& g, const Shape& x_shape, Size2 kernel, Size2 stride,
                        Size2 dilation) {
  const int n = static_cast<int>(x_shape.size());
  const Shape taps(g.shape().begin(), g.shape().end() - 2);
  const int64_t h = x_shape[n - 2], w = x_shape[n - 1];
  const int64_t spread_h = (taps[n - 2] - 1) * stride.h + 1,
                spread_w = (taps[n - 1] - 1) * stride.w + 1;
  Tensor sum;
  for (int64_t i = 0; i < kernel.h; ++i)
    for (int64_t j = 0; j < kernel.w; ++j) {
      std::vector<Slice> tap(static_cast<size_t>(n + 2));
      tap[static_cast<size_t>(n)] = Slice{i, i + 1};
      tap[static_cast<size_t>(n + 1)] = Slice{j, j + 1};
      const int64_t top = i * dilation.h, left = j * dilation.w;
      Tensor placed = pad_spatial(spread_spatial(g.slice(tap).reshape(taps), stride), top,
                                  h - top - spread_h, left, w - left - spread_w);
      sum = sum.defined() ? sum + placed : placed;
    }
  return sum;
}

}  // namespace

Tensor sliding_windows(const Tensor& x, Size2 kernel, Size2 stride, Size2 dilation) {
  const int n = x.ndim();
  auto windows = [&] {
    // [..., H, W] -> [..., OH, kh, W] -> [..., OH, kh, OW, kw] -> [..., OH, OW, kh, kw]
    Tensor r = windows_on_axis(x, n - 2, kernel.h, stride.h, dilation.h);
    r = windows_on_axis(r, n, kernel.w, stride.w, dilation.w);
    return r.transpose(n - 1, n);
  };
  if (kernel.h * kernel.w > kMostSummedTaps) return windows();
  return with_own_gradient(
      windows, {x}, [shape = x.shape(), kernel, stride, dilation](const Tensor& g) {
        return std::vector<Tensor>{windows_gradient(g, shape, kernel, stride, dilation)};
      });
}

Tensor with_own_gradient(const std::function<Tensor()>& compute, const std::vector<Tensor>& inputs,
                         GradientFunction backward) {
  Tensor value;
  {
    NoGrad values_only;
    value = compute();
  }
  return with_gradient(value, inputs, std::move(backward));
}

Tensor pad_spatial(const Tensor& x, int64_t top, int64_t bottom, int64_t left, int64_t right,
                   double value) {
  const int n = x.ndim();
  const int64_t h = x.shape()[n - 2], w = x.shape()[n - 1];
  auto crop = [](int64_t before, int64_t after, int64_t size) {
    return Slice{before < 0 ? -before : 0, size - (after < 0 ? -after : 0), 1};
  };
  std::vector<Slice> crops(static_cast<size_t>(n));
  crops[n - 2] = crop(top, bottom, h);
  crops[n - 1] = crop(left, right, w);
  std::vector<std::pair<int64_t, int64_t>> pads(static_cast<size_t>(n), {0, 0});
  auto positive = [](int64_t v) { return v > 0 ? v : 0; };
  pads[n - 2] = {positive(top), positive(bottom)};
  pads[n - 1] = {positive(left), positive(right)};
  return x.slice(crops).pad(pads, value);
}

Tensor batched_image(const Tensor& input, const char* op) {
  if (input.ndim() == 3) return input.unsqueeze(0);
  if (input.ndim() == 4) return input;
  throw ArgumentError(std::string(op) + ": expects a [C, H, W] or [N, C, H, W] input, got shape " +
                      nn_text::shape_text(input.shape()));
}

}  // namespace ingot::nn::detail
