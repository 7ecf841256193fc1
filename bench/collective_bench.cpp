// The collectives' speed: all-reduce (sum) and all-gather of N bytes of float32 across a
// group of devices, with nccl-tests' figures (algorithm bandwidth: bytes / time; bus
// bandwidth: algbw * 2(n-1)/n for all-reduce, algbw * (n-1)/n for all-gather, of the
// gathered bytes), best and median, beside torch.distributed's measured by
// bench/collective_peers.py (--peers). The first run of each is checked against the host.
// A watchdog ends the program with a message if a run hangs.
//
//   ingot_collective_bench [--devices CUDA:0,CUDA:1] [--bytes 1073741824] [--iters 20]
//                          [--peers bench/collective_peers.py] [--timeout 600]
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <functional>

#include "command_line.hpp"
#include "ingot/collective.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "multi_device.hpp"
#include "name_list.hpp"
#include "peer_figures.hpp"

namespace {

using ingot::Buffer;
using ingot::Device;
using ingot::bench::RunTimes;

// Element i of device d's input: small integers and quarters, exact in float32 sums.
float input_value(size_t d, size_t i) { return float(i % 17) * 0.25f + float(d); }

std::vector<std::shared_ptr<Buffer>> filled_buffers(const std::vector<Device*>& devices,
                                                    size_t count) {
  std::vector<std::shared_ptr<Buffer>> buffers;
  std::vector<float> host(count);
  for (size_t d = 0; d < devices.size(); ++d) {
    for (size_t i = 0; i < count; ++i) host[i] = input_value(d, i);
    buffers.push_back(devices[d]->allocator().alloc(count * sizeof(float)));
    buffers.back()->copy_in(host.data(), count * sizeof(float));
  }
  return buffers;
}

std::vector<Buffer*> pointers(const std::vector<std::shared_ptr<Buffer>>& buffers) {
  std::vector<Buffer*> raw;
  for (const auto& buffer : buffers) raw.push_back(buffer.get());
  return raw;
}

// Reads up to 4096 elements at the start and at the end of `buffer` and compares them with
// `want(i)`; throws naming the first element that differs.
void check(const Buffer& buffer, size_t count, const std::function<float(size_t)>& want,
           const std::string& what) {
  const size_t window = std::min<size_t>(count, 4096);
  std::vector<float> host(window);
  for (size_t start : {size_t(0), count - window}) {
    buffer.copy_out(host.data(), window * sizeof(float), start * sizeof(float));
    for (size_t k = 0; k < window; ++k)
      if (host[k] != want(start + k))
        throw ingot::Error(fmt::format("{} on {}: element {} is {}, want {}", what,
                                       buffer.device().name(), start + k, host[k],
                                       want(start + k)));
  }
}

struct Row {
  std::string op, carrier;
  RunTimes timing;
  double bytes, bus_factor;
};

void print_row(const Row& row) {
  const double gb = row.bytes / 1e9;
  fmt::print("| {} | {} | {:.3f} | {:.3f} | {:.1f} | {:.1f} | {:.1f} |\n", row.op, row.carrier,
             row.timing.best * 1e3, row.timing.median * 1e3, gb / row.timing.best,
             gb / row.timing.best * row.bus_factor, gb / row.timing.median * row.bus_factor);
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "All-reduce and all-gather bandwidth across devices, beside torch.distributed"};
  std::string device_list, peers;
  size_t bytes = size_t(1) << 30;
  int iters = 20, warmup = 3;
  double timeout = 600;
  app.option("--devices", device_list,
             "The group, e.g. CUDA:0,CUDA:1 (default: every CUDA device)");
  app.option("--bytes", bytes, "Bytes of float32 each device reduces (default 1 GiB)");
  app.option("--iters", iters, "Timed runs of each operation").positive();
  app.option("--warmup", warmup, "Untimed runs first").non_negative();
  app.option("--peers", peers, "torch.distributed's figures (bench/collective_peers.py)");
  app.option("--timeout", timeout, "Seconds before a hung run ends the program");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  ::setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);  // NVLink multicast stays off
  try {
    ingot::bench::Watchdog watchdog(timeout, "collective_bench");
    std::vector<std::string> names =
        device_list.empty() ? ingot::bench::cuda_devices(2) : ingot::cli::split_names(device_list);
    ingot::Communicator& comm = ingot::Communicator::get(names);
    const size_t n = comm.size();
    const size_t count = bytes / sizeof(float) / n * n;  // all-gather splits it evenly
    if (count == 0)
      throw ingot::Error(fmt::format("--bytes {}: less than one float per device", bytes));
    const double total = double(count * sizeof(float));

    auto buffers = filled_buffers(comm.devices(), count);
    auto all_reduce = [&] {
      comm.all_reduce(pointers(buffers), count, ingot::DType::Float32, ingot::ReduceOp::Sum);
    };
    all_reduce();
    const float offsets = float(n * (n - 1) / 2);
    for (const auto& buffer : buffers)
      check(
          *buffer, count, [&](size_t i) { return float(n) * float(i % 17) * 0.25f + offsets; },
          "all_reduce");
    RunTimes reduce_timing = ingot::bench::time_runs(comm.devices(), warmup, iters, all_reduce);

    // All-gather: each device gives count / n elements; the gathered total is `total`.
    const size_t part = count / n;
    auto gathered = filled_buffers(comm.devices(), count);
    buffers = filled_buffers(comm.devices(), part);
    auto all_gather = [&] {
      comm.all_gather(pointers(buffers), pointers(gathered), part, ingot::DType::Float32);
    };
    all_gather();
    for (const auto& buffer : gathered)
      check(
          *buffer, count, [&](size_t i) { return input_value(i / part, i % part); }, "all_gather");
    RunTimes gather_timing = ingot::bench::time_runs(comm.devices(), warmup, iters, all_gather);

    const double factor_reduce = 2.0 * double(n - 1) / double(n),
                 factor_gather = double(n - 1) / double(n);
    fmt::print("# collectives on [{}] ({} x {}), {:.0f} MiB of float32, {} runs each\n\n",
               fmt::join(names, ", "), n, comm.devices().front()->info().product, total / (1 << 20),
               iters);
    fmt::print(
        "| operation | carrier | best ms | median ms | algbw GB/s (best) | busbw GB/s (best) | "
        "busbw GB/s (median) |\n");
    fmt::print("|---|---|---|---|---|---|---|\n");
    print_row({"all_reduce sum", "ingot " + comm.kind(), reduce_timing, total, factor_reduce});
    print_row({"all_gather", "ingot " + comm.kind(), gather_timing, total, factor_gather});
    if (!peers.empty()) {
      ingot::bench::PeerFigures torch = ingot::bench::run_peer_script(
          peers, {std::to_string(count * sizeof(float)), std::to_string(n), std::to_string(iters)},
          timeout / 2);
      auto timing = [&](const std::string& op) {
        return RunTimes{torch.at(op + " best s"), torch.at(op + " median s")};
      };
      RunTimes torch_reduce = timing("all_reduce"), torch_gather = timing("all_gather");
      print_row({"all_reduce sum", "torch.distributed nccl", torch_reduce, total, factor_reduce});
      print_row({"all_gather", "torch.distributed nccl", torch_gather, total, factor_gather});
      fmt::print("\ningot / torch bus bandwidth (best): all_reduce {:.3f}, all_gather {:.3f}\n",
                 torch_reduce.best / reduce_timing.best, torch_gather.best / gather_timing.best);
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "collective_bench: {}\n", e.what());
    return 1;
  }
  return 0;
}
