// The fuzzer's processes. Programs run in child processes ("workers", this same binary
// with --worker) so that a crash or a hang costs one program, not the run: a worker
// prints "start SEED" before each program and "VERDICT SEED DETAIL" after it, and the
// parent reads which program a dead or silent worker was running.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "fuzz/generate.hpp"
#include "fuzz/run.hpp"

namespace fuzz {

// The generator options for a device: the same in the parent and its workers.
GenerateOptions options_for(const std::string& device, int64_t max_numel, int max_steps);

// ---- in the worker ----
// Runs programs first..first+count-1 on `device`, reporting each on stdout.
int run_seeds(const std::string& device, uint64_t first, int64_t count, const GenerateOptions& o);
// Runs the program in `path` once and reports it with seed "-".
int run_program_file(const std::string& device, const std::string& path);

// ---- in the parent ----
struct Finding {
  std::string device;
  uint64_t seed = 0;
  Outcome outcome;
};
struct Tally {
  int64_t programs = 0;
  std::map<Verdict, int64_t> verdicts;
};
struct PoolOptions {
  std::vector<std::string> devices;
  uint64_t seed = 1;
  int64_t count = 0;   // programs per device; 0: until `seconds` run out
  double seconds = 0;  // 0: no time limit
  int jobs = 2;
  int64_t chunk = 20;  // programs a worker runs before the next takes over
  double hang_seconds = 600;
  std::vector<std::string> worker_flags;  // passed on to every worker
};
// Runs the programs over `jobs` workers; `on_finding` hears each failure as it happens.
std::map<std::string, Tally> run_pool(const PoolOptions& options,
                                      const std::function<void(const Finding&)>& on_finding);
// Runs one program in a fresh worker and waits for its verdict (crashes and hangs
// included).
Outcome run_in_worker(const Program& program, const std::string& device,
                      const std::vector<std::string>& worker_flags, double hang_seconds);

}  // namespace fuzz
