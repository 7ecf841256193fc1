// Shared by the Metal tests: kernels in MSL, and the lifetime check every test of the
// emulated Metal ends with.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "backends/metal/api.hpp"
#include "backends/metal/emulator/runtime.hpp"

namespace ingot::test {

// add_one adds 1 to each float of buffer 0; small_group too, with at most 64 threads per
// threadgroup.
inline constexpr const char* kAddOneSource = R"(#include <metal_stdlib>
using namespace metal;
kernel void add_one(device float* a [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  a[i] += 1.0f;
}
[[max_total_threads_per_threadgroup(64)]]
kernel void small_group(device float* a [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  a[i] += 1.0f;
}
)";

// Fails the test when the emulated Metal recorded a lifetime problem (over-release,
// message to a deallocated object, autorelease outside a pool) or when objects made
// during the test are still alive at its end, other than of the `kept` classes.
class MetalLifetimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // The system's device lives for the process from its first use.
    objc::release(objc::runtime().create_system_default_device());
    metal_emulator::take_problems();
    for (const auto& live : metal_emulator::live_objects()) before_.insert(live.object);
  }
  void TearDown() override {
    metal_emulator::wait_for_idle_queues();
    for (const std::string& problem : metal_emulator::take_problems())
      ADD_FAILURE() << "lifetime problem: " << problem;
    std::map<std::string, int> leaked;
    for (const auto& live : metal_emulator::live_objects())
      if (!before_.contains(live.object) && !kept_.contains(live.class_name))
        ++leaked[live.class_name];
    for (const auto& [name, count] : leaked) ADD_FAILURE() << count << " " << name << " leaked";
  }
  // Objects of `class_name` made in this test may outlive it (process-wide caches).
  void keep(const std::string& class_name) { kept_.insert(class_name); }

 private:
  std::set<const metal_emulator::Object*> before_;
  std::set<std::string> kept_;
};

}  // namespace ingot::test
