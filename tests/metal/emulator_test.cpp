// The emulated Metal on its own, through the facade: object lifetimes, command buffers
// running asynchronously with Metal's status and errors, Metal's limits, storage modes,
// shared events and indirect command buffers. Every test ends with the lifetime check.
#include <cstring>
#include <vector>

#include "backends/metal/api.hpp"
#include "backends/metal/emulator/runtime.hpp"
#include "cts/cts_test.hpp"
#include "metal/metal_test.hpp"

namespace ingot::test {
namespace {

using objc::id;
using objc::MTLSize;
using objc::NSUInteger;
using objc::Owned;
using objc::send;

constexpr NSUInteger kShared = 0, kPrivate = 2 << 4;
constexpr NSUInteger kCompleted = 4, kError = 5;

class MetalEmulator : public MetalLifetimeTest {
 protected:
  void SetUp() override {
    if (!objc::runtime().emulated) GTEST_SKIP() << "these tests check the emulator";
    MetalLifetimeTest::SetUp();
    device_ = Owned(objc::runtime().create_system_default_device());
    queue_ = Owned(send<id>(device_.get(), "newCommandQueue"));
  }
  void TearDown() override {
    device_ = Owned();
    queue_ = Owned();
    MetalLifetimeTest::TearDown();
  }
  id device() { return device_.get(); }
  Owned buffer(NSUInteger bytes, NSUInteger options = kShared) {
    return Owned(send<id>(device(), "newBufferWithLength:options:", bytes, options));
  }
  // A pipeline of kAddOneSource's `function`.
  Owned pipeline(const char* function, bool indirect = false) {
    objc::AutoreleasePool pool;
    id error = nullptr;
    Owned library(send<id>(device(), "newLibraryWithSource:options:error:",
                           objc::ns_string(kAddOneSource), static_cast<id>(nullptr), &error));
    EXPECT_TRUE(library) << objc::error_text(error);
    Owned fn(send<id>(library.get(), "newFunctionWithName:", objc::ns_string(function)));
    Owned descriptor(send<id>(objc::get_class("MTLComputePipelineDescriptor"), "new"));
    send<void>(descriptor.get(), "setComputeFunction:", fn.get());
    send<void>(descriptor.get(), "setSupportIndirectCommandBuffers:", indirect);
    return Owned(send<id>(device(),
                          "newComputePipelineStateWithDescriptor:options:reflection:error:",
                          descriptor.get(), NSUInteger(0), static_cast<id*>(nullptr), &error));
  }
  float* floats(const Owned& b) { return static_cast<float*>(send<void*>(b.get(), "contents")); }

  Owned device_, queue_;
};

TEST_F(MetalEmulator, NewObjectsAreOwnedAndReleasedOnce) {
  size_t live = metal_emulator::live_objects().size();
  Owned b = buffer(64);
  EXPECT_EQ(send<NSUInteger>(b.get(), "retainCount"), 1u);
  EXPECT_EQ(metal_emulator::live_objects().size(), live + 1);
  b = Owned();
  EXPECT_EQ(metal_emulator::live_objects().size(), live);
}

TEST_F(MetalEmulator, OverReleaseAndUseAfterReleaseAreReported) {
  id b = send<id>(device(), "newBufferWithLength:options:", NSUInteger(16), kShared);
  send<void>(b, "release");
  send<void>(b, "release");  // one too many
  expect_error_containing([&] { send<NSUInteger>(b, "length"); },
                          {"'length'", "deallocated MTLBuffer"});
  std::vector<std::string> problems = metal_emulator::take_problems();
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("over-release"), std::string::npos) << problems[0];
}

TEST_F(MetalEmulator, AutoreleaseOutsideAPoolIsReported) {
  id string = objc::ns_string("leaks");
  std::vector<std::string> problems = metal_emulator::take_problems();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("no pool"), std::string::npos) << problems[0];
  send<void>(string, "release");  // what the missing pool would have done
}

TEST_F(MetalEmulator, CommandBuffersRunAsynchronouslyInOrder) {
  Owned add = pipeline("add_one");
  Owned b = buffer(1024 * sizeof(float));
  std::fill_n(floats(b), 1024, 0.5f);
  objc::AutoreleasePool pool;
  std::vector<id> buffers;
  for (int k = 0; k < 3; ++k) {
    id command_buffer = send<id>(queue_.get(), "commandBuffer");
    EXPECT_EQ(send<NSUInteger>(command_buffer, "status"), 0u);  // not enqueued
    id encoder = send<id>(command_buffer, "computeCommandEncoder");
    send<void>(encoder, "setComputePipelineState:", add.get());
    send<void>(encoder, "setBuffer:offset:atIndex:", b.get(), NSUInteger(0), NSUInteger(0));
    send<void>(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", MTLSize{16, 1, 1},
               MTLSize{64, 1, 1});
    send<void>(encoder, "endEncoding");
    send<void>(command_buffer, "commit");
    buffers.push_back(command_buffer);
  }
  send<void>(buffers.back(), "waitUntilCompleted");
  for (id command_buffer : buffers) {
    EXPECT_EQ(send<NSUInteger>(command_buffer, "status"), kCompleted);
    EXPECT_EQ(send<id>(command_buffer, "error"), nullptr);
  }
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(floats(b)[i], 3.5f) << i;
}

TEST_F(MetalEmulator, AnErrorInADispatchFailsItsCommandBufferOnly) {
  Owned add = pipeline("add_one");
  objc::AutoreleasePool pool;
  id failing = send<id>(queue_.get(), "commandBuffer");
  id encoder = send<id>(failing, "computeCommandEncoder");
  send<void>(encoder, "setComputePipelineState:", add.get());  // buffer 0 never bound
  send<void>(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", MTLSize{1, 1, 1},
             MTLSize{1, 1, 1});
  send<void>(encoder, "endEncoding");
  send<void>(failing, "commit");
  id next = send<id>(queue_.get(), "commandBuffer");
  send<void>(next, "commit");
  send<void>(next, "waitUntilCompleted");
  send<void>(failing, "waitUntilCompleted");
  EXPECT_EQ(send<NSUInteger>(failing, "status"), kError);
  EXPECT_NE(objc::error_text(send<id>(failing, "error")).find("add_one"), std::string::npos);
  EXPECT_EQ(send<NSUInteger>(next, "status"), kCompleted);
}

TEST_F(MetalEmulator, LimitsAreErrorsNamingTheLimit) {
  Owned small = pipeline("small_group");
  Owned b = buffer(256);
  objc::AutoreleasePool pool;
  id command_buffer = send<id>(queue_.get(), "commandBuffer");
  id encoder = send<id>(command_buffer, "computeCommandEncoder");
  send<void>(encoder, "setComputePipelineState:", small.get());
  expect_error_containing(
      [&] {
        send<void>(encoder, "setBuffer:offset:atIndex:", b.get(), NSUInteger(0), NSUInteger(31));
      },
      {"setBuffer:offset:atIndex:", "index 31", "31 buffer bindings"});
  std::vector<uint8_t> bytes(4096);
  expect_error_containing(
      [&] {
        send<void>(encoder, "setBytes:length:atIndex:", static_cast<const void*>(bytes.data()),
                   NSUInteger(bytes.size()), NSUInteger(1));
      },
      {"setBytes:length:atIndex:", "4096 bytes", "less than 4096"});
  send<void>(encoder, "setBytes:length:atIndex:", static_cast<const void*>(bytes.data()),
             NSUInteger(4095), NSUInteger(1));
  expect_error_containing(
      [&] {
        send<void>(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", MTLSize{1, 1, 1},
                   MTLSize{128, 1, 1});
      },
      {"128 threads per threadgroup", "maxTotalThreadsPerThreadgroup is 64"});
  send<void>(encoder, "endEncoding");
  EXPECT_EQ(send<NSUInteger>(small.get(), "maxTotalThreadsPerThreadgroup"), 64u);
}

TEST_F(MetalEmulator, PrivateBuffersHaveNoHostContentsAndHugeOnesAreNil) {
  Owned shared = buffer(64), gpu_only = buffer(64, kPrivate);
  EXPECT_NE(send<void*>(shared.get(), "contents"), nullptr);
  EXPECT_EQ(send<void*>(gpu_only.get(), "contents"), nullptr);
  EXPECT_EQ(send<NSUInteger>(gpu_only.get(), "length"), 64u);
  NSUInteger largest = send<NSUInteger>(device(), "maxBufferLength");
  EXPECT_FALSE(buffer(largest + 1));
  // Blits reach private memory.
  std::memcpy(send<void*>(shared.get(), "contents"), "0123456789", 10);
  objc::AutoreleasePool pool;
  id command_buffer = send<id>(queue_.get(), "commandBuffer");
  id blit = send<id>(command_buffer, "blitCommandEncoder");
  send<void>(blit, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", shared.get(),
             NSUInteger(0), gpu_only.get(), NSUInteger(0), NSUInteger(10));
  send<void>(blit, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", gpu_only.get(),
             NSUInteger(2), shared.get(), NSUInteger(20), NSUInteger(4));
  send<void>(blit, "endEncoding");
  send<void>(command_buffer, "commit");
  send<void>(command_buffer, "waitUntilCompleted");
  EXPECT_EQ(std::memcmp(static_cast<char*>(send<void*>(shared.get(), "contents")) + 20, "2345", 4),
            0);
}

TEST_F(MetalEmulator, SharedEventsOrderTwoQueues) {
  Owned event(send<id>(device(), "newSharedEvent"));
  Owned other(send<id>(device(), "newCommandQueue"));
  objc::AutoreleasePool pool;
  id waiter = send<id>(other.get(), "commandBuffer");
  send<void>(waiter, "encodeWaitForEvent:value:", event.get(), uint64_t(1));
  send<void>(waiter, "commit");
  EXPECT_EQ(send<uint64_t>(event.get(), "signaledValue"), 0u);
  id signaler = send<id>(queue_.get(), "commandBuffer");
  send<void>(signaler, "encodeSignalEvent:value:", event.get(), uint64_t(1));
  send<void>(signaler, "commit");
  send<void>(waiter, "waitUntilCompleted");
  EXPECT_EQ(send<uint64_t>(event.get(), "signaledValue"), 1u);
  send<void>(event.get(), "setSignaledValue:", uint64_t(7));
  EXPECT_EQ(send<uint64_t>(event.get(), "signaledValue"), 7u);
}

TEST_F(MetalEmulator, IndirectCommandBuffersNeedResidentBuffersAndIndirectPipelines) {
  Owned plain = pipeline("add_one"), indirect = pipeline("add_one", true);
  Owned b = buffer(64 * sizeof(float));
  std::fill_n(floats(b), 64, 1.0f);
  Owned descriptor(send<id>(objc::get_class("MTLIndirectCommandBufferDescriptor"), "new"));
  send<void>(descriptor.get(), "setCommandTypes:", NSUInteger(1 << 5));
  send<void>(descriptor.get(), "setInheritBuffers:", false);
  send<void>(descriptor.get(), "setInheritPipelineState:", false);
  send<void>(descriptor.get(), "setMaxKernelBufferBindCount:", NSUInteger(1));
  Owned commands(send<id>(
      device(), "newIndirectCommandBufferWithDescriptor:maxCommandCount:options:", descriptor.get(),
      NSUInteger(2), NSUInteger(0)));
  id command = send<id>(commands.get(), "indirectComputeCommandAtIndex:", NSUInteger(0));
  expect_error_containing([&] { send<void>(command, "setComputePipelineState:", plain.get()); },
                          {"supportIndirectCommandBuffers"});
  send<void>(command, "setComputePipelineState:", indirect.get());
  expect_error_containing(
      [&] {
        send<void>(command, "setKernelBuffer:offset:atIndex:", b.get(), NSUInteger(0),
                   NSUInteger(1));
      },
      {"maxKernelBufferBindCount is 1"});
  send<void>(command, "setKernelBuffer:offset:atIndex:", b.get(), NSUInteger(0), NSUInteger(0));
  send<void>(command, "concurrentDispatchThreadgroups:threadsPerThreadgroup:", MTLSize{2, 1, 1},
             MTLSize{32, 1, 1});
  objc::AutoreleasePool pool;
  auto replay = [&](bool resident) {
    id command_buffer = send<id>(queue_.get(), "commandBuffer");
    id encoder = send<id>(command_buffer, "computeCommandEncoder");
    if (resident) send<void>(encoder, "useResource:usage:", b.get(), NSUInteger(3));
    send<void>(encoder, "executeCommandsInBuffer:withRange:", commands.get(), objc::NSRange{0, 2});
    send<void>(encoder, "endEncoding");
    send<void>(command_buffer, "commit");
    send<void>(command_buffer, "waitUntilCompleted");
    return command_buffer;
  };
  id failed = replay(false);
  EXPECT_EQ(send<NSUInteger>(failed, "status"), kError);
  EXPECT_NE(objc::error_text(send<id>(failed, "error")).find("useResource:usage:"),
            std::string::npos);
  EXPECT_EQ(send<NSUInteger>(replay(true), "status"), kCompleted);
  EXPECT_EQ(send<NSUInteger>(replay(true), "status"), kCompleted);
  for (int i = 0; i < 64; ++i) ASSERT_EQ(floats(b)[i], 3.0f) << i;
}

TEST_F(MetalEmulator, CompileErrorsComeBackAsAnNSError) {
  objc::AutoreleasePool pool;
  id error = nullptr;
  Owned library(send<id>(
      device(), "newLibraryWithSource:options:error:",
      objc::ns_string("kernel void f(device float* a [[buffer(0)]]) { a[0] = undeclared; }"),
      static_cast<id>(nullptr), &error));
  EXPECT_FALSE(library);
  EXPECT_NE(objc::error_text(error).find("undeclared"), std::string::npos)
      << objc::error_text(error);
}

}  // namespace
}  // namespace ingot::test
