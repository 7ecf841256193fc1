// ingot_workload_bench: programs users write (workload.hpp), each checked against a
// float64 host reference at a small size, then timed at full size on the device, beside
// the same programs in PyTorch and NumPy (--peers bench/workload_peers.py).
//
//   ingot_workload_bench [--device NAME] [--only REGEX] [--small] [--runs N] [--peers PY]
//
// A failed check prints FAIL and the program exits with 1 after the table.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <stdlib.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <regex>

#include "command_line.hpp"
#include "ingot/error.hpp"
#include "ingot/tensor.hpp"
#include "peer_figures.hpp"
#include "workload_report.hpp"
#include "workload_run.hpp"

namespace ingot::bench {
namespace {

// The workloads as workload_peers.py reads them: name, full input shapes and dtypes, steps.
std::string peer_spec(const std::vector<WorkloadResult>& results) {
  std::string json = "[";
  for (const WorkloadResult& result : results) {
    const Workload& w = *result.workload;
    std::vector<std::string> inputs;
    for (const WorkloadInput& in : w.inputs)
      inputs.push_back(fmt::format(R"({{"shape": [{}], "dtype": "{}", "high": {}}})",
                                   fmt::join(in.full, ", "), dtype_name(in.dtype), in.high));
    json += fmt::format(R"({}{{"name": "{}", "inputs": [{}], "steps": {}}})",
                        json.size() > 1 ? ", " : "", w.name, fmt::join(inputs, ", "), w.steps);
  }
  return json + "]";
}

PeerFigures run_peers(const std::vector<std::string>& scripts,
                      const std::vector<WorkloadResult>& results, bool cuda, int runs) {
  PeerFigures all;
  if (scripts.empty()) return all;
  char folder[] = "/tmp/ingot-workloads-XXXXXX";
  if (!::mkdtemp(folder)) throw Error("--peers: cannot create a temporary folder");
  const std::string spec = std::string(folder) + "/workloads.json";
  std::ofstream(spec) << peer_spec(results);
  for (const std::string& script : scripts) {
    PeerFigures figures =
        run_peer_script(script, {spec, cuda ? "cuda" : "cpu", std::to_string(runs)});
    all.insert(figures.begin(), figures.end());
  }
  std::filesystem::remove_all(folder);
  return all;
}

int run(const std::string& device_name, const std::string& only, bool small, int runs,
        const std::vector<std::string>& peer_scripts) {
  Device& device = Device::get(device_name.empty() ? Device::default_name() : device_name);
  const bool cuda = device.name().rfind("CUDA", 0) == 0;
  std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  fmt::print("# ingot workloads on {} ({}), {}\n\n", device.name(), device.info().product, date);

  static const std::vector<Workload> suite = all_workloads();
  const std::regex pattern(only);
  std::vector<WorkloadResult> results;
  bool all_passed = true;
  for (const Workload& w : suite) {
    if (!std::regex_search(w.name, pattern)) continue;
    Tensor::manual_seed(7);
    CheckResult check = check_workload(w, device.name());
    WorkloadResult result{&w, check.passed, 0, check.detail};
    if (!check.passed) {
      all_passed = false;
      fmt::print(stderr, "FAIL {}: {}\n", w.name, check.detail);
    } else if (!small) {
      try {
        result.seconds = time_workload(w, device, runs);
      } catch (const Error& e) {
        result.passed = false, result.note = e.what();
        fmt::print(stderr, "ERROR timing {}: {}\n", w.name, e.what());
      }
    }
    fmt::print(stderr, "{} {}: {}\n", result.passed ? "ok" : "FAIL", w.name,
               result.seconds > 0 ? fmt::format("{:.3g} s", result.seconds) : check.detail);
    results.push_back(result);
  }
  if (small) {
    fmt::print("{} workloads checked at their small sizes\n", results.size());
  } else {
    print_workload_table(results, run_peers(peer_scripts, results, cuda, runs), cuda);
  }
  if (!all_passed) fmt::print("\nFAIL: a workload's result differs from its float64 reference\n");
  return all_passed ? 0 : 1;
}

}  // namespace

std::vector<Workload> all_workloads() {
  std::vector<Workload> all = reduction_workloads();
  for (auto part : {elementwise_workloads(), matmul_workloads(), op_workloads()})
    all.insert(all.end(), part.begin(), part.end());
  return all;
}

}  // namespace ingot::bench

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "Programs users write, checked in float64 and timed, beside PyTorch and NumPy"};
  std::string device, only;
  bool small = false;
  int runs = 5;
  std::vector<std::string> peers;
  app.option("--device", device, "The device (default: the default device)");
  app.option("--only", only, "Run only the workloads whose name matches this regex");
  app.flag("--small", small, "Check every workload at its small size; time nothing");
  app.option("--runs", runs, "Timed samples per workload (the median is kept)").positive();
  app.option("--peers", peers, "bench/workload_peers.py: the same workloads in PyTorch and NumPy");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    return ingot::bench::run(device, only, small, runs, peers);
  } catch (const std::exception& e) {
    fmt::print(stderr, "ingot_workload_bench: {}\n", e.what());
    return 1;
  }
}
