// ingot_fuzz: random tensor programs over ingot's public API, run on every device that
// opens and checked against a float64 interval reference written apart from ingot.
// Failures are reported with their seed, shrunk to a small program and printed as C++.
// See docs/fuzzing.md.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "command_line.hpp"
#include "fuzz/cpp_repro.hpp"
#include "fuzz/shrink.hpp"
#include "fuzz/worker.hpp"
#include "ingot/runtime.hpp"
#include "name_list.hpp"

namespace {

using namespace fuzz;

// Everything the parent prints goes to stdout and, with --log, to the log too.
class Output {
 public:
  explicit Output(const std::string& path) {
    if (!path.empty()) log_.open(path, std::ios::app);
  }
  void line(const std::string& s) {
    std::cout << s << "\n" << std::flush;
    if (log_) log_ << s << "\n" << std::flush;
  }

 private:
  std::ofstream log_;
};

struct Settings {
  uint64_t seed = 1;
  int64_t count = 0;
  double seconds = 0;
  std::string devices;
  int jobs = 2;
  int64_t max_numel = 512;
  int max_steps = 10;
  std::string plant;
  int shrink = 3;
  std::string log;
};

int parent(const Settings& s) {
  Output out(s.log);
  PoolOptions pool;
  pool.devices =
      s.devices.empty() ? ingot::Device::available() : ingot::cli::split_names(s.devices);
  pool.seed = s.seed;
  pool.count = s.count == 0 && s.seconds == 0 ? 100 : s.count;
  pool.seconds = s.seconds;
  pool.jobs = s.jobs;
  pool.worker_flags = {"--max-numel", std::to_string(s.max_numel), "--max-steps",
                       std::to_string(s.max_steps)};
  if (!s.plant.empty()) pool.worker_flags.insert(pool.worker_flags.end(), {"--plant", s.plant});
  std::string devices;
  for (const std::string& d : pool.devices) devices += (devices.empty() ? "" : ",") + d;
  out.line("ingot_fuzz: seed " + std::to_string(s.seed) + ", devices " + devices + ", " +
           (pool.count ? std::to_string(pool.count) + " programs a device"
                       : std::to_string(s.seconds) + " s") +
           ", jobs " + std::to_string(s.jobs) + ", max numel " + std::to_string(s.max_numel) +
           ", max steps " + std::to_string(s.max_steps) +
           (s.plant.empty() ? "" : ", PLANTED BUG: " + s.plant));

  auto begin = std::chrono::steady_clock::now();
  std::vector<Finding> findings;
  auto tallies = run_pool(pool, [&](const Finding& f) {
    findings.push_back(f);
    out.line(std::string("FAIL ") + f.device + " seed " + std::to_string(f.seed) + " " +
             verdict_name(f.outcome.verdict) + ": " + f.outcome.detail);
  });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

  out.line("");
  out.line("| device | programs | pass | wrong | refused | crash | hang |");
  out.line("|---|---|---|---|---|---|---|");
  for (auto& [device, t] : tallies) {
    std::string row = "| " + device + " | " + std::to_string(t.programs);
    for (Verdict v :
         {Verdict::Pass, Verdict::Wrong, Verdict::Refused, Verdict::Crash, Verdict::Hang})
      row += " | " + std::to_string(t.verdicts[v]);
    out.line(row + " |");
  }
  char took[64];
  std::snprintf(took, sizeof took, "%.1f", seconds);
  out.line(std::string("took ") + took + " s; " + std::to_string(findings.size()) + " failures");

  for (size_t i = 0; i < findings.size() && static_cast<int>(i) < s.shrink; ++i) {
    const Finding& f = findings[i];
    Program program = generate(f.seed, options_for(f.device, s.max_numel, s.max_steps));
    Outcome last = f.outcome;
    Program small = shrink(
        program, f.outcome.verdict,
        [&](const Program& p) { return run_in_worker(p, f.device, pool.worker_flags, 600); }, 150,
        last);
    out.line("");
    out.line("=== seed " + std::to_string(f.seed) + " on " + f.device + ": " +
             verdict_name(f.outcome.verdict) + ", shrunk from " +
             std::to_string(program.steps.size()) + " to " + std::to_string(small.steps.size()) +
             " steps: " + last.detail);
    out.line(write_program(small));
    out.line(cpp_repro(small, f.device));
  }
  return findings.empty() ? 0 : 1;
}

int replay(uint64_t seed, const std::string& device, const Settings& s) {
  Program p = generate(seed, options_for(device, s.max_numel, s.max_steps));
  std::cout << write_program(p) << "\n" << cpp_repro(p, device) << "\n";
  Outcome o = run_program(p, device);
  std::cout << verdict_name(o.verdict) << " " << o.detail << "\n";
  return o.verdict == Verdict::Pass ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "ingot_fuzz: random tensor programs on every device against a float64 reference"};
  Settings s;
  bool worker = false;
  std::string device, program_path;
  std::optional<uint64_t> replay_seed;
  app.option("--seed", s.seed, "the first program's seed (programs are seed, seed+1, ...)");
  app.option("--count", s.count, "programs a device (default 100 unless --seconds)");
  app.option("--seconds", s.seconds, "stop starting programs after this many seconds");
  app.option("--devices", s.devices, "devices, comma-separated (default: all that open)");
  app.option("--jobs", s.jobs, "worker processes at once").range(1, 256);
  app.option("--max-numel", s.max_numel, "the largest tensor a step may make");
  app.option("--max-steps", s.max_steps, "operations a program may have");
  app.option("--plant", s.plant, "plant a bug in the reference (exp, flip) to see it caught");
  app.option("--shrink", s.shrink, "how many failures to shrink and print as C++");
  app.option("--log", s.log, "append the report to this file");
  app.option("--replay", replay_seed, "run one seed in this process, printing its program");
  app.option("--device", device, "the device of --replay (and of a worker)");
  app.flag("--worker", worker, "internal: run programs and report them line by line");
  app.option("--program", program_path, "internal: the worker runs this program file");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    plant_reference_bug(s.plant);
    if (worker) {
      return program_path.empty()
                 ? run_seeds(device, s.seed, s.count, options_for(device, s.max_numel, s.max_steps))
                 : run_program_file(device, program_path);
    }
    if (replay_seed) return replay(*replay_seed, device.empty() ? "CPU" : device, s);
    return parent(s);
  } catch (const std::exception& e) {
    std::cerr << "ingot_fuzz: " << e.what() << "\n";
    return 2;
  }
}
