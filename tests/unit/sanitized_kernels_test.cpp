// In an AddressSanitizer build (scripts/sanitize.sh) the kernels that the CPU backend and
// the emulated Metal compile at run time are instrumented too (runtime/sanitizer_flags.hpp):
// a kernel reading before its buffer dies with ASan's report, as the library would. In
// other builds there is nothing to check.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ingot/custom_kernel.hpp"
#include "ingot/runtime.hpp"
#include "ingot/tensor.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define INGOT_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define INGOT_TEST_ASAN 1
#endif

namespace ingot {
namespace {

// out[i] = a[i - 1]: thread 0 reads the float before `a`.
const char* const kReadBeforeC = R"(#include <stdint.h>
void read_before(void* const* args, int64_t start, int64_t end) {
  const float* a = (const float*)args[0];
  float* out = (float*)args[1];
  for (int64_t i = start; i < end; ++i) out[i] = a[i - 1];
}
)";
const char* const kReadBeforeMsl = R"(#include <metal_stdlib>
using namespace metal;
kernel void read_before(device const float* a [[buffer(0)]], device float* out [[buffer(1)]],
                        uint i [[thread_position_in_grid]]) {
  out[i] = a[int(i) - 1];
}
)";

// Runs the kernel and reads its result, which waits for it: a launch is queued, and the
// emulated Metal's queue runs it on a thread of its own.
void run_read_before(const std::string& device, const char* source, int64_t group) {
  Tensor a = Tensor::from_vector<float>({1, 2, 3, 4}, {4}, device);
  run_custom_kernel({.source = source,
                     .function = "read_before",
                     .args = {arg::input(a), arg::output({4})},
                     .dims = {{4, 1, 1}, {group, 1, 1}}})
      .at(0)
      .to_vector<float>();
}

class SanitizedKernels : public ::testing::Test {
 protected:
  void SetUp() override {
#ifndef INGOT_TEST_ASAN
    GTEST_SKIP() << "not an AddressSanitizer build";
#endif
    // The kernel runs on the backends' worker threads.
    GTEST_FLAG_SET(death_test_style, "threadsafe");
  }
};

TEST_F(SanitizedKernels, CpuKernelReadingBeforeItsBufferIsReported) {
  EXPECT_DEATH(run_read_before("CPU", kReadBeforeC, 1), "AddressSanitizer: heap-buffer-overflow");
}

TEST_F(SanitizedKernels, MetalKernelReadingBeforeItsBufferIsReported) {
  std::vector<std::string> devices = Device::available();
  if (std::find(devices.begin(), devices.end(), "METAL:0") == devices.end())
    GTEST_SKIP() << "no METAL:0 here";
  EXPECT_DEATH(run_read_before("METAL:0", kReadBeforeMsl, 4),
               "AddressSanitizer: heap-buffer-overflow");
}

}  // namespace
}  // namespace ingot
