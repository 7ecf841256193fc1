// The Objective-C facade: the prototypes it derives for the selectors whose ABI is easy to
// get wrong (structs by value, double returns), and the emulator's refusal of a message
// sent with other types than the method's.
#include "backends/metal/api.hpp"
#include "cts/cts_test.hpp"
#include "metal/metal_test.hpp"

namespace ingot::test {
namespace {

using objc::id;
using objc::MTLSize;
using objc::NSUInteger;
using objc::send;
using objc::signature;

TEST(MetalFacade, PrototypesOfStructAndDoubleSelectors) {
  // dispatchThreadgroups:threadsPerThreadgroup: takes two 24-byte MTLSize by value.
  EXPECT_EQ((signature<void, MTLSize, MTLSize>()), "v@:{MTLSize=QQQ}{MTLSize=QQQ}");
  static_assert(sizeof(MTLSize) == 24);
  // maxThreadsPerThreadgroup returns one; GPUStartTime and GPUEndTime return a double.
  EXPECT_EQ((signature<MTLSize>()), "{MTLSize=QQQ}@:");
  EXPECT_EQ((signature<double>()), "d@:");
  EXPECT_EQ((signature<void, id, NSUInteger, NSUInteger>()), "v@:@QQ");
  EXPECT_EQ((signature<void, id, uint64_t>()), "v@:@Q");  // encodeSignalEvent:value:
  EXPECT_EQ((signature<void, objc::id, objc::NSRange>()), "v@:@{_NSRange=QQ}");
  EXPECT_EQ((signature<id, id, id, id*>()), "@@:@@^@");  // newLibraryWithSource:options:error:
}

TEST(MetalFacade, TheRuntimeOnLinuxIsTheEmulator) {
#ifndef __APPLE__
  EXPECT_TRUE(objc::runtime().emulated);
#endif
  EXPECT_FALSE(objc::runtime().description.empty());
}

class MetalFacadeErrors : public MetalLifetimeTest {};

TEST_F(MetalFacadeErrors, WrongArgumentTypesNameTheSelectorAndBothSignatures) {
  if (!objc::runtime().emulated) GTEST_SKIP() << "Apple's runtime does not check prototypes";
  objc::Owned device(objc::runtime().create_system_default_device());
  // An int where the method takes NSUInteger: undefined on Apple's runtime, refused here.
  expect_error_containing(
      [&] { send<id>(device.get(), "newBufferWithLength:options:", 64, NSUInteger(0)); },
      {"newBufferWithLength:options:", "@@:iQ", "@@:QQ"});
  // A struct returned where the method returns a scalar.
  expect_error_containing([&] { send<MTLSize>(device.get(), "maxBufferLength"); },
                          {"maxBufferLength", "{MTLSize=QQQ}@:", "Q@:"});
}

TEST_F(MetalFacadeErrors, UnknownSelectorsAndNonObjectsAreErrors) {
  if (!objc::runtime().emulated) GTEST_SKIP() << "Apple's runtime would abort";
  objc::Owned device(objc::runtime().create_system_default_device());
  expect_error_containing([&] { send<void>(device.get(), "makeCoffee:", NSUInteger(2)); },
                          {"MTLDevice", "makeCoffee:", "v@:Q"});
  int not_an_object = 0;
  expect_error_containing([&] { send<void>(reinterpret_cast<id>(&not_an_object), "release"); },
                          {"'release'", "not an object"});
  // A message to nil returns zero, as in Objective-C.
  EXPECT_EQ(send<NSUInteger>(nullptr, "length"), 0u);
}

TEST_F(MetalFacadeErrors, StructAndDoubleResultsCrossTheFacade) {
  objc::AutoreleasePool pool;
  objc::Owned device(objc::runtime().create_system_default_device());
  MTLSize size = send<MTLSize>(device.get(), "maxThreadsPerThreadgroup");
  EXPECT_GE(size.width, 256u);
  EXPECT_GE(size.height, 1u);
  EXPECT_GE(size.depth, 1u);
  objc::Owned queue(send<id>(device.get(), "newCommandQueue"));
  id command_buffer = send<id>(queue.get(), "commandBuffer");
  send<void>(command_buffer, "commit");
  send<void>(command_buffer, "waitUntilCompleted");
  double start = send<double>(command_buffer, "GPUStartTime");
  double end = send<double>(command_buffer, "GPUEndTime");
  EXPECT_GT(start, 0);
  EXPECT_GE(end, start);
}

}  // namespace
}  // namespace ingot::test
