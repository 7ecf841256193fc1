// `ingot`: devices, a checked demo, the kernel cache, traces and the benchmark table
// (tools/cli_commands.hpp).
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <exception>
#include <new>

#include "cli_commands.hpp"
#include "command_line.hpp"
#include "gpu_bench.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "level_options.hpp"

int main(int argc, char** argv) {
  CLI::App app{"ingot: a lazy tensor compiler and runtime"};
  app.set_version_flag("--version", "ingot " INGOT_VERSION);
  app.require_subcommand(1);
  app.footer("Exit status: 0 success, 1 error or bad usage, 2 a demo check failed.");

  CLI::App* devices = app.add_subcommand("devices", "List the devices that open here");
  CLI::App* demo =
      app.add_subcommand("demo", "Time and check a 1 GiB sum and a 1024^3 matmul on a device");
  std::string device;
  demo->add_option("--device", device, "Device name, e.g. CPU (default: DEV, else the fastest)");

  CLI::App* kernels = app.add_subcommand(
      "kernels", "List the kernels in the compiled-kernel cache (device, name, size, last use)");
  std::string cache_dir = ingot::Context::global().cache_dir();
  kernels->add_option("--cache", cache_dir, "The cache folder (default: INGOT_CACHE)")
      ->capture_default_str();
  CLI::App* show = kernels->add_subcommand("show", "Print a cached kernel's source and opts");
  std::string kernel_name;
  show->add_option("name", kernel_name, "The kernel's name, as `ingot kernels` lists it")
      ->required();

  CLI::App* levels = kernels->add_subcommand(
      "levels", "Time and check one sum at each of the five kernel levels (docs/kernel-levels.md)");
  kernel_levels::LevelOptions level_options;
  ingot::tools::CommandLine levels_line(*levels);
  kernel_levels::add_level_options(levels_line, level_options);

  CLI::App* cache = app.add_subcommand(
      "cache", "Show the compiled-kernel cache: size against INGOT_CACHE_MAX, entries, hit rate");
  cache->add_option("--cache", cache_dir, "The cache folder (default: INGOT_CACHE)")
      ->capture_default_str();
  CLI::App* clear =
      cache->add_subcommand("clear", "Empty the cache: every entry, the counts, the records");

  CLI::App* trace = app.add_subcommand(
      "trace", "Run PROGRAM [ARGS] with PROFILE=1 and say where its Perfetto trace is");
  std::string program;
  std::string trace_output;
  trace->add_option("-o,--output", trace_output,
                    "The trace file (default: ingot-trace-PROGRAM-PID.json here)");
  trace->add_option("program", program, "The program, followed by its arguments")->required();
  // Everything after PROGRAM is the program's, options included.
  trace->prefix_command();

  CLI::App* bench = app.add_subcommand(
      "bench", "Print the benchmark table of a device (the default one unless --device)");
  ingot::bench::GpuBenchOptions bench_options;
  ingot::tools::CommandLine bench_line(*bench);
  ingot::bench::add_gpu_bench_options(bench_line, bench_options);

  CLI::App* exporter = app.add_subcommand(
      "export", "Write an example function (mlp, transformer_block) as a C library");
  ingot::cli::ExportOptions export_options;
  exporter->add_option("function", export_options.function, "mlp or transformer_block")->required();
  exporter->add_option("--out", export_options.out_dir, "The folder to write")->required();
  exporter->add_option("--device", export_options.device, "Device name (default: the default)");
  exporter->add_option("--name", export_options.name, "The C name (default: the function's)");
  exporter->add_option("--seq", export_options.seq, "Rows of the input x")
      ->check(CLI::PositiveNumber);
  exporter->add_option("--dim", export_options.dim, "Model dimension: columns of x")
      ->check(CLI::PositiveNumber);
  exporter->add_option("--heads", export_options.heads, "Attention heads (transformer_block)")
      ->check(CLI::PositiveNumber);
  exporter->add_option("--seed", export_options.seed, "Seed of the weights and x");

  CLI::App* launcher = app.add_subcommand(
      "launch", "Run PROGRAM [ARGS] as N processes of one process group (docs/multi-gpu.md)");
  ingot::cli::LaunchOptions launch_options;
  launcher->add_option("-n,--processes", launch_options.processes, "How many processes (ranks)")
      ->required()
      ->check(CLI::PositiveNumber);
  launcher->add_option("--devices", launch_options.devices,
                       "Each rank's device, comma-separated (CUDA:0,CUDA:1 or CPU), in turn");
  launcher->add_option("--master-addr", launch_options.master_addr, "Rank 0's address")
      ->capture_default_str();
  launcher->add_option("--master-port", launch_options.master_port,
                       "The rendezvous port (default: a free one)");
  launcher
      ->add_option("--grace", launch_options.grace_seconds,
                   "Seconds the other ranks may run on after one fails")
      ->capture_default_str();
  launcher->add_option("command", launch_options.command, "-- PROGRAM ARGS")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end parsing with status 0; a usage error is a plain error.
    return app.exit(e) == 0 ? 0 : 1;
  }
  try {
    if (*devices) return ingot::cli::list_devices();
    if (*show) return ingot::cli::show_kernel(cache_dir, kernel_name);
    if (*levels) return kernel_levels::print_levels(level_options) ? 0 : ingot::cli::kCheckFailed;
    if (*kernels) return ingot::cli::list_kernels(cache_dir);
    if (*clear) return ingot::cli::clear_cache(cache_dir);
    if (*cache) return ingot::cli::show_cache(cache_dir);
    if (*trace) {
      std::vector<std::string> command = {program};
      for (const std::string& rest : trace->remaining()) command.push_back(rest);
      return ingot::cli::trace_program(command, trace_output);
    }
    if (*bench) return ingot::bench::run_gpu_bench(bench_options);
    if (*exporter) return ingot::cli::export_example(export_options);
    if (*launcher) return ingot::cli::launch(launch_options);
    return ingot::cli::run_demo(device);
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "error: out of host memory\n");
  } catch (const std::exception& e) {
    // Not an ingot::Error: a bug in ingot rather than bad input, but still no crash.
    fmt::print(stderr, "internal error: {}\n", e.what());
  }
  return 1;
}
