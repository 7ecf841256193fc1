// How the GPU-style benchmarks time work on a device: a median of samples, each a batch
// of runs queued back to back with one wait, shared by ingot_gpu_bench and
// ingot_workload_bench.
#pragma once

#include <functional>
#include <vector>

#include "ingot/runtime.hpp"

namespace ingot::bench {

// How a figure is sampled: `samples` samples, each `batch` runs queued back to back and
// one wait for the device, divided by the batch; the median sample is the figure.
struct Runs {
  int samples = 10;
  int batch = 1;
};

double median(std::vector<double> values);

// Calls `enqueue`, one at a time, for kWarmUpSeconds before anything is timed: a GPU idle
// before the call runs at low clocks for a while (an H200's softmax of 4096x1000 took
// 17-19 us in a process of its own against 10-11 in the suite's run of many workloads),
// and workload_peers.py does the same for PyTorch.
constexpr double kWarmUpSeconds = 0.05;
void warm_up(Device& device, const std::function<void()>& enqueue);

// Seconds of one call of `enqueue`, sampled as `runs` says, after two untimed calls that
// compile its kernels and warm the allocator's cache, and warm_up. A batch keeps the device busy
// from one run to the next, so a sample is the device's time for the work, not the host's latency
// to start and wait for it, which CUDA events around a launch leave out too.
double median_seconds(Device& device, const Runs& runs, const std::function<void()>& enqueue);

}  // namespace ingot::bench
