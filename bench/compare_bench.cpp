// ingot_compare_bench: the same work (sum, a + b, matmul) on several ingot devices in
// one run, printed side by side as a markdown table. On a machine without a GPU it shows
// that the GPU-style kernels (OpenCL on PoCL) are sane next to the CPU backend's.
#include <fmt/core.h>

#include <ctime>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "host_peers.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "ingot_measures.hpp"

namespace ingot::bench {
namespace {

std::string cell(double rate, const char* unit, bool correct) {
  return fmt::format("{:.1f} {}{}", rate, unit, correct ? "" : " (WRONG RESULT)");
}

struct Work {
  std::string name;
  // The rate on `device` as a table cell.
  std::function<std::string(Device& device)> measure;
};

std::vector<Work> workloads(int64_t elements, int64_t n, int runs) {
  const double bytes = static_cast<double>(elements) * sizeof(float);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  auto a = std::make_shared<std::vector<float>>(static_cast<size_t>(n * n));
  auto b = std::make_shared<std::vector<float>>(a->size());
  for (float& v : *a) v = uniform(random);
  for (float& v : *b) v = uniform(random);
  auto expected = std::make_shared<std::vector<float>>();
  sgemm_seconds(*a, *b, *expected, n, 1);
  const double gflop = 2.0 * static_cast<double>(n * n * n) / 1e9;
  return {
      {fmt::format("sum of {} MiB float32", bytes / (1 << 20)),
       [=](Device& d) {
         Timing t = time_sum(d, elements, runs);
         return cell(bytes / t.seconds / 1e9, "GB/s", t.correct);
       }},
      {fmt::format("a + b, {} MiB float32 each (3x traffic)", bytes / (1 << 20)),
       [=](Device& d) {
         Timing t = time_add(d, elements, runs);
         return cell(3 * bytes / t.seconds / 1e9, "GB/s", t.correct);
       }},
      {fmt::format("matmul float32 {}^3", n),
       [=](Device& d) {
         Timing t = time_matmul(d, *a, *b, *expected, n, runs);
         return cell(gflop / t.seconds, "GFLOP/s", t.correct);
       }},
  };
}

}  // namespace
}  // namespace ingot::bench

int main(int argc, char** argv) {
  using namespace ingot::bench;
  ingot::tools::CommandLine app{"the same work on several ingot devices, as a markdown table"};
  std::vector<std::string> devices = {"CPU", "CL:0"};
  int64_t elements = int64_t(1) << 26;
  int64_t n = 1024;
  int runs = 3;
  app.option("--devices", devices, "The devices to compare").delimiter(',');
  app.option("--elements", elements, "float32 elements of the sum and a + b (multiple of 8)")
      .show_default();
  app.option("--matmul", n, "n of the n^3 matmul").show_default();
  app.option("--runs", runs, "runs per figure (the best is kept)").show_default();
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    std::vector<ingot::Device*> opened;
    for (const auto& name : devices) opened.push_back(&ingot::Device::get(name));
    char date[32];
    std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M", std::localtime(&now));
    fmt::print("# ingot on several devices\n\n- date: {}\n", date);
    for (ingot::Device* d : opened)
      fmt::print("- {}: {}, {} compute units\n", d->name(), d->info().product,
                 d->info().compute_units);
    fmt::print("- each figure is the best of {} runs\n\n| work |", runs);
    for (ingot::Device* d : opened) fmt::print(" {} |", d->name());
    fmt::print("\n|---|");
    for (size_t i = 0; i < opened.size(); ++i) fmt::print("---|");
    fmt::print("\n");
    for (const Work& work : workloads(elements, n, runs)) {
      fmt::print("| {} |", work.name);
      for (ingot::Device* d : opened) fmt::print(" {} |", work.measure(*d));
      fmt::print("\n");
    }
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  return 0;
}
