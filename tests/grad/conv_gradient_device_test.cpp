// Convolutions' and batch norm's gradients on every device that opens, beside the CPU's in
// float64 (which the finite-difference checks of nn_gradient_test.cpp vouch for): devices
// with threadgroups, matrix tiles or staged matmuls take other plans for them (the
// convolutions' sums over taps of matmuls, statistics reduced rows first), with shapes
// large enough for those plans: channels in multiples of 32, 64 output channels.
#include <cmath>

#include "grad_support.hpp"
#include "ingot/nn.hpp"

namespace grad_test {
namespace {

using ingot::DType;
namespace nn = ingot::nn;

struct ConvGeometry {
  std::string name;
  Shape x, w;
  int64_t stride, padding, dilation;
};

struct Gradients {
  std::vector<double> x, w, bn_weight;
};

// Uniform values from `seed` on `device`, float64 or float32.
Tensor values(const Shape& shape, double lo, double hi, uint32_t seed, const std::string& device,
              DType dtype) {
  const std::vector<double> v = uniform(shape, lo, hi, seed);
  if (dtype == DType::Float64) return Tensor::from_vector(v, shape, device);
  return Tensor::from_vector(std::vector<float>(v.begin(), v.end()), shape, device);
}

// The gradients of sum(batch_norm(conv2d(x, w)) * r) on `device` in `dtype`, the inputs
// from fixed seeds.
Gradients gradients(const std::string& device, DType dtype, const ConvGeometry& c) {
  Tensor x = values(c.x, -1, 1, 1, device, dtype).requires_grad_();
  Tensor w = values(c.w, -0.5, 0.5, 2, device, dtype).requires_grad_();
  Tensor gamma = values({c.w[0]}, 0.5, 1.5, 3, device, dtype).requires_grad_();
  Tensor out = nn::conv2d(x, w, Tensor(), c.stride, c.padding, c.dilation);
  Tensor normalized =
      nn::batch_norm(out, Tensor(), Tensor(), gamma, Tensor(), /*training=*/true, 1e-5);
  Tensor r = values(normalized.shape(), -1, 1, 4, device, dtype);
  (normalized * r).sum().backward();
  auto host = [](const Tensor& t) {
    return t.to("CPU").astype(DType::Float64).to_vector<double>();
  };
  return {host(x.grad()), host(w.grad()), host(gamma.grad())};
}

// The largest |a - b| over max(1, |b|).
double worst_error(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::abs(a[i] - b[i]) / std::max(1.0, std::abs(b[i])));
  return worst;
}

class ConvGradientBesideCpu : public OnDevice {};

TEST_P(ConvGradientBesideCpu, MatchesTheCpuInFloat64) {
  const std::vector<ConvGeometry> cases = {
      {"3x3", {2, 32, 9, 11}, {64, 32, 3, 3}, 1, 1, 1},
      {"3x3 stride 2", {2, 32, 10, 9}, {64, 32, 3, 3}, 2, 1, 1},
      {"3x3 dilation 2", {2, 32, 12, 12}, {64, 32, 3, 3}, 1, 2, 2},
      {"1x1 stride 2", {2, 64, 8, 7}, {64, 64, 1, 1}, 2, 0, 1},
      {"7x7 stride 2, 3 channels (a stem)", {2, 3, 15, 13}, {16, 3, 7, 7}, 2, 3, 1},
  };
  for (const ConvGeometry& c : cases) {
    SCOPED_TRACE(c.name);
    const Gradients want = gradients("CPU", DType::Float64, c);
    const Gradients got = gradients(device(), DType::Float32, c);
    ASSERT_EQ(got.w.size(), want.w.size());
    EXPECT_LT(worst_error(got.x, want.x), 1e-3);
    EXPECT_LT(worst_error(got.w, want.w), 1e-3);
    EXPECT_LT(worst_error(got.bn_weight, want.bn_weight), 1e-3);
  }
}

INSTANTIATE_TEST_SUITE_P(Devices, ConvGradientBesideCpu, ::testing::ValuesIn(kOtherDevices),
                         device_test_name);

}  // namespace
}  // namespace grad_test
