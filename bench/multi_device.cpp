#include "multi_device.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot::bench {

Watchdog::Watchdog(double seconds, std::string what) {
  thread_ = std::thread([this, seconds, what = std::move(what)] {
    std::unique_lock lock(mutex_);
    if (!stopped_.wait_for(lock, std::chrono::duration<double>(seconds),
                           [this] { return done_; })) {
      fmt::print(stderr, "{}: no result after {} s (a hung collective?); ending\n", what, seconds);
      std::_Exit(3);
    }
  });
}

Watchdog::~Watchdog() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  stopped_.notify_one();
  thread_.join();
}

RunTimes time_runs(const std::vector<Device*>& devices, int warmup, int iters,
                   const std::function<void()>& step) {
  auto wait_all = [&] {
    for (Device* device : devices) device->synchronize();
  };
  for (int i = 0; i < warmup; ++i) step();
  wait_all();
  std::vector<double> seconds;
  for (int i = 0; i < iters; ++i) {
    auto start = std::chrono::steady_clock::now();
    step();
    wait_all();
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  return {seconds.front(), seconds[seconds.size() / 2]};
}

std::vector<std::string> cuda_devices(size_t fewest) {
  std::vector<std::string> cuda;
  for (const std::string& name : Device::available())
    if (name.rfind("CUDA", 0) == 0) cuda.push_back(name);
  if (cuda.size() < fewest)
    throw Error(
        fmt::format("fewer than {} CUDA devices here ({}); name a group with --devices, e.g. "
                    "--devices METAL:0,METAL:1 with INGOT_METAL_EMULATOR_DEVICES=2",
                    fewest, fmt::join(Device::available(), ", ")));
  return cuda;
}

}  // namespace ingot::bench
