// Every Error of the sharded front end: each names the op, the shapes or devices at fault
// and what is valid, and is thrown before anything runs.
#include "ingot/data_parallel.hpp"
#include "sharded/sharded_test.hpp"

namespace ingot::test {
namespace {

using support::throws_error;

TEST_P(ShardedTest, BadDeviceListsAreErrors) {
  Tensor t = tensor(random({6, 4}));
  const std::string first = group()[0];
  EXPECT_TRUE(throws_error([&] { t.shard({}, 0); }, {"shard"}, {"empty"}));
  EXPECT_TRUE(throws_error([&] { t.replicate({}); }, {"replicate"}, {"empty"}));
  EXPECT_TRUE(throws_error([&] { t.shard({first, first}, 0); }, {"shard"}, {first, "named twice"}));
  EXPECT_TRUE(throws_error([&] { t.replicate({first, "NOSUCH:3"}); }, {"NOSUCH"}));
}

TEST_P(ShardedTest, BadAxesAreErrors) {
  Tensor t = tensor(random({6, 1}));
  EXPECT_TRUE(throws_error([&] { t.shard(group(), 2); }, {"shard"}, {"axis 2", "-2 to 1"}));
  EXPECT_TRUE(throws_error([&] { t.shard(group(), 1); }, {"shard"}, {"(6, 1)", "at least one"}));
  EXPECT_TRUE(throws_error([&] { Tensor::scalar(1.0).shard(group(), 0); }, {"shard"}, {"0-d"}));
  ShardedTensor s = t.shard(group(), 0);
  EXPECT_TRUE(throws_error([&] { s.reshard(1); }, {"reshard"}, {"(6, 1)", "at least one"}));
  EXPECT_TRUE(throws_error([&] { s.sum({3}); }, {"sum"}, {"axis 3"}));
}

TEST_P(ShardedTest, MismatchedOperandsAreErrors) {
  ShardedTensor a = tensor(random({6, 4})).shard(group(), 0);
  Group reversed(group().rbegin(), group().rend());
  ShardedTensor b = tensor(random({6, 4})).shard(reversed, 0);
  EXPECT_TRUE(throws_error([&] { a + b; }, {"add"}, {group()[0], group()[1], "same order"}));
  EXPECT_TRUE(throws_error([&] { a.matmul(b.transpose()); }, {"matmul"}, {"different devices"}));
  ShardedTensor c = tensor(random({5, 4})).shard(group(), 0);
  EXPECT_TRUE(throws_error([&] { a* c; }, {"mul"}, {"(6, 4)", "(5, 4)"}));
  EXPECT_TRUE(throws_error([&] { a.matmul(c); }, {"matmul"}, {"(6, 4)", "(5, 4)", "must equal"}));
  EXPECT_TRUE(throws_error([&] { a.matmul(tensor(random({4})).replicate(group()).sum()); },
                           {"matmul"}, {"at least one axis"}));
}

TEST_P(ShardedTest, MovesThatBreakTheSplitAreErrors) {
  ShardedTensor x = tensor(random({7, 6})).shard(group(), 1);
  EXPECT_TRUE(throws_error([&] { x.reshape({42}); }, {"reshape"}, {"(7, 6)", "(42)", "axis 1"}));
  EXPECT_TRUE(throws_error([&] { x.reshape({7, 5}); }, {"reshape"}, {"element counts"}));
  EXPECT_TRUE(throws_error([&] { x.reshape({-1, -1}); }, {"reshape"}, {"-1"}));
  EXPECT_TRUE(throws_error([&] { x.permute({0, 0}); }, {"permute"}));
  EXPECT_TRUE(throws_error([&] { x.map([](const Tensor& s) { return s.sum({0}); }); }, {"map"},
                           {"keeps the shape"}));
}

TEST_P(ShardedTest, PiecesThatDoNotFitAreErrors) {
  Tensor a = tensor(random({3, 4}), group()[0]), b = tensor(random({3, 5}), group()[1]);
  EXPECT_TRUE(throws_error(
      [&] {
        ShardedTensor::from_shards({a, b}, 0);
      },
      {"from_shards"}, {"(3, 5)", "(3, 4)", "axis 0"}));
  EXPECT_TRUE(throws_error(
      [&] {
        ShardedTensor::from_shards({a, b}, std::nullopt);
      },
      {"from_shards"}, {"replicas must be equal"}));
  EXPECT_TRUE(throws_error(
      [&] {
        ShardedTensor::from_shards({a, a}, 1);
      },
      {"from_shards"}, {"named twice"}));
  EXPECT_TRUE(throws_error([&] { ShardedTensor::from_shards({}, 0); }, {"from_shards"}));
}

TEST_P(ShardedTest, DataParallelMisuseIsAnError) {
  nn::DataParallel model(
      [](const std::string& d) {
        return std::make_shared<nn::Linear>(3, 2, true, DType::Float32, d);
      },
      group());
  ShardedTensor columns = tensor(random({4, 3})).shard(group(), 1);
  EXPECT_TRUE(throws_error([&] { model(columns); }, {"DataParallel::forward"}, {"axis 0"}));
  EXPECT_TRUE(
      throws_error([&] { model.backward({}); }, {"DataParallel::backward"}, {"one per replica"}));
  EXPECT_TRUE(throws_error([&] { model.replica(5); }, {"DataParallel::replica"}, {"index 5"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::DataParallel uneven(
            [&](const std::string& d) {
              return std::make_shared<nn::Linear>(d == group()[0] ? 3 : 4, 2, true, DType::Float32,
                                                  d);
            },
            group());
      },
      {"DataParallel"}, {"replica 1", "weight", "(2, 4)", "(2, 3)"}));
}

}  // namespace
}  // namespace ingot::test
