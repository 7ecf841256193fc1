// Training end to end on every device that opens: a small MLP's loss falls under SGD and
// Adam; the same seed gives the same losses on the CPU and on every other device; and one SGD step
// of a linear layer is a handful of kernels (forward and loss, backward, update).
#include <cmath>

#include "grad_support.hpp"

namespace grad_test {
namespace {

using ingot::DType;
using namespace ingot::optim;

struct Mlp {
  Tensor w1, b1, w2, b2;
  std::vector<Tensor> parameters() const { return {w1, b1, w2, b2}; }
  Tensor operator()(const Tensor& x) const { return (x.matmul(w1) + b1).tanh().matmul(w2) + b2; }
};

Tensor initial(const Shape& shape, double scale, const std::string& device) {
  return (Tensor::randn(shape, DType::Float32, device) * scale).requires_grad_();
}

// The losses of `steps` steps of training an MLP on a smooth target, from seed 7.
std::vector<float> train(const std::string& device, bool adam, int steps) {
  Tensor::manual_seed(7);
  Tensor x = Tensor::randn({24, 5}, DType::Float32, device);
  Tensor y = (x.sum({1}, true) * 0.5).sin();
  Mlp m{initial({5, 8}, 0.5, device), initial({8}, 0.1, device), initial({8, 1}, 0.5, device),
        initial({1}, 0.1, device)};
  std::unique_ptr<Optimizer> opt;
  if (adam)
    opt = std::make_unique<Adam>(m.parameters(), AdamOptions{.lr = 0.05});
  else
    opt = std::make_unique<SGD>(m.parameters(), SGDOptions{.lr = 0.2, .momentum = 0.5});
  std::vector<float> losses;
  for (int s = 0; s < steps; ++s) {
    opt->zero_grad();
    Tensor loss = (m(x) - y).square().mean();
    loss.backward();
    opt->step();
    losses.push_back(loss.item<float>());
  }
  return losses;
}

class Training : public OnDevice {};
class TrainingBesideCpu : public OnDevice {};

TEST_P(Training, LossFallsUnderSgdAndAdam) {
  for (bool adam : {false, true}) {
    std::vector<float> losses = train(device(), adam, 8);
    EXPECT_LT(losses.back(), 0.5f * losses.front()) << (adam ? "Adam" : "SGD");
    for (float l : losses) EXPECT_TRUE(std::isfinite(l));
  }
}

// The same seed gives the same data, initial parameters and so losses as on the CPU,
// within float32 rounding.
TEST_P(TrainingBesideCpu, SameSeedSameLosses) {
  std::vector<float> cpu = train("CPU", true, 5), here = train(device(), true, 5);
  for (size_t i = 0; i < cpu.size(); ++i)
    EXPECT_NEAR(here[i], cpu[i], 1e-4 * std::max(1.0f, std::abs(cpu[i]))) << "step " << i;
}

INSTANTIATE_TEST_SUITE_P(Devices, Training, ::testing::ValuesIn(kDevices), device_test_name);
INSTANTIATE_TEST_SUITE_P(Devices, TrainingBesideCpu, ::testing::ValuesIn(kOtherDevices),
                         device_test_name);

uint64_t launched() { return ingot::engine_stats().kernels_launched; }

// One SGD step of y = x W + b under a mean squared error, phase by phase: the loss the
// caller reads (the matmul, then the mean), the backward pass (both gradients realized in
// one schedule, the forward recomputed inside its kernels), and the update (a kernel per
// parameter, in one schedule).
TEST(TrainingFusion, LinearSgdStepIsAHandfulOfKernels) {
  std::vector<double> xv = uniform({32, 16}, -1, 1, 1), yv = uniform({32, 4}, -1, 1, 2),
                      wv = uniform({16, 4}, -1, 1, 3), bv = uniform({4}, -1, 1, 4);
  Tensor x = Tensor::from_vector(xv, {32, 16}, "CPU"), y = Tensor::from_vector(yv, {32, 4}, "CPU");
  Tensor w = Tensor::from_vector(wv, {16, 4}, "CPU").requires_grad_();
  Tensor b = Tensor::from_vector(bv, {4}, "CPU").requires_grad_();
  SGD sgd({w, b}, {.lr = 0.1});
  uint64_t start = launched();
  Tensor loss = (x.matmul(w) + b - y).square().mean();
  loss.realize();
  uint64_t forward = launched() - start;
  loss.backward();
  uint64_t backward = launched() - start - forward;
  sgd.step();
  uint64_t update = launched() - start - forward - backward;
  EXPECT_LE(forward, 2u);
  EXPECT_LE(backward, 3u);
  EXPECT_LE(update, 2u);
  // The step is right: W - 0.1 * x^T (2 (xW + b - y) / n), b - 0.1 * sum of the same.
  std::vector<double> dz(32 * 4);
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 4; ++j) {
      double z = bv[j] - yv[i * 4 + j];
      for (int k = 0; k < 16; ++k) z += xv[i * 16 + k] * wv[k * 4 + j];
      dz[i * 4 + j] = 2 * z / (32 * 4);
    }
  std::vector<double> got_w = w.to_vector<double>(), got_b = b.to_vector<double>();
  for (int j = 0; j < 4; ++j) {
    double gb = 0;
    for (int i = 0; i < 32; ++i) gb += dz[i * 4 + j];
    EXPECT_NEAR(got_b[j], bv[j] - 0.1 * gb, 1e-12);
    for (int k = 0; k < 16; ++k) {
      double gw = 0;
      for (int i = 0; i < 32; ++i) gw += xv[i * 16 + k] * dz[i * 4 + j];
      EXPECT_NEAR(got_w[k * 4 + j], wv[k * 4 + j] - 0.1 * gw, 1e-12);
    }
  }
}

}  // namespace
}  // namespace grad_test
