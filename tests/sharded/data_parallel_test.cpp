// Data-parallel training: an MLP trained on a batch split over the group's devices takes
// the same steps as the same MLP on one device over the whole batch (float32 tolerance).
#include "ingot/data_parallel.hpp"

#include "ingot/optim.hpp"
#include "sharded/sharded_test.hpp"

namespace ingot::test {
namespace {

std::shared_ptr<nn::Module> mlp(const std::string& device) {
  return std::make_shared<nn::Sequential>(std::vector<std::shared_ptr<nn::Module>>{
      std::make_shared<nn::Linear>(5, 8, true, DType::Float32, device),
      std::make_shared<nn::ReLU>(),
      std::make_shared<nn::Linear>(8, 3, true, DType::Float32, device)});
}

TEST_P(ShardedTest, DataParallelTrainingMatchesOneDevice) {
  const Array inputs = random({9, 5}), targets = random({9, 3});  // split 5 + 4
  nn::DataParallel model(mlp, group());
  std::shared_ptr<nn::Module> single = mlp("CPU");
  {
    NoGrad no_grad;
    auto from = model.replica(0).parameters(), to = single->parameters();
    for (size_t i = 0; i < to.size(); ++i) to[i].assign(from[i].to("CPU"));
  }
  const optim::SGDOptions sgd{.lr = 0.1, .momentum = 0.9};
  std::vector<std::unique_ptr<optim::SGD>> steps;
  for (size_t r = 0; r < model.size(); ++r)
    steps.push_back(std::make_unique<optim::SGD>(model.replica(r).parameters(), sgd));
  optim::SGD single_step(single->parameters(), sgd);

  const ShardedTensor x = tensor(inputs).shard(group(), 0), y = tensor(targets).shard(group(), 0);
  for (int step = 0; step < 3; ++step) {
    ShardedTensor out = model(x);
    std::vector<Tensor> losses;
    for (size_t r = 0; r < model.size(); ++r)
      losses.push_back(nn::mse_loss(out.shards()[r], y.shards()[r]));
    const float loss = model.backward(losses).item<float>();
    for (auto& s : steps) s->step(), s->zero_grad();

    Tensor whole = nn::mse_loss(single->forward(tensor(inputs)), tensor(targets));
    whole.backward();
    single_step.step();
    single_step.zero_grad();
    EXPECT_NEAR(loss, whole.item<float>(), 1e-5 * std::max(1.0f, std::abs(loss)))
        << "step " << step;
  }
  const auto want = single->parameters();
  for (size_t r = 0; r < model.size(); ++r) {
    const auto got = model.replica(r).parameters();
    for (size_t i = 0; i < want.size(); ++i) {
      Array expected(want[i].shape(), support::read_values(want[i]));
      EXPECT_TRUE(support::close(got[i].to("CPU"), expected, Tol{1e-4, 1e-5}))
          << "replica " << r << ", parameter " << i;
    }
  }
}

}  // namespace
}  // namespace ingot::test
