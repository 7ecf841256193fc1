// What the tests of hand-written MSL share (msl_engine_test, msl_lanes_test,
// msl_lanes_styles_test): kernels compiled by the emulated Metal's kernel engine and
// dispatched directly, without the Objective-C side.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "backends/metal/emulator/msl_engine.hpp"

namespace ingot::metal_emulator::test {

// Every test compiles MSL with clang++: where the machine has none (a GPU machine without
// the toolchain), they skip, as the device tests skip where no device opens.
class MslKernelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!can_run_kernels()) GTEST_SKIP() << "no clang++ here: the emulated Metal runs no kernels";
  }
};

// `body` after the header and namespace every Metal source starts with.
inline std::shared_ptr<MslLibrary> compile_msl(const std::string& body, bool fast_math = false) {
  return MslLibrary::compile("#include <metal_stdlib>\nusing namespace metal;\n" + body, fast_math);
}

inline std::vector<float> random_floats(size_t n, float lo, float hi, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

// One dispatch over a 1-D grid with the given buffers bound at 0, 1, 2...
class Dispatch {
 public:
  Dispatch(std::shared_ptr<MslLibrary> library, const std::string& function) {
    d_.library = std::move(library);
    d_.function = function;
  }
  template <class T>
  Dispatch& buffer(int index, std::vector<T>& data) {
    d_.buffers[index] = {data.data(), data.size() * sizeof(T)};
    return *this;
  }
  // One value (a constant argument) at `index`.
  template <class T>
  Dispatch& value(int index, T& value) {
    d_.buffers[index] = {&value, sizeof(T)};
    return *this;
  }
  Dispatch& threadgroup_memory(int index, size_t bytes) {
    d_.threadgroup_lengths[index] = bytes;
    return *this;
  }
  void run(uint64_t groups, uint64_t threads) {
    d_.threadgroups = {groups, 1, 1};
    d_.threads_per_threadgroup = {threads, 1, 1};
    run_dispatch(d_);
  }
  MslDispatch& raw() { return d_; }

 private:
  MslDispatch d_;
};

}  // namespace ingot::metal_emulator::test
