// Convolutions as one broadcast multiply and sum over the input's sliding windows
// (windows.cpp): out[n, g, o, y, x] = sum over (c, i, j) of
// window[n, g, c, y, x, i, j] * weight[g, o, c, i, j], computed channels-last so that
// vectors run along the output channels. A 1x1 convolution of stride 1 without padding
// is a batched matmul over the flattened image, which takes codegen's matmul plans (TC,
// STAGE); a k x k one of stride 1 on a device with matrix tiles or staged float32
// matmuls, or on the CPU with 16 channels or more, a sum over taps of matmuls (TC, STAGE,
// WGMMA, the CPU's register tiles). conv_transpose2d is a
// convolution of the input spread out by the stride. docs/nn.md has the details.
#include <algorithm>
#include <string>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "nn/describe.hpp"
#include "nn/windows.hpp"

namespace ingot::nn {
using namespace detail;

namespace {

std::string shapes_of(const Tensor& input, const Tensor& weight) {
  return "input " + nn_text::shape_text(input.shape()) + " and weight " +
         nn_text::shape_text(weight.shape());
}

void check_bias(const Tensor& bias, int64_t channels, const char* op) {
  if (bias.defined() && (bias.ndim() != 1 || bias.shape()[0] != channels))
    throw ArgumentError(std::string(op) + ": bias of shape " + nn_text::shape_text(bias.shape()) +
                        " must be [" + std::to_string(channels) +
                        "], one value per output channel");
}

void check_groups(int64_t groups, int64_t in_channels, int64_t out_channels, const char* op,
                  const std::string& shapes) {
  if (groups < 1 || in_channels % groups != 0 || out_channels % groups != 0)
    throw ArgumentError(std::string(op) + ": " + std::to_string(groups) + " groups for " + shapes +
                        ": groups must be at least 1 and divide both the " +
                        std::to_string(in_channels) + " input and the " +
                        std::to_string(out_channels) + " output channels");
}

struct Geometry {
  int64_t n, groups, per_group, per_out, kh, kw, oh, ow;
  Size2 stride, padding, dilation;
  bool pointwise() const {
    return kh == 1 && kw == 1 && stride.h == 1 && stride.w == 1 && padding.h == 0 && padding.w == 0;
  }
  // The padded input's windows, [N, C, OH, OW, kh, kw].
  Tensor windows(const Tensor& x) const {
    return sliding_windows(pad_spatial(x, padding.h, padding.h, padding.w, padding.w), {kh, kw},
                           stride, dilation);
  }
};

// The sum over the last three axes (C / G, kh, kw) of windows times weight.
Tensor window_sums(const Tensor& windows, const Tensor& weight) {
  Tensor product = windows * weight;
  return product.sum({-3, -2, -1}).astype(product.dtype());
}

// out + bias along axis `axis` (the channels).
Tensor with_bias(const Tensor& out, const Tensor& bias, int axis) {
  if (!bias.defined()) return out;
  Shape along(static_cast<size_t>(out.ndim()), 1);
  along[static_cast<size_t>(axis)] = bias.numel();
  return out + bias.reshape(along);
}

// [N, C_out, OH, OW], from windows [N, G, 1, OH, OW, C / G, kh, kw].
Tensor depthwise_sums(const Tensor& x, const Tensor& weight, const Geometry& g) {
  Tensor windows = g.windows(x)
                       .reshape({g.n, g.groups, 1, g.per_group, g.oh, g.ow, g.kh, g.kw})
                       .permute({0, 1, 2, 4, 5, 3, 6, 7});
  Tensor taps = weight.reshape({1, g.groups, 1, 1, 1, g.per_group, g.kh, g.kw});
  return window_sums(windows, taps).reshape({g.n, g.groups, g.oh, g.ow});
}

// Whether the device multiplies `dtype` matrices on matrix tiles (codegen's TC).
bool on_matrix_tiles(const DeviceInfo& info, DType dtype) {
  return info.matrix_tile > 0 && std::find(info.matrix_dtypes.begin(), info.matrix_dtypes.end(),
                                           dtype) != info.matrix_dtypes.end();
}

// The rows a sum over taps of matmuls (tap_matmul_sums) is computed in a multiple of, for
// this stride-1 convolution, or 0 where it runs as one sum over windows instead:
// - on matrix tiles (TC), where the channels divide into them: whole tiles;
// - on staged register tiles (codegen's STAGE, float32), where the output channels fill
//   its smallest block (64) and the input channels its slice depth (32): whole 16-byte
//   vectors. H200, conv2d 8x32x56x56 by 64x32x3x3: 68-70 us as one sum over windows,
//   45-69 us so (cuDNN 37; bench/results/2026-11-28-h200-s7.md);
// - on the CPU's matmul plans (no threadgroups), from 16 channels in and out and up to 25
//   taps (a weight's gradient is a convolution by the output's gradient, as many taps as
//   pixels: by window sums). This 2-core CPU, float32, best of 6 (s11): 64x16x8x8 by
//   32x16x3x3 1.15 -> 0.68 ms, 8x32x56x56 by 64x32x3x3 21.7 -> 11.3, 8x64x28x28 by
//   64x64x3x3 8.8 -> 5.1, 8x128x14x14 by 128x128x3x3 12.3 -> 5.2; fewer channels (1 and
//   3 in) were slower so, and keep the window sums.
int64_t tap_matmul_rows(const Tensor& x, const Geometry& g) {
  constexpr int64_t kStagedColumns = 64, kStagedDepth = 32, kVector = 4;
  constexpr int64_t kCpuDepth = 16, kCpuTaps = 25;
  const DeviceInfo& info = Device::get(x.device()).info();
  if (g.stride.h != 1 || g.stride.w != 1 || g.kh * g.kw == 1) return 0;
  const int64_t tile = info.matrix_tile;
  if (on_matrix_tiles(info, x.dtype()) && g.per_group % tile == 0 && g.per_out % tile == 0)
    return tile;
  if (info.staged_matmul && x.dtype() == DType::Float32 && g.per_out >= kStagedColumns &&
      g.per_group >= kStagedDepth)
    return kVector;
  if (!info.threadgroups && g.per_group >= kCpuDepth && g.per_out >= kCpuDepth &&
      g.kh * g.kw <= kCpuTaps)
    return kVector;
  return 0;
}

// [N, OH, OW, C_out] as sum over taps (i, j) of [P, C/G] @ [C/G, O] per group, P the
// output's rows flattened over the padded width: the input padded once into a buffer,
// channels last (with a row or two more, so every tap's rows lie inside it); a stride-1
// tap then moves each row of P by i * d * Wp + j * d rows of channels, an affine view
// whose rows are contiguous channels, so every tap's rows start on whole 16-byte vectors
// wherever C / G is a multiple of one (STAGE's asynchronous and vector copies need
// them; with channels first a tap moved a row by j elements). The Wp - OW extra columns
// (and P's rounding up to a multiple of `multiple` rows) are computed and cut away: the
// result is a view of the matmul's output, the bias added in its kernel (a copy of the
// valid pixels took 8 of 53 us for 8x32x56x56 by 64x32x3x3 on an H200).
Tensor tap_matmul_sums(const Tensor& x, const Tensor& taps, const Tensor& bias, const Geometry& g,
                       int64_t multiple) {
  const int64_t wp = x.shape()[3] + 2 * g.padding.w, hp = x.shape()[2] + 2 * g.padding.h;
  const int64_t reach = g.dilation.h * (g.kh - 1) * wp + g.dilation.w * (g.kw - 1);
  const int64_t rows = (g.oh * wp + multiple - 1) / multiple * multiple;
  const int64_t height = (rows + reach + wp - 1) / wp;
  Tensor flat = pad_spatial(x, g.padding.h, g.padding.h + height - hp, g.padding.w, g.padding.w)
                    .permute({0, 2, 3, 1})
                    .contiguous()
                    .reshape({g.n, height * wp, g.groups, g.per_group});
  // [N, L, G, C/G] -> [N, Q, kh, G, C/G] -> [N, P', kw, kh, G, C/G] -> [N, G, P, 1, kh, kw, C/G]
  Tensor windows = windows_on_axis(flat, 1, g.kh, 1, g.dilation.h * wp);
  windows = windows_on_axis(windows, 1, g.kw, 1, g.dilation.w)
                .slice({{}, {0, rows}})
                .permute({0, 4, 1, 3, 2, 5})
                .unsqueeze(3);
  Tensor w =
      taps.permute({0, 4, 2, 3, 1}).reshape({1, g.groups, 1, g.per_out, g.kh, g.kw, g.per_group});
  // The sums stored as the matmul's [N, G, P, O], then the valid pixels taken.
  Tensor sums = window_sums(windows, w);
  if (bias.defined()) sums = sums + bias.reshape({1, g.groups, 1, g.per_out});
  return sums.contiguous()
      .slice({{}, {}, {0, g.oh * wp}})
      .reshape({g.n, g.groups, g.oh, wp, g.per_out})
      .slice({{}, {}, {}, {0, g.ow}})
      .permute({0, 2, 3, 1, 4})
      .reshape({g.n, g.oh, g.ow, g.groups * g.per_out});
}

// [N, OH, OW, C_out] plus the bias, stored (a sum over taps: a view of its stored sums),
// from the weight copied as [G, C / G, kh, kw, O] (small): consecutive
// output channels are consecutive in both, so a thread computes a vector of channels from
// each input value it loads. A 1x1 convolution of stride 1 without padding is a batched
// matmul, [N, G, H * W, C / G] @ [G, C / G, O], which takes codegen's matmul plans.
Tensor channels_last_sums(const Tensor& x, const Tensor& weight, const Tensor& bias,
                          const Geometry& g) {
  Tensor taps = weight.reshape({g.groups, g.per_out, g.per_group, g.kh, g.kw})
                    .permute({0, 2, 3, 4, 1})
                    .contiguous();
  const int64_t out_channels = g.groups * g.per_out;
  if (const int64_t rows = tap_matmul_rows(x, g)) return tap_matmul_sums(x, taps, bias, g, rows);
  if (g.pointwise()) {
    Tensor sums = x.reshape({g.n, g.groups, g.per_group, g.oh * g.ow})
                      .transpose(-1, -2)
                      .matmul(taps.reshape({g.groups, g.per_group, g.per_out}));
    // [N, G, H * W, O] -> [N, H * W, G, O]; one group moves by a reshape, which keeps
    // the bias and the store in the matmul's kernel.
    if (g.groups > 1) sums = sums.permute({0, 2, 1, 3});
    return with_bias(sums.reshape({g.n, g.oh, g.ow, out_channels}), bias, 3).contiguous();
  }
  // windows [N, C, OH, OW, kh, kw] -> [N, OH, OW, G, 1, C / G, kh, kw]
  Tensor windows = g.windows(x)
                       .reshape({g.n, g.groups, g.per_group, g.oh, g.ow, g.kh, g.kw})
                       .permute({0, 3, 4, 1, 2, 5, 6})
                       .unsqueeze(4);
  Tensor w = taps.permute({0, 4, 1, 2, 3})
                 .reshape({1, 1, 1, g.groups, g.per_out, g.per_group, g.kh, g.kw});
  return with_bias(window_sums(windows, w).reshape({g.n, g.oh, g.ow, out_channels}), bias, 3)
      .contiguous();
}

// The weight's gradient of a convolution of one group, [O, C, kh, kw]. Where the device
// multiplies the dtype on matrix tiles or staged register tiles (its channels are the
// product's rows and columns, which need no alignment: ResNet's stem of 3 input channels
// took 4.8 ms a step as a convolution): one matmul, every tap's windows
// [kh * kw * C, N * OH * OW] (kh * kw copies of the input) by the output's gradient
// [O, N * OH * OW] transposed, the depth of pixels contiguous in both as the matrix plans
// load it and the taps along the rows, where Hopper's warpgroup plans want many; stored as
// the matmul leaves it and seen as [O, C, kh, kw] (a permute inside its kernel hides the
// matmul from the plans). Elsewhere: the input with its batch as channels, convolved with
// the output's gradient as the kernel (stride and dilation swapped), cut to the kernel's
// size, as the CPU's vector plans were tuned with; on GPUs that convolution's taps were
// the output's pixels, each a batch deep (8 ms for a 3x3, 128-channel layer of ResNet-18
// at batch 64 on the H200; as a batch of taps of 64 x 64 outputs, 1.2 ms).
Tensor weight_gradient(const Tensor& x, const Geometry& g, const Tensor& grad) {
  const DeviceInfo& info = Device::get(x.device()).info();
  if (!on_matrix_tiles(info, x.dtype()) && !(info.staged_matmul && x.dtype() == DType::Float32))
    return conv2d(x.transpose(0, 1), grad.transpose(0, 1), Tensor(), g.dilation, g.padding,
                  g.stride)
        .slice({{}, {}, {0, g.kh}, {0, g.kw}})
        .transpose(0, 1);
  const int64_t pixels = g.n * g.oh * g.ow;
  // windows [N, C, OH, OW, kh, kw] -> [kh, kw, C, N, OH, OW]
  Tensor windows = g.windows(x)
                       .permute({4, 5, 1, 0, 2, 3})
                       .contiguous()
                       .reshape({g.kh * g.kw * g.per_group, pixels});
  Tensor rows = grad.transpose(0, 1).contiguous().reshape({g.per_out, pixels});
  return windows.matmul(rows.transpose(0, 1))
      .contiguous()
      .reshape({g.kh, g.kw, g.per_group, g.per_out})
      .permute({3, 2, 0, 1});
}

// The gradients of a convolution of one group (PyTorch's convolution_backward), as
// convolutions themselves, which take the forward's plans (matmuls over taps, vectors
// along channels): differentiated through its windows, the input's gradient summed a
// product over the output channels and the weight's over the batch and the pixels,
// reductions with no plan (the digits CNN's two took 21 of its 27 ms a step on the CPU).
// - input: the output's gradient through the transposed convolution, output_padding
//   giving back the rows and columns the stride dropped;
// - weight: weight_gradient;
// - bias: the output's gradient summed over all but the channels.
std::vector<Tensor> convolution_gradients(const Tensor& x, const Tensor& weight, const Tensor& bias,
                                          const Geometry& g, const Tensor& grad) {
  const int64_t h = x.shape()[2], w = x.shape()[3];
  std::vector<Tensor> grads(3);
  if (x.requires_grad()) {
    const Size2 rest{(h + 2 * g.padding.h - g.dilation.h * (g.kh - 1) - 1) % g.stride.h,
                     (w + 2 * g.padding.w - g.dilation.w * (g.kw - 1) - 1) % g.stride.w};
    grads[0] = conv_transpose2d(grad, weight, Tensor(), g.stride, g.padding, rest, g.dilation);
  }
  if (weight.requires_grad()) grads[1] = weight_gradient(x, g, grad);
  if (bias.defined() && bias.requires_grad()) grads[2] = grad.sum({0, 2, 3});
  return grads;
}

}  // namespace

Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, Size2 stride,
              Size2 padding, Size2 dilation, int64_t groups) {
  const char* op = "conv2d";
  const Tensor x = batched_image(input, op);
  const std::string shapes = shapes_of(input, weight);
  if (weight.ndim() != 4)
    throw ArgumentError(std::string(op) + ": " + shapes +
                        ": the weight must be [C_out, C_in / groups, kh, kw]");
  check_at_least(stride, 1, op, "stride");
  check_at_least(dilation, 1, op, "dilation");
  check_at_least(padding, 0, op, "padding");
  const int64_t n = x.shape()[0], channels = x.shape()[1];
  const int64_t out_channels = weight.shape()[0], per_group = weight.shape()[1];
  const int64_t kh = weight.shape()[2], kw = weight.shape()[3];
  check_groups(groups, channels, out_channels, op, shapes);
  if (per_group * groups != channels)
    throw ArgumentError(std::string(op) + ": " + shapes + " with " + std::to_string(groups) +
                        " groups: the input's channels (axis 1, " + std::to_string(channels) +
                        ") must equal weight axis 1 times groups (" + std::to_string(per_group) +
                        " * " + std::to_string(groups) + ")");
  check_bias(bias, out_channels, op);
  const int64_t h = x.shape()[2] + 2 * padding.h, w = x.shape()[3] + 2 * padding.w;
  const int64_t oh = windows_along(h, kh, stride.h, dilation.h, op, shapes);
  const int64_t ow = windows_along(w, kw, stride.w, dilation.w, op, shapes);
  const Geometry g{n,      groups,  per_group, out_channels / groups, kh, kw, oh, ow,
                   stride, padding, dilation};
  auto forward = [&] {
    // One output channel a group (depthwise) has no channels to make vectors of.
    return g.per_out == 1 && !g.pointwise()
               ? with_bias(depthwise_sums(x, weight, g), bias, 1)
               : channels_last_sums(x, weight, bias, g)
                     .permute({0, 3, 1, 2});  // stored channels-last, seen as NCHW
  };
  Tensor out = groups == 1
                   ? with_own_gradient(forward, {x, weight, bias},
                                       [x, weight, bias, g](const Tensor& grad) {
                                         return convolution_gradients(x, weight, bias, g, grad);
                                       })
                   : forward();
  return input.ndim() == 3 ? out.squeeze(0) : out;
}

Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, int64_t stride,
              int64_t padding, int64_t dilation, int64_t groups) {
  const bool batched = input.ndim() == 3;
  if ((input.ndim() != 2 && !batched) || weight.ndim() != 3)
    throw ArgumentError("conv1d: " + shapes_of(input, weight) +
                        ": expects a [C, L] or [N, C, L] input and a [C_out, C_in / groups, k] "
                        "weight");
  // A row of height 1: [N, C, 1, L] with a [C_out, C_in / G, 1, k] kernel.
  Tensor out = conv2d(batched ? input.unsqueeze(2) : input.unsqueeze(1), weight.unsqueeze(2), bias,
                      {1, stride}, {0, padding}, {1, dilation}, groups);
  return out.squeeze(-2);
}

Tensor conv_transpose2d(const Tensor& input, const Tensor& weight, const Tensor& bias, Size2 stride,
                        Size2 padding, Size2 output_padding, Size2 dilation, int64_t groups) {
  const char* op = "conv_transpose2d";
  const Tensor x = batched_image(input, op);
  const std::string shapes = shapes_of(input, weight);
  if (weight.ndim() != 4)
    throw ArgumentError(std::string(op) + ": " + shapes +
                        ": the weight must be [C_in, C_out / groups, kh, kw]");
  check_at_least(stride, 1, op, "stride");
  check_at_least(dilation, 1, op, "dilation");
  check_at_least(padding, 0, op, "padding");
  check_at_least(output_padding, 0, op, "output_padding");
  if (output_padding.h >= std::max(stride.h, dilation.h) ||
      output_padding.w >= std::max(stride.w, dilation.w))
    throw ArgumentError(std::string(op) + ": output_padding (" + std::to_string(output_padding.h) +
                        ", " + std::to_string(output_padding.w) +
                        ") must be smaller than the stride or the dilation along each axis");
  const int64_t channels = x.shape()[1], h = x.shape()[2], w = x.shape()[3];
  const int64_t per_out = weight.shape()[1], kh = weight.shape()[2], kw = weight.shape()[3];
  if (weight.shape()[0] != channels)
    throw ArgumentError(std::string(op) + ": " + shapes + ": the input's channels (axis 1, " +
                        std::to_string(channels) + ") must equal weight axis 0 (" +
                        std::to_string(weight.shape()[0]) + ")");
  check_groups(groups, channels, per_out * groups, op, shapes);
  const int64_t per_in = channels / groups, out_channels = per_out * groups;
  check_bias(bias, out_channels, op);
  const int64_t oh =
      (h - 1) * stride.h - 2 * padding.h + dilation.h * (kh - 1) + output_padding.h + 1;
  const int64_t ow =
      (w - 1) * stride.w - 2 * padding.w + dilation.w * (kw - 1) + output_padding.w + 1;
  if (oh < 1 || ow < 1)
    throw ArgumentError(std::string(op) + ": " + shapes + " gives an output of " +
                        std::to_string(oh) + "x" + std::to_string(ow) +
                        ": (in - 1) * stride - 2 * padding + dilation * (kernel - 1) + "
                        "output_padding + 1 must be positive");
  // The input spread `stride` apart with zeros between, padded by what the kernel
  // overhangs, then a stride-1 convolution with the kernel flipped and its channel
  // axes swapped within each group.
  Tensor spread = spread_spatial(x, stride);
  const int64_t edge_h = dilation.h * (kh - 1) - padding.h,
                edge_w = dilation.w * (kw - 1) - padding.w;
  Tensor padded =
      pad_spatial(spread, edge_h, edge_h + output_padding.h, edge_w, edge_w + output_padding.w);
  Tensor flipped = weight.reshape({groups, per_in, per_out, kh, kw})
                       .transpose(1, 2)
                       .reshape({out_channels, per_in, kh, kw})
                       .flip({2, 3});
  Tensor out = conv2d(padded, flipped, bias, 1, 0, dilation, groups);
  return input.ndim() == 3 ? out.squeeze(0) : out;
}

}  // namespace ingot::nn
