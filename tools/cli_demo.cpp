// `ingot demo`: a bandwidth-bound and a compute-bound computation, timed and checked.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "cli_commands.hpp"
#include "ingot/runtime.hpp"
#include "ingot/tensor.hpp"
#include "timing.hpp"
#include "workloads.hpp"

namespace ingot::cli {
namespace {

constexpr int64_t kSumElements = int64_t(1) << 28;  // 1 GiB of float32
constexpr int64_t kMatmulSize = 1024;
constexpr int kRuns = 3;
// A float32 sum of 2^28 elements, done pairwise or in many partial sums, stays within a
// few ulps; one running float32 total would stall at 2^24 and miss by far more.
constexpr double kSumTolerance = 1e-6;
// float32 dot products of 1024 terms in [0, 1): about sqrt(1024) ulps of the result.
constexpr double kMatmulTolerance = 1e-4;

bool report(bool pass, const std::string& what) {
  fmt::print("{} {}\n", pass ? "PASS" : "FAIL", what);
  return pass;
}

bool demo_sum(Device& device) {
  Tensor x = workloads::cyclic(kSumElements, device.name());
  x.realize();
  device.synchronize();
  Tensor total;
  double seconds = timing::best_of(kRuns, [&] {
    total = x.sum();
    total.realize();
    device.synchronize();
  });
  double value = total.item<float>();
  double expected = workloads::cyclic_sum(kSumElements);
  double error = std::abs(value - expected) / expected;
  double bytes = static_cast<double>(kSumElements) * sizeof(float);
  fmt::print(
      "sum of 1 GiB float32 (2^28 elements cycling 0..7): {:.0f}, expected {:.0f}, "
      "relative error {:.2e}\n  best of {}: {:.2f} ms, {:.1f} GB/s\n",
      value, expected, error, kRuns, seconds * 1e3, bytes / seconds / 1e9);
  return report(error <= kSumTolerance, "sum matches the exact value");
}

// c = a b for n x n row-major matrices, in float64; i-k-j order keeps the inner loop
// on contiguous rows so that it vectorizes.
std::vector<double> host_matmul(const std::vector<float>& a, const std::vector<float>& b,
                                int64_t n) {
  std::vector<double> c(static_cast<size_t>(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t k = 0; k < n; ++k) {
      double aik = a[i * n + k];
      const float* brow = &b[k * n];
      double* crow = &c[i * n];
      for (int64_t j = 0; j < n; ++j) crow[j] += aik * brow[j];
    }
  return c;
}

bool demo_matmul(Device& device) {
  const int64_t n = kMatmulSize;
  Tensor::manual_seed(1);
  Tensor a = Tensor::rand({n, n}, DType::Float32, device.name());
  Tensor b = Tensor::rand({n, n}, DType::Float32, device.name());
  Tensor::realize_all({a, b});
  device.synchronize();
  Tensor c;
  double seconds = timing::best_of(kRuns, [&] {
    c = a.matmul(b);
    c.realize();
    device.synchronize();
  });
  std::vector<double> reference = host_matmul(a.to_vector<float>(), b.to_vector<float>(), n);
  std::vector<float> result = c.to_vector<float>();
  double max_error = 0;
  // Entries are sums of n products of numbers in [0, 1): positive, so relative error is
  // well defined. A NaN sticks, so that it fails the check.
  for (size_t i = 0; i < result.size(); ++i) {
    double error = std::abs(result[i] - reference[i]) / reference[i];
    if (std::isnan(error) || error > max_error) max_error = error;
  }
  double flops = 2.0 * static_cast<double>(n * n * n);
  fmt::print(
      "matmul float32 {0}x{0} @ {0}x{0}: max relative error {1:.2e} against float64\n"
      "  best of {2}: {3:.2f} ms, {4:.1f} GFLOP/s\n",
      n, max_error, kRuns, seconds * 1e3, flops / seconds / 1e9);
  return report(max_error <= kMatmulTolerance, "matmul matches the float64 reference");
}

}  // namespace

int run_demo(const std::string& name) {
  Device& device = Device::get(name);
  fmt::print("device {} ({})\n", device.name(), device.info().product);
  bool sum_ok = demo_sum(device);
  bool matmul_ok = demo_matmul(device);
  return sum_ok && matmul_ok ? 0 : kCheckFailed;
}

}  // namespace ingot::cli
