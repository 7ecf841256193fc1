// Normalizations and reductions: every axis and axis pair of 2-D, 3-D and 4-D tensors,
// the two-pass ones (var, std, logsumexp, argmax), and reductions of views.
#include "workload.hpp"

namespace ingot::bench {
namespace {

constexpr double kEps = 1e-5;

// A reduction `op` of one input over `axes`, by name.
template <class Op>
Workload reduce(std::string name, Shape full, Shape small, Op op) {
  return workload(std::move(name), {input(std::move(full), std::move(small))},
                  [op](const auto& in) { return op(in[0]); });
}

std::vector<Workload> normalizations() {
  return {
      workload(
          "layernorm", {input({4099, 1024}, {37, 96}), input({1024}, {96}), input({1024}, {96})},
          [](const auto& in) {
            const auto& x = in[0];
            return (x - x.mean({1}, true)) * (x.var({1}, true, 0) + kEps).rsqrt() * in[1] + in[2];
          }),
      workload(
          "layernorm float16",
          {input({4096, 1536}, {33, 64}, DType::Float16), input({1536}, {64}, DType::Float16)},
          [](const auto& in) {
            auto x = in[0].astype(DType::Float32);
            return ((x - x.mean({1}, true)) * (x.var({1}, true, 0) + kEps).rsqrt() *
                    in[1].astype(DType::Float32))
                .astype(DType::Float16);
          },
          1e-2),
      workload("rmsnorm", {input({3001, 2048}, {29, 128}), input({2048}, {128})},
               [](const auto& in) {
                 const auto& x = in[0];
                 return x * (x.square().mean({1}, true) + kEps).rsqrt() * in[1];
               }),
      workload(
          "batchnorm statistics over N,H,W", {input({32, 64, 56, 56}, {3, 5, 7, 6})},
          [](const auto& in) {
            return stack(std::vector{in[0].mean({0, 2, 3}), in[0].var({0, 2, 3}, false, 0)}, 0);
          }),
      workload("batchnorm train step",
               {input({32, 64, 56, 56}, {3, 5, 7, 6}), input({64}, {5}), input({64}, {5})},
               [](const auto& in) {
                 const auto& x = in[0];
                 return (x - x.mean({0, 2, 3}, true)) * (x.var({0, 2, 3}, true, 0) + kEps).rsqrt() *
                            in[1].reshape({1, -1, 1, 1}) +
                        in[2].reshape({1, -1, 1, 1});
               }),
      workload(
          "groupnorm 8 groups", {input({16, 64, 48, 48}, {2, 8, 5, 3})},
          [](const auto& in) {
            const Shape shape = in[0].shape();
            auto g = in[0].reshape({shape[0], 8, -1});
            return ((g - g.mean({2}, true)) * (g.var({2}, true, 0) + kEps).rsqrt()).reshape(shape);
          }),
      reduce("softmax rows", {4096, 1000}, {17, 33}, [](const auto& x) { return x.softmax(1); }),
      reduce("softmax columns", {3001, 1024}, {23, 19}, [](const auto& x) { return x.softmax(0); }),
      reduce("log_softmax rows", {8192, 1000}, {13, 41},
             [](const auto& x) { return x.log_softmax(1); }),
  };
}

template <class Array>
Array logsumexp(const Array& x, int axis) {
  Array peak = x.max({axis}, true);
  return (x - peak).exp().sum({axis}, true).log() + peak;
}

std::vector<Workload> axis_reductions() {
  const Shape m{4099, 3072}, m_small{37, 45};
  const Shape c{96, 509, 256}, c_small{5, 7, 9};
  const Shape h{16, 64, 112, 109}, h_small{3, 4, 5, 6};
  return {
      reduce("sum 2d axis 0", m, m_small, [](const auto& x) { return x.sum({0}); }),
      reduce("sum 2d axis 1", m, m_small, [](const auto& x) { return x.sum({1}); }),
      reduce("max 2d all", m, m_small, [](const auto& x) { return x.max(); }),
      reduce("var 2d axis 0", {3001, 4096}, {31, 24}, [](const auto& x) { return x.var({0}); }),
      reduce("std 2d axis 1 tall", {65537, 192}, {67, 12},
             [](const auto& x) { return x.std({1}); }),
      reduce("sum 2d axis 1 wide", {96, 131071}, {5, 251},
             [](const auto& x) { return x.sum({1}); }),
      reduce("logsumexp 2d axis 1", {8192, 1000}, {19, 27},
             [](const auto& x) { return logsumexp(x, 1); }),
      reduce("logsumexp 2d axis 0", {1000, 8192}, {27, 19},
             [](const auto& x) { return logsumexp(x, 0); }),
      reduce("argmax 2d axis 1", {4096, 3001}, {16, 31}, [](const auto& x) { return x.argmax(1); }),
      reduce("argmax 2d axis 0", {3001, 4096}, {31, 16}, [](const auto& x) { return x.argmax(0); }),
      reduce("sum 3d axis 0", c, c_small, [](const auto& x) { return x.sum({0}); }),
      reduce("mean 3d axis 1", c, c_small, [](const auto& x) { return x.mean({1}); }),
      reduce("max 3d axis 2", c, c_small, [](const auto& x) { return x.max({2}); }),
      reduce("sum 3d axes 0,1", c, c_small,
             [](const auto& x) {
               return x.sum({0, 1});
             }),
      reduce("var 3d axes 0,2", c, c_small,
             [](const auto& x) {
               return x.var({0, 2});
             }),
      reduce("sum 3d axes 1,2", c, c_small,
             [](const auto& x) {
               return x.sum({1, 2});
             }),
      reduce("sum 4d axis 0", h, h_small, [](const auto& x) { return x.sum({0}); }),
      reduce("sum 4d axis 1", h, h_small, [](const auto& x) { return x.sum({1}); }),
      reduce("max 4d axis 2", h, h_small, [](const auto& x) { return x.max({2}); }),
      reduce("mean 4d axis 3", h, h_small, [](const auto& x) { return x.mean({3}); }),
      reduce("sum 4d axes 0,1", h, h_small,
             [](const auto& x) {
               return x.sum({0, 1});
             }),
      reduce("sum 4d axes 0,2", h, h_small,
             [](const auto& x) {
               return x.sum({0, 2});
             }),
      reduce("sum 4d axes 0,3", h, h_small,
             [](const auto& x) {
               return x.sum({0, 3});
             }),
      reduce("max 4d axes 1,2", h, h_small,
             [](const auto& x) {
               return x.max({1, 2});
             }),
      reduce("mean 4d axes 1,3", h, h_small,
             [](const auto& x) {
               return x.mean({1, 3});
             }),
      reduce("var 4d axes 2,3", h, h_small,
             [](const auto& x) {
               return x.var({2, 3});
             }),
  };
}

std::vector<Workload> view_reductions() {
  return {
      reduce("sum of permuted 3d", {256, 255, 192}, {4, 5, 6},
             [](const auto& x) {
               return x.permute({2, 0, 1}).sum({2});
             }),
      reduce("mean of transposed 2d", {3001, 4096}, {13, 16},
             [](const auto& x) { return x.transpose(0, 1).mean({0}); }),
      reduce("sum of padded 2d", {4097, 2999}, {11, 13},
             [](const auto& x) {
               return x.pad({{3, 5}, {1, 2}}, 1.0).sum({1});
             }),
      workload("sum of broadcast outer sum", {input({4096, 1}, {21, 1}), input({3001}, {17})},
               [](const auto& in) { return (in[0] + in[1]).relu().sum({0}); }),
  };
}

}  // namespace

std::vector<Workload> reduction_workloads() {
  std::vector<Workload> all = normalizations();
  for (auto part : {axis_reductions(), view_reductions()})
    all.insert(all.end(), part.begin(), part.end());
  return all;
}

}  // namespace ingot::bench
