// Copies between two emulated Metal devices: METAL:0 to METAL:1 and back, at offsets,
// each ordered after a kernel on the source that was launched without a wait, so the copy
// is right only if the destination's queue waits for the source's shared event. Its own
// executable, since the second device must be asked for before Metal's first use.
#include <algorithm>
#include <cmath>
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

// Before main: the emulator makes its devices on Metal's first use in the process.
const bool kTwoDevices = ::setenv("INGOT_METAL_EMULATOR_DEVICES", "2", 1) == 0;

class MetalPeer : public MetalLifetimeTest {
 protected:
  void SetUp() override {
    ASSERT_TRUE(kTwoDevices);
    if (!objc::runtime().emulated) GTEST_SKIP() << "the lifetime checks need the emulator";
    std::vector<std::string> names = Device::available();
    if (std::find(names.begin(), names.end(), "METAL:1") == names.end())
      GTEST_SKIP() << "no emulated Metal devices here (they need clang++)";
    first_ = &Device::get("METAL:0");
    second_ = &Device::get("METAL:1");
    MetalLifetimeTest::SetUp();
    keep("MTLLibrary");  // the compiler keeps each source's library for the process
  }
  void TearDown() override {
    for (Device* device : {first_, second_}) {
      if (!device) continue;
      device->synchronize();
      device->allocator().flush_cache();
    }
    MetalLifetimeTest::TearDown();
  }

  // Copies `n` floats written by kernels on `from`, launched without waiting, from float
  // offset 3 of a buffer of `from` to float offset 5 of a poisoned buffer of `to`.
  void expect_ordered_copy(Device& from, Device& to, size_t n, uint32_t seed, bool direct) {
    constexpr size_t kAt = 3, kTo = 5, kLaunches = 16;
    std::vector<float> host = random_values<float>(n, seed, -2.0f, 2.0f);
    auto source = from.allocator().alloc((n + kAt + 1) * sizeof(float));
    auto source_view = std::make_shared<Buffer>(source, kAt * sizeof(float), n * sizeof(float));
    source_view->copy_in(host.data(), n * sizeof(float));
    const size_t total = n + kTo + 2;
    std::vector<float> poison(total, std::numeric_limits<float>::quiet_NaN());
    auto destination = to.allocator().alloc(total * sizeof(float));
    destination->copy_in(poison.data(), total * sizeof(float));
    Buffer destination_view(destination, kTo * sizeof(float), n * sizeof(float));
    auto program = from.load(from.compiler().compile(kAddOneSource), "add_one", 1);
    Buffer* args[] = {source_view.get()};
    const int64_t group = n % 64 == 0 ? 64 : 8;  // the grid is whole threadgroups
    // No wait: the copy must follow these on its own.
    for (size_t k = 0; k < kLaunches; ++k)
      program->launch(args, {{int64_t(n), 1, 1}, {group, 1, 1}}, {}, false);

    if (direct)  // the peer path itself, not the host's fallback
      ASSERT_TRUE(from.allocator().copy_to_peer(destination_view, *source_view, n * sizeof(float)));
    else
      Allocator::transfer(destination_view, *source_view, n * sizeof(float));

    // What the kernels leave: 1 added kLaunches times, each rounded as float.
    std::vector<float> expected = host;
    for (float& v : expected)
      for (size_t k = 0; k < kLaunches; ++k) v += 1.0f;
    std::vector<float> out(total);
    destination->copy_out(out.data(), total * sizeof(float));
    for (size_t i = 0; i < total; ++i) {
      if (i < kTo || i >= kTo + n)
        ASSERT_TRUE(std::isnan(out[i])) << "byte outside the copy changed at float " << i;
      else
        ASSERT_EQ(out[i], expected[i - kTo])
            << from.name() << " to " << to.name() << " at float " << i - kTo;
    }
  }

  Device* first_ = nullptr;
  Device* second_ = nullptr;
};

TEST_F(MetalPeer, TwoDevicesEachWithItsOwnQueue) {
  EXPECT_EQ(first_->name(), "METAL:0");
  EXPECT_EQ(second_->name(), "METAL:1");
  EXPECT_NE(first_->info().product, second_->info().product);
  auto& a = static_cast<metal::MetalDevice&>(*first_).metal();
  auto& b = static_cast<metal::MetalDevice&>(*second_).metal();
  EXPECT_NE(a.device.get(), b.device.get());
  EXPECT_NE(a.queue.get(), b.queue.get());
  EXPECT_NE(a.timeline.get(), b.timeline.get());
}

TEST_F(MetalPeer, CopiesFollowTheSourcesKernelsBothWays) {
  expect_ordered_copy(*first_, *second_, size_t(1) << 20, 21, true);
  expect_ordered_copy(*second_, *first_, size_t(1) << 20, 22, false);
  expect_ordered_copy(*first_, *second_, 1000, 23, false);
}

// Metal may refuse to wrap the source's memory (nil from newBufferWithBytesNoCopy): the
// copy goes through a shared staging buffer of the destination, still after the source's
// kernels.
TEST_F(MetalPeer, ARefusedWrapFallsBackToAStagingBuffer) {
  ASSERT_EQ(::setenv("INGOT_METAL_EMULATOR_NO_COPY", "0", 1), 0);
  expect_ordered_copy(*first_, *second_, size_t(1) << 16, 24, true);
  expect_ordered_copy(*second_, *first_, 1000, 25, true);
  ::unsetenv("INGOT_METAL_EMULATOR_NO_COPY");
}

// Each GPU once, the default first, told apart by registryID.
TEST_F(MetalPeer, DevicesAreListedOnceByRegistryID) {
  using objc::id, objc::send;
  auto& a = static_cast<metal::MetalDevice&>(*first_).metal();
  auto& b = static_cast<metal::MetalDevice&>(*second_).metal();
  EXPECT_NE(send<uint64_t>(a.device.get(), "registryID"),
            send<uint64_t>(b.device.get(), "registryID"));
  objc::Owned default_device(objc::runtime().create_system_default_device());
  EXPECT_EQ(send<uint64_t>(default_device.get(), "registryID"),
            send<uint64_t>(a.device.get(), "registryID"));
  std::vector<std::string> names = Device::available();
  EXPECT_EQ(std::count_if(names.begin(), names.end(),
                          [](const std::string& n) { return n.starts_with("METAL:"); }),
            2);
}

TEST_F(MetalPeer, TheEmulatorRefusesABufferOfAnotherDevice) {
  using objc::id, objc::NSUInteger, objc::send;
  objc::AutoreleasePool pool;
  auto& a = static_cast<metal::MetalDevice&>(*first_).metal();
  auto& b = static_cast<metal::MetalDevice&>(*second_).metal();
  objc::Owned buffer(
      send<id>(a.device.get(), "newBufferWithLength:options:", NSUInteger(64), NSUInteger(0)));
  id encoder = send<id>(send<id>(b.queue.get(), "commandBuffer"), "blitCommandEncoder");
  expect_error_containing(
      [&] {
        send<void>(encoder,
                   "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", buffer.get(),
                   NSUInteger(0), buffer.get(), NSUInteger(32), NSUInteger(32));
      },
      {"buffer of device 0", "command buffer of device 1"});
  send<void>(encoder, "endEncoding");
}

}  // namespace
}  // namespace ingot::test
