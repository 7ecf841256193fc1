// The command-line options of a run of the five levels (LevelOptions), shared by the
// example, `ingot kernels levels` and ingot_levels_bench.
#pragma once

#include "command_line.hpp"
#include "levels.hpp"

namespace kernel_levels {

inline void add_level_options(ingot::tools::CommandLine& app, LevelOptions& options) {
  app.option("--device", options.device, "Device name (default: DEV, else the fastest)");
  app.option("--size", options.bytes, "Bytes of float32 input (default 1 GiB, 64 MiB emulated)")
      .positive();
  app.option("--runs", options.runs, "Rounds of the levels; each time is a level's best")
      .positive()
      .show_default();
  app.option("--batch", options.batch,
             "Calls of a level queued in one timed run, then one wait; its time is the "
             "run's over the calls")
      .positive()
      .show_default();
  app.option("--beam", options.beam, "BEAM's width at level 4").positive().show_default();
}

}  // namespace kernel_levels
