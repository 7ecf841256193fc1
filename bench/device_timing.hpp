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

// Seconds of one call of `enqueue`, sampled as `runs` says, after two untimed calls that
// compile its kernels and warm the allocator's cache. A batch keeps the device busy from
// one run to the next, so a sample is the device's time for the work, not the host's
// latency to start and wait for it, which CUDA events around a launch leave out too.
double median_seconds(Device& device, const Runs& runs, const std::function<void()>& enqueue);

}  // namespace ingot::bench
