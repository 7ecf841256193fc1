// Elementwise chains broadcasting along each axis, copies that permute, and chains of 1,
// 2 and 5 tiny ops realized in a loop (host time per step).
#include "workload.hpp"

namespace ingot::bench {
namespace {

std::vector<Workload> broadcast_chains() {
  const Shape x{128, 257, 384}, x_small{4, 5, 6};
  return {
      workload("broadcast along axis 0 then gelu",
               {input(x, x_small), input({128, 1, 1}, {4, 1, 1})},
               [](const auto& in) { return (in[0] * in[1] + 1.0).gelu(); }),
      workload("broadcast along axis 1 then relu", {input(x, x_small), input({257, 1}, {5, 1})},
               [](const auto& in) { return (in[0] - in[1]).relu() * 2.0; }),
      workload("broadcast along axis 2 then tanh", {input(x, x_small), input({384}, {6})},
               [](const auto& in) { return (in[0] + in[1]).tanh() * in[1]; }),
      workload("outer product tanh", {input({4096, 1}, {9, 1}), input({3001}, {7})},
               [](const auto& in) { return (in[0] * in[1]).tanh(); }),
      workload("NCHW channel scale, residual, relu",
               {input({32, 64, 56, 56}, {2, 3, 4, 5}), input({32, 64, 56, 56}, {2, 3, 4, 5}),
                input({64}, {3})},
               [](const auto& in) {
                 return (in[0] * in[2].reshape({1, -1, 1, 1}) + in[1]).relu();
               }),
      workload(
          "swiglu float16",
          {input({4096, 2048}, {9, 16}, DType::Float16),
           input({4096, 2048}, {9, 16}, DType::Float16)},
          [](const auto& in) { return in[0] * in[0].sigmoid() * in[1]; }, 1e-2),
      workload("chain of 6 ops, prime length", {input({16777213}, {101})},
               [](const auto& in) {
                 const auto& x = in[0];
                 return (x * 0.5 + 1.0).tanh().square() * x + x.exp();
               }),
  };
}

std::vector<Workload> permuting_copies() {
  auto copy = [](std::string name, Shape full, Shape small, std::vector<int> order) {
    return workload(std::move(name), {input(std::move(full), std::move(small))},
                    [order](const auto& in) { return in[0].permute(order).contiguous(); });
  };
  return {
      copy("transpose 2d", {4099, 3001}, {13, 11}, {1, 0}),
      copy("NCHW to NHWC", {32, 64, 56, 57}, {2, 3, 4, 5}, {0, 2, 3, 1}),
      copy("NHWC to NCHW", {32, 56, 57, 64}, {2, 4, 5, 3}, {0, 3, 1, 2}),
      copy("permute 3d 2,0,1", {256, 255, 192}, {4, 5, 6}, {2, 0, 1}),
  };
}

// Chains fed back into themselves: bounded growth over any number of steps.
std::vector<Workload> tiny_chains() {
  std::vector<Workload> chains = {
      workload("tiny chain of 1 op", {input({16}, {16})},
               [](const auto& in) { return in[0] + 1.0; }),
      workload("tiny chain of 2 ops", {input({16}, {16})},
               [](const auto& in) { return in[0] * 0.5 + 1.0; }),
      workload("tiny chain of 5 ops", {input({16}, {16})},
               [](const auto& in) { return (in[0] * 0.5 + 1.0).tanh() * 2.0 + in[0]; }),
  };
  for (Workload& chain : chains) chain.steps = 2000;
  return chains;
}

}  // namespace

std::vector<Workload> elementwise_workloads() {
  std::vector<Workload> all = broadcast_chains();
  for (auto part : {permuting_copies(), tiny_chains()})
    all.insert(all.end(), part.begin(), part.end());
  return all;
}

}  // namespace ingot::bench
