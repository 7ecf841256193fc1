// The GPU benchmark table (gpu_bench.hpp): ingot on the benchmark's work next to PyTorch's
// figures for the same work on the same machine, measured in the same call by
// bench_peers.py. Runs on any device; PyTorch's figures are CUDA's.
#include "gpu_bench.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <cstdio>
#include <ctime>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "gpu_measures.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "ingot/tensor.hpp"
#include "peer_figures.hpp"

namespace ingot::bench {
namespace {

struct Sizes {
  int64_t stream;   // float32 elements of the sum and of a + b
  int64_t matrix;   // n of the n x n row and column sums
  int64_t softmax;  // n of the n x n softmax
  int64_t matmul;   // n of the n^3 matmuls
  int64_t ragged;   // n of the n^3 matmuls whose sides are no multiple of 128
  int64_t large;    // n of the largest n^3 matmuls
  int tiny_ops;
  int graph_launches, graph_replays;
  Runs stream_runs, matmul_runs;
};

// The sizes, which bench_peers.py uses too, and a smoke run's.
constexpr Sizes kFull{int64_t(1) << 28, 16384,  8192, 4096, 4000, 8192, 2000, 100, 20,
                      {20, 5},          {10, 1}};
constexpr Sizes kQuick{int64_t(1) << 22, 1024, 512, 256, 200, 512, 2000, 100, 20, {5, 1}, {3, 1}};

// What a row's figure must do to pass: reach `target` times PyTorch's, reach `target`,
// stay at or below PyTorch's, or stay at or below `target`.
enum class Goal { AtLeastPeerTimes, AtLeast, AtMostPeer, AtMost };

struct Row {
  std::string work;
  std::string peer_key;  // bench_peers.py's name for the same work
  std::string unit;
  Goal goal;
  double target;
  std::function<Measured(Device&)> measure;
};

std::string size_name(double bytes) {
  return bytes >= double(1 << 30) ? fmt::format("{:g} GiB", bytes / double(1 << 30))
                                  : fmt::format("{:g} MiB", bytes / double(1 << 20));
}

std::vector<Row> rows(const Sizes& s) {
  const std::string stream = size_name(double(s.stream) * sizeof(float));
  const std::string matrix = fmt::format("{0} x {0}", s.matrix);
  const std::string mm = fmt::format("{}^3", s.matmul), ragged = fmt::format("{}^3", s.ragged),
                    large = fmt::format("{}^3", s.large);
  return {
      {"sum of " + stream + " float32", "torch sum 1GiB fp32 GB/s", "GB/s", Goal::AtLeastPeerTimes,
       0.95, [=](Device& d) { return measure_sum(d, s.stream, s.stream_runs); }},
      {"a + b, " + stream + " float32 each (3x traffic)", "torch add 3x1GiB GB/s", "GB/s",
       Goal::AtLeastPeerTimes, 0.95,
       [=](Device& d) { return measure_add(d, s.stream, s.stream_runs); }},
      {"row sums of " + matrix + " float32", "torch rowsum 16k x 16k GB/s", "GB/s",
       Goal::AtLeastPeerTimes, 0.90,
       [=](Device& d) { return measure_axis_sum(d, s.matrix, 1, s.stream_runs); }},
      {"column sums of " + matrix + " float32", "torch colsum 16k x 16k GB/s", "GB/s",
       Goal::AtLeastPeerTimes, 0.90,
       [=](Device& d) { return measure_axis_sum(d, s.matrix, 0, s.stream_runs); }},
      {fmt::format("softmax over rows of {0} x {0} float32 (read + write)", s.softmax),
       "torch softmax rows 8k x 8k GB/s (r+w)", "GB/s", Goal::AtLeastPeerTimes, 1.2,
       [=](Device& d) { return measure_softmax(d, s.softmax, s.stream_runs); }},
      {"matmul float32 " + mm + " (PyTorch without TF32)", "torch matmul fp32 4096^3 TFLOP/s",
       "TFLOP/s", Goal::AtLeastPeerTimes, 0.5,
       [=](Device& d) { return measure_matmul(d, DType::Float32, s.matmul, s.matmul_runs); }},
      {"matmul float16 " + mm, "torch matmul fp16 4096^3 TFLOP/s", "TFLOP/s", Goal::AtLeast, 200,
       [=](Device& d) { return measure_matmul(d, DType::Float16, s.matmul, s.matmul_runs); }},
      {"matmul bfloat16 " + mm, "torch matmul bf16 4096^3 TFLOP/s", "TFLOP/s", Goal::AtLeast, 200,
       [=](Device& d) { return measure_matmul(d, DType::BFloat16, s.matmul, s.matmul_runs); }},
      // The largest: Hopper's warpgroup plan against cuBLAS (matmul_peers.py 8192).
      {"matmul float16 " + large, "torch matmul fp16 8192^3 TFLOP/s", "TFLOP/s",
       Goal::AtLeastPeerTimes, 0.8,
       [=](Device& d) { return measure_matmul(d, DType::Float16, s.large, s.matmul_runs); }},
      {"matmul bfloat16 " + large, "torch matmul bf16 8192^3 TFLOP/s", "TFLOP/s",
       Goal::AtLeastPeerTimes, 0.8,
       [=](Device& d) { return measure_matmul(d, DType::BFloat16, s.large, s.matmul_runs); }},
      // A network layer's matmul, gelu(a @ b + bias) in one kernel (matmul_peers.py): the
      // float16 matmul's target.
      {"layer gelu(a @ b + bias), float16 " + mm, "torch layer fp16 4096^3 TFLOP/s", "TFLOP/s",
       Goal::AtLeast, 200,
       [=](Device& d) { return measure_matmul(d, DType::Float16, s.matmul, s.matmul_runs, true); }},
      // Sides of no whole 128-block (matmul_peers.py): the same targets as the rows above.
      {"matmul float32 " + ragged + " (PyTorch without TF32)", "torch matmul fp32 4000^3 TFLOP/s",
       "TFLOP/s", Goal::AtLeastPeerTimes, 0.5,
       [=](Device& d) { return measure_matmul(d, DType::Float32, s.ragged, s.matmul_runs); }},
      {"matmul float16 " + ragged, "torch matmul fp16 4000^3 TFLOP/s", "TFLOP/s", Goal::AtLeast,
       200, [=](Device& d) { return measure_matmul(d, DType::Float16, s.ragged, s.matmul_runs); }},
      {fmt::format("tiny op: s = s + 1 on 16 float32, realized, host time ({} in a row)",
                   s.tiny_ops),
       "torch tiny op launch us/op", "µs/op", Goal::AtMostPeer, 1,
       [=](Device& d) { return measure_tiny_op(d, s.tiny_ops); }},
      {fmt::format("tiny op replayed from a graph of {} launches, host time per launch",
                   s.graph_launches),
       "torch cudagraph tiny op us/op", "µs/op", Goal::AtMost, 1.5,
       [=](Device& d) { return measure_graph_op(d, s.graph_launches, s.graph_replays); }},
  };
}

std::string figure(double value, const std::string& unit) {
  // Host times are a few µs: two decimals; rates one.
  return unit == "µs/op" ? fmt::format("{:.2f} {}", value, unit)
                         : fmt::format("{:.1f} {}", value, unit);
}

std::string target_text(const Row& row) {
  switch (row.goal) {
    case Goal::AtLeastPeerTimes:
      return fmt::format(">= {:g}x PyTorch", row.target);
    case Goal::AtLeast:
      return fmt::format(">= {:g} {}", row.target, row.unit);
    case Goal::AtMostPeer:
      return "<= PyTorch";
    case Goal::AtMost:
      return fmt::format("<= {:g} {}", row.target, row.unit);
  }
  return "";
}

std::string verdict(const Row& row, const Measured& m, std::optional<double> peer) {
  if (!m.correct) return "WRONG RESULT";
  bool relative = row.goal == Goal::AtLeastPeerTimes || row.goal == Goal::AtMostPeer;
  if (relative && !peer) return "no PyTorch figure";
  bool met = false;
  switch (row.goal) {
    case Goal::AtLeastPeerTimes:
      met = m.value >= row.target * *peer;
      break;
    case Goal::AtLeast:
      met = m.value >= row.target;
      break;
    case Goal::AtMostPeer:
      met = m.value <= *peer;
      break;
    case Goal::AtMost:
      met = m.value <= row.target;
      break;
  }
  return met ? "PASS" : "FAIL";
}

// A message fit for one table cell.
std::string cell_text(std::string text) {
  for (char& c : text)
    if (c == '|' || c == '\n') c = ' ';
  return text.size() > 160 ? text.substr(0, 157) + "..." : text;
}

void print_row(Device& device, const Row& row, const std::optional<PeerFigures>& peers) {
  std::optional<double> peer;
  std::string peer_cell = "not run";
  if (peers) {
    auto found = peers->find(row.peer_key);
    if (found != peers->end()) peer = found->second;
    peer_cell = peer ? figure(*peer, row.unit) : "missing";
  }
  std::string ingot_cell, ratio = "", result;
  try {
    Measured m = row.measure(device);
    ingot_cell = figure(m.value, row.unit);
    if (peer) ratio = fmt::format("{:.2f}", m.value / *peer);
    result = verdict(row, m, peer);
  } catch (const std::exception& e) {
    // One failed row must not cost the others: the device keeps working after an Error.
    fmt::print(stderr, "{}: {}\n", row.work, e.what());
    ingot_cell = "error: " + cell_text(e.what());
    result = "ERROR";
  }
  fmt::print("| {} | {} | {} | {} | {} | {} |\n", row.work, ingot_cell, peer_cell, ratio,
             target_text(row), result);
  std::fflush(stdout);
}

void print_header(Device& device, bool quick, const std::string& peer_source) {
  char date[32];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M", std::localtime(&now));
  const DeviceInfo& info = device.info();
  fmt::print("# ingot GPU benchmark on {}\n\n", info.name);
  fmt::print("- date: {}\n- device: {} ({}), {} compute units\n", date, info.name, info.product,
             info.compute_units);
  for (const auto& [key, value] : info.extra) fmt::print("- {}: {}\n", key, value);
  fmt::print("- PyTorch: {}\n", peer_source);
  fmt::print(
      "- sizes: {}; each ingot figure is the median of several samples after a warm-up, on "
      "random inputs made on the device; results are checked against float64 host "
      "references\n\n",
      quick ? "quick (smoke run; PyTorch's figures are for the full sizes)" : "full");
  fmt::print("| work | ingot | PyTorch | ratio | target | result |\n");
  fmt::print("|---|---|---|---|---|---|\n");
}

}  // namespace

int run_gpu_bench(const GpuBenchOptions& options) {
  Device& device = Device::get(options.device);
  std::optional<PeerFigures> peers;
  std::string peer_source = "not run (no --peers or --peers-json)";
  // Before ingot's work, so that PyTorch finds the device's memory free. Without its
  // figures ingot's are still worth printing.
  try {
    if (!options.peer_scripts.empty()) {
      peers.emplace();
      for (const std::string& script : options.peer_scripts) peers->merge(run_peer_script(script));
      peer_source = fmt::format("`python3 {}`, run by this benchmark just before ingot's work",
                                fmt::join(options.peer_scripts, "`, `python3 "));
    } else if (!options.peers_json.empty()) {
      peers = read_peer_json(options.peers_json);
      peer_source = "read from " + options.peers_json;
    }
  } catch (const Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    peer_source = "failed: " + cell_text(e.what());
  }
  print_header(device, options.quick, peer_source);
  Tensor::manual_seed(4);
  for (const Row& row : rows(options.quick ? kQuick : kFull))
    if (row.work.find(options.only) != std::string::npos) print_row(device, row, peers);
  return 0;
}

void add_gpu_bench_options(ingot::tools::CommandLine& app, GpuBenchOptions& options) {
  app.option("--device", options.device, "The ingot device to measure (default: the default)");
  auto script = app.option(
      "--peers", options.peer_scripts,
      "Run `python3 SCRIPT` (bench_peers.py, bench/matmul_peers.py) for PyTorch's figures; "
      "may be given more than once");
  app.option("--peers-json", options.peers_json, "Read PyTorch's figures from this peers.json")
      .excludes(script);
  app.flag("--quick", options.quick, "Small sizes, for a smoke run");
  app.option("--only", options.only, "Run only the rows whose work contains this text");
}

}  // namespace ingot::bench
