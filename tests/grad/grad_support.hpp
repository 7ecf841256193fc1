// Shared pieces of the autograd tests: random host data, tensors made from it, and a
// check that an ingot::Error names what it should.
#pragma once

#include <gtest/gtest.h>

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
