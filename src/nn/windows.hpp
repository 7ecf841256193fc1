// The sliding windows convolution and pooling reduce over, made from views, and the
// argument checks they share.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ingot/nn.hpp"

namespace ingot::nn::detail {

// The output extent of a window of `kernel` taps `dilation` apart, moved by `stride`
// over `size` elements: floor((size - dilation * (kernel - 1) - 1) / stride) + 1, or an
// ArgumentError naming `op`, `what` (the input's shape) and the rule when no window fits.
int64_t windows_along(int64_t size, int64_t kernel, int64_t stride, int64_t dilation,
                      const char* op, const std::string& what);

// Checks that every extent of `s` is at least `least`; `name` says which argument it is.
void check_at_least(Size2 s, int64_t least, const char* op, const char* name);

// Axis `axis` of x (extent i) as two axes [windows, kernel]: element (w, t) is
// x[w * stride + t * dilation] along it. A view.
Tensor windows_on_axis(const Tensor& x, int axis, int64_t kernel, int64_t stride, int64_t dilation);

// x [..., H, W] as its windows [..., OH, OW, kh, kw]: element (oh, ow, i, j) is
// x[..., oh * sh + i * dh, ow * sw + j * dw]. A view: no window is copied. Its gradient
// (windows of up to 64 taps) is a sum of one spread view of the windows' gradient a tap.
Tensor sliding_windows(const Tensor& x, Size2 kernel, Size2 stride, Size2 dilation);

// x [..., H, W] spread `stride` apart along its last two axes, zeros between (each element
// followed by stride - 1 of them, cut after the last): [..., (H - 1) sh + 1, (W - 1) sw + 1].
Tensor spread_spatial(const Tensor& x, Size2 stride);
// x padded (or, where an amount is negative, cropped) along its last two axes.
Tensor pad_spatial(const Tensor& x, int64_t top, int64_t bottom, int64_t left, int64_t right,
                   double value = 0);

// What `compute` gives, computed without recording its ops, whose gradient flows to
// `inputs` through `backward` (ingot::with_gradient): a layer's own gradient rule.
Tensor with_own_gradient(const std::function<Tensor()>& compute, const std::vector<Tensor>& inputs,
                         GradientFunction backward);
// [C, H, W] as [1, C, H, W]; a 4-d input as it is; anything else an ArgumentError.
Tensor batched_image(const Tensor& input, const char* op);

}  // namespace ingot::nn::detail
