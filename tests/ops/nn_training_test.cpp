// A small CNN (Conv2d, ReLU, MaxPool2d, Linear, cross entropy) trained with ingot::optim's
// SGD on every device: its loss falls within a few steps. (BatchNorm2d's gradient is
// checked in tests/grad/nn_gradient_test.cpp; kept out here, it would double the kernels
// each device compiles.)
#include <cmath>

#include "ingot/nn.hpp"
#include "ingot/optim.hpp"
#include "support/op_test.hpp"

namespace {

using namespace support;
namespace nn = ingot::nn;

class NnTraining : public OpTest {};

TEST_P(NnTraining, SmallConvNetLossFallsUnderSgd) {
  Tensor::manual_seed(3);
  const std::string& d = dev();
  Tensor images = Tensor::randn({12, 1, 6, 6}, F32, d);
  Tensor labels = Tensor::randint(0, 3, {12}, DType::Int32, d);
  nn::Sequential net({std::make_shared<nn::Conv2d>(1, 8, 3, 1, 1, 1, 1, true, F32, d),
                      std::make_shared<nn::ReLU>(), std::make_shared<nn::MaxPool2d>(2),
                      std::make_shared<nn::Flatten>(),
                      std::make_shared<nn::Linear>(8 * 3 * 3, 3, true, F32, d)});
  for (const Tensor& p : net.parameters()) ASSERT_TRUE(p.requires_grad());
  ingot::optim::SGD sgd(net.parameters(), {.lr = 0.1, .momentum = 0.9});
  std::vector<float> losses;
  for (int step = 0; step < 8; ++step) {
    sgd.zero_grad();
    Tensor loss = nn::cross_entropy(net(images), labels);
    loss.backward();
    sgd.step();
    losses.push_back(loss.item<float>());
    ASSERT_TRUE(std::isfinite(losses.back())) << "step " << step;
  }
  EXPECT_LT(losses.back(), 0.6f * losses.front());
}

INGOT_ON_ALL_DEVICES(NnTraining);

}  // namespace
