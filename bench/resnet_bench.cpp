// One training step of ResNet-18 (forward, backward and an SGD update with momentum, on a
// fixed random batch) with ingot::nn, beside PyTorch's eager and torch.compile step of the
// same network (resnet_peers.py) where --peers names the script: issue 14's comparison.
// The loss must fall over the steps (the batch is learnt) before any time is printed.
//
//   ingot_resnet_bench [--device CUDA:0] [--dtype float16] [--batch 64] [--size 224]
//       [--width 64] [--steps 10] [--peers bench/resnet_peers.py]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "device_timing.hpp"
#include "ingot/ingot.hpp"
#include "ingot/nn.hpp"
#include "ingot/optim.hpp"
#include "peer_figures.hpp"

namespace {

namespace nn = ingot::nn;
using ingot::DType;
using ingot::Tensor;
using Layers = std::vector<std::shared_ptr<nn::Module>>;

struct Config {
  DType dtype = DType::Float16;
  std::string device;
};

std::shared_ptr<nn::Module> conv(const Config& c, int64_t in, int64_t out, int64_t kernel,
                                 int64_t stride) {
  return std::make_shared<nn::Conv2d>(in, out, kernel, stride, kernel / 2, 1, 1, false, c.dtype,
                                      c.device);
}

std::shared_ptr<nn::Module> norm(const Config& c, int64_t channels) {
  return std::make_shared<nn::BatchNorm2d>(channels, 1e-5, 0.1, true, c.dtype, c.device);
}

// relu(main(x) + shortcut(x)): ResNet's basic block; the shortcut a strided 1x1
// convolution where the block halves the image or changes the channels, else x.
class BasicBlock : public nn::Module {
 public:
  BasicBlock(const Config& c, int64_t in, int64_t out, int64_t stride)
      : main_(Layers{conv(c, in, out, 3, stride), norm(c, out), std::make_shared<nn::ReLU>(),
                     conv(c, out, out, 3, 1), norm(c, out)}) {
    if (stride != 1 || in != out) shortcut_.layers = {conv(c, in, out, 1, stride), norm(c, out)};
  }
  Tensor forward(const Tensor& x) override { return (main_(x) + shortcut_(x)).relu(); }
  nn::NamedTensors named_parameters() const override {
    return named(main_.named_parameters(), shortcut_.named_parameters());
  }
  nn::NamedTensors named_buffers() const override {
    return named(main_.named_buffers(), shortcut_.named_buffers());
  }
  void train(bool on) override {
    Module::train(on);
    main_.train(on);
    shortcut_.train(on);
  }

 private:
  static nn::NamedTensors named(nn::NamedTensors main, const nn::NamedTensors& shortcut) {
    for (auto& entry : main) entry.first = "main." + entry.first;
    for (const auto& [name, t] : shortcut) main.emplace_back("shortcut." + name, t);
    return main;
  }
  nn::Sequential main_, shortcut_;
};

// The mean over the image: [N, C, H, W] -> [N, C].
class GlobalAverage : public nn::Module {
 public:
  Tensor forward(const Tensor& x) override { return x.mean({2, 3}); }
};

// ResNet-18: a 7x7 stem and a max pool, four stages of two basic blocks (`width`, twice,
// four and eight times as many channels, each stage but the first halving the image), the
// mean over the image and a linear layer to 1000 classes.
nn::Sequential resnet18(const Config& c, int64_t width) {
  Layers layers = {conv(c, 3, width, 7, 2), norm(c, width), std::make_shared<nn::ReLU>(),
                   std::make_shared<nn::MaxPool2d>(3, 2, 1)};
  int64_t in = width;
  for (int stage = 0; stage < 4; ++stage) {
    const int64_t out = width << stage;
    layers.push_back(std::make_shared<BasicBlock>(c, in, out, stage == 0 ? 1 : 2));
    layers.push_back(std::make_shared<BasicBlock>(c, out, out, 1));
    in = out;
  }
  layers.push_back(std::make_shared<GlobalAverage>());
  layers.push_back(std::make_shared<nn::Linear>(in, 1000, true, c.dtype, c.device));
  return nn::Sequential(std::move(layers));
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{"One ResNet-18 training step with ingot::nn, beside PyTorch's"};
  std::string device, dtype_name = "float16", peers;
  int64_t batch = 64, size = 224, width = 64;
  int steps = 10;
  app.option("--device", device, "device to train on (default: ingot's default)");
  app.option("--dtype", dtype_name, "float16, bfloat16 or float32");
  app.option("--batch", batch).positive();
  app.option("--size", size, "image height and width").range(32, 1024);
  app.option("--width", width, "the first stage's channels (64 in ResNet-18)").positive();
  app.option("--steps", steps, "steps timed after 3 warm-up steps").range(2, 1000);
  app.option("--peers", peers, "resnet_peers.py: PyTorch's step beside ingot's");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    constexpr int kWarmupSteps = 3;
    const Config c{ingot::dtype_from_name(dtype_name),
                   device.empty() ? ingot::Device::default_name() : device};
    Tensor::manual_seed(0);
    nn::Sequential model = resnet18(c, width);
    ingot::optim::SGD opt(model.parameters(), {.lr = 0.01, .momentum = 0.9});
    const Tensor x = Tensor::randn({batch, 3, size, size}, c.dtype, c.device).realize();
    const Tensor y = Tensor::randint(0, 1000, {batch}, DType::Int32, c.device).realize();
    std::vector<double> losses, steady_ms;
    for (int step = 0; step < kWarmupSteps + steps; ++step) {
      const auto begin = std::chrono::steady_clock::now();
      Tensor loss = nn::cross_entropy(model(x).astype(DType::Float32), y);
      opt.zero_grad();
      loss.backward();
      opt.step();
      losses.push_back(loss.item<float>());
      if (step >= kWarmupSteps)
        steady_ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin)
                .count());
    }
    fmt::print("losses: {:.3f}\n", fmt::join(losses, " "));
    if (!std::all_of(losses.begin(), losses.end(), [](double l) { return std::isfinite(l); }) ||
        losses.back() >= losses.front())
      throw ingot::Error(fmt::format(
          "resnet_bench: the loss went {:.4f} -> {:.4f} over {} steps on one batch: it must fall",
          losses.front(), losses.back(), losses.size()));
    const double ms = ingot::bench::median(steady_ms);
    const std::string work = fmt::format("ResNet-18 training step, batch {}, {}x{}, {}, width {}",
                                         batch, size, size, dtype_name, width);
    const std::string header =
        "\n| work | ingot | torch eager | torch compile | eager/ingot | compile/ingot |\n"
        "|---|---:|---:|---:|---:|---:|\n";
    if (peers.empty()) {
      fmt::print("{}| {} on {} | {:.2f} ms | | | | |\n", header, work, c.device, ms);
      return 0;
    }
    const ingot::bench::PeerFigures p = ingot::bench::run_peer_script(
        peers, {std::to_string(batch), std::to_string(size), dtype_name, std::to_string(width),
                std::to_string(steps)});
    const double eager = p.at("eager ms"), compiled = p.at("compile ms");
    fmt::print("{}| {} on {} | {:.2f} ms | {:.2f} ms | {:.2f} ms | {:.2f} | {:.2f} |\n", header,
               work, c.device, ms, eager, compiled, eager / ms, compiled / ms);
    fmt::print("\nissue 14's targets: eager/ingot >= 1.0 ({}), compile/ingot >= 0.8 ({})\n",
               eager / ms >= 1.0 ? "met" : "missed", compiled / ms >= 0.8 ? "met" : "missed");
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 1;
  }
  return 0;
}
