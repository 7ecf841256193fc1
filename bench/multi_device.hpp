// What the benchmarks over several devices share: a watchdog that ends a hung run, timing a
// step until every device finished it, and the CUDA devices there are.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ingot {
class Device;
}

namespace ingot::bench {

// Ends the process with a message naming `what` unless destroyed within `seconds`: a
// collective waiting for a device that never joins would otherwise hang the run.
class Watchdog {
 public:
  Watchdog(double seconds, std::string what);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable stopped_;
  bool done_ = false;
  std::thread thread_;
};

struct RunTimes {
  double best = 0, median = 0;  // seconds
};

// Runs `step` `warmup` times, then `iters` times, each timed from its call until every
// device of `devices` finished it.
RunTimes time_runs(const std::vector<Device*>& devices, int warmup, int iters,
                   const std::function<void()>& step);

// Every CUDA device that opens; throws Error when fewer than `fewest` do, naming the
// devices there are and how to name a group instead.
std::vector<std::string> cuda_devices(size_t fewest);

}  // namespace ingot::bench
