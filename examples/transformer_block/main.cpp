// One transformer block's forward pass on any device: multi-head self-attention and a GELU
// MLP, each with a residual connection, written with ingot's lazy tensors, then checked
// against the same block computed in float64 on the host.
//
//   ingot_example_transformer_block [--device NAME] [--seq N] [--dim N] [--heads N]
//
// It prints the kernels one forward pass takes, the time of the first pass (which compiles
// them, or loads them from the disk cache) and of a second one, and the largest error.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ingot/ingot.hpp>
#include <vector>

#include "block.hpp"
#include "command_line.hpp"

namespace {

using ingot::Tensor;
using transformer::block;
using transformer::Weights;
using Matrix = std::vector<double>;  // row-major, sizes passed alongside

Matrix host(const Tensor& t) {
  std::vector<float> values = t.to_vector<float>();
  return Matrix(values.begin(), values.end());
}

// c[n x m] = a[n x k] b[k x m]
Matrix multiply(const Matrix& a, const Matrix& b, int64_t n, int64_t k, int64_t m) {
  Matrix c(size_t(n * m), 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t p = 0; p < k; ++p)
      for (int64_t j = 0; j < m; ++j)
        c[size_t(i * m + j)] += a[size_t(i * k + p)] * b[size_t(p * m + j)];
  return c;
}

Matrix add(Matrix a, const Matrix& b) {
  for (size_t i = 0; i < a.size(); ++i) a[i] += b[i];
  return a;
}

// The same block in float64, head by head.
Matrix reference(const Matrix& x, const std::vector<Matrix>& w, int64_t seq, int64_t dim,
                 int64_t heads) {
  const int64_t head_dim = dim / heads, hidden = 4 * dim;
  Matrix q = multiply(x, w[0], seq, dim, dim), k = multiply(x, w[1], seq, dim, dim),
         v = multiply(x, w[2], seq, dim, dim), attended(size_t(seq * dim), 0.0);
  for (int64_t h = 0; h < heads; ++h)
    for (int64_t i = 0; i < seq; ++i) {
      std::vector<double> p(static_cast<size_t>(seq), 0.0);
      double largest = -INFINITY, total = 0;
      for (int64_t j = 0; j < seq; ++j) {
        double s = 0;
        for (int64_t d = 0; d < head_dim; ++d)
          s += q[size_t(i * dim + h * head_dim + d)] * k[size_t(j * dim + h * head_dim + d)];
        p[size_t(j)] = s / std::sqrt(double(head_dim));
        largest = std::max(largest, p[size_t(j)]);
      }
      for (double& e : p) total += (e = std::exp(e - largest));
      for (int64_t j = 0; j < seq; ++j)
        for (int64_t d = 0; d < head_dim; ++d)
          attended[size_t(i * dim + h * head_dim + d)] +=
              p[size_t(j)] / total * v[size_t(j * dim + h * head_dim + d)];
    }
  Matrix h = add(x, multiply(attended, w[3], seq, dim, dim));
  Matrix up = multiply(h, w[4], seq, dim, hidden);
  const double c = std::sqrt(2.0 / M_PI);
  for (double& e : up) e = 0.5 * e * (1 + std::tanh(c * (e + 0.044715 * e * e * e)));
  return add(h, multiply(up, w[5], seq, hidden, dim));
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "One transformer block's forward pass, checked against float64 on the host"};
  std::string device;
  int64_t seq = 128, dim = 256, heads = 4;
  app.option("--device", device, "The device (default: the default device)");
  app.option("--seq", seq, "Sequence length").positive();
  app.option("--dim", dim, "Model dimension").positive();
  app.option("--heads", heads, "Attention heads (dividing the dimension)").positive();
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    if (device.empty()) device = ingot::Device::default_name();
    ingot::Tensor::manual_seed(7);
    Weights w = transformer::random_weights(dim, device);
    Tensor x = Tensor::randn({seq, dim}, ingot::DType::Float32, device);
    x.realize();

    auto seconds = [&](Tensor& out) {
      auto start = std::chrono::steady_clock::now();
      out = block(x, w, heads);
      out.realize();
      ingot::Device::get(device).synchronize();
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    Tensor out;
    uint64_t launched = ingot::engine_stats().kernels_launched;
    double first = seconds(out);
    launched = ingot::engine_stats().kernels_launched - launched;
    double second = seconds(out);

    Matrix want =
        reference(host(x), {host(w.wq), host(w.wk), host(w.wv), host(w.wo), host(w.w1), host(w.w2)},
                  seq, dim, heads);
    Matrix got = host(out);
    double worst = 0;
    for (size_t i = 0; i < got.size(); ++i)
      worst = std::max(worst, std::abs(got[i] - want[i]) / (1 + std::abs(want[i])));
    std::printf("transformer block, seq %lld, dim %lld, %lld heads, on %s\n", (long long)seq,
                (long long)dim, (long long)heads, device.c_str());
    std::printf(
        "%llu kernels a pass; first pass %.1f ms (compiling or loading them), second %.2f ms\n",
        (unsigned long long)launched, first * 1e3, second * 1e3);
    std::printf("largest error against float64: %.2e (relative, over 1 + |value|)\n", worst);
    return worst <= 1e-3 ? 0 : 2;
  } catch (const ingot::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
