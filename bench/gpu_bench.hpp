// The GPU benchmark table: ingot on the benchmark's work (reductions, elementwise, softmax,
// matmul, tiny-op host time, graph replays) next to PyTorch's figures for the same work,
// as markdown with each target's PASS or FAIL. ingot_gpu_bench and `ingot bench` run it.
#pragma once

#include <string>
#include <vector>

#include "command_line.hpp"

namespace ingot::bench {

struct GpuBenchOptions {
  std::string device;  // "" is the default device
  std::vector<std::string> peer_scripts;
  std::string peers_json;
  bool quick = false;
  std::string only;  // run only the rows whose work contains this text
};

// Adds the options above to a command line.
void add_gpu_bench_options(ingot::tools::CommandLine& app, GpuBenchOptions& options);

// Prints the table on stdout; returns the exit status. Throws Error for a device that does
// not open; a row that fails prints ERROR and the others still run.
int run_gpu_bench(const GpuBenchOptions& options);

}  // namespace ingot::bench
