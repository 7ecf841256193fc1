// ingot_cpu_bench: ingot against the machine's copy bandwidth and OpenBLAS, measured in
// the same run, printed as a markdown table with each target's PASS or MISS.
#include <fmt/core.h>

#include <cmath>
#include <ctime>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "command_line.hpp"
#include "host_bandwidth.hpp"
#include "host_peers.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "ingot_measures.hpp"

namespace ingot::bench {
namespace {

struct Sizes {
  int64_t stream_elements;  // float32 elements of the sum, a + b and copy runs
  std::vector<int64_t> matmuls;
  int launches;
  int runs;
  int stream_rounds;  // rounds of the copy, read, sum and a + b runs taking turns
};
constexpr int64_t kGiBFloats = int64_t(1) << 28;

// Targets: reductions and elementwise work should run at the memory's speed, matmul at a
// useful fraction of a tuned BLAS, and a tiny op should cost little host time.
constexpr double kStreamTarget = 0.9;
constexpr double kMatmulTarget = 0.25;
constexpr double kLaunchTargetSeconds = 5e-6;

std::string size_name(double bytes) {
  return bytes >= double(1 << 30) ? fmt::format("{:g} GiB", bytes / double(1 << 30))
                                  : fmt::format("{:g} MiB", bytes / double(1 << 20));
}

void row(const std::string& work, const std::string& ingot, const std::string& reference,
         const std::string& ratio = "", const std::string& target = "",
         const std::string& result = "") {
  fmt::print("| {} | {} | {} | {} | {} | {} |\n", work, ingot, reference, ratio, target, result);
}

std::string verdict(bool correct, bool met) {
  if (!correct) return "WRONG RESULT";
  return met ? "PASS" : "MISS";
}

// A row comparing an ingot rate with a reference rate, higher is better.
void ratio_row(const std::string& work, double ingot_rate, const std::string& reference_name,
               double reference_rate, const char* unit, double target, bool correct) {
  double ratio = ingot_rate / reference_rate;
  row(work, fmt::format("{:.1f} {}", ingot_rate, unit),
      fmt::format("{} {:.1f} {}", reference_name, reference_rate, unit),
      fmt::format("{:.2f}", ratio), fmt::format(">= {}", target),
      verdict(correct, ratio >= target));
}

void print_header(Device& device, bool quick) {
  char date[32];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M", std::localtime(&now));
  const DeviceInfo& info = device.info();
  fmt::print("# ingot benchmark on {}\n\n", info.name);
  fmt::print("- date: {}\n- device: {} ({}), {} compute units, {} float32 lanes\n", date, info.name,
             info.product, info.compute_units, info.simd_width);
  fmt::print("- host threads: {}; sizes: {}; each figure is the best of several runs\n\n",
             std::thread::hardware_concurrency(), quick ? "quick (smoke run)" : "full");
  row("work", "ingot", "reference", "ratio", "target", "result");
  fmt::print("|---|---|---|---|---|---|\n");
}

// The copy, the host's read loop, the sum and a + b take turns run by run, so that all
// meet the same conditions, and each keeps its best run. On a shared VM the memory
// bandwidth comes and goes by tens of percent in phases of seconds, so the rounds span
// about ten seconds: each contender meets the machine at its best as well as at its worst.
void stream_rows(Device& device, const Sizes& sizes) {
  const double bytes = static_cast<double>(sizes.stream_elements) * sizeof(float);
  auto copy_once = prepare_copy(static_cast<size_t>(bytes));
  auto read_once = prepare_read(static_cast<size_t>(bytes));
  Prepared sum = prepare_sum(device, sizes.stream_elements);
  Prepared add = prepare_add(device, sizes.stream_elements);
  double copy = 0, read = 0, sum_seconds = INFINITY, add_seconds = INFINITY;
  for (int round = 0; round < sizes.stream_rounds; ++round) {
    copy = std::max(copy, copy_once() / 1e9);
    read = std::max(read, read_once() / 1e9);
    sum_seconds = std::min(sum_seconds, sum.run_once());
    add_seconds = std::min(add_seconds, add.run_once());
  }
  row(fmt::format("host memcpy of {}, read + write", size_name(bytes)), "",
      fmt::format("{:.1f} GB/s", copy));
  row(fmt::format("host read loop over {}, read", size_name(bytes)), "",
      fmt::format("{:.1f} GB/s", read), fmt::format("{:.2f} of copy", read / copy));
  ratio_row(fmt::format("sum of {} float32", size_name(bytes)), bytes / sum_seconds / 1e9, "copy",
            copy, "GB/s", kStreamTarget, sum.correct());
  row(fmt::format("sum of {} float32, against the read loop", size_name(bytes)),
      fmt::format("{:.1f} GB/s", bytes / sum_seconds / 1e9), fmt::format("read {:.1f} GB/s", read),
      fmt::format("{:.2f}", bytes / sum_seconds / 1e9 / read));
  ratio_row(fmt::format("a + b, {} float32 each (3x traffic)", size_name(bytes)),
            3 * bytes / add_seconds / 1e9, "copy", copy, "GB/s", kStreamTarget, add.correct());
}

void matmul_row(Device& device, int64_t n, int runs) {
  std::mt19937 random(static_cast<unsigned>(n));
  std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  std::vector<float> a(static_cast<size_t>(n * n)), b(a.size()), blas_c;
  for (float& v : a) v = uniform(random);
  for (float& v : b) v = uniform(random);
  double gflop = 2.0 * static_cast<double>(n * n * n) / 1e9;
  double blas = gflop / sgemm_seconds(a, b, blas_c, n, runs);
  Timing ingot = time_matmul(device, a, b, blas_c, n, runs);
  ratio_row(fmt::format("matmul float32 {}^3", n), gflop / ingot.seconds, "OpenBLAS", blas,
            "GFLOP/s", kMatmulTarget, ingot.correct);
}

void compile_rows(Device& device) {
  CompileTiming compile = time_compile(device);
  row("compile a new kernel and load it", fmt::format("{:.1f} ms", compile.compile_seconds * 1e3),
      "");
  row("the same kernel from the disk cache, loaded",
      fmt::format("{:.2f} ms", compile.cache_hit_seconds * 1e3), "",
      fmt::format("{:.0f}x faster", compile.compile_seconds / compile.cache_hit_seconds));
}

void launch_row(Device& device, int iterations) {
  double seconds = launch_overhead(device, iterations);
  row("tiny op: (x + 1).realize() on 16 elements, host time",
      fmt::format("{:.2f} µs/op", seconds * 1e6), "", "",
      fmt::format("<= {:g} µs", kLaunchTargetSeconds * 1e6),
      verdict(true, seconds <= kLaunchTargetSeconds));
}

}  // namespace
}  // namespace ingot::bench

int main(int argc, char** argv) {
  using namespace ingot::bench;
  ingot::tools::CommandLine app{
      "ingot benchmarks against memcpy and OpenBLAS, as a markdown table"};
  bool quick = false;
  std::string device_name = "CPU";
  app.flag("--quick", quick, "Small sizes, for a smoke run");
  app.option("--device", device_name, "The ingot device to measure").show_default();
  if (std::optional<int> status = app.parse(argc, argv)) return *status;

  Sizes sizes = quick ? Sizes{kGiBFloats / 16, {256, 512}, 1000, 2, 6}
                      : Sizes{kGiBFloats, {1024, 2048}, 10000, 5, 60};
  try {
    ingot::Device& device = ingot::Device::get(device_name);
    print_header(device, quick);
    stream_rows(device, sizes);
    for (int64_t n : sizes.matmuls) matmul_row(device, n, sizes.runs);
    compile_rows(device);
    launch_row(device, sizes.launches);
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  return 0;
}
