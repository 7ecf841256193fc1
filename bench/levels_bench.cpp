// The five kernel levels' sums (examples/kernel_levels) against what bounds them, in one
// run: on the CPU the host's read loop over the same bytes (host_bandwidth.hpp), on a GPU
// PyTorch's x.sum() over the same size (bench/levels_peers.py, with --peers). Prints a
// markdown table with issue 13's targets.
//
//   ingot_levels_bench [--device NAME] [--size BYTES] [--runs N] [--beam W] [--peers SCRIPT]
#include <fmt/core.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <thread>

#include "command_line.hpp"
#include "host_bandwidth.hpp"
#include "level_options.hpp"
#include "peer_figures.hpp"

namespace {

// The least each level must reach of the reference: on a GPU, level 1 PyTorch's speed and
// the hand-built IR and PTX kernels 0.97 of it; on the CPU every level 0.9 of the read loop.
std::optional<double> target(int level, bool cpu) {
  if (cpu) return 0.9;
  if (level == 1) return 1.0;
  if (level == 3 || level == 5) return 0.97;
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "The five kernel levels' sums against the host's read loop or PyTorch"};
  kernel_levels::LevelOptions options;
  std::string peers;
  kernel_levels::add_level_options(app, options);
  app.option("--peers", peers, "A script printing PyTorch's sum (bench/levels_peers.py)");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    ingot::Device& device = ingot::Device::get(options.device);
    const bool cpu = device.info().language == "c";
    const int64_t bytes = kernel_levels::input_bytes(options, device);
    // On the CPU the read loop takes its turn in every round of the levels, keeping its best.
    double reference = 0;
    std::function<double()> read_once;
    if (cpu) read_once = ingot::bench::prepare_read(static_cast<size_t>(bytes));
    std::vector<kernel_levels::LevelResult> results = kernel_levels::run_levels(options, [&] {
      if (read_once) reference = std::max(reference, read_once());
    });
    std::string reference_name = "host read loop";
    if (!cpu && !peers.empty()) {
      reference =
          ingot::bench::run_peer_script(peers, {std::to_string(bytes)}).at("torch sum GB/s") * 1e9;
      reference_name = "PyTorch x.sum()";
    }

    fmt::print("# the five kernel levels on {} ({}), {:.0f} MiB of float32\n\n", device.name(),
               device.info().product, static_cast<double>(bytes) / (1 << 20));
    fmt::print("- host threads: {}; each time the best of {} runs; reference: {}\n\n",
               std::thread::hardware_concurrency(), options.runs,
               reference > 0 ? reference_name : "none (give --peers on a GPU)");
    fmt::print("| level | what | kernels | ingot GB/s | {} GB/s | ratio | target | result |\n",
               reference_name);
    fmt::print("|---|---|---|---|---|---|---|---|\n");
    bool wrong = false;
    for (const kernel_levels::LevelResult& r : results) {
      const double rate = static_cast<double>(bytes) / r.seconds;
      const bool correct = r.relative_error <= options.tolerance;
      wrong = wrong || !correct;
      const std::optional<double> goal = target(r.level, cpu);
      std::string ratio = "", goal_text = "", verdict = correct ? "" : "WRONG RESULT";
      if (reference > 0) {
        ratio = fmt::format("{:.2f}", rate / reference);
        if (goal) {
          goal_text = fmt::format(">= {}", *goal);
          if (correct) verdict = rate / reference >= *goal ? "PASS" : "MISS";
        }
      }
      fmt::print("| {} | {} | {} | {:.1f} | {} | {} | {} | {} |\n", r.level, r.what, r.kernels,
                 rate / 1e9, reference > 0 ? fmt::format("{:.1f}", reference / 1e9) : "-", ratio,
                 goal_text, verdict);
    }
    return wrong ? 2 : 0;
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
}
