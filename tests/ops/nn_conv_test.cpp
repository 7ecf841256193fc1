// ingot::nn convolutions and pooling on every device against float64 loops written
// straight from the definitions (no windows, no padding tricks): random data, odd
// shapes, stride/padding/dilation/groups combinations, non-contiguous inputs, batch 1
// and an empty batch; bad shapes answered by an Error naming both shapes.
#include <cmath>
#include <limits>

#include "ingot/nn.hpp"
#include "support/op_test.hpp"

namespace {

using namespace support;
namespace nn = ingot::nn;
using ref::Index;

struct ConvCase {
  std::string name;
  int64_t n, c, h, w, out, kh, kw;
  nn::Size2 stride, padding, dilation;
  int64_t groups;
  bool bias;
  bool channels_last;  // the input a permuted view of [N, H, W, C]
  DType dtype = F32;
};

std::vector<ConvCase> conv_cases() {
  return {
      {"3x3", 2, 3, 7, 6, 4, 3, 3, 1, 0, 1, 1, true, false},
      {"stride_pad_rect", 1, 2, 9, 8, 3, 3, 2, {2, 3}, {1, 2}, 1, 1, true, false},
      {"dilation", 2, 2, 8, 9, 2, 3, 3, 1, 2, 2, 1, false, false},
      {"groups_channels_last", 1, 4, 5, 7, 6, 3, 3, 1, 1, 1, 2, true, true},
      {"depthwise_stride", 2, 3, 7, 7, 3, 3, 3, 2, 1, 1, 3, false, false},
      {"1x1_matmul_groups", 2, 8, 4, 6, 4, 1, 1, 1, 0, 1, 2, true, true},
      {"1x1_stride", 1, 3, 5, 5, 2, 1, 1, 2, 0, 1, 1, true, false},
      {"empty_batch", 0, 2, 5, 5, 3, 3, 3, 1, 1, 1, 1, true, false},
      // Channels that divide into matrix tiles, stride 1: a sum over taps of matmuls on
      // devices with them (TC: the emulated Metal's 8 x 8 in float32 and float16, CUDA's
      // 16 x 16 in float16) and, from 16 channels in and out, on the CPU's matmul plans;
      // the channels-last sums elsewhere. The bias rides in the sums' kernel, by group.
      {"taps_tc_f32", 2, 8, 6, 7, 16, 3, 3, 1, 1, 1, 1, true, false},
      {"taps_tc_f16", 1, 16, 7, 6, 32, 3, 3, 1, 1, 1, 1, true, true, F16},
      {"taps_tc_groups_dilation_f16",
       1,
       32,
       9,
       8,
       32,
       3,
       2,
       1,
       {2, 1},
       {2, 3},
       2,
       true,
       false,
       F16},
      // Channels that fill CUDA's staged blocks, stride 1: the sum over taps on STAGE's
      // register tiles (float32: 64 output channels, 32 input), on STAGE's matrix tiles
      // (float16: 128 outputs, 32 inputs, under a warpgroup slice) and on Hopper's
      // warpgroup products (float16: 64 inputs, a whole slice a tap).
      {"taps_staged_f32", 1, 32, 9, 10, 64, 3, 3, 1, 1, 1, 1, true, false},
      {"taps_staged_tc_f16", 1, 32, 12, 11, 128, 3, 3, 1, 1, 1, 1, false, true, F16},
      {"taps_warpgroup_f16", 1, 64, 12, 11, 128, 3, 3, 1, 1, 1, 1, true, false, F16},
  };
}

// out[n, o, y, x] = bias[o] + sum over c, i, j of
//   x[n, g * C/G + c, y * s - p + i * d, x * s - p + j * d] * w[o, c, i, j], g = o / (O/G)
Array conv2d_reference(const Array& x, const Array& w, const Array* bias, nn::Size2 s, nn::Size2 p,
                       nn::Size2 d, int64_t groups) {
  const int64_t n = x.shape[0], h = x.shape[2], wd = x.shape[3];
  const int64_t out = w.shape[0], per_group = w.shape[1], kh = w.shape[2], kw = w.shape[3];
  const int64_t oh = (h + 2 * p.h - d.h * (kh - 1) - 1) / s.h + 1;
  const int64_t ow = (wd + 2 * p.w - d.w * (kw - 1) - 1) / s.w + 1;
  return Array::generate({n, out, oh, ow}, [&](const Index& at) {
    const int64_t g = at[1] / (out / groups);
    double acc = bias ? bias->at({at[1]}) : 0;
    for (int64_t c = 0; c < per_group; ++c)
      for (int64_t i = 0; i < kh; ++i)
        for (int64_t j = 0; j < kw; ++j) {
          const int64_t y = at[2] * s.h - p.h + i * d.h, xx = at[3] * s.w - p.w + j * d.w;
          if (y < 0 || y >= h || xx < 0 || xx >= wd) continue;
          acc += x.at({at[0], g * per_group + c, y, xx}) * w.at({at[1], c, i, j});
        }
    return acc;
  });
}

class ConvTest : public OpTestT<std::tuple<std::string, ConvCase>> {};

TEST_P(ConvTest, Conv2dMatchesLoops) {
  const ConvCase& k = std::get<1>(GetParam());
  if (!supports(k.dtype)) GTEST_SKIP() << dev() << " has no " << ingot::dtype_name(k.dtype);
  const Domain d = range(-2, 2);
  Array base = k.channels_last ? random({k.n, k.h, k.w, k.c}, d, k.dtype)
                               : random({k.n, k.c, k.h, k.w}, d, k.dtype);
  Array x = k.channels_last ? base.permute({0, 3, 1, 2}) : base;
  Array w = random({k.out, k.c / k.groups, k.kh, k.kw}, d, k.dtype);
  Array b = random({k.out}, d, k.dtype);
  Tensor tb = tensor(base, k.dtype);
  Tensor got =
      nn::conv2d(k.channels_last ? tb.permute({0, 3, 1, 2}) : tb, tensor(w, k.dtype),
                 k.bias ? tensor(b, k.dtype) : Tensor(), k.stride, k.padding, k.dilation, k.groups);
  Array want =
      conv2d_reference(x, w, k.bias ? &b : nullptr, k.stride, k.padding, k.dilation, k.groups);
  EXPECT_TRUE(close(got, want, Tol::reduction(k.dtype, k.c / k.groups * k.kh * k.kw)));
}

INGOT_CASES_ON_ALL_DEVICES(ConvTest, conv_cases());

class NnOpTest : public OpTest {};

TEST_P(NnOpTest, Conv1dMatchesLoops) {
  // [N, C, L] as conv2d's [N, C, 1, L]: the same loops with a height of 1.
  Array x = random({2, 4, 11}), w = random({6, 2, 3}), b = random({6});
  Tensor got = nn::conv1d(tensor(x), tensor(w), tensor(b), 2, 1, 2, 2);
  Array want = conv2d_reference(x.reshape({2, 4, 1, 11}), w.reshape({6, 2, 1, 3}), &b, {1, 2},
                                {0, 1}, {1, 2}, 2);
  EXPECT_TRUE(close(got, want.reshape({2, 6, want.shape[3]}), Tol::reduction(F32, 6)));
  // Unbatched [C, L].
  Tensor one = nn::conv1d(tensor(x).slice({{0, 1}}).squeeze(0), tensor(w), Tensor(), 1, 0, 1, 2);
  Array want_one = conv2d_reference(x.slice({{0, 1}}).reshape({1, 4, 1, 11}),
                                    w.reshape({6, 2, 1, 3}), nullptr, 1, 0, 1, 2);
  EXPECT_TRUE(close(one, want_one.reshape({6, 9}), Tol::reduction(F32, 6)));
}

// out[n, g*O/G + o, y*s - p + i*d, x*s - p + j*d] += x[n, g*C/G + c, y, x] * w[g*C/G + c, o, i, j]
Array conv_transpose2d_reference(const Array& x, const Array& w, const Array& bias, nn::Size2 s,
                                 nn::Size2 p, nn::Size2 op, nn::Size2 d, int64_t groups) {
  const int64_t n = x.shape[0], c = x.shape[1], h = x.shape[2], wd = x.shape[3];
  const int64_t per_out = w.shape[1], kh = w.shape[2], kw = w.shape[3], per_in = c / groups;
  const int64_t oh = (h - 1) * s.h - 2 * p.h + d.h * (kh - 1) + op.h + 1;
  const int64_t ow = (wd - 1) * s.w - 2 * p.w + d.w * (kw - 1) + op.w + 1;
  Array out = Array::generate({n, per_out * groups, oh, ow},
                              [&](const Index& at) { return bias.at({at[1]}); });
  ref::for_each_index(x.shape, [&](const Index& at) {
    const int64_t g = at[1] / per_in;
    for (int64_t o = 0; o < per_out; ++o)
      for (int64_t i = 0; i < kh; ++i)
        for (int64_t j = 0; j < kw; ++j) {
          const int64_t y = at[2] * s.h - p.h + i * d.h, xx = at[3] * s.w - p.w + j * d.w;
          if (y < 0 || y >= oh || xx < 0 || xx >= ow) continue;
          out.data[static_cast<size_t>(out.flat({at[0], g * per_out + o, y, xx}))] +=
              x.at(at) * w.at({at[1], o, i, j});
        }
  });
  return out;
}

TEST_P(NnOpTest, ConvTranspose2dMatchesLoops) {
  struct Case {
    Shape x, w;
    nn::Size2 s, p, op, d;
    int64_t groups;
  };
  for (const Case& k : {Case{{2, 3, 4, 5}, {3, 2, 3, 3}, 2, 1, 1, 1, 1},
                        Case{{1, 4, 3, 4}, {4, 3, 2, 3}, {1, 2}, {0, 2}, {0, 1}, 2, 2},
                        Case{{1, 2, 5, 3}, {2, 2, 3, 1}, 3, {2, 0}, {2, 0}, 1, 1}}) {
    Array x = random(k.x), w = random(k.w), b = random({k.w[1] * k.groups});
    Tensor got =
        nn::conv_transpose2d(tensor(x), tensor(w), tensor(b), k.s, k.p, k.op, k.d, k.groups);
    Array want = conv_transpose2d_reference(x, w, b, k.s, k.p, k.op, k.d, k.groups);
    EXPECT_TRUE(close(got, want, Tol::reduction(F32, k.w[0] * k.w[2] * k.w[3])))
        << ref::shape_str(k.x) << " " << ref::shape_str(k.w);
  }
}

// max or mean over x[n, c, y*s - p + i*d, x*s - p + j*d] for the (i, j) inside the input;
// a mean divides by the window's size, or by its count of inside elements.
Array pool_reference(const Array& x, nn::Size2 k, nn::Size2 s, nn::Size2 p, nn::Size2 d, bool max,
                     bool count_pad) {
  const int64_t h = x.shape[2], wd = x.shape[3];
  const int64_t oh = (h + 2 * p.h - d.h * (k.h - 1) - 1) / s.h + 1;
  const int64_t ow = (wd + 2 * p.w - d.w * (k.w - 1) - 1) / s.w + 1;
  return Array::generate({x.shape[0], x.shape[1], oh, ow}, [&](const Index& at) {
    double acc = max ? -std::numeric_limits<double>::infinity() : 0;
    int64_t inside = 0;
    for (int64_t i = 0; i < k.h; ++i)
      for (int64_t j = 0; j < k.w; ++j) {
        const int64_t y = at[2] * s.h - p.h + i * d.h, xx = at[3] * s.w - p.w + j * d.w;
        if (y < 0 || y >= h || xx < 0 || xx >= wd) continue;
        const double v = x.at({at[0], at[1], y, xx});
        acc = max ? std::max(acc, v) : acc + v;
        ++inside;
      }
    return max ? acc : acc / static_cast<double>(count_pad ? k.h * k.w : inside);
  });
}

TEST_P(NnOpTest, MaxPool2dMatchesLoops) {
  Array x = random({2, 3, 9, 8});
  EXPECT_TRUE(close(nn::max_pool2d(tensor(x), 2), pool_reference(x, 2, 2, 0, 1, true, true)));
  EXPECT_TRUE(close(nn::max_pool2d(tensor(x), {3, 2}, nn::Size2{2, 1}, {1, 1}, {1, 2}),
                    pool_reference(x, {3, 2}, {2, 1}, 1, {1, 2}, true, true)));
  // A transposed view; windows overlapping the padding everywhere.
  Array t = random({2, 3, 6, 5});
  EXPECT_TRUE(close(nn::max_pool2d(tensor(t).transpose(2, 3), 3, 1, 1),
                    pool_reference(t.transpose(2, 3), 3, 1, 1, 1, true, true)));
  // Unbatched, and an empty batch.
  EXPECT_TRUE(close(nn::max_pool2d(tensor(x).slice({{0, 1}}).squeeze(0), 3),
                    pool_reference(x.slice({{0, 1}}), 3, 3, 0, 1, true, true).squeeze(0)));
  EXPECT_TRUE(close(nn::max_pool2d(tensor(random({0, 2, 4, 4})), 2), Array::full({0, 2, 2, 2}, 0)));
}

TEST_P(NnOpTest, AvgPool2dMatchesLoops) {
  Array x = random({2, 3, 7, 8});
  EXPECT_TRUE(close(nn::avg_pool2d(tensor(x), 2), pool_reference(x, 2, 2, 0, 1, false, true)));
  EXPECT_TRUE(close(nn::avg_pool2d(tensor(x), 3, nn::Size2{2, 3}, 1),
                    pool_reference(x, 3, {2, 3}, 1, 1, false, true)));
  EXPECT_TRUE(close(nn::avg_pool2d(tensor(x), {3, 2}, 1, {1, 1}, false),
                    pool_reference(x, {3, 2}, 1, 1, 1, false, false)));
}

// Argument checks and the schedule do not depend on the device: the CPU alone runs these.
class NnCpuTest : public OpTest {};

// A convolution reads its input through the windows' view, no im2col buffer (nor a
// padded copy) before it: conv (with its bias) -> relu -> pool is the small copy of the
// weight into channels-last order, the convolution, relu (the scheduler stores what a
// pool's overlapping windows read) and the pool; a depthwise convolution needs no copy
// and fuses its activation; a pool is one kernel.
TEST_P(NnCpuTest, ConvolutionsReadTheirInputInPlace) {
  Tensor x = tensor(random({2, 3, 9, 8})), w = tensor(random({4, 3, 3, 3}));
  Tensor b = tensor(random({4})), w1 = tensor(random({4, 3, 1, 1}));
  Tensor depthwise = tensor(random({3, 1, 3, 3})), b3 = tensor(random({3}));
  auto kernels = [](Tensor t) {
    const uint64_t before = ingot::engine_stats().kernels_launched;
    t.realize();
    return ingot::engine_stats().kernels_launched - before;
  };
  EXPECT_EQ(kernels(nn::max_pool2d(nn::conv2d(x, w, b, 1, 1).relu(), 2)), 4u);
  EXPECT_EQ(kernels(nn::max_pool2d(nn::conv2d(x, w1, b).relu(), 2)), 4u);  // the matmul form
  EXPECT_EQ(kernels(nn::conv2d(x, depthwise, b3, 1, 1, 1, 3).relu()), 1u);
  EXPECT_EQ(kernels(nn::max_pool2d(x, 3, 2, 1)), 1u);
  EXPECT_EQ(kernels(nn::avg_pool2d(x, 2)), 1u);
}

TEST_P(NnCpuTest, BadConvAndPoolShapesNameBothShapesAndTheRule) {
  Tensor x = Tensor::rand({2, 4, 6, 6}, F32, dev()), w = Tensor::rand({3, 2, 3, 3}, F32, dev());
  EXPECT_TRUE(throws_error([&] { nn::conv2d(x, w).realize(); }, {"conv2d"},
                           {"(2, 4, 6, 6)", "(3, 2, 3, 3)", "groups"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::conv2d(x, Tensor::rand({4, 2, 3, 3}, F32, dev()), {}, 1, 0, 1, 3);
      },
      {"conv2d"}, {"(2, 4, 6, 6)", "divide"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::conv2d(x, Tensor::rand({3, 4, 7, 3}, F32, dev()));
      },
      {"conv2d"}, {"(3, 4, 7, 3)", "smaller than the kernel"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::conv2d(x, Tensor::rand({3, 4, 3, 3}, F32, dev()), Tensor::rand({4}, F32, dev()));
      },
      {"conv2d"}, {"bias", "(4)", "[3]"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::conv2d(x.reshape({8, 36}), w);
      },
      {"conv2d"}, {"(8, 36)", "[N, C, H, W]"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::conv2d(x, Tensor::rand({3, 4, 3, 3}, F32, dev()), {}, 0);
      },
      {"conv2d"}, {"stride"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::conv_transpose2d(x, Tensor::rand({3, 2, 3, 3}, F32, dev()));
      },
      {"conv_transpose2d"}, {"(2, 4, 6, 6)", "(3, 2, 3, 3)", "axis 0"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::conv_transpose2d(x, Tensor::rand({4, 2, 3, 3}, F32, dev()), {}, 1, 0, 1);
      },
      {"conv_transpose2d"}, {"output_padding"}));
  EXPECT_TRUE(
      throws_error([&] { nn::max_pool2d(x, 2, 2, 2); }, {"max_pool2d"}, {"padding", "half"}));
  EXPECT_TRUE(throws_error([&] { nn::avg_pool2d(x, 7); }, {"avg_pool2d"}, {"(2, 4, 6, 6)"}));
  EXPECT_TRUE(throws_error([&] { nn::conv1d(x, w); }, {"conv1d"}, {"(2, 4, 6, 6)"}));
  // The process keeps working: a good convolution after the bad ones.
  Array xs = random({1, 2, 4, 4}), ws = random({2, 2, 3, 3});
  EXPECT_TRUE(close(nn::conv2d(tensor(xs), tensor(ws), {}, 1, 1),
                    conv2d_reference(xs, ws, nullptr, 1, 1, 1, 1), Tol::reduction(F32, 18)));
}

INGOT_ON_ALL_DEVICES(NnOpTest);
INSTANTIATE_TEST_SUITE_P(Cpu, NnCpuTest, ::testing::Values("CPU"), DeviceName());

}  // namespace
