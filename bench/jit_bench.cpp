// The JIT's benchmark: host time per step of the transformer block
// (examples/transformer_block/block.hpp) run eagerly (schedule, kernel-cache lookups and
// launches each step) and replayed from an ingot::jit capture, with PyTorch's eager and
// CUDA-graph steps of the same block beside them on CUDA (--peers bench/jit_peers.py).
//
//   ingot_jit_bench [--device NAME] [--seq N] [--dim N] [--heads N] [--steps N] [--peers PY]
//
// A step takes the other of two inputs than the step before (bound in place of the
// captured one, so that every replay updates the launches reading it: a CUDA graph's
// nodes, a Metal graph's commands) and returns a new result. Host time
// is the time the loop of `steps` steps takes to issue them, before the final synchronize;
// wall time counts that synchronize too. Each figure is the best of 5 loops.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ingot/ingot.hpp>

#include "../examples/transformer_block/block.hpp"
#include "command_line.hpp"
#include "peer_figures.hpp"
#include "timing.hpp"

namespace {

using ingot::Tensor;

struct StepTimes {
  double host_us = INFINITY, wall_us = INFINITY;
};

// Best-of-5 per-step times of `steps` calls of `step`.
template <class Step>
StepTimes time_steps(ingot::Device& device, int steps, Step&& step) {
  StepTimes best;
  for (int run = 0; run < 5; ++run) {
    double start = ingot::timing::now();
    for (int s = 0; s < steps; ++s) step();
    double issued = ingot::timing::now();
    device.synchronize();
    double done = ingot::timing::now();
    best.host_us = std::min(best.host_us, (issued - start) / steps * 1e6);
    best.wall_us = std::min(best.wall_us, (done - start) / steps * 1e6);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "Host time per step of a transformer block: eager against an ingot::jit replay"};
  std::string device_name, peers;
  int64_t seq = 32, dim = 128, heads = 4;
  int steps = 200;
  app.option("--device", device_name, "The device (default: the default device)");
  app.option("--seq", seq, "Sequence length").positive();
  app.option("--dim", dim, "Model dimension").positive();
  app.option("--heads", heads, "Attention heads (dividing the dimension)").positive();
  app.option("--steps", steps, "Steps per timed loop").positive();
  app.option("--peers", peers, "bench/jit_peers.py: PyTorch's steps of the same block (CUDA)");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    if (device_name.empty()) device_name = ingot::Device::default_name();
    ingot::Device& device = ingot::Device::get(device_name);
    Tensor::manual_seed(7);
    transformer::Weights w = transformer::random_weights(dim, device_name);
    Tensor x = Tensor::randn({seq, dim}, ingot::DType::Float32, device_name);
    x.realize();
    Tensor inputs[2] = {x, Tensor::randn({seq, dim}, ingot::DType::Float32, device_name)};
    inputs[1].realize();
    int turn = 0;

    ingot::Jit jitted = ingot::jit([&](const std::vector<Tensor>& in) {
      return std::vector{transformer::block(in[0], w, heads)};
    });
    Tensor eager_out = transformer::block(x, w, heads).realize();  // compiles the kernels
    uint64_t launched = ingot::engine_stats().kernels_launched;
    Tensor jit_out = jitted({x})[0];  // the capture
    launched = ingot::engine_stats().kernels_launched - launched;
    jit_out = jitted({x})[0];  // a replay

    std::vector<float> a = eager_out.to_vector<float>(), b = jit_out.to_vector<float>();
    double worst = 0;
    for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, double(std::abs(a[i] - b[i])));

    Tensor out;
    StepTimes eager = time_steps(
        device, steps, [&] { out = transformer::block(inputs[++turn % 2], w, heads).realize(); });
    StepTimes replay = time_steps(device, steps, [&] { out = jitted({inputs[++turn % 2]})[0]; });

    fmt::print("transformer block, seq {}, dim {}, {} heads, on {} ({}): {} kernels a step\n", seq,
               dim, heads, device_name, device.info().product, launched);
    fmt::print("replay against eager: largest difference {:.2e}\n\n", worst);
    fmt::print("| step | host us/step | wall us/step |\n|---|---:|---:|\n");
    fmt::print("| ingot eager | {:.1f} | {:.1f} |\n", eager.host_us, eager.wall_us);
    fmt::print("| ingot jit replay | {:.1f} | {:.1f} |\n", replay.host_us, replay.wall_us);
    if (!peers.empty()) {
      ingot::bench::PeerFigures torch = ingot::bench::run_peer_script(
          peers,
          {std::to_string(seq), std::to_string(dim), std::to_string(heads), std::to_string(steps)});
      for (const char* row : {"torch eager", "torch cuda graph replay"})
        fmt::print("| {} | {:.1f} | {:.1f} |\n", row, torch[std::string(row) + " host us"],
                   torch[std::string(row) + " wall us"]);
    }
    fmt::print("\njit replay host time: {:.1f}x faster than eager\n",
               eager.host_us / replay.host_us);
    return 0;
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
}
