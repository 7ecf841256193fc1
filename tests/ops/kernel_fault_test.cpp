// A kernel that faults on a GPU (a kernel of one's own writing far out of bounds): an
// ingot::Error naming the kernel; the tensors made before it are lost, and using one is an
// Error too, not a crash; the next work runs on a fresh context and computes the right
// values (against float64 on the host), in a new process where the driver keeps the fault
// until the process ends (NVIDIA's). CUDA only: on CUDA:0 (run on the lent GPU) an
// illegal address is a sticky fault of the context. The CPU, OpenCL and the emulated Metal
// run kernels in the host process with no memory protection of their own, so an
// out-of-bounds write there is undefined, as in C: they skip.
#include <cstdlib>
#include <filesystem>

#include "ingot/custom_kernel.hpp"
#include "runtime/process.hpp"
#include "support/op_test.hpp"

namespace {

using namespace support;
using ingot::Device;
namespace arg = ingot::arg;

constexpr const char* kScribble = R"(
extern "C" __global__ void scribble(float* out, const float* in) {
  // Far beyond the buffer: an address no allocation maps.
  out[threadIdx.x + (1ull << 40)] = in[threadIdx.x];
})";

class KernelFault : public OpTest {};

// The fault itself runs in a child process (this binary, running KernelFaultChild.Faults):
// NVIDIA's driver keeps a kernel's fault until the process that met it ends, which would
// leave CUDA:0 unusable for every later test of this one.
constexpr const char* kChildFlag = "INGOT_KERNEL_FAULT_CHILD";

TEST(KernelFaultChild, Faults) {
  const char* device_name = std::getenv(kChildFlag);
  if (!device_name) GTEST_SKIP() << "run by KernelFault in a process of its own";
  Device& device = Device::get(device_name);
  Tensor before = Tensor::rand({256}, DType::Float32, device.name());
  before.realize();
  std::string message;
  try {
    std::vector<Tensor> out =
        ingot::run_custom_kernel({.source = kScribble,
                                  .function = "scribble",
                                  .args = {arg::output({256}), arg::input(before)},
                                  .dims = {{256, 1, 1}, {256, 1, 1}}});
    out[0].to_vector<float>();  // the fault surfaces at the wait, if not at the launch
    ADD_FAILURE() << "the out-of-bounds write ran without an error";
  } catch (const ingot::Error& e) {
    message = e.what();
  }
  expect_mentions(message, {"'scribble'", device.name(), "CUDA_ERROR_"});
  // The tensor made before the fault lost its memory: an Error, not a read of freed memory.
  EXPECT_THROW(before.to_vector<float>(), ingot::Error);
  // The next work either runs on a fresh context, where the driver allows one, or is an
  // Error that names the fault and says to run it in a new process: never a crash.
  try {
    Tensor again = Tensor::ones({64}, DType::Float32, device.name()) * 2.0;
    EXPECT_EQ(again.sum().item<float>(), 128.0f);
  } catch (const ingot::Error& e) {
    expect_mentions(e.what(), {"'scribble'", "new process"});
  }
  // The host's devices keep working in this process.
  EXPECT_EQ((Tensor::ones({64}, DType::Float32, "CPU") * 2.0).sum().item<float>(), 128.0f);
}

TEST_P(KernelFault, AFaultNamesTheKernelAndTheNextWorkRunsOnAFreshContext) {
  Device& device = Device::get(dev());
  if (device.info().language != "cuda")
    GTEST_SKIP() << dev() << " runs kernels in the host process: an out-of-bounds write is "
                 << "undefined there, not a fault the device reports";
  ingot::ProcessResult child =
      ingot::run_process({"/usr/bin/env", "-u", "GTEST_TOTAL_SHARDS", "-u", "GTEST_SHARD_INDEX",
                          std::string(kChildFlag) + "=" + dev(),
                          std::filesystem::read_symlink("/proc/self/exe").string(),
                          "--gtest_filter=KernelFaultChild.Faults"});
  EXPECT_EQ(child.exit_code, 0) << child.output;
  EXPECT_NE(child.output.find("[  PASSED  ] 1 test"), std::string::npos) << child.output;
  // The next work, in a process of its own, runs on a fresh context and computes right.
  Array x = random({256}, range(-2, 2));
  EXPECT_TRUE(check([](const auto& a) { return (a * 3.0 - 1.0).sum({0}); }, x));
  Tensor input = tensor(x);
  std::vector<Tensor> copied = ingot::run_custom_kernel(
      {.source = R"(extern "C" __global__ void twice(float* out, const float* in) {
                      out[threadIdx.x] = 2.0f * in[threadIdx.x];
                    })",
       .function = "twice",
       .args = {arg::output({256}), arg::input(input)},
       .dims = {{256, 1, 1}, {256, 1, 1}}});
  EXPECT_TRUE(close(copied[0], x * 2.0, Tol::of(DType::Float32)));
}

INGOT_ON_ALL_DEVICES(KernelFault);

}  // namespace
