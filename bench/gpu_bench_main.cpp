// ingot_gpu_bench: the GPU benchmark table (gpu_bench.hpp) as a program of its own; `ingot
// bench` runs the same table.
#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "gpu_bench.hpp"
#include "ingot/error.hpp"

int main(int argc, char** argv) {
  using namespace ingot::bench;
  CLI::App app{"ingot's GPU benchmark next to PyTorch's figures, as a markdown table"};
  GpuBenchOptions options;
  add_gpu_bench_options(app, options);
  CLI11_PARSE(app, argc, argv);
  try {
    return run_gpu_bench(options);
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
}
