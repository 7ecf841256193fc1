// ingot_gpu_bench: the GPU benchmark table (gpu_bench.hpp) as a program of its own; `ingot
// bench` runs the same table.
#include <fmt/core.h>

#include "command_line.hpp"
#include "gpu_bench.hpp"
#include "ingot/error.hpp"

int main(int argc, char** argv) {
  using namespace ingot::bench;
  ingot::tools::CommandLine app{
      "ingot's GPU benchmark next to PyTorch's figures, as a markdown table"};
  GpuBenchOptions options;
  add_gpu_bench_options(app, options);
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    return run_gpu_bench(options);
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
}
