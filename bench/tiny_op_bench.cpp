// Host time of one tiny op from C++ (`s = s + 1; s.realize()` on 16 float32 elements, as
// gpu_measures' measure_tiny_op times it): the figure bench/python_bench.py sets the same
// loop from Python beside, in the same run.
#include <fmt/format.h>

#include "command_line.hpp"
#include "gpu_measures.hpp"
#include "ingot/runtime.hpp"

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{"µs per tiny realized op from C++"};
  std::string device;
  int ops = 2000;
  app.option("--device", device, "device name (default: the default device)");
  app.option("--ops", ops, "ops in a row per sample");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    ingot::bench::Measured m = ingot::bench::measure_tiny_op(ingot::Device::get(device), ops);
    fmt::print("{:.3f} {}\n", m.value, m.correct ? "correct" : "WRONG");
    return m.correct ? 0 : 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "ingot_tiny_op_bench: {}\n", e.what());
    return 1;
  }
}
