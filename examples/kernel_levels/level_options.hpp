// The command-line options of a run of the five levels (LevelOptions), shared by the
// example, `ingot kernels levels` and ingot_levels_bench.
#pragma once

#include <CLI/CLI.hpp>

#include "levels.hpp"

namespace kernel_levels {

inline void add_level_options(CLI::App& app, LevelOptions& options) {
  app.add_option("--device", options.device, "Device name (default: DEV, else the fastest)");
  app.add_option("--size", options.bytes, "Bytes of float32 input (default 1 GiB, 64 MiB emulated)")
      ->check(CLI::PositiveNumber);
  app.add_option("--runs", options.runs, "Rounds of the levels; each time is a level's best")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--batch", options.batch,
                 "Calls of a level queued in one timed run, then one wait; its time is the "
                 "run's over the calls")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--beam", options.beam, "BEAM's width at level 4")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

}  // namespace kernel_levels
