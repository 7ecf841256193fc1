// A matmul split over several devices (issue 18): a @ b with a's rows split over the first
// 1, 2, 4 ... devices of --devices and b replicated, so each device multiplies its rows
// and nothing crosses between them; timed until every device finished, beside one device's
// run of the whole product, as TFLOP/s and speed-up. A second column adds gathering the
// result onto the first device. A small product is checked against a float64 host
// reference first, split the same way. With --peers, PyTorch's one-GPU product of the same
// size (bench/matmul_peers.py) is printed beside it.
//
//   ingot_sharded_matmul_bench [--devices CUDA:0,CUDA:1,CUDA:2,CUDA:3] [--size 16384]
//                              [--dtype float16] [--iters 10] [--peers bench/matmul_peers.py]
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <cmath>
#include <cstdlib>

#include "command_line.hpp"
#include "ingot/dtype.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "ingot/sharded.hpp"
#include "multi_device.hpp"
#include "name_list.hpp"
#include "peer_figures.hpp"

namespace {

using ingot::DType;
using ingot::ShardedTensor;
using ingot::Tensor;

std::vector<ingot::Device*> opened(const std::vector<std::string>& names) {
  std::vector<ingot::Device*> devices;
  for (const std::string& name : names) devices.push_back(&ingot::Device::get(name));
  return devices;
}

// The split product of n x n operands on `names` against a float64 product on the host;
// throws naming the worst element when it is off by more than float16's rounding allows.
void check_small(const std::vector<std::string>& names, DType dtype) {
  const int64_t n = 192;
  Tensor a = Tensor::randn({n, n}, DType::Float32, names[0]).astype(dtype).realize();
  Tensor b = Tensor::randn({n, n}, DType::Float32, names[0]).astype(dtype).realize();
  std::vector<float> got = ShardedTensor::shard(a, names, 0)
                               .matmul(ShardedTensor::replicate(b, names))
                               .to_vector<float>();
  std::vector<float> ha = a.to_vector<float>(), hb = b.to_vector<float>();
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double want = 0, magnitude = 0;
      for (int64_t k = 0; k < n; ++k) {
        want += double(ha[size_t(i * n + k)]) * hb[size_t(k * n + j)];
        magnitude += std::abs(double(ha[size_t(i * n + k)]) * hb[size_t(k * n + j)]);
      }
      // Rounding the result to the dtype (2^-11 for float16) and float32 accumulation.
      if (std::abs(got[size_t(i * n + j)] - want) > 1e-3 * magnitude + 1e-2)
        throw ingot::Error(fmt::format("split matmul on [{}]: element ({}, {}) is {}, want {}",
                                       fmt::join(names, ", "), i, j, got[size_t(i * n + j)], want));
    }
}

struct Row {
  std::vector<std::string> devices;
  ingot::bench::RunTimes split, gathered;
};

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "A matmul split by rows over 1, 2, 4 ... devices, beside one device"};
  std::string device_list, dtype_name = "float16", peers;
  int64_t size = 16384;
  int iters = 10, warmup = 2;
  double timeout = 900;
  app.option("--devices", device_list, "The devices, e.g. CUDA:0,CUDA:1 (default: every CUDA)");
  app.option("--size", size, "The side n of the n x n x n product").positive();
  app.option("--dtype", dtype_name, "float16, bfloat16 or float32");
  app.option("--iters", iters, "Timed runs of each group").positive();
  app.option("--peers", peers, "PyTorch's one-GPU product (bench/matmul_peers.py)");
  app.option("--timeout", timeout, "Seconds before a hung run ends the program");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  ::setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);  // NVLink multicast stays off
  try {
    ingot::bench::Watchdog watchdog(timeout, "sharded_matmul_bench");
    const DType dtype = ingot::dtype_from_name(dtype_name);
    std::vector<std::string> names =
        device_list.empty() ? ingot::bench::cuda_devices(1) : ingot::cli::split_names(device_list);
    std::vector<Row> rows;
    // Groups of 1, 2, 4 ... devices, and the whole list last.
    std::vector<size_t> counts;
    for (size_t count = 1; count < names.size(); count *= 2) counts.push_back(count);
    counts.push_back(names.size());
    for (size_t count : counts) {
      std::vector<std::string> group(names.begin(), names.begin() + long(count));
      check_small(group, dtype);
      Tensor a = Tensor::randn({size, size}, DType::Float32, group[0]).astype(dtype);
      Tensor b = Tensor::randn({size, size}, DType::Float32, group[0]).astype(dtype);
      ShardedTensor sa = ShardedTensor::shard(a, group, 0).realize();
      ShardedTensor sb = ShardedTensor::replicate(b, group).realize();
      std::vector<ingot::Device*> devices = opened(group);
      Row row{group};
      row.split = ingot::bench::time_runs(devices, warmup, iters, [&] { sa.matmul(sb).realize(); });
      row.gathered = ingot::bench::time_runs(devices, warmup, iters,
                                             [&] { sa.matmul(sb).to(group[0]).realize(); });
      rows.push_back(row);
    }
    const double flop = 2.0 * double(size) * double(size) * double(size);
    fmt::print(
        "# {} matmul {}^3, a's rows split over the devices, b replicated; {} ({}), best "
        "of {}\n\n",
        dtype_name, size, ingot::Device::get(names[0]).info().product, names[0], iters);
    fmt::print(
        "| devices | split: ms | TFLOP/s | speed-up | gathered on {}: ms | TFLOP/s | "
        "speed-up |\n|---|---|---|---|---|---|---|\n",
        names[0]);
    for (const Row& row : rows)
      fmt::print("| {} | {:.2f} | {:.1f} | {:.2f}x | {:.2f} | {:.1f} | {:.2f}x |\n",
                 row.devices.size(), row.split.best * 1e3, flop / row.split.best / 1e12,
                 rows[0].split.best / row.split.best, row.gathered.best * 1e3,
                 flop / row.gathered.best / 1e12, rows[0].split.best / row.gathered.best);
    if (!peers.empty()) {
      ingot::bench::PeerFigures torch =
          ingot::bench::run_peer_script(peers, {std::to_string(size)}, timeout / 2);
      const std::string short_name = dtype == DType::Float16    ? "fp16"
                                     : dtype == DType::BFloat16 ? "bf16"
                                                                : "fp32";
      const std::string key = fmt::format("torch matmul {} {}^3 TFLOP/s", short_name, size);
      if (torch.count(key))
        fmt::print("\nPyTorch (cuBLAS) on one GPU: {:.1f} TFLOP/s; ingot on one device: {:.2f}x\n",
                   torch.at(key), flop / rows[0].split.best / 1e12 / torch.at(key));
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "sharded_matmul_bench: {}\n", e.what());
    return 1;
  }
  return 0;
}
