// The subcommands of the `ingot` CLI. Each returns the process exit status; ingot::Error
// propagates to main, which prints it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ingot::cli {

// Exit status of a subcommand whose result check failed (errors exit with 1).
inline constexpr int kCheckFailed = 2;

// Lists every device that opens, with its properties, marking the default.
int list_devices();

// Times a 1 GiB float32 sum and a float32 matmul on `device` ("" is the default device)
// and checks both against exact or float64 host results.
int run_demo(const std::string& device);

// Lists the kernels recorded in the cache folder: device, name, binary size, last use, opts.
int list_kernels(const std::string& cache_dir);

// Prints the source and opts of every recorded kernel named `name`; Error when there is
// none, naming the ones there are.
int show_kernel(const std::string& cache_dir, const std::string& name);

// Shows the cache folder: its size against INGOT_CACHE_MAX, entries, hits, misses and hit
// rate.
int show_cache(const std::string& cache_dir);

// Empties the cache folder: its entries, counts and kernel records.
int clear_cache(const std::string& cache_dir);

// Runs `command` with PROFILE set to the trace file `output` (when empty, one named after
// the program in the working folder), then says where the trace is. Returns the program's
// exit status; Error when it wrote no trace.
int trace_program(const std::vector<std::string>& command, const std::string& output);

// `ingot export`: which example function, its sizes and where it goes.
struct ExportOptions {
  std::string function;  // "mlp" or "transformer_block" (examples/transformer_block)
  std::string out_dir;
  std::string device;  // "" is the default device
  std::string name;    // the C name; "" is the function's
  int64_t seq = 16, dim = 64, heads = 4;
  uint64_t seed = 7;
};

// Exports the example function with random weights (seeded) for an input x [seq, dim]
// into out_dir, with x.bin and y_expected.bin: a random x and the JIT's result for it.
int export_example(const ExportOptions& options);

// `ingot launch`: how many processes, their devices and the rendezvous.
struct LaunchOptions {
  size_t processes = 1;
  std::string devices;  // "CUDA:0,CUDA:1": rank r takes the (r mod count)-th; empty: none set
  std::string master_addr = "127.0.0.1";
  int master_port = 0;        // 0: a free port
  double grace_seconds = 30;  // how long the others may run on after one rank fails
  std::vector<std::string> command;
};

// Runs options.command as the ranks of one process group on this host, their output
// prefixed by rank. Returns 0 when every rank exits with 0, else the first failure's status.
int launch(const LaunchOptions& options);

}  // namespace ingot::cli
