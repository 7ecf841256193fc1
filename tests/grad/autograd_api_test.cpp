// The autograd API around the rules: accumulation, detach, the no-grad scope, what has no
// gradient, ties of max and min, gradients across devices, composite ops' own gradients
// (with_gradient), and the errors.
#include "grad_support.hpp"

namespace grad_test {
namespace {

using ingot::DType;

Tensor vec(const std::vector<double>& v) {
  return Tensor::from_vector(v, {static_cast<int64_t>(v.size())}, "CPU");
}

std::vector<double> grad_of(const Tensor& t) { return t.grad().to_vector<double>(); }

TEST(Autograd, GradientsAccumulateAcrossBackwardCalls) {
  Tensor x = vec({1, 2, 3}).requires_grad_();
  (x * x).sum().backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{2, 4, 6}));
  (x * 3.0).sum().backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{5, 7, 9}));
  x.set_grad(Tensor());
  EXPECT_FALSE(x.grad().defined());
  (x * 3.0).sum().backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{3, 3, 3}));
}

TEST(Autograd, RetainGraphAllowsASecondBackward) {
  Tensor x = vec({1, -2}).requires_grad_();
  Tensor loss = (x * x * x).sum();
  loss.backward(Tensor(), true);
  loss.backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{6, 24}));
  EXPECT_TRUE(
      throws_error([&] { loss.backward(); }, {"backward", "already released", "retain_graph"}));
}

TEST(Autograd, ASharedIntermediateReleasedByOneBackwardIsAnError) {
  Tensor x = vec({1, 2}).requires_grad_();
  Tensor y = x.exp();
  y.sum().backward();
  EXPECT_TRUE(throws_error([&] { (y * 2.0).sum().backward(); }, {"backward", "already released"}));
  // The process keeps working: a fresh graph from the same leaf differentiates.
  x.set_grad(Tensor());
  (x * 2.0).sum().backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{2, 2}));
}

TEST(Autograd, NonScalarBackwardNeedsAGradient) {
  Tensor x = vec({1, 2, 3}).requires_grad_();
  Tensor y = x * 2.0;
  EXPECT_TRUE(throws_error([&] { y.backward(); }, {"backward", "not a scalar", "(3)"}));
  EXPECT_TRUE(throws_error([&] { y.backward(vec({1, 2})); }, {"backward", "(2)", "(3)"}));
  y.backward(vec({1, 0.5, -1}));
  EXPECT_EQ(grad_of(x), (std::vector<double>{2, 1, -2}));
}

TEST(Autograd, BackwardOfATensorWithoutGradIsAnError) {
  Tensor x = vec({1, 2});
  EXPECT_TRUE(throws_error([&] { x.sum().backward(); }, {"backward", "does not require grad"}));
}

TEST(Autograd, OnlyFloatLeavesRequireGrad) {
  Tensor i = Tensor::from_vector<int32_t>({1, 2}, {2}, "CPU");
  EXPECT_TRUE(throws_error([&] { i.requires_grad_(); }, {"requires_grad_", "int32"}));
  Tensor x = vec({1, 2}).requires_grad_();
  Tensor y = x * 2.0;
  EXPECT_TRUE(throws_error([&] { y.requires_grad_(false); }, {"requires_grad_", "detach"}));
}

TEST(Autograd, DetachCutsTheGraph) {
  Tensor x = vec({1, 2, 3}).requires_grad_();
  Tensor lazy = (x * 2.0).detach();
  Tensor realized = (x * 3.0).realize().detach();
  EXPECT_FALSE(lazy.requires_grad());
  EXPECT_FALSE(realized.requires_grad());
  (x * lazy + x * realized + lazy.reshape({3, 1}).reshape({3}) * x).sum().backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{7, 14, 21}));
}

TEST(Autograd, NoGradScopeRecordsNothingAndRestores) {
  Tensor x = vec({1, 2}).requires_grad_();
  EXPECT_TRUE(ingot::is_grad_enabled());
  Tensor y;
  {
    ingot::NoGrad outer;
    {
      ingot::NoGrad inner;
      EXPECT_FALSE(ingot::is_grad_enabled());
    }
    EXPECT_FALSE(ingot::is_grad_enabled());
    y = x * 2.0;
    EXPECT_FALSE(y.requires_grad());
  }
  EXPECT_TRUE(ingot::is_grad_enabled());
  // A reshape of a no-grad reshape of x must not reach x.
  EXPECT_FALSE(y.reshape({2, 1}).reshape({1, 2}).requires_grad());
  EXPECT_TRUE((x * 2.0).requires_grad());
}

TEST(Autograd, NonDifferentiableOpsGiveNoGradient) {
  Tensor x = vec({1, 5, 3}).requires_grad_();
  EXPECT_FALSE(x.argmax().requires_grad());
  EXPECT_FALSE(x.gt(vec({0, 0, 0})).requires_grad());
  EXPECT_FALSE(x.astype(DType::Int32).requires_grad());
  EXPECT_FALSE(x.bitcast(DType::Int64).requires_grad());
  EXPECT_FALSE(x.astype(DType::Float32).bitcast(DType::Float32).requires_grad());
  // A leaf used only through a comparison gets no gradient, as in PyTorch.
  Tensor y = vec({2, 2, 2}).requires_grad_();
  Tensor::where(x.gt(y), x, x * 2.0).sum().backward();
  EXPECT_FALSE(y.grad().defined());
  EXPECT_EQ(grad_of(x), (std::vector<double>{2, 1, 1}));
}

// Ties: max and min reductions spread the gradient equally over the maxima; the binary
// maximum and minimum give each operand half.
TEST(Autograd, TiesShareTheGradientEqually) {
  Tensor x = vec({1, 3, 3, 2, 3}).requires_grad_();
  x.max().backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{0, 1.0 / 3, 1.0 / 3, 0, 1.0 / 3}));
  Tensor a = vec({1, 2, 4}).requires_grad_(), b = vec({1, 3, 0}).requires_grad_();
  a.maximum(b).sum().backward();
  EXPECT_EQ(grad_of(a), (std::vector<double>{0.5, 0, 1}));
  EXPECT_EQ(grad_of(b), (std::vector<double>{0.5, 1, 0}));
}

// An output realized before backward (its loss printed) keeps what backward needs.
TEST(Autograd, RealizedForwardStillDifferentiates) {
  Tensor x = vec({0.5, -1, 2}).requires_grad_();
  Tensor h = x.tanh();
  h.realize();
  Tensor loss = (h * h).sum();
  double value = loss.item<double>();
  EXPECT_NEAR(
      value,
      std::pow(std::tanh(0.5), 2) + std::pow(std::tanh(-1.0), 2) + std::pow(std::tanh(2.0), 2),
      1e-12);
  loss.backward();
  std::vector<double> g = grad_of(x), want;
  for (double v : {0.5, -1.0, 2.0})
    want.push_back(2 * std::tanh(v) * (1 - std::pow(std::tanh(v), 2)));
  for (size_t i = 0; i < g.size(); ++i) EXPECT_NEAR(g[i], want[i], 1e-12);
}

// The gradient of a copy goes back to the source's device.
class GradientOfACopy : public OnDevice {};
TEST_P(GradientOfACopy, ReturnsToTheSourceDevice) {
  Tensor x = Tensor::from_vector<float>({1, 2, 3}, {3}, "CPU").requires_grad_();
  Tensor y = x.to(device());
  (y * y).sum().backward();
  ASSERT_EQ(x.grad().device(), "CPU");
  EXPECT_EQ(x.grad().to_vector<float>(), (std::vector<float>{2, 4, 6}));
}
INSTANTIATE_TEST_SUITE_P(Devices, GradientOfACopy, ::testing::ValuesIn(kOtherDevices),
                         device_test_name);

// backward realizes its output, so a loss read after the parameters were updated is the
// loss before the update (as in eager frameworks), not one computed from the new values.
TEST(Autograd, TheOutputIsRealizedByBackward) {
  Tensor x = vec({1, 2}).requires_grad_();
  Tensor loss = (x * x).sum();
  loss.backward();
  {
    ingot::NoGrad no_grad;
    x.assign(vec({3, 4}));
  }
  EXPECT_EQ(loss.item<double>(), 5);
}

TEST(Autograd, AssignKeepsIdentityGradAndRequiresGrad) {
  Tensor x = vec({1, 2}).requires_grad_();
  Tensor alias = x;
  (x * x).sum().backward();
  {
    ingot::NoGrad no_grad;
    x.assign(x - x.grad() * 0.25);
  }
  EXPECT_EQ(alias.to_vector<double>(), (std::vector<double>{0.5, 1}));
  EXPECT_TRUE(alias.requires_grad());
  EXPECT_EQ(grad_of(alias), (std::vector<double>{2, 4}));
  EXPECT_TRUE(throws_error([&] { x.assign(vec({1, 2, 3})); }, {"assign", "(3)", "(2)"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.assign(vec({1, 2}).astype(DType::Float32));
      },
      {"assign", "float32", "float64"}));
  Tensor y = x * 2.0;
  EXPECT_TRUE(throws_error([&] { y.assign(vec({1, 2})); }, {"assign", "not a leaf"}));
}

// A composite op's own gradient: the values of the ops that computed it, the gradient of
// its backward function (here 3 x g for y = x * 2: deliberately not the true derivative, so
// the rule that ran is the one given), undefined gradients for inputs it leaves out.
TEST(Autograd, WithGradientUsesTheGivenRule) {
  Tensor x = vec({1, 2}).requires_grad_(), w = vec({5, 7}).requires_grad_();
  Tensor y;
  {
    ingot::NoGrad values_only;
    y = x * 2.0;
  }
  y = ingot::with_gradient(y, {x, w}, [](const Tensor& g) {
    return std::vector<Tensor>{g * 3.0, Tensor()};
  });
  EXPECT_EQ(y.to_vector<double>(), (std::vector<double>{2, 4}));
  (y * vec({1, -1})).sum().backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{3, -3}));
  EXPECT_FALSE(w.grad().defined());
  // Without gradients to record, the value itself.
  ingot::NoGrad no_grad;
  Tensor plain =
      ingot::with_gradient(y, {x}, [](const Tensor& g) { return std::vector<Tensor>{g}; });
  EXPECT_EQ(plain.node(), y.node());
}

// A backward function that gives the wrong number of gradients, or one of the wrong shape:
// an Error naming what it gave and what was due, and the process keeps working.
TEST(Autograd, WithGradientChecksTheGivenGradients) {
  Tensor x = vec({1, 2}).requires_grad_();
  auto wrapped = [&](ingot::GradientFunction backward) {
    return ingot::with_gradient(x * 1.0, {x}, std::move(backward)).sum();
  };
  EXPECT_TRUE(throws_error(
      [&] { wrapped([](const Tensor& g) {
              return std::vector<Tensor>{g, g};
            }).backward(); },
      {"with_gradient", "2 gradients for 1 inputs"}));
  EXPECT_TRUE(throws_error(
      [&] { wrapped([](const Tensor& g) { return std::vector<Tensor>{g.sum()}; }).backward(); },
      {"with_gradient", "input 0", "(2)"}));
  EXPECT_TRUE(throws_error(
      [&] {
        ingot::with_gradient(x * 1.0, {x, Tensor()},
                             [](const Tensor& g) {
                               return std::vector<Tensor>{g, g};
                             })
            .sum()
            .backward();
      },
      {"with_gradient", "input 1", "undefined"}));
  EXPECT_FALSE(x.grad().defined());
  wrapped([](const Tensor& g) { return std::vector<Tensor>{g}; }).backward();
  EXPECT_EQ(grad_of(x), (std::vector<double>{1, 1}));
}

}  // namespace
}  // namespace grad_test
