// The Metal backend on the emulated Metal: every object it makes for launches, copies,
// graphs and failed compiles is released once (no leak, no over-release), and errors
// carry Metal's own messages while the device keeps working.
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <memory>
#include <vector>

#include "backends/metal/metal.hpp"
#include "cts/cts_test.hpp"
#include "ingot/runtime.hpp"
#include "metal/metal_test.hpp"

namespace ingot::test {
namespace {

class MetalBackend : public MetalLifetimeTest {
 protected:
  void SetUp() override {
    if (!objc::runtime().emulated) GTEST_SKIP() << "the lifetime checks need the emulator";
    device_ = &Device::get("METAL");
    MetalLifetimeTest::SetUp();
    keep("MTLLibrary");  // the compiler keeps each source's library for the process
  }
  void TearDown() override {
    device_->synchronize();
    device_->allocator().flush_cache();
    MetalLifetimeTest::TearDown();
  }
  Device& device() { return *device_; }

 private:
  Device* device_ = nullptr;
};

TEST_F(MetalBackend, IsTheEmulatedMetal0) {
  EXPECT_EQ(device().name(), "METAL:0");
  EXPECT_TRUE(device().info().emulated);
  EXPECT_EQ(device().info().language, "metal");
  EXPECT_EQ(&Device::get("metal:0"), &device());
}

TEST_F(MetalBackend, LaunchesCopiesAndGraphsReleaseWhatTheyMake) {
  std::vector<float> host = random_values<float>(256, 7, -2.0f, 2.0f);
  {
    auto buffer = device().allocator().alloc(host.size() * sizeof(float));
    buffer->copy_in(host.data(), host.size() * sizeof(float));
    auto program = device().load(device().compiler().compile(kAddOneSource), "add_one", 1);
    Buffer* args[] = {buffer.get()};
    EXPECT_GE(program->launch(args, {{256, 1, 1}, {64, 1, 1}}, {}, true), 0.0);
    program->launch(args, {{256, 1, 1}, {32, 1, 1}}, {}, false);
    auto graph = device().capture({{program.get(), {buffer}, {{256, 1, 1}, {64, 1, 1}}, {}}});
    graph->replay();
    graph->replay();
    auto copy = device().allocator().alloc(host.size() * sizeof(float));
    Allocator::transfer(*copy, *buffer, host.size() * sizeof(float));
    std::vector<float> out(host.size(), -1e30f);
    copy->copy_out(out.data(), out.size() * sizeof(float));
    for (size_t i = 0; i < host.size(); ++i) ASSERT_EQ(out[i], host[i] + 4.0f) << i;
  }
}

TEST_F(MetalBackend, ErrorsCarryMetalsMessageAndTheDeviceKeepsWorking) {
  expect_error_containing(
      [&] {
        device().compiler().compile(
            "kernel void f(device float* a [[buffer(0)]]) { a[0] = nope; }");
      },
      {"METAL:0 MSL compile failed", "Compilation failed", "nope"});
  auto binary = device().compiler().compile(kAddOneSource);
  expect_error_containing([&] { device().load(binary, "add_two", 1); },
                          {"no kernel function 'add_two'"});
  auto small = device().load(binary, "small_group", 1);
  auto buffer = device().allocator().alloc(128 * sizeof(float));
  Buffer* args[] = {buffer.get()};
  expect_error_containing(
      [&] {
        small->launch(args, {{128, 1, 1}, {128, 1, 1}}, {}, true);
      },
      {"128 threads", "at most 64", "maxTotalThreadsPerThreadgroup"});
  expect_error_containing([&] { device().allocator().alloc(device().info().max_buffer_bytes + 1); },
                          {"METAL:0"});
  std::vector<float> zeros(128, 0.0f), out(128);
  buffer->copy_in(zeros.data(), 512);
  small->launch(args, {{128, 1, 1}, {64, 1, 1}}, {}, true);
  buffer->copy_out(out.data(), 512);
  for (float v : out) ASSERT_EQ(v, 1.0f);
}

TEST_F(MetalBackend, PrivateBuffersWithoutUnifiedMemory) {
  // A device of its own, opened while the emulator reports no unified memory: its buffers
  // are private, so copies go through staging buffers and blits.
  ::setenv("INGOT_METAL_EMULATOR_UNIFIED", "0", 1);
  auto discrete = std::make_unique<metal::MetalDevice>("METAL:0");
  ::unsetenv("INGOT_METAL_EMULATOR_UNIFIED");
  const auto& extra = discrete->info().extra;
  EXPECT_NE(
      std::find(extra.begin(), extra.end(),
                std::pair<std::string, std::string>("unified memory", "no (private buffers)")),
      extra.end());
  const size_t n = 1000, bytes = n * sizeof(float);
  std::vector<float> host = random_values<float>(n, 11, -2.0f, 2.0f);
  auto a = discrete->allocator().alloc(bytes), b = discrete->allocator().alloc(bytes);
  a->copy_in(host.data(), bytes);
  auto program = discrete->load(discrete->compiler().compile(kAddOneSource), "add_one", 1);
  Buffer* args[] = {a.get()};
  program->launch(args, {{n, 1, 1}, {8, 1, 1}}, {}, false);
  Allocator::transfer(*b, *a, bytes);  // a blit between private buffers
  std::vector<float> out(n, std::numeric_limits<float>::quiet_NaN());
  b->copy_out(out.data(), bytes);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], host[i] + 1.0f) << i;
  // Part of a buffer, at an offset, through the staging path.
  std::vector<float> part(10, std::numeric_limits<float>::quiet_NaN());
  b->copy_out(part.data(), 10 * sizeof(float), 500 * sizeof(float));
  for (size_t i = 0; i < 10; ++i) ASSERT_EQ(part[i], host[500 + i] + 1.0f) << i;
  discrete->synchronize();
}

}  // namespace
}  // namespace ingot::test
