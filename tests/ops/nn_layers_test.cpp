// ingot::nn layers, attention, losses, dropout, initialisers and modules on every device,
// against float64 loops written from the definitions; bad shapes answered by an Error.
#include <cmath>
#include <limits>

#include "ingot/nn.hpp"
#include "support/op_test.hpp"

namespace {

using namespace support;
namespace nn = ingot::nn;
using ref::Index;

class NnLayerTest : public OpTest {};

TEST_P(NnLayerTest, LinearMatchesLoops) {
  Array xt = random({5, 3}), w = random({4, 5}), b = random({4});
  Tensor got = nn::linear(tensor(xt).T(), tensor(w), tensor(b));  // a transposed input
  Array want = Array::generate({3, 4}, [&](const Index& at) {
    double acc = b.at({at[1]});
    for (int64_t k = 0; k < 5; ++k) acc += xt.at({k, at[0]}) * w.at({at[1], k});
    return acc;
  });
  EXPECT_TRUE(close(got, want, Tol::reduction(F32, 5)));
}

// The mean and the biased variance (or the mean square, `rms`) of x's last `n` elements
// of each row, x viewed as rows of n.
std::vector<std::pair<double, double>> row_moments(const Array& x, int64_t n, bool rms) {
  std::vector<std::pair<double, double>> out;
  for (int64_t r = 0; r < x.numel() / n; ++r) {
    double mean = 0, sq = 0;
    for (int64_t i = 0; i < n; ++i) mean += x.data[static_cast<size_t>(r * n + i)] / n;
    for (int64_t i = 0; i < n; ++i) {
      double d = x.data[static_cast<size_t>(r * n + i)] - (rms ? 0 : mean);
      sq += d * d / n;
    }
    out.emplace_back(rms ? 0 : mean, sq);
  }
  return out;
}

TEST_P(NnLayerTest, LayerNormAndRmsNormMatchLoops) {
  Array x = random({2, 3, 6}), w = random({3, 6}), b = random({3, 6});
  auto m = row_moments(x, 18, false);
  Array want = Array::generate(x.shape, [&](const Index& at) {
    auto [mean, var] = m[static_cast<size_t>(at[0])];
    return (x.at(at) - mean) / std::sqrt(var + 1e-5) * w.at({at[1], at[2]}) + b.at({at[1], at[2]});
  });
  EXPECT_TRUE(close(nn::layer_norm(tensor(x), {3, 6}, tensor(w), tensor(b)), want,
                    Tol::reduction(F32, 18)));
  auto r = row_moments(x, 6, true);
  Array w6 = random({6});
  Array want_rms = Array::generate(x.shape, [&](const Index& at) {
    double ms = r[static_cast<size_t>(at[0] * 3 + at[1])].second;
    return x.at(at) / std::sqrt(ms + std::numeric_limits<float>::epsilon()) * w6.at({at[2]});
  });
  EXPECT_TRUE(close(nn::rms_norm(tensor(x), {6}, tensor(w6)), want_rms, Tol::reduction(F32, 6)));
}

TEST_P(NnLayerTest, BatchNormTrainsAndEvaluatesAsPyTorch) {
  Array x = random({3, 2, 4, 5}, range(-2, 4));
  auto channel_moments = [&](int64_t c, bool unbiased) {
    double mean = 0, sq = 0, n = 3 * 4 * 5;
    ref::for_each_index(x.shape, [&](const Index& at) {
      if (at[1] == c) mean += x.at(at) / n;
    });
    ref::for_each_index(x.shape, [&](const Index& at) {
      if (at[1] == c) sq += (x.at(at) - mean) * (x.at(at) - mean);
    });
    return std::pair{mean, sq / (unbiased ? n - 1 : n)};
  };
  nn::BatchNorm2d bn(2, 1e-5, 0.1, true, F32, dev());
  Tensor out = bn(tensor(x));
  Array want = Array::generate(x.shape, [&](const Index& at) {
    auto [mean, var] = channel_moments(at[1], false);
    return (x.at(at) - mean) / std::sqrt(var + 1e-5);
  });
  EXPECT_TRUE(close(out, want, Tol::reduction(F32, 60)));
  Array running_mean({2},
                     {0.1 * channel_moments(0, true).first, 0.1 * channel_moments(1, true).first});
  Array running_var({2}, {0.9 + 0.1 * channel_moments(0, true).second,
                          0.9 + 0.1 * channel_moments(1, true).second});
  EXPECT_TRUE(close(bn.running_mean, running_mean, Tol::reduction(F32, 60)));
  EXPECT_TRUE(close(bn.running_var, running_var, Tol::reduction(F32, 60)));
  EXPECT_EQ(bn.num_batches_tracked.item<int64_t>(), 1);
  bn.eval();
  Array want_eval = Array::generate(x.shape, [&](const Index& at) {
    const size_t c = static_cast<size_t>(at[1]);
    return (x.at(at) - running_mean.data[c]) / std::sqrt(running_var.data[c] + 1e-5);
  });
  EXPECT_TRUE(close(bn(tensor(x)), want_eval, Tol::reduction(F32, 60)));
}

// softmax over keys of q.k * scale (+ mask), times v; `keep(i, j)` false masks a key out.
Array attention_reference(const Array& q, const Array& k, const Array& v,
                          const std::function<double(int64_t, int64_t)>& bias) {
  const int64_t heads = q.shape[0], L = q.shape[1], E = q.shape[2], S = k.shape[1], Ev = v.shape[2];
  return Array::generate({heads, L, Ev}, [&](const Index& at) {
    std::vector<double> s(static_cast<size_t>(S));
    double top = -std::numeric_limits<double>::infinity(), total = 0, out = 0;
    for (int64_t j = 0; j < S; ++j) {
      double dot = 0;
      for (int64_t e = 0; e < E; ++e) dot += q.at({at[0], at[1], e}) * k.at({at[0], j, e});
      s[static_cast<size_t>(j)] = dot / std::sqrt(static_cast<double>(E)) + bias(at[1], j);
      top = std::max(top, s[static_cast<size_t>(j)]);
    }
    for (int64_t j = 0; j < S; ++j) total += std::exp(s[static_cast<size_t>(j)] - top);
    for (int64_t j = 0; j < S; ++j)
      out += std::exp(s[static_cast<size_t>(j)] - top) / total * v.at({at[0], j, at[2]});
    return out;
  });
}

TEST_P(NnLayerTest, AttentionMatchesLoops) {
  Array q = random({3, 5, 4}), k = random({3, 6, 4}), v = random({3, 6, 3});
  const double inf = std::numeric_limits<double>::infinity();
  Tol tol = Tol::transcendental(F32).scaled(4);
  EXPECT_TRUE(close(nn::scaled_dot_product_attention(tensor(q), tensor(k), tensor(v)),
                    attention_reference(q, k, v, [](int64_t, int64_t) { return 0.0; }), tol));
  EXPECT_TRUE(
      close(nn::scaled_dot_product_attention(tensor(q), tensor(k), tensor(v), {}, true),
            attention_reference(q, k, v, [&](int64_t i, int64_t j) { return j <= i ? 0.0 : -inf; }),
            tol));
  // A bool mask (true takes part; each row keeps key 0) and an additive float mask.
  Array keep = random({5, 6}, {}, B);
  for (int64_t i = 0; i < 5; ++i) keep.data[static_cast<size_t>(i * 6)] = 1;
  EXPECT_TRUE(
      close(nn::scaled_dot_product_attention(tensor(q), tensor(k), tensor(v), tensor(keep, B)),
            attention_reference(q, k, v,
                                [&](int64_t i, int64_t j) {
                                  return keep.at({i, j}) ? 0 : -inf;
                                }),
            tol));
  Array add = random({5, 6});
  EXPECT_TRUE(close(nn::scaled_dot_product_attention(tensor(q), tensor(k), tensor(v), tensor(add)),
                    attention_reference(q, k, v,
                                        [&](int64_t i, int64_t j) {
                                          return add.at({i, j});
                                        }),
                    tol));
}

TEST_P(NnLayerTest, LossesMatchLoops) {
  Array logits = random({5, 7});
  Array classes = random({5}, ints(0, 6), I32);
  Array per_row = Array::generate({5}, [&](const Index& at) {
    double top = -1e300, total = 0;
    for (int64_t c = 0; c < 7; ++c) top = std::max(top, logits.at({at[0], c}));
    for (int64_t c = 0; c < 7; ++c) total += std::exp(logits.at({at[0], c}) - top);
    return -(logits.at({at[0], static_cast<int64_t>(classes.at(at))}) - top - std::log(total));
  });
  Tol tol = Tol::transcendental(F32).scaled(4);
  Tensor t_logits = tensor(logits), t_classes = tensor(classes, I32);
  EXPECT_TRUE(close(nn::cross_entropy(t_logits, t_classes, nn::Reduction::None), per_row, tol));
  EXPECT_TRUE(close(nn::cross_entropy(t_logits, t_classes), per_row.mean(), tol));
  EXPECT_TRUE(
      close(nn::cross_entropy(t_logits, t_classes, nn::Reduction::Sum), per_row.sum(), tol));
  // [N, C, d]: the class axis is 1.
  EXPECT_TRUE(close(
      nn::cross_entropy(t_logits.T().unsqueeze(0), t_classes.unsqueeze(0), nn::Reduction::None),
      per_row.reshape({1, 5}), tol));
  Array a = random({4, 3}), b = random({4, 3});
  EXPECT_TRUE(
      close(nn::mse_loss(tensor(a), tensor(b)), (a - b).square().mean(), Tol::reduction(F32, 12)));
  // Probabilities with exact 0 and 1 (the logs clamp at -100), targets in [0, 1].
  Array p = random({4, 3}, range(0.01, 0.99)), y = random({4, 3}, range(0, 1));
  p.data[0] = 0;
  p.data[1] = 1;
  Array bce = Array::generate(p.shape, [&](const Index& at) {
    return -(y.at(at) * std::max(std::log(p.at(at)), -100.0) +
             (1 - y.at(at)) * std::max(std::log(1 - p.at(at)), -100.0));
  });
  EXPECT_TRUE(close(nn::binary_cross_entropy(tensor(p), tensor(y), nn::Reduction::None), bce, tol));
  Array z = random({4, 3}, range(-60, 60));
  Array bcel = Array::generate(z.shape, [&](const Index& at) {
    // -log(sigmoid(z)) = softplus(-z) and -log(1 - sigmoid(z)) = softplus(z).
    auto softplus = [](double t) {
      return t > 0 ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t));
    };
    return y.at(at) * softplus(-z.at(at)) + (1 - y.at(at)) * softplus(z.at(at));
  });
  EXPECT_TRUE(close(nn::binary_cross_entropy_with_logits(tensor(z), tensor(y), nn::Reduction::Sum),
                    bcel.sum(), Tol::transcendental(F32).scaled(12)));
}

TEST_P(NnLayerTest, DropoutKeepsScaledElementsAndRepeatsWithTheSeed) {
  Tensor x = Tensor::rand({64, 64}, F32, dev()) + 1.0;
  Tensor::manual_seed(7);
  std::vector<float> in = x.to_vector<float>(), out = nn::dropout(x, 0.3).to_vector<float>();
  int64_t kept = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    if (out[i] == 0) continue;
    ++kept;
    ASSERT_NEAR(out[i], in[i] / 0.7f, 1e-5f);
  }
  EXPECT_NEAR(static_cast<double>(kept) / static_cast<double>(in.size()), 0.7, 0.03);
  Tensor::manual_seed(7);
  EXPECT_EQ(nn::dropout(x, 0.3).to_vector<float>(), out);
  EXPECT_EQ(nn::dropout(x, 0.3, false).to_vector<float>(), in);
}

INGOT_ON_ALL_DEVICES(NnLayerTest);

TEST(NnInit, InitialisersDrawWithinTheirBoundsAndSpreads) {
  Tensor::manual_seed(1);
  const ingot::Shape shape = {64, 32, 3, 3};  // fan_in 288, fan_out 576
  auto stats = [](const Tensor& t) {
    std::vector<double> v = t.to_vector<double>();
    double mean = 0, sq = 0, top = 0;
    for (double x : v) mean += x / static_cast<double>(v.size());
    for (double x : v) {
      sq += (x - mean) * (x - mean) / static_cast<double>(v.size());
      top = std::max(top, std::abs(x));
    }
    return std::tuple{mean, std::sqrt(sq), top};
  };
  const double pytorch_bound = 1 / std::sqrt(288.0);  // a = sqrt(5)
  auto [m1, s1, top1] = stats(nn::init::kaiming_uniform(shape, std::sqrt(5.0)));
  EXPECT_LE(top1, pytorch_bound);
  EXPECT_GT(top1, 0.99 * pytorch_bound);
  EXPECT_NEAR(s1, pytorch_bound / std::sqrt(3.0), 0.02 * pytorch_bound);
  auto [m2, s2, top2] = stats(nn::init::kaiming_normal(shape));
  EXPECT_NEAR(s2, std::sqrt(2.0 / 288), 0.03 * std::sqrt(2.0 / 288));
  EXPECT_NEAR(m2, 0, 0.03 * s2);
  const double glorot = std::sqrt(6.0 / (288 + 576));
  auto [m3, s3, top3] = stats(nn::init::xavier_uniform(shape));
  EXPECT_LE(top3, glorot);
  EXPECT_GT(top3, 0.99 * glorot);
  auto [m4, s4, top4] = stats(nn::init::xavier_normal(shape, 2));
  EXPECT_NEAR(s4, 2 * std::sqrt(2.0 / (288 + 576)), 0.03 * s4);
  auto [m5, s5, top5] = stats(nn::init::normal({4096}, 3, 0.5));
  EXPECT_NEAR(m5, 3, 0.03);
  EXPECT_NEAR(s5, 0.5, 0.02);
  EXPECT_THROW(nn::init::kaiming_uniform({5}), ingot::ArgumentError);
  (void)m1, (void)m3, (void)m4, (void)top2, (void)top4, (void)top5, (void)s3;
}

TEST(NnModules, ParametersAreNamedAndModulesComputeTheirFunctions) {
  auto conv = std::make_shared<nn::Conv2d>(2, 4, 3, 1, 1);
  auto linear = std::make_shared<nn::Linear>(4 * 3 * 3, 5);
  nn::Sequential net({conv, std::make_shared<nn::ReLU>(), std::make_shared<nn::MaxPool2d>(2),
                      std::make_shared<nn::Flatten>(), std::make_shared<nn::Dropout>(0.5), linear});
  std::vector<std::string> names;
  for (auto& [name, t] : net.named_parameters()) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"0.weight", "0.bias", "5.weight", "5.bias"}));
  EXPECT_EQ(net.parameters()[0].shape(), (ingot::Shape{4, 2, 3, 3}));
  EXPECT_EQ(net.parameters()[3].shape(), (ingot::Shape{5}));
  EXPECT_TRUE(nn::Linear(3, 2, false).named_parameters().size() == 1);
  Tensor x = Tensor::rand({2, 2, 6, 7});
  net.eval();  // dropout off: the net is its functions composed
  Tensor want =
      nn::linear(nn::max_pool2d(nn::conv2d(x, conv->weight, conv->bias, 1, 1).relu(), 2).flatten(1),
                 linear->weight, linear->bias);
  EXPECT_EQ(net(x).to_vector<float>(), want.to_vector<float>());
  EXPECT_FALSE(net.layers[4]->training());
  net.train();
  EXPECT_TRUE(net.layers[4]->training());
  nn::BatchNorm2d bn(3);
  EXPECT_EQ(bn.named_buffers().size(), 3u);
  EXPECT_THROW(bn(Tensor::rand({2, 3, 4})), ingot::ArgumentError);
  EXPECT_THROW(nn::Conv2d(3, 4, 3, 1, 0, 1, 2), ingot::ArgumentError);
  EXPECT_THROW(nn::Dropout(1.5), ingot::ArgumentError);
}

TEST(NnErrors, LayerAttentionAndLossShapesAreNamed) {
  Tensor q = Tensor::rand({2, 5, 4}), k = Tensor::rand({2, 6, 4}), v = Tensor::rand({2, 6, 3});
  EXPECT_TRUE(throws_error(
      [&] {
        nn::scaled_dot_product_attention(q, Tensor::rand({2, 6, 3}), v);
      },
      {"scaled_dot_product_attention"}, {"(2, 5, 4)", "(2, 6, 3)", "last axis"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::scaled_dot_product_attention(q, k, Tensor::rand({2, 7, 3}));
      },
      {"scaled_dot_product_attention"}, {"(2, 6, 4)", "(2, 7, 3)", "keys"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::scaled_dot_product_attention(q, k, v, Tensor::rand({5, 4}));
      },
      {"scaled_dot_product_attention"}, {"(5, 4)", "broadcast"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::scaled_dot_product_attention(q, k, v, Tensor::rand({5, 6}), true);
      },
      {"scaled_dot_product_attention"}, {"causal"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::cross_entropy(Tensor::rand({5, 7}), Tensor::zeros({7}, DType::Int32));
      },
      {"cross_entropy"}, {"(5, 7)", "(7)"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::cross_entropy(Tensor::rand({5, 7}), Tensor::zeros({5}));
      },
      {"cross_entropy"}, {"float32", "integer"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::mse_loss(Tensor::rand({3}), Tensor::rand({3, 1}));
      },
      {"mse_loss"}, {"(3)", "(3, 1)"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::layer_norm(Tensor::rand({3, 4}), {3});
      },
      {"layer_norm"}, {"(3, 4)", "(3)"}));
  EXPECT_TRUE(throws_error(
      [&] {
        nn::linear(Tensor::rand({3, 4}), Tensor::rand({4, 3}));
      },
      {"linear"}, {"(3, 4)", "(4, 3)"}));
  EXPECT_TRUE(throws_error([&] { nn::dropout(Tensor::rand({3}), -0.1); }, {"dropout"}, {"[0, 1]"}));
  // Still working afterwards.
  EXPECT_EQ(nn::scaled_dot_product_attention(q, k, v).shape(), (ingot::Shape{2, 5, 3}));
}

}  // namespace
