// Levels 1 and 4 (tensor ops, and the same under BEAM search), and the run that times and
// checks every level on one input.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>

#include "levels.hpp"

namespace kernel_levels {
namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// BEAM's width for the duration of one scope, restored after it.
class BeamScope {
 public:
  explicit BeamScope(int width) : saved_(ingot::Context::global().beam()) {
    ingot::Context::global().set_beam(width);
  }
  ~BeamScope() { ingot::Context::global().set_beam(saved_); }
  BeamScope(const BeamScope&) = delete;
  BeamScope& operator=(const BeamScope&) = delete;

 private:
  int saved_;
};

using Level = std::function<std::optional<ingot::Tensor>(const ingot::Tensor&)>;

// `calls` calls of a level on the input queued back to back, then the device synchronized:
// the last call's result.
std::optional<ingot::Tensor> run_calls(const Level& level, const ingot::Tensor& x, int calls) {
  std::optional<ingot::Tensor> total;
  for (int call = 0; call < calls; ++call) {
    total = level(x);
    if (total) total->realize();
  }
  ingot::Device::get(x.device()).synchronize();
  return total;
}

}  // namespace

int64_t input_bytes(const LevelOptions& options, const ingot::Device& device) {
  if (options.bytes > 0) return options.bytes;
  return device.info().emulated ? int64_t(64) << 20 : int64_t(1) << 30;
}

std::vector<LevelResult> run_levels(const LevelOptions& options,
                                    const std::function<void()>& each_round) {
  ingot::Device& device = ingot::Device::get(options.device);
  const int64_t elements = input_bytes(options, device) / int64_t(sizeof(float));
  ingot::Tensor::manual_seed(5);
  ingot::Tensor x = ingot::Tensor::rand({elements}, ingot::DType::Float32, device.name());
  x.realize();
  double expected = 0;
  for (float v : x.to_vector<float>()) expected += v;

  const std::vector<std::pair<std::string, Level>> levels = {
      {"tensor ops: x.sum()", [](const ingot::Tensor& t) { return t.sum().reshape({1}); }},
      {"a kernel in the device's language",
       [](const ingot::Tensor& t) { return sum_in_device_language(t); }},
      {"a kernel built in ingot's IR", [](const ingot::Tensor& t) { return sum_with_builder(t); }},
      {fmt::format("BEAM={} over x.sum()'s opts", options.beam),
       [&](const ingot::Tensor& t) {
         BeamScope beam(options.beam);
         return t.sum().reshape({1});
       }},
      {"assembly", [](const ingot::Tensor& t) { return sum_with_assembly(t); }},
  };
  // A first run of each level compiles (and at level 4 searches) and gives the result to
  // check; then the levels take turns, round by round, so that all meet the machine in
  // the same states, and each keeps its best run. A run queues `batch` calls and waits
  // once, so that on a GPU the host's work for the next call overlaps the device's for
  // this one and a run's time per call is the device's, as CUDA events time PyTorch's.
  std::vector<LevelResult> results;
  std::vector<const Level*> present;
  for (size_t i = 0; i < levels.size(); ++i) {
    std::optional<ingot::Tensor> total = run_calls(levels[i].second, x, 1);
    if (!total) continue;
    results.push_back(
        {.level = static_cast<int>(i) + 1,
         .what = levels[i].first,
         .seconds = std::numeric_limits<double>::infinity(),
         .relative_error = std::abs(total->item<float>() - expected) / std::abs(expected)});
    present.push_back(&levels[i].second);
  }
  for (int round = 0; round < options.runs; ++round) {
    if (each_round) each_round();
    for (size_t i = 0; i < present.size(); ++i) {
      uint64_t launched = ingot::engine_stats().kernels_launched;
      double start = now();
      run_calls(*present[i], x, options.batch);
      results[i].seconds = std::min(results[i].seconds, (now() - start) / options.batch);
      results[i].kernels = (ingot::engine_stats().kernels_launched - launched) / options.batch;
    }
  }
  return results;
}

bool print_levels(const LevelOptions& options) {
  ingot::Device& device = ingot::Device::get(options.device);
  const double bytes = static_cast<double>(input_bytes(options, device));
  std::vector<LevelResult> results = run_levels(options);
  fmt::print("# the sum of {:.0f} MiB of float32 at every level, on {}\n\n", bytes / (1 << 20),
             device.name());
  fmt::print("| level | what | kernels | time | GB/s | relative error | check |\n");
  fmt::print("|---|---|---|---|---|---|---|\n");
  bool all_pass = true;
  for (const LevelResult& r : results) {
    const bool pass = r.relative_error <= options.tolerance;
    all_pass = all_pass && pass;
    fmt::print("| {} | {} | {} | {:.3f} ms | {:.1f} | {:.1e} | {} |\n", r.level, r.what, r.kernels,
               r.seconds * 1e3, bytes / r.seconds / 1e9, r.relative_error, pass ? "pass" : "WRONG");
  }
  fmt::print(
      "\nEach time is the best of {} runs of {} calls queued back to back, per call; errors "
      "against a float64 sum on the host.\n",
      options.runs, options.batch);
  return all_pass;
}

}  // namespace kernel_levels
