#include <algorithm>
#include <cmath>

#include "device_timing.hpp"
#include "timing.hpp"
#include "workload_run.hpp"

namespace ingot::bench {
namespace {

// A sample long enough (about 5 ms) that the wait at its end is noise, even for
// microsecond kernels on a GPU.
constexpr double kSampleSeconds = 5e-3;

}  // namespace

double time_workload(const Workload& workload, Device& device, int samples) {
  std::vector<Tensor> inputs = make_inputs(workload, false, device.name());
  if (workload.steps > 0) {
    Tensor state = inputs[0];
    auto loop = [&] {
      for (int s = 0; s < workload.steps; ++s) state = workload.on_device({state}).realize();
    };
    return median_seconds(device, {samples, 1}, loop) / workload.steps;
  }
  Tensor out;
  auto call = [&] { out = workload.on_device(inputs).realize(); };
  double once = median_seconds(device, {1, 1}, call);
  int batch = int(std::clamp(std::ceil(kSampleSeconds / once), 1.0, 1000.0));
  return median_seconds(device, {samples, batch}, call);
}

}  // namespace ingot::bench
