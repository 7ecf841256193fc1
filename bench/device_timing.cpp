#include "device_timing.hpp"

#include <algorithm>

#include "timing.hpp"

namespace ingot::bench {

void warm_up(Device& device, const std::function<void()>& enqueue) {
  const double start = timing::now();
  while (timing::now() - start < kWarmUpSeconds) {
    enqueue();
    device.synchronize();
  }
}

double median(std::vector<double> values) {
  auto middle = values.begin() + values.size() / 2;
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

double median_seconds(Device& device, const Runs& runs, const std::function<void()>& enqueue) {
  enqueue();
  enqueue();
  device.synchronize();
  warm_up(device, enqueue);
  std::vector<double> samples;
  for (int s = 0; s < runs.samples; ++s) {
    double start = timing::now();
    for (int b = 0; b < runs.batch; ++b) enqueue();
    device.synchronize();
    samples.push_back((timing::now() - start) / runs.batch);
  }
  return median(std::move(samples));
}

}  // namespace ingot::bench
