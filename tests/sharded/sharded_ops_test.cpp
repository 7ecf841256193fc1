// Sharded ops against the same ops on one device and the float64 reference: every layout
// rule of docs/multi-gpu.md, on odd sizes that split unevenly.
#include "graph/lazy.hpp"
#include "sharded/sharded_test.hpp"

namespace ingot::test {
namespace {

const Tol kArith = Tol::of(DType::Float32);
const Tol kTranscendental = Tol::transcendental(DType::Float32);

TEST_P(ShardedTest, ShardSplitsUnevenlyAndGathersBack) {
  Array a = random({7, 5});
  ShardedTensor rows = tensor(a).shard(group(), 0);
  EXPECT_EQ(rows.shape(), (Shape{7, 5}));
  EXPECT_EQ(rows.axis(), 0);
  EXPECT_EQ(rows.split(), (std::vector<int64_t>{4, 3}));
  EXPECT_EQ(rows.devices(), group());
  for (size_t d = 0; d < group().size(); ++d) EXPECT_EQ(rows.shards()[d].device(), group()[d]);
  ShardedTensor doubled = rows * 2.0;
  doubled.realize();
  for (const Tensor& s : doubled.shards()) EXPECT_NE(s.node()->buffer, nullptr);
  EXPECT_TRUE(support::close(rows.to("CPU"), a, Tol{}));
  EXPECT_TRUE(support::close(rows.shards()[1], a.slice({{4, 7, 1}}), Tol{}));

  ShardedTensor copies = tensor(a).replicate(group());
  EXPECT_TRUE(copies.is_replicated());
  EXPECT_TRUE(copies.split().empty());
  for (const Tensor& s : copies.shards()) EXPECT_TRUE(support::close(s, a, Tol{}));
}

TEST_P(ShardedTest, LayoutChangesGatherOrSlice) {
  Array a = random({7, 5});
  poison(a);
  ShardedTensor gathered = tensor(a).shard(group(), 1).replicated();
  EXPECT_TRUE(gathered.is_replicated());
  for (const Tensor& s : gathered.shards()) EXPECT_TRUE(support::close(s, a, Tol{}));
  ShardedTensor moved = tensor(a).shard(group(), 0).reshard(1);
  EXPECT_EQ(moved.axis(), 1);
  EXPECT_EQ(moved.split(), (std::vector<int64_t>{3, 2}));
  EXPECT_TRUE(support::close(moved.shards()[0], a.slice({{}, {0, 3, 1}}), Tol{}));
  EXPECT_TRUE(support::close(moved.to(group()[1]), a, Tol{}));
}

TEST_P(ShardedTest, UnaryOpsRunPerShard) {
  const In cols{random({5, 9}), 1};
  ShardedTensor r = check(
      kArith, [](const auto& x) { return x.relu(); }, cols);
  EXPECT_EQ(r.axis(), 1);
  check(
      kTranscendental, [](const auto& x) { return x.exp().neg(); }, cols);
  check(
      kTranscendental, [](const auto& x) { return x.abs().sqrt().tanh(); }, cols);
  check(
      kTranscendental, [](const auto& x) { return x.gelu() + x.sigmoid(); }, cols);
  ShardedTensor halves = check(
      kArith, [](const auto& x) { return x.square(); }, In{random({9}), std::nullopt});
  EXPECT_TRUE(halves.is_replicated());
  ShardedTensor mapped = tensor(cols.values).shard(group(), 1).map([](const Tensor& s) {
    return (s * 3.0).minimum(Tensor::scalar(1.0, DType::Float32, s.device()));
  });
  EXPECT_TRUE(
      support::close(mapped.to("CPU"), (cols.values * 3.0).minimum(Array::scalar(1)), kArith));
}

TEST_P(ShardedTest, BinaryOpsBroadcastAndReslice) {
  const Array a = random({7, 5}), b = random({7, 5}), row = random({5}), col = random({7, 1});
  auto add = [](const auto& x, const auto& y) { return x + y; };
  auto mul = [](const auto& x, const auto& y) { return x * y; };
  EXPECT_EQ(check(kArith, add, In{a, 0}, In{b, 0}).axis(), 0);
  // Different axes: the right operand is gathered and resliced to the left's split.
  EXPECT_EQ(check(kArith, mul, In{a, 1}, In{b, 0}).axis(), 1);
  // Replicated operands broadcasting along, or sliced to, the split axis.
  EXPECT_EQ(check(kArith, add, In{a, 0}, In{row, std::nullopt}).axis(), 0);
  EXPECT_EQ(check(kArith, mul, In{a, 1}, In{row, std::nullopt}).axis(), 1);
  EXPECT_EQ(check(kArith, add, In{a, 1}, In{col, std::nullopt}).axis(), 1);
  EXPECT_EQ(check(kArith, mul, In{col, 0}, In{a, std::nullopt}).axis(), 0);
  // A split operand broadcast by the other's leading axes.
  EXPECT_EQ(check(kArith, add, In{random({3, 7, 5}), std::nullopt}, In{a, 0}).axis(), 1);
  EXPECT_TRUE(check(kArith, add, In{a, std::nullopt}, In{b, std::nullopt}).is_replicated());
  check(
      kArith, [](const auto& x, const auto& y) { return x.maximum(y) - x.minimum(y) / 2.0; },
      In{a, 0}, In{b, 1});
  check(
      kTranscendental, [](const auto& x, const auto& y) { return x.abs().pow(y); }, In{a, 1},
      In{b, 1});
}

TEST_P(ShardedTest, PlainTensorsAndScalarsJoinEveryShard) {
  const Array a = random({7, 5}), row = random({5}, 1, 2);
  ShardedTensor x = tensor(a).shard(group(), 0);
  Tensor r = tensor(row);
  EXPECT_TRUE(support::close((x + r).to("CPU"), a + row, kArith));
  EXPECT_TRUE(support::close((r - x).to("CPU"), row - a, kArith));
  EXPECT_TRUE(support::close((x * r / r).to("CPU"), a * row / row, kArith));
  EXPECT_TRUE(support::close((2.0 - x * 3.0 + 1.5).to("CPU"), 2.0 - a * 3.0 + 1.5, kArith));
  EXPECT_TRUE(support::close((1.0 / (x.abs() + 1.0)).to("CPU"), 1.0 / (a.abs() + 1.0), kArith));
}

TEST_P(ShardedTest, ReductionsOverOtherAxesStaySplit) {
  const In x{random({3, 7, 5}), 1};
  auto sum0 = [](const auto& t) { return t.sum({0}); };
  EXPECT_EQ(check(kArith, sum0, x).axis(), 0);
  EXPECT_EQ(check(
                kArith,
                [](const auto& t) {
                  return t.max({0, 2}, true);
                },
                x)
                .axis(),
            1);
  EXPECT_EQ(check(
                kArith, [](const auto& t) { return t.mean({-1}); }, x)
                .axis(),
            1);
  EXPECT_EQ(check(
                kArith, [](const auto& t) { return t.min({2}); }, In{x.values, 0})
                .axis(),
            0);
}

TEST_P(ShardedTest, ReductionsOverTheSplitAxisAllReduce) {
  const In x{random({3, 7, 5}), 1};
  const Tol sums = Tol::reduction(DType::Float32, 35);
  ShardedTensor s = check(
      sums, [](const auto& t) { return t.sum({1}); }, x);
  EXPECT_TRUE(s.is_replicated());
  for (const Tensor& part : s.shards()) EXPECT_TRUE(support::close(part, x.values.sum({1}), sums));
  check(
      sums,
      [](const auto& t) {
        return t.sum({1, 2}, true);
      },
      x);
  check(
      sums, [](const auto& t) { return t.sum(); }, x);
  check(
      sums, [](const auto& t) { return t.mean({-2}); }, x);
  check(
      kArith, [](const auto& t) { return t.max({1}); }, x);
  check(
      kArith, [](const auto& t) { return t.min(); }, x);
  check(
      sums, [](const auto& t) { return t.prod({1}); }, In{random({2, 7, 3}, 0.5, 1.5), 1});
}

TEST_P(ShardedTest, MovementKeepsTheSplitAxisWhereItMaps) {
  const In x{random({6, 5, 4}), 0};
  EXPECT_EQ(check(
                Tol{},
                [](const auto& t) {
                  return t.reshape({6, 20});
                },
                x)
                .axis(),
            0);
  ShardedTensor merged = check(
      Tol{}, [](const auto& t) { return t.reshape({-1}); }, x);
  EXPECT_EQ(merged.split(), (std::vector<int64_t>{60, 60}));
  ShardedTensor outer = check(
      Tol{},
      [](const auto& t) {
        return t.reshape({2, 3, 20});
      },
      x);
  EXPECT_EQ(outer.axis(), 0);
  EXPECT_EQ(outer.split(), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(check(
                Tol{},
                [](const auto& t) {
                  return t.reshape({6, 5, 2, 2});
                },
                In{x.values, 1})
                .axis(),
            1);
  EXPECT_EQ(check(
                Tol{},
                [](const auto& t) {
                  return t.permute({2, 0, 1});
                },
                x)
                .axis(),
            1);
  EXPECT_EQ(check(
                Tol{}, [](const auto& t) { return t.transpose(0, 2); }, In{x.values, 2})
                .axis(),
            0);
  EXPECT_TRUE(check(
                  Tol{},
                  [](const auto& t) {
                    return t.reshape({30, 4});
                  },
                  In{x.values, std::nullopt})
                  .is_replicated());
}

TEST_P(ShardedTest, MatmulSplitsFollowTheOperands) {
  const Array a = random({7, 9}), b = random({9, 5}), c = random({9, 6});
  const Tol tol = Tol::reduction(DType::Float32, 9);
  auto mm = [](const auto& x, const auto& y) { return x.matmul(y); };
  const auto rep = std::nullopt;
  EXPECT_EQ(check(tol, mm, In{a, 0}, In{b, rep}).axis(), 0);  // rows @ replicated
  EXPECT_EQ(check(tol, mm, In{a, rep}, In{c, 1}).axis(), 1);  // replicated @ columns
  // The contraction axis split: partial products, all-reduced.
  EXPECT_TRUE(check(tol, mm, In{a, 1}, In{b, 0}).is_replicated());
  EXPECT_TRUE(check(tol, mm, In{a, 1}, In{b, rep}).is_replicated());
  EXPECT_TRUE(check(tol, mm, In{a, rep}, In{b, 0}).is_replicated());
  // Otherwise the right operand is gathered first.
  EXPECT_EQ(check(tol, mm, In{a, 0}, In{b, 0}).axis(), 0);
  EXPECT_TRUE(check(tol, mm, In{a, 1}, In{c, 1}).is_replicated());
  EXPECT_TRUE(check(tol, mm, In{a, rep}, In{b, rep}).is_replicated());
  // Batches: the replicated operand's batch axis is sliced to match, or broadcasts.
  const Array batch = random({3, 7, 9}), weights = random({3, 9, 5});
  EXPECT_EQ(check(tol, mm, In{batch, 0}, In{weights, rep}).axis(), 0);
  EXPECT_EQ(check(tol, mm, In{batch, 1}, In{b, rep}).axis(), 1);
  EXPECT_EQ(check(tol, mm, In{batch, rep}, In{weights, 0}).axis(), 0);
  // Vectors.
  const Array v = random({9});
  EXPECT_TRUE(check(tol, mm, In{v, 0}, In{b, 0}).is_replicated());
  EXPECT_EQ(check(tol, mm, In{v, rep}, In{c, 1}).axis(), 0);
  EXPECT_EQ(check(tol, mm, In{a, 0}, In{v, rep}).axis(), 0);
}

INSTANTIATE_TEST_SUITE_P(Groups, ShardedTest, ::testing::ValuesIn(device_groups()), group_name);

}  // namespace
}  // namespace ingot::test
