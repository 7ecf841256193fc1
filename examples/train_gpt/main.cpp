// Trains a tiny character-level transformer (GPT-style: token and position embeddings,
// pre-norm blocks of causal self-attention and a GELU MLP, a linear head) on a text file,
// printing the loss per step, then a sample of greedy text. With ingot::nn and
// ingot::optim only; every step is forward, backward and one AdamW update.
//
//   ingot_example_train_gpt --text docs/engine.md [--device CPU] [--steps 200]
//       [--dim 64 --layers 2 --heads 4 --seq 64 --batch 16]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <ingot/ingot.hpp>
#include <ingot/nn.hpp>
#include <ingot/optim.hpp>
#include <iterator>
#include <memory>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "../common/progress.hpp"
#include "command_line.hpp"

namespace {

using ingot::Tensor;
namespace nn = ingot::nn;

// Appends `module`'s parameters to `all`, each name prefixed "prefix.".
void add_parameters(nn::NamedTensors& all, const std::string& prefix, const nn::Module& module) {
  for (const auto& [name, t] : module.named_parameters()) all.emplace_back(prefix + "." + name, t);
}

struct Config {
  int64_t vocab = 0, dim = 64, layers = 2, heads = 4, seq = 64;
  std::string device = "CPU";
};

// Pre-norm: x + attention(norm(x)), then x + mlp(norm(x)).
class Block : public nn::Module {
 public:
  explicit Block(const Config& c)
      : heads_(c.heads),
        norm1_(ingot::Shape{c.dim}, 1e-5, true, ingot::DType::Float32, c.device),
        norm2_(ingot::Shape{c.dim}, 1e-5, true, ingot::DType::Float32, c.device),
        qkv_(c.dim, 3 * c.dim, true, ingot::DType::Float32, c.device),
        proj_(c.dim, c.dim, true, ingot::DType::Float32, c.device),
        up_(c.dim, 4 * c.dim, true, ingot::DType::Float32, c.device),
        down_(4 * c.dim, c.dim, true, ingot::DType::Float32, c.device) {}

  Tensor forward(const Tensor& x) override {
    const int64_t b = x.size(0), t = x.size(1), d = x.size(2), hd = d / heads_;
    // [B, T, 3, H, hd] -> three [B, H, T, hd].
    Tensor qkv = qkv_(norm1_(x)).reshape({b, t, 3, heads_, hd}).permute({2, 0, 3, 1, 4});
    Tensor q = qkv.slice({{0, 1}}).squeeze(0), k = qkv.slice({{1, 2}}).squeeze(0),
           v = qkv.slice({{2, 3}}).squeeze(0);
    Tensor att = nn::scaled_dot_product_attention(q, k, v, Tensor(), /*causal=*/true);
    Tensor h = x + proj_(att.permute({0, 2, 1, 3}).reshape({b, t, d}));
    return h + down_(up_(norm2_(h)).gelu());
  }

  nn::NamedTensors named_parameters() const override {
    nn::NamedTensors all;
    const std::pair<const char*, const nn::Module*> parts[] = {
        {"norm1", &norm1_}, {"norm2", &norm2_}, {"qkv", &qkv_},
        {"proj", &proj_},   {"up", &up_},       {"down", &down_}};
    for (const auto& [name, module] : parts) add_parameters(all, name, *module);
    return all;
  }

 private:
  int64_t heads_;
  nn::LayerNorm norm1_, norm2_;
  nn::Linear qkv_, proj_, up_, down_;
};

class Gpt : public nn::Module {
 public:
  explicit Gpt(const Config& c)
      : tokens_(c.vocab, c.dim, ingot::DType::Float32, c.device),
        positions_(c.seq, c.dim, ingot::DType::Float32, c.device),
        norm_(ingot::Shape{c.dim}, 1e-5, true, ingot::DType::Float32, c.device),
        head_(c.dim, c.vocab, true, ingot::DType::Float32, c.device),
        device_(c.device) {
    for (int64_t l = 0; l < c.layers; ++l) blocks_.push_back(std::make_unique<Block>(c));
  }

  // idx [B, T] of token ids -> logits [B, T, vocab].
  Tensor forward(const Tensor& idx) override {
    const int64_t t = idx.size(1);
    Tensor x =
        tokens_(idx) + positions_(Tensor::arange(0, double(t), 1, ingot::DType::Int32, device_));
    for (auto& block : blocks_) x = (*block)(x);
    return head_(norm_(x));
  }

  nn::NamedTensors named_parameters() const override {
    nn::NamedTensors all;
    add_parameters(all, "tokens", tokens_);
    add_parameters(all, "positions", positions_);
    for (size_t l = 0; l < blocks_.size(); ++l)
      add_parameters(all, fmt::format("blocks.{}", l), *blocks_[l]);
    add_parameters(all, "norm", norm_);
    add_parameters(all, "head", head_);
    return all;
  }

 private:
  nn::Embedding tokens_, positions_;
  std::vector<std::unique_ptr<Block>> blocks_;
  nn::LayerNorm norm_;
  nn::Linear head_;
  std::string device_;
};

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ingot::Error(fmt::format("train_gpt: cannot open the text file '{}'", path));
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{"Trains a tiny character-level transformer on a text file"};
  Config c;
  std::string text_path;
  int steps = 200, batch = 16, sample = 200;
  double lr = 3e-3, max_loss = 0;
  unsigned seed = 0;
  app.option("--text", text_path, "the text to learn (e.g. docs/engine.md)").required();
  app.option("--device", c.device);
  app.option("--steps", steps).positive();
  app.option("--batch", batch).positive();
  app.option("--dim", c.dim).positive();
  app.option("--layers", c.layers).positive();
  app.option("--heads", c.heads).positive();
  app.option("--seq", c.seq).positive();
  app.option("--lr", lr);
  app.option("--seed", seed);
  app.option("--sample", sample, "characters of greedy text to print after training");
  app.option("--max-loss", max_loss,
             "exit 1 unless the mean loss of the last 5 steps is below this");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    if (c.dim % c.heads != 0)
      throw ingot::ArgumentError(
          fmt::format("train_gpt: --dim {} is not a multiple of --heads {}", c.dim, c.heads));
    const std::string text = read_text(text_path);
    const std::set<char> chars(text.begin(), text.end());
    const std::vector<char> alphabet(chars.begin(), chars.end());
    std::vector<int32_t> id(256, 0);
    for (size_t i = 0; i < alphabet.size(); ++i) id[size_t(uint8_t(alphabet[i]))] = int32_t(i);
    c.vocab = int64_t(alphabet.size());
    if (int64_t(text.size()) <= c.seq + 1)
      throw ingot::ArgumentError(fmt::format(
          "train_gpt: '{}' has {} characters; --seq {} needs more", text_path, text.size(), c.seq));
    fmt::print(
        "{}: {} characters, {} distinct; {} layers of dim {}, {} heads, seq {}, batch {} on {}\n",
        text_path, text.size(), c.vocab, c.layers, c.dim, c.heads, c.seq, batch, c.device);

    ingot::Tensor::manual_seed(seed);
    Gpt model(c);
    ingot::optim::AdamW opt(model.parameters(), {.lr = lr});
    std::mt19937 rng(seed);
    std::uniform_int_distribution<size_t> start_at(0, text.size() - size_t(c.seq) - 1);
    float loss_value = 0;
    std::vector<float> losses;
    const auto begin = std::chrono::steady_clock::now();
    // The steps after the first few, which compile the kernels: the steady step time.
    constexpr int kWarmupSteps = 3;
    std::vector<double> steady_ms;
    for (int step = 1; step <= steps; ++step) {
      const auto step_begin = std::chrono::steady_clock::now();
      std::vector<int32_t> inputs, targets;
      for (int b = 0; b < batch; ++b) {
        const size_t s = start_at(rng);
        for (int64_t i = 0; i < c.seq; ++i) {
          inputs.push_back(id[size_t(uint8_t(text[s + size_t(i)]))]);
          targets.push_back(id[size_t(uint8_t(text[s + size_t(i) + 1]))]);
        }
      }
      Tensor x = Tensor::from_vector(inputs, {batch, c.seq}, c.device);
      Tensor y = Tensor::from_vector(targets, {batch * c.seq}, c.device);
      Tensor loss = nn::cross_entropy(model(x).reshape({batch * c.seq, c.vocab}), y);
      opt.zero_grad();
      loss.backward();
      opt.step();
      loss_value = loss.item<float>();
      losses.push_back(loss_value);
      if (step > kWarmupSteps)
        steady_ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - step_begin)
                .count());
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin)
              .count() /
          step;
      examples::progress(step, steps, loss_value, fmt::format(" ({:.0f} ms a step)", ms));
    }

    if (!steady_ms.empty()) {
      std::nth_element(steady_ms.begin(), steady_ms.begin() + steady_ms.size() / 2,
                       steady_ms.end());
      fmt::print("median step after the first {}: {:.1f} ms\n", kWarmupSteps,
                 steady_ms[steady_ms.size() / 2]);
    }

    // Greedy text from the first characters of the file.
    ingot::NoGrad no_grad;
    std::vector<int32_t> context;
    for (int64_t i = 0; i < c.seq; ++i) context.push_back(id[size_t(uint8_t(text[size_t(i)]))]);
    std::string out;
    for (int i = 0; i < sample; ++i) {
      Tensor logits = model(Tensor::from_vector(context, {1, c.seq}, c.device));
      const int32_t next = logits.slice({{}, {c.seq - 1, c.seq}})
                               .argmax()
                               .astype(ingot::DType::Int32)
                               .item<int32_t>();
      out += alphabet[size_t(next)];
      context.erase(context.begin());
      context.push_back(next);
    }
    if (sample > 0) fmt::print("sample: {}\n", out);
    // One batch's loss moves by a tenth from step to step: the check takes the last 5.
    const size_t last = std::min<size_t>(losses.size(), 5);
    const double recent =
        std::accumulate(losses.end() - static_cast<std::ptrdiff_t>(last), losses.end(), 0.0) /
        static_cast<double>(std::max<size_t>(last, 1));
    return max_loss > 0 && !(recent < max_loss) ? 1 : 0;
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  }
}
