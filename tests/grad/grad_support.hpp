// Shared pieces of the autograd tests: random host data, tensors made from it, and a
// check that an ingot::Error names what it should.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ingot/ingot.hpp"

namespace grad_test {

using ingot::Shape;
using ingot::Tensor;

inline int64_t numel(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

inline std::vector<double> uniform(const Shape& shape, double lo, double hi, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<double> v(static_cast<size_t>(numel(shape)));
  for (double& x : v) x = dist(rng);
  return v;
}

// The devices tests run on, those that do not open here skipped. Tests that use a device
// are parameterized by it, so that the sanitizer stages' filter (-*/CL_0) leaves PoCL out.
inline const std::vector<std::string> kDevices = {"CPU", "CL:0", "METAL:0", "CUDA:0"};
inline const std::vector<std::string> kOtherDevices = {"CL:0", "METAL:0", "CUDA:0"};
inline bool opens(const std::string& device) {
  const auto& available = ingot::Device::available();
  return std::find(available.begin(), available.end(), device) != available.end();
}
// "CL:0" -> "CL_0", for test names.
inline std::string device_test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  std::replace(name.begin(), name.end(), ':', '_');
  return name;
}
// A fixture over kDevices or kOtherDevices that skips a device that does not open.
class OnDevice : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (!opens(GetParam())) GTEST_SKIP() << GetParam() << " does not open here";
  }
  const std::string& device() const { return GetParam(); }
};

// Succeeds when `fn` throws ingot::Error with every one of `mentions` in its message.
inline ::testing::AssertionResult throws_error(const std::function<void()>& fn,
                                               const std::vector<std::string>& mentions) {
  try {
    fn();
  } catch (const ingot::Error& e) {
    std::string what = e.what();
    for (const std::string& m : mentions)
      if (what.find(m) == std::string::npos)
        return ::testing::AssertionFailure()
               << "the message \"" << what << "\" lacks \"" << m << "\"";
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "no ingot::Error was thrown";
}

}  // namespace grad_test
