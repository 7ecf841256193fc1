// The fixture of the sharded suite: one test per group of devices that opens here (two
// emulated Metal devices, two OpenCL devices, the CPU beside an emulated Metal device), random
// inputs made on the host, and checks of a sharded result against the same op on one device and the
// float64 reference.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "ingot/runtime.hpp"
#include "ingot/sharded.hpp"
#include "support/compare.hpp"

namespace ingot::test {

using Group = std::vector<std::string>;
using ref::Array;
using support::Tol;

// Sharded this way in a check: along an axis, or replicated (nullopt).
struct In {
  Array values;
  std::optional<int> axis;
};

// Two GPUs (NCCL) where they open: the lent multi-GPU machines; skipped elsewhere.
inline std::vector<Group> device_groups() {
  return {{"METAL:0", "METAL:1"}, {"CL:0", "CL:1"}, {"CPU", "METAL:0"}, {"CUDA:0", "CUDA:1"}};
}

inline std::string group_name(const ::testing::TestParamInfo<Group>& info) {
  std::string name;
  for (const std::string& d : info.param) name += (name.empty() ? "" : "_") + d;
  for (char& c : name)
    if (c == ':') c = '_';
  return name;
}

class ShardedTest : public ::testing::TestWithParam<Group> {
 protected:
  void SetUp() override;

  const Group& group() const { return GetParam(); }
  Array random(const Shape& shape, double lo = -2, double hi = 2);
  Tensor tensor(const Array& a, const std::string& device = "CPU") const;
  ShardedTensor sharded(const In& in) const;
  // Fills the group's freed-buffer caches with NaN for outputs of `a`'s size (whole and
  // per device), so an output a collective or kernel leaves unwritten shows.
  void poison(const Array& a) const;

  // f on the sharded inputs, on the same inputs on the CPU alone (whose kernels every
  // group shares through the kernel cache), and on the reference arrays; both results must
  // match the reference. Returns the sharded result for checks of its layout.
  template <class F, class... I>
  ShardedTensor check(Tol tol, F f, const I&... in) {
    (poison(in.values), ...);
    ShardedTensor got = f(sharded(in)...);
    Tensor one = f(tensor(in.values)...);
    Array want = f(in.values...);
    EXPECT_EQ(got.shape(), want.shape);
    EXPECT_TRUE(support::close(got.to("CPU"), want, tol)) << "sharded over the group";
    EXPECT_TRUE(support::close(one, want, tol)) << "on the CPU alone";
    return got;
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace ingot::test
