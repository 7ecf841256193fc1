// The optimizers against their update rules computed on the host in float64 (PyTorch's
// formulas), over several steps; what step skips, the learning rate changing without new
// kernels, the state round trip, and the errors.
#include <cmath>

#include "grad_support.hpp"

namespace grad_test {
namespace {

using ingot::DType;
using namespace ingot::optim;

struct Trajectory {
  Tensor param;
  std::vector<double> p;                   // the host's copy of the parameter
  std::vector<std::vector<double>> grads;  // the gradient of each step
};

Trajectory trajectory(uint32_t seed, int steps) {
  Trajectory t;
  t.p = uniform({2, 3}, -1, 1, seed);
  t.param = Tensor::from_vector(t.p, {2, 3}, "CPU").requires_grad_();
  for (int s = 0; s < steps; ++s) t.grads.push_back(uniform({2, 3}, -1, 1, seed + 100 + s));
  return t;
}

void expect_near(const Tensor& got, const std::vector<double>& want, int step) {
  std::vector<double> v = got.to_vector<double>();
  for (size_t i = 0; i < v.size(); ++i)
    EXPECT_NEAR(v[i], want[i], 1e-12 * std::max(1.0, std::abs(want[i])))
        << "step " << step << " element " << i;
}

void run_sgd(const SGDOptions& o) {
  Trajectory t = trajectory(3, 4);
  SGD sgd({t.param}, o);
  std::vector<double> buffer(t.p.size());
  for (size_t s = 0; s < t.grads.size(); ++s) {
    t.param.set_grad(Tensor::from_vector(t.grads[s], {2, 3}, "CPU"));
    sgd.step();
    for (size_t i = 0; i < t.p.size(); ++i) {
      double g = t.grads[s][i] + o.weight_decay * t.p[i];
      if (o.momentum != 0) {
        buffer[i] = s == 0 ? g : o.momentum * buffer[i] + (1 - o.dampening) * g;
        g = o.nesterov ? g + o.momentum * buffer[i] : buffer[i];
      }
      t.p[i] -= o.lr * g;
    }
    expect_near(t.param, t.p, static_cast<int>(s));
  }
}

TEST(SGD, PlainStep) { run_sgd({.lr = 0.1}); }
TEST(SGD, MomentumDampeningWeightDecay) {
  run_sgd({.lr = 0.05, .momentum = 0.9, .dampening = 0.25, .weight_decay = 0.1});
}
TEST(SGD, Nesterov) { run_sgd({.lr = 0.05, .momentum = 0.8, .nesterov = true}); }

void run_adam(double lr, double weight_decay, bool decoupled) {
  Trajectory t = trajectory(5, 4);
  const double b1 = 0.8, b2 = 0.95, eps = 1e-6;
  std::unique_ptr<Optimizer> opt;
  if (decoupled)
    opt = std::make_unique<AdamW>(std::vector<Tensor>{t.param},
                                  AdamWOptions{lr, b1, b2, eps, weight_decay});
  else
    opt = std::make_unique<Adam>(std::vector<Tensor>{t.param},
                                 AdamOptions{lr, b1, b2, eps, weight_decay});
  std::vector<double> m(t.p.size()), v(t.p.size());
  for (size_t s = 0; s < t.grads.size(); ++s) {
    t.param.set_grad(Tensor::from_vector(t.grads[s], {2, 3}, "CPU"));
    opt->step();
    double n = static_cast<double>(s + 1);
    for (size_t i = 0; i < t.p.size(); ++i) {
      double g = t.grads[s][i];
      if (decoupled)
        t.p[i] *= 1 - lr * weight_decay;
      else
        g += weight_decay * t.p[i];
      m[i] = b1 * m[i] + (1 - b1) * g;
      v[i] = b2 * v[i] + (1 - b2) * g * g;
      double m_hat = m[i] / (1 - std::pow(b1, n)), v_hat = v[i] / (1 - std::pow(b2, n));
      t.p[i] -= lr * m_hat / (std::sqrt(v_hat) + eps);
    }
    expect_near(t.param, t.p, static_cast<int>(s));
  }
}

TEST(Adam, MatchesTheHostRule) { run_adam(0.01, 0, false); }
TEST(Adam, WeightDecayIsAddedToTheGradient) { run_adam(0.01, 0.1, false); }
TEST(AdamW, WeightDecayIsDecoupled) { run_adam(0.01, 0.1, true); }

TEST(Optimizer, SkipsParametersWithoutGradAndZeroGradClears) {
  Tensor a = Tensor::from_vector<double>({1, 2}, {2}, "CPU").requires_grad_();
  Tensor b = Tensor::from_vector<double>({3, 4}, {2}, "CPU").requires_grad_();
  SGD sgd({a, b}, {.lr = 0.5});
  (a * a).sum().backward();
  sgd.step();
  EXPECT_EQ(a.to_vector<double>(), (std::vector<double>{0, 0}));
  EXPECT_EQ(b.to_vector<double>(), (std::vector<double>{3, 4}));
  sgd.zero_grad();
  EXPECT_FALSE(a.grad().defined());
  EXPECT_FALSE(b.grad().defined());
}

// The learning rate and Adam's bias corrections change every step; they reach the
// kernels as tensors, so later steps compile nothing.
TEST(Optimizer, LaterStepsAndNewLearningRatesCompileNothing) {
  Tensor p = Tensor::from_vector<float>({1, -2, 3}, {3}, "CPU").requires_grad_();
  Adam adam({p}, {.lr = 0.1});
  auto one_step = [&] {
    adam.zero_grad();
    (p * p).sum().backward();
    adam.step();
  };
  one_step();
  one_step();
  uint64_t compiled = ingot::engine_stats().kernels_compiled;
  adam.set_lr(0.05);
  one_step();
  one_step();
  EXPECT_EQ(ingot::engine_stats().kernels_compiled, compiled);
}

TEST(Optimizer, StateRoundTrip) {
  Trajectory t = trajectory(7, 3), u = trajectory(7, 3);
  Adam first({t.param}, {.lr = 0.01}), second({u.param}, {.lr = 0.01});
  for (int s = 0; s < 2; ++s) {
    t.param.set_grad(Tensor::from_vector(t.grads[s], {2, 3}, "CPU"));
    first.step();
  }
  u.param.assign(t.param.detach());
  second.load_state(first.state());
  EXPECT_EQ(second.steps(), 2);
  t.param.set_grad(Tensor::from_vector(t.grads[2], {2, 3}, "CPU"));
  u.param.set_grad(Tensor::from_vector(t.grads[2], {2, 3}, "CPU"));
  first.step();
  second.step();
  EXPECT_EQ(t.param.to_vector<double>(), u.param.to_vector<double>());
  auto state = first.state();
  state[1].second = Tensor::zeros({4}, DType::Float64, "CPU");
  EXPECT_TRUE(throws_error([&] { second.load_state(state); },
                           {"Adam.load_state", "0.exp_avg", "(4)", "(2, 3)"}));
  EXPECT_TRUE(throws_error(
      [&] {
        second.load_state({{"7.exp_avg", t.param}});
      },
      {"Adam.load_state", "unknown entry", "7.exp_avg"}));
}

TEST(Optimizer, BadArgumentsAreErrors) {
  Tensor plain = Tensor::zeros({3});
  Tensor p = Tensor::zeros({2}).requires_grad_();
  EXPECT_TRUE(throws_error(
      [&] {
        SGD({p, plain});
      },
      {"SGD", "parameter 1", "(3)", "does not require grad"}));
  EXPECT_TRUE(throws_error([&] { Adam(std::vector<Tensor>{}); }, {"Adam", "empty"}));
  EXPECT_TRUE(throws_error([&] { SGD({p, p}); }, {"SGD", "more than once"}));
  EXPECT_TRUE(throws_error([&] { SGD({p}, {.lr = -1}); }, {"SGD", "learning rate", "-1"}));
  EXPECT_TRUE(throws_error([&] { SGD({p}, {.nesterov = true}); }, {"SGD", "nesterov"}));
  EXPECT_TRUE(throws_error([&] { AdamW({p}, {.beta2 = 1}); }, {"AdamW", "beta2", "[0, 1)"}));
  SGD ok({p});
  EXPECT_TRUE(throws_error([&] { ok.set_lr(NAN); }, {"SGD", "learning rate"}));
}

}  // namespace
}  // namespace grad_test
