// Out of memory on every device: a tensor larger than the device's memory, and tensors
// filling it, are an ingot::Error naming the device and the bytes; afterwards the device
// computes correctly (against float64 on the host) and the memory held returns to what it
// was (nothing leaks). The limit is set small (Context::set_memory_limit), so the test
// never drives the machine into the kernel's OOM killer.
#include <cstdlib>
#include <string>

#include "ingot/context.hpp"
#include "support/op_test.hpp"

namespace {

using namespace support;
using ingot::Allocator;
using ingot::Context;
using ingot::Device;

constexpr size_t kMiB = size_t(1) << 20;

class OutOfMemory : public OpTest {
 protected:
  void SetUp() override {
    OpTest::SetUp();
    allocator().flush_cache();
    start_in_use_ = in_use();
  }
  void TearDown() override {
    Context::global().set_memory_limit(0);
    if (IsSkipped()) return;
    SCOPED_TRACE("after the error");
    // Nothing is left of the tensors made during the test, in use or cached.
    EXPECT_EQ(in_use(), start_in_use_);
    allocator().flush_cache();
    EXPECT_EQ(allocator().held_bytes(), start_in_use_);
    // The device computes as before.
    Array x = random({1000}, range(-2, 2));
    EXPECT_TRUE(check([](const auto& a) { return (a * a + 1.0).sum({0}); }, x));
  }
  Allocator& allocator() { return Device::get(dev()).allocator(); }
  size_t in_use() { return allocator().held_bytes() - allocator().cached_bytes(); }

  // Makes realized float32 tensors of `bytes` each until one is refused, at most `most`;
  // returns the error's message, and how many were made in `made`.
  std::string fill(size_t bytes, int most, int& made) {
    std::vector<Tensor> held;
    const int64_t n = int64_t(bytes / sizeof(float));
    for (made = 0; made < most; ++made) {
      try {
        held.push_back(Tensor::full({n}, double(made), DType::Float32, dev()).realize());
      } catch (const ingot::Error& e) {
        // What was made is right: each tensor holds its own value.
        for (size_t i = 0; i < held.size(); i += held.size() / 4 + 1)
          EXPECT_EQ(held[i].to_vector<float>()[size_t(n - 1)], float(i));
        return e.what();
      }
    }
    return "";
  }

  size_t start_in_use_ = 0;
};

TEST_P(OutOfMemory, TensorLargerThanTheDeviceMemory) {
  uint64_t memory = Device::get(dev()).info().memory_bytes;
  ASSERT_GT(memory, 0u);
  const int64_t n = int64_t(memory / sizeof(float)) + 1024;
  try {
    Tensor::zeros({n}, DType::Float32, dev()).realize();
    ADD_FAILURE() << "a tensor of " << n << " floats was made";
  } catch (const ingot::Error& e) {
    expect_mentions(e.what(), {"out of memory on " + dev(), std::to_string(n * 4),
                               std::to_string(memory), "free the tensors"});
  }
}

TEST_P(OutOfMemory, TensorsFillingTheMemoryLimit) {
  const size_t limit = start_in_use_ + 32 * kMiB;
  Context::global().set_memory_limit(limit);
  int made = 0;
  std::string message = fill(4 * kMiB, 100, made);
  ASSERT_FALSE(message.empty()) << made << " tensors of 4 MiB fit in a limit of 32 MiB";
  EXPECT_GE(made, 4);
  expect_mentions(message, {"out of memory on " + dev(), std::to_string(4 * kMiB),
                            std::to_string(limit), "INGOT_MEMORY_LIMIT"});
  // Freed, the same tensors fit again.
  EXPECT_EQ(in_use(), start_in_use_);
  int again = 0;
  fill(4 * kMiB, made, again);
  EXPECT_EQ(again, made);
}

// A schedule of two kernels whose second output does not fit: the first kernel's result is
// kept (it is right, and realizing again does not recompute it), the second's memory is not
// taken, and the same tensor realizes once there is room.
TEST_P(OutOfMemory, MidwayThroughASchedule) {
  const int64_t n = int64_t(4 * kMiB / sizeof(float));
  Array x = random({n}, range(1, 2));
  Tensor input = tensor(x);
  input.realize();
  Tensor scaled = input / (input * 2.0).sum();
  Context::global().set_memory_limit(in_use() + kMiB);
  try {
    scaled.realize();
    ADD_FAILURE() << "a 4 MiB output fit in 1 MiB";
  } catch (const ingot::Error& e) {
    expect_mentions(e.what(), {"out of memory on " + dev(), std::to_string(4 * kMiB)});
  }
  Context::global().set_memory_limit(0);
  EXPECT_TRUE(close(scaled, x / (x * 2.0).sum(), Tol::of(DType::Float32)));
}

// The backend itself refusing memory, below ingot's limit: the driver's out-of-memory, the
// cache flushed and the allocation tried again, then the Error. On CUDA the GPU's own
// memory is filled (1 GiB tensors, at most the device's memory); the emulated Metal is
// given a small memory (INGOT_METAL_EMULATOR_MEMORY) after it opened. The CPU and OpenCL
// take host memory, which only ingot's limit keeps from the OOM killer.
TEST_P(OutOfMemory, TheDeviceRefusesMemory) {
  Device& device = Device::get(dev());
  const std::string& language = device.info().language;
  size_t bytes = 0;
  int most = 0;
  if (language == "cuda" && device.info().is_gpu) {
    bytes = 1024 * kMiB;
    most = int(device.info().memory_bytes / bytes) + 2;
    // Above the device's memory: the driver refuses first, not ingot's limit.
    Context::global().set_memory_limit(2 * device.info().memory_bytes);
  } else if (language == "metal" && device.info().emulated) {
    bytes = 4 * kMiB;
    most = 100;
    ::setenv("INGOT_METAL_EMULATOR_MEMORY",
             std::to_string(start_in_use_ + allocator().cached_bytes() + 32 * kMiB).c_str(), 1);
  } else {
    GTEST_SKIP() << dev() << " allocates host memory, which the OOM killer guards, not the device";
  }
  int made = 0;
  std::string message = fill(bytes, most, made);
  ::unsetenv("INGOT_METAL_EMULATOR_MEMORY");
  ASSERT_FALSE(message.empty()) << made << " tensors fit";
  EXPECT_GE(made, 1);
  expect_mentions(message, {"out of memory on " + dev(), std::to_string(bytes), "refused"});
}

INGOT_ON_ALL_DEVICES(OutOfMemory);

}  // namespace
