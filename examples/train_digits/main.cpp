// Trains a small convolutional network on the 8x8 handwritten digits (1,797 images, 10
// classes) with ingot::nn and ingot::optim, printing the loss per step, then the test
// accuracy: the network, split and schedule of train_digits.py, from C++. The data is the
// CSV that script writes once from scikit-learn's copy:
//
//   python examples/train_digits/train_digits.py --write-csv digits.csv
//   ingot_example_train_digits --data digits.csv [--device CPU] [--epochs 10]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ingot/ingot.hpp>
#include <ingot/nn.hpp>
#include <ingot/optim.hpp>
#include <numeric>
#include <random>
#include <sstream>

#include "../common/progress.hpp"
#include "command_line.hpp"

namespace {

using ingot::Tensor;

struct Digits {
  std::vector<float> pixels;  // [n, 1, 8, 8] in [0, 1]
  std::vector<int32_t> labels;
  size_t size() const { return labels.size(); }
};

// Each line: the label, then 64 pixels in [0, 16].
Digits read_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    throw ingot::Error(
        fmt::format("train_digits: cannot open '{}'; write it once with "
                    "python examples/train_digits/train_digits.py --write-csv {}",
                    path, path));
  Digits d;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::stringstream fields(line);
    std::string field;
    std::vector<int> values;
    while (std::getline(fields, field, ',')) values.push_back(std::stoi(field));
    if (values.size() != 65 || values[0] < 0 || values[0] > 9)
      throw ingot::Error(
          fmt::format("train_digits: {} line {}: expected a label 0-9 and 64 "
                      "pixels, found {} values",
                      path, number, values.size()));
    d.labels.push_back(values[0]);
    for (size_t p = 1; p < values.size(); ++p) d.pixels.push_back(float(values[p]) / 16.0f);
  }
  return d;
}

// The images and labels at `at`, as tensors on `device`.
std::pair<Tensor, Tensor> batch(const Digits& d, const std::vector<size_t>& at,
                                const std::string& device) {
  std::vector<float> pixels;
  std::vector<int32_t> labels;
  for (size_t i : at) {
    pixels.insert(pixels.end(), d.pixels.begin() + i * 64, d.pixels.begin() + (i + 1) * 64);
    labels.push_back(d.labels[i]);
  }
  const auto n = int64_t(at.size());
  return {Tensor::from_vector(pixels, {n, 1, 8, 8}, device),
          Tensor::from_vector(labels, {n}, device)};
}

std::shared_ptr<ingot::nn::Sequential> network(const std::string& device) {
  namespace nn = ingot::nn;
  const ingot::DType f32 = ingot::DType::Float32;
  return std::make_shared<nn::Sequential>(std::vector<std::shared_ptr<nn::Module>>{
      std::make_shared<nn::Conv2d>(1, 16, 3, 1, 1, 1, 1, true, f32, device),
      std::make_shared<nn::ReLU>(),
      std::make_shared<nn::Conv2d>(16, 32, 3, 1, 1, 1, 1, true, f32, device),
      std::make_shared<nn::ReLU>(),
      std::make_shared<nn::MaxPool2d>(2),
      std::make_shared<nn::Flatten>(),
      std::make_shared<nn::Linear>(32 * 4 * 4, 10, true, f32, device),
  });
}

// The learning rate at `step`: from lr down to 0 along half a cosine, so that the last
// steps settle rather than jump around a minimum.
double cosine(double lr, int step, int steps) {
  return 0.5 * lr * (1 + std::cos(M_PI * step / steps));
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "Trains a small CNN on the 8x8 digits with ingot::nn and ingot::optim"};
  std::string data = "digits.csv", device = "CPU";
  int epochs = 10, batch_size = 64, max_steps = 0;
  double lr = 3e-3, min_accuracy = 0;
  unsigned seed = 0;
  app.option("--data", data, "the CSV train_digits.py --write-csv writes");
  app.option("--device", device, "device to train on");
  app.option("--epochs", epochs).positive();
  app.option("--batch", batch_size).positive();
  app.option("--lr", lr);
  app.option("--seed", seed);
  app.option("--max-steps", max_steps, "stop after this many steps");
  app.option("--min-accuracy", min_accuracy, "exit 1 when the test accuracy is below it");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    const Digits digits = read_csv(data);
    ingot::Tensor::manual_seed(seed);
    std::vector<size_t> order(digits.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::mt19937 rng(seed);
    std::shuffle(order.begin(), order.end(), rng);
    const size_t tests = digits.size() / 5;
    const std::vector<size_t> test(order.begin(), order.begin() + long(tests));
    std::vector<size_t> train(order.begin() + long(tests), order.end());

    auto model = network(device);
    ingot::optim::Adam opt(model->parameters(), {.lr = lr});
    const int batches = int(train.size()) / batch_size;
    int steps = epochs * batches;
    if (max_steps > 0) steps = std::min(steps, max_steps);
    const auto start = std::chrono::steady_clock::now();
    for (int step = 0; step < steps;) {
      std::shuffle(train.begin(), train.end(), rng);
      for (int b = 0; b < batches && step < steps; ++b) {
        auto [x, y] =
            batch(digits,
                  {train.begin() + long(b) * batch_size, train.begin() + long(b + 1) * batch_size},
                  device);
        opt.set_lr(cosine(lr, step, steps));
        Tensor loss = ingot::nn::cross_entropy((*model)(x), y);
        opt.zero_grad();
        loss.backward();
        opt.step();
        examples::progress(++step, steps, loss.item<float>());
      }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    model->eval();
    ingot::NoGrad no_grad;
    auto [x, y] = batch(digits, test, device);
    const std::vector<int32_t> predicted =
        (*model)(x).argmax(1).astype(ingot::DType::Int32).to_vector<int32_t>();
    const std::vector<int32_t> labels = y.to_vector<int32_t>();
    size_t right = 0;
    for (size_t i = 0; i < labels.size(); ++i) right += predicted[i] == labels[i];
    const double accuracy = double(right) / double(labels.size());
    fmt::print(
        "{} steps in {:.1f} s ({:.1f} ms a step) on {}; test accuracy {:.1f}% of {} images\n",
        steps, seconds, 1e3 * seconds / steps, device, 100 * accuracy, labels.size());
    return accuracy >= min_accuracy ? 0 : 1;
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  }
}
