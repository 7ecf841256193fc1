// ingot's own ops as a user calls them: nn::conv2d, a running sum, gathers by index
// tensors and an embedding lookup (the suite's convolutions before these built them from
// views).
#include "ingot/nn.hpp"
#include "workload.hpp"

namespace ingot::bench {
namespace {

// The same call on both sides of a workload: ingot's op, or the host reference's.
Tensor conv3x3(const Tensor& x, const Tensor& w) { return nn::conv2d(x, w, Tensor(), 1, 1); }
HostArray conv3x3(const HostArray& x, const HostArray& w) { return x.conv2d(w, 1); }
Tensor lookup(const Tensor& table, const Tensor& idx) { return embedding(table, idx); }
HostArray lookup(const HostArray& table, const HostArray& idx) {
  return HostArray::embedding(table, idx);
}

}  // namespace

std::vector<Workload> op_workloads() {
  return {
      workload("conv2d 3x3 (nn)",
               {input({8, 32, 56, 56}, {2, 3, 6, 7}), input({64, 32, 3, 3}, {4, 3, 3, 3})},
               [](const auto& in) { return conv3x3(in[0], in[1]); }),
      workload("cumsum rows", {input({4096, 1000}, {5, 37})},
               [](const auto& in) { return in[0].cumsum(1); }),
      workload("gather along rows (take_along_axis)",
               {input({4096, 1000}, {5, 37}), indices({4096, 64}, {5, 9}, 1000, 37)},
               [](const auto& in) { return in[0].take_along_axis(in[1], 1); }),
      workload("embedding lookup",
               {input({50000, 512}, {40, 8}), indices({8, 512}, {2, 5}, 50000, 40)},
               [](const auto& in) { return lookup(in[0], in[1]); }),
  };
}

}  // namespace ingot::bench
