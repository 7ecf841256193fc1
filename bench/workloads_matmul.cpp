// Matmuls (batched, broadcast, transposed operands, skinny, matrix-vector, float16),
// attention and an MLP block built from ops, convolution and pooling built from views.
#include <cmath>
#include <limits>

#include "workload.hpp"

namespace ingot::bench {
namespace {

// float16 results round to 11 significant bits.
constexpr double kHalf = 5e-3;

template <class Program>
Workload product(std::string name, Shape a, Shape a_small, Shape b, Shape b_small, Program program,
                 DType dtype = DType::Float32) {
  return workload(
      std::move(name),
      {input(std::move(a), std::move(a_small), dtype),
       input(std::move(b), std::move(b_small), dtype)},
      [program](const auto& in) { return program(in[0], in[1]); },
      dtype == DType::Float16 ? kHalf : 1e-4);
}

const auto kPlain = [](const auto& a, const auto& b) { return a.matmul(b); };
const auto kTransposedB = [](const auto& a, const auto& b) {
  return a.matmul(b.transpose(-2, -1));
};

std::vector<Workload> matmuls() {
  return {
      product("bmm", {32, 257, 128}, {3, 9, 8}, {32, 128, 255}, {3, 8, 7}, kPlain),
      product("bmm, b transposed", {16, 512, 64}, {2, 9, 8}, {16, 511, 64}, {2, 7, 8},
              kTransposedB),
      product("matmul, a transposed", {1024, 2047}, {9, 11}, {1024, 512}, {9, 5},
              [](const auto& a, const auto& b) { return a.transpose(0, 1).matmul(b); }),
      product(
          "matmul, both transposed", {768, 1001}, {8, 7}, {513, 768}, {5, 8},
          [](const auto& a, const auto& b) { return a.transpose(0, 1).matmul(b.transpose(0, 1)); }),
      product("batch @ shared weight", {8, 1000, 256}, {2, 7, 8}, {256, 384}, {8, 5}, kPlain),
      product("broadcast batches 4x1 @ 1x8", {4, 1, 256, 128}, {2, 1, 5, 4}, {1, 8, 128, 200},
              {1, 3, 4, 6}, kPlain),
      product("skinny tall 65536x64 @ 64x64", {65536, 64}, {97, 8}, {64, 64}, {8, 8}, kPlain),
      product("skinny long inner 64x16384 @ 16384x64", {64, 16384}, {5, 200}, {16384, 64}, {200, 6},
              kPlain),
      product("matvec", {8192, 4096}, {33, 17}, {4096}, {17}, kPlain),
      product("vecmat", {4096}, {17}, {4096, 8191}, {17, 33}, kPlain),
      product("matmul odd 1000x999 @ 999x1001", {1000, 999}, {13, 11}, {999, 1001}, {11, 7},
              kPlain),
      product("matmul float16 1024^3", {1024, 1024}, {16, 32}, {1024, 1024}, {32, 24}, kPlain,
              DType::Float16),
      product("bmm float16, b transposed", {32, 256, 64}, {2, 9, 8}, {32, 256, 64}, {2, 7, 8},
              kTransposedB, DType::Float16),
  };
}

template <class Array>
Array attention(const Array& q, const Array& k, const Array& v) {
  const double scale = 1 / std::sqrt(double(q.size(-1)));
  return (q.matmul(k.transpose(-2, -1)) * scale).softmax(-1).matmul(v);
}

std::vector<Workload> blocks() {
  auto attend = [](std::string name, Shape full, Shape small, DType dtype, double tolerance) {
    return workload(
        std::move(name),
        {input(full, small, dtype), input(full, small, dtype), input(full, small, dtype)},
        [](const auto& in) { return attention(in[0], in[1], in[2]); }, tolerance);
  };
  return {
      attend("attention", {4, 8, 256, 64}, {1, 2, 9, 8}, DType::Float32, 1e-4),
      attend("attention float16", {4, 8, 512, 64}, {1, 2, 9, 8}, DType::Float16, kHalf),
      workload("MLP block",
               {input({512, 768}, {7, 16}), input({768, 3072}, {16, 24}), input({3072}, {24}),
                input({3072, 768}, {24, 16}), input({768}, {16})},
               [](const auto& in) {
                 return in[0] + ((in[0].matmul(in[1]) + in[2]).gelu().matmul(in[3]) + in[4]);
               }),
  };
}

// x [N, C, H, W] padded by one, its 3 x 3 windows stacked on a new axis 2 ([N, C, 9, H, W]):
// the im2col of a 3 x 3 convolution with stride `stride`, written with views.
template <class Array>
Array windows3x3(const Array& x, int64_t stride, double pad_value) {
  const int64_t h = (x.size(2) - 1) / stride + 1, w = (x.size(3) - 1) / stride + 1;
  Array padded = x.pad({{0, 0}, {0, 0}, {1, 1}, {1, 1}}, pad_value);
  std::vector<Array> taps;
  for (int64_t dy = 0; dy < 3; ++dy)
    for (int64_t dx = 0; dx < 3; ++dx)
      taps.push_back(padded.slice({{},
                                   {},
                                   {dy, dy + stride * (h - 1) + 1, stride},
                                   {dx, dx + stride * (w - 1) + 1, stride}}));
  return stack(taps, 2);
}

std::vector<Workload> views() {
  return {
      workload("conv 3x3 from pad/slice/stack + matmul",
               {input({8, 32, 56, 56}, {2, 3, 6, 7}), input({64, 288}, {4, 27})},
               [](const auto& in) {
                 const Shape s = in[0].shape();
                 auto columns = windows3x3(in[0], 1, 0.0).reshape({s[0], s[1] * 9, s[2] * s[3]});
                 return in[1].matmul(columns).reshape({s[0], in[1].size(0), s[2], s[3]});
               }),
      workload("depthwise conv 3x3 from pad/slice",
               {input({8, 64, 56, 56}, {2, 3, 6, 7}), input({64, 9}, {3, 9})},
               [](const auto& in) {
                 auto taps = windows3x3(in[0], 1, 0.0);
                 auto w = in[1].reshape({1, -1, 9, 1, 1});
                 return (taps * w).sum({2});
               }),
      workload("max pool 3x3 stride 2 from pad/slice/stack",
               {input({16, 64, 112, 112}, {2, 3, 9, 8})},
               [](const auto& in) {
                 return windows3x3(in[0], 2, -std::numeric_limits<double>::infinity()).max({2});
               }),
      workload("avg pool 2x2 from reshape", {input({16, 64, 112, 112}, {2, 3, 8, 6})},
               [](const auto& in) {
                 const Shape s = in[0].shape();
                 return in[0].reshape({s[0], s[1], s[2] / 2, 2, s[3] / 2, 2}).mean({3, 5});
               }),
  };
}

}  // namespace

std::vector<Workload> matmul_workloads() {
  std::vector<Workload> all = matmuls();
  for (auto part : {blocks(), views()}) all.insert(all.end(), part.begin(), part.end());
  return all;
}

}  // namespace ingot::bench
