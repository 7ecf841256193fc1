// The suite's hand-written kernels: one table in which each kernel is written in every
// language the suite speaks, C (the CPU kernel ABI, src/backends/cpu/cpu.hpp), OpenCL C
// (buffers as __global pointers in order, then the scalars: Int as long, Float as float)
// and CUDA C++ (extern "C" __global__; buffers as pointers in order, then the scalars: Int
// as long long, Float as float) and Metal Shading Language (`kernel void`; buffers at
// [[buffer(i)]] in order, then the scalars at the next indices: Int as `constant long&`,
// Float as `constant float&`). All kernels of a language form one source, so they load
// from one binary.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cts/cts_test.hpp"

namespace ingot::test {

struct Kernel {
  std::string_view name;
  int buffers;
  std::string_view c;
  std::string_view opencl;
  std::string_view cuda;
  std::string_view metal;
};

const std::vector<Kernel>& kernel_table();

// The whole table as one source in `language`, or nullptr when the suite has no kernels
// in that language yet.
const std::string* kernel_source(const std::string& language);

// A source in the device's language that does not compile: it uses kUndeclared.
inline constexpr std::string_view kUndeclared = "ingot_cts_undeclared_4711";
std::string undeclared_identifier_source(const std::string& language);

// group_scan keeps a group in a local array of this many ints.
inline constexpr int64_t kScanMaxGroup = 256;

// The launch of `groups` groups of `group_size` work-items, for a group kernel. On a device
// without threadgroups (DeviceInfo::threadgroups: the CPU, whose local size is only the
// grain of iterations one thread takes) a group kernel runs one whole group per global
// iteration, serially.
LaunchDims group_dims(const Device& device, int64_t groups, int64_t group_size);

inline LaunchDims linear_dims(int64_t n, int64_t local = 1) { return {{n, 1, 1}, {local, 1, 1}}; }

// The table compiled for `device`, once per process: PoCL compiles take a second or more.
const std::vector<uint8_t>& kernel_binary(Device& device);
// A kernel of the table, loaded once per process and device.
Program& kernel(Device& device, std::string_view name);

// Tests that launch the table's kernels; skipped, saying why, on a device whose language
// has no kernels in the table yet.
class CtsKernelTest : public CtsTest {
 protected:
  void SetUp() override {
    const std::string& language = device().info().language;
    if (!kernel_source(language)) {
      GTEST_SKIP() << "tests/cts/kernels.cpp has no kernels in " << device().name()
                   << "'s language '" << language << "' yet (it has C, OpenCL C, CUDA and MSL)";
    }
  }
};

}  // namespace ingot::test
