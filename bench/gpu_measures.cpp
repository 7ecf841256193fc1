#include "gpu_measures.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <numeric>
#include <vector>

#include "device_timing.hpp"
#include "ingot/tensor.hpp"
#include "ingot_measures.hpp"
#include "timing.hpp"

namespace ingot::bench {
namespace {

Tensor realized(Tensor t) {
  t.realize();
  return t;
}

// `count` indices spread over [0, size): the first, the last and evenly between.
std::vector<int64_t> sample_indices(int64_t size, int64_t count) {
  std::vector<int64_t> indices;
  for (int64_t i = 0; i < std::min(count, size); ++i)
    indices.push_back(count <= 1 ? 0 : i * (size - 1) / (std::min(count, size) - 1));
  return indices;
}

bool close(double value, double reference, double tolerance) {
  return std::abs(value - reference) <= tolerance;
}

}  // namespace

Measured measure_sum(Device& device, int64_t count, const Runs& runs) {
  Tensor x = realized(Tensor::rand({count}, DType::Float32, device.name()));
  Tensor total;
  double seconds = median_seconds(device, runs, [&] { total = realized(x.sum()); });
  std::vector<float> host = x.to_vector<float>();
  double expected = std::accumulate(host.begin(), host.end(), 0.0);
  double bytes = double(count) * sizeof(float);
  return {bytes / seconds / 1e9, close(total.item<float>(), expected, 1e-4 * expected)};
}

Measured measure_add(Device& device, int64_t count, const Runs& runs) {
  Tensor a = Tensor::rand({count}, DType::Float32, device.name());
  Tensor b = Tensor::rand({count}, DType::Float32, device.name());
  Tensor::realize_all({a, b});
  Tensor c;
  double seconds = median_seconds(device, runs, [&] { c = realized(a + b); });
  std::vector<float> ha = a.to_vector<float>(), hb = b.to_vector<float>(),
                     hc = c.to_vector<float>();
  bool correct = true;
  // A float32 sum is rounded once, the same on every device.
  for (size_t i = 0; i < hc.size() && correct; ++i) correct = hc[i] == ha[i] + hb[i];
  double bytes = 3 * double(count) * sizeof(float);
  return {bytes / seconds / 1e9, correct};
}

Measured measure_axis_sum(Device& device, int64_t n, int axis, const Runs& runs) {
  Tensor x = realized(Tensor::rand({n, n}, DType::Float32, device.name()));
  Tensor sums;
  double seconds = median_seconds(device, runs, [&] { sums = realized(x.sum({axis})); });
  std::vector<float> hx = x.to_vector<float>(), hs = sums.to_vector<float>();
  bool correct = true;
  // Row r reads x[r n + j]; column c reads x[i n + c].
  int64_t along = axis == 1 ? 1 : n, across = axis == 1 ? n : 1;
  for (int64_t out : sample_indices(n, 64)) {
    double expected = 0;
    for (int64_t k = 0; k < n; ++k) expected += hx[size_t(out * across + k * along)];
    correct = correct && close(hs[size_t(out)], expected, 1e-4 * expected + 1e-6);
  }
  double bytes = double(n) * double(n) * sizeof(float);
  return {bytes / seconds / 1e9, correct};
}

Measured measure_softmax(Device& device, int64_t n, const Runs& runs) {
  Tensor x = realized(Tensor::randn({n, n}, DType::Float32, device.name()));
  Tensor y;
  double seconds = median_seconds(device, runs, [&] { y = realized(x.softmax(1)); });
  std::vector<float> hx = x.to_vector<float>(), hy = y.to_vector<float>();
  bool correct = true;
  for (int64_t r : sample_indices(n, 32)) {
    const float* row = hx.data() + r * n;
    double peak = *std::max_element(row, row + n), total = 0;
    for (int64_t j = 0; j < n; ++j) total += std::exp(double(row[j]) - peak);
    for (int64_t j = 0; j < n; ++j) {
      double expected = std::exp(double(row[j]) - peak) / total;
      correct = correct && close(hy[size_t(r * n + j)], expected, 1e-4 * expected + 1e-7);
    }
  }
  double bytes = 2 * double(n) * double(n) * sizeof(float);
  return {bytes / seconds / 1e9, correct};
}

Measured measure_matmul(Device& device, DType dtype, int64_t n, const Runs& runs, bool layer) {
  Tensor a = Tensor::randn({n, n}, dtype, device.name());
  Tensor b = Tensor::randn({n, n}, dtype, device.name());
  Tensor bias = Tensor::randn({n}, dtype, device.name());
  Tensor::realize_all({a, b, bias});
  Tensor c;
  double seconds = median_seconds(
      device, runs, [&] { c = realized(layer ? (a.matmul(b) + bias).gelu() : a.matmul(b)); });
  // Converted to float32 on the way out: exact for 16-bit inputs, rounded once for results.
  std::vector<float> ha = a.to_vector<float>(), hb = b.to_vector<float>(),
                     hc = c.to_vector<float>(), hbias = bias.to_vector<float>();
  // The tanh form of gelu, as ingot's; its slope stays below 1.13, so the sum's tolerance
  // holds for it too.
  auto gelu = [](double x) {
    return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
  };
  bool correct = true;
  const bool half = dtype_size(dtype) == 2;
  for (int64_t i : sample_indices(n, 16)) {
    for (int64_t j : sample_indices(n, 16)) {
      double expected = 0, magnitude = 0;
      for (int64_t k = 0; k < n; ++k) {
        double product = double(ha[size_t(i * n + k)]) * hb[size_t(k * n + j)];
        expected += product;
        magnitude += std::abs(product);
      }
      // float32 accumulation errors grow with the sum of |products|; a 16-bit result is
      // rounded to 11 (float16) or 8 (bfloat16) significant bits besides.
      const double rounding = dtype == DType::BFloat16 ? 4e-3 : half ? 2e-3 : 0;
      double tolerance = 1e-4 * magnitude + rounding * std::abs(expected) + 1e-6;
      if (layer) expected = gelu(expected + hbias[size_t(j)]);
      correct =
          correct && close(hc[size_t(i * n + j)], expected, layer ? 1.13 * tolerance : tolerance);
    }
  }
  double flops = 2 * double(n) * double(n) * double(n);
  return {flops / seconds / 1e12, correct};
}

Measured measure_tiny_op(Device& device, int iterations) {
  Tensor s = realized(Tensor::rand({16}, DType::Float32, device.name()));
  std::vector<float> expected = s.to_vector<float>();
  int total = 0;
  auto step = [&](int count) {
    for (int i = 0; i < count; ++i) s = realized(s + 1.0);
    device.synchronize();
    total += count;
  };
  step(100);  // compiles the kernel and fills every cache on the way
  std::vector<double> samples;
  for (int sample = 0; sample < 3; ++sample) {
    double start = timing::now();
    step(iterations);
    samples.push_back((timing::now() - start) / iterations);
  }
  // The host repeats the float32 additions, rounded as the device rounds them.
  for (float& v : expected)
    for (int i = 0; i < total; ++i) v = v + 1.0f;
  return {median(std::move(samples)) * 1e6, s.to_vector<float>() == expected};
}

Measured measure_graph_op(Device& device, int launches, int replays) {
  constexpr int64_t kElements = 16;
  std::unique_ptr<Program> program =
      device.load(device.compiler().compile_cached(
                      inplace_kernel_source(device.info().language, "x[i] = x[i] + 1.0f;")),
                  "ingot_bench_kernel", 1);
  std::vector<float> expected =
      Tensor::rand({kElements}, DType::Float32, device.name()).to_vector<float>();
  std::shared_ptr<Buffer> buffer = device.allocator().alloc(kElements * sizeof(float));
  buffer->copy_in(expected.data(), buffer->bytes());
  LaunchDims dims{{kElements, 1, 1}, {kElements, 1, 1}};
  std::unique_ptr<Graph> graph = device.capture(std::vector<Graph::Launch>(
      size_t(launches), Graph::Launch{program.get(), {buffer}, dims, {}}));
  int total = 0;
  auto replay = [&](int count) {
    for (int i = 0; i < count; ++i) graph->replay();
    device.synchronize();
    total += count * launches;
  };
  replay(1);  // the first replay uploads the graph to the device
  std::vector<double> samples;
  for (int sample = 0; sample < 3; ++sample) {
    double start = timing::now();
    replay(replays);
    samples.push_back((timing::now() - start) / (replays * launches));
  }
  std::vector<float> result(kElements);
  buffer->copy_out(result.data(), buffer->bytes());
  for (float& v : expected)
    for (int i = 0; i < total; ++i) v = v + 1.0f;
  return {median(std::move(samples)) * 1e6, result == expected};
}

}  // namespace ingot::bench
