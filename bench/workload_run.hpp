// Running one workload of ingot_workload_bench: its check against the float64 reference
// at the small size (workload_check.cpp) and its timing at the full size
// (workload_timing.cpp).
#pragma once

#include <string>
#include <vector>

#include "ingot/runtime.hpp"
#include "workload.hpp"

namespace ingot::bench {

// Random normal inputs of the workload's full or small shapes, realized on `device`.
std::vector<Tensor> make_inputs(const Workload& workload, bool small, const std::string& device);

struct CheckResult {
  bool passed = false;
  std::string detail;  // the worst element, or the error thrown
};

// Runs the workload at its small size on `device` and compares every element with the
// reference: |ingot - reference| <= tolerance (1 + |reference|).
CheckResult check_workload(const Workload& workload, const std::string& device);

// The full-size workload's seconds per call on `device` (median of `samples` batches), or
// for a workload with steps, host seconds per step of its realized loop.
double time_workload(const Workload& workload, Device& device, int samples);

}  // namespace ingot::bench
