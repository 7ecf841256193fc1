// What the audit of the facade against Apple's Metal changed in the backend, checked on
// the emulated Metal: error text read where no autorelease pool is in place, and a device
// that does not answer supportsFamily: (macOS before 10.15).
#include <cstdlib>

#include "backends/metal/metal.hpp"
#include "metal/msl_kernel_test.hpp"

namespace ingot::test {
namespace {

using MacAudit = MslKernelTest;

TEST_F(MacAudit, ErrorTextIsReadInsideAPoolOfItsOwn) {
  id failed = nullptr;
  {
    objc::AutoreleasePool pool;
    Owned p = pipeline(kAddOneSource, "add_one");
    failed = objc::retain(objc::send<id>(queue_.get(), "commandBuffer"));
    id encoder = objc::send<id>(failed, "computeCommandEncoder");
    objc::send<void>(encoder, "setComputePipelineState:", p.get());  // buffer 0 never bound
    objc::send<void>(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", MTLSize{1, 1, 1},
                     MTLSize{1, 1, 1});
    objc::send<void>(encoder, "endEncoding");
    objc::send<void>(failed, "commit");
    objc::send<void>(failed, "waitUntilCompleted");
  }
  // No pool here, as on a thread of the caller's: localizedDescription is autoreleased,
  // which the emulator reports as a leak unless error_text brings its own pool.
  std::string text = objc::error_text(objc::send<id>(failed, "error"));
  EXPECT_NE(text.find("add_one"), std::string::npos) << text;
  objc::release(failed);
}

TEST_F(MacAudit, ADeviceWithoutSupportsFamilyHasNoMatrixTiles) {
  ASSERT_EQ(::setenv("INGOT_METAL_EMULATOR_FAMILIES", "0", 1), 0);
  keep("MTLLibrary");  // the device's compiler keeps its libraries for the process
  {
    metal::MetalDevice device("METAL:0");
    EXPECT_EQ(device.info().matrix_tile, 0);
    bool listed = false;
    for (const auto& [key, value] : device.info().extra)
      if (key == "GPU families") listed = value.find("older than") != std::string::npos;
    EXPECT_TRUE(listed);
  }
  ::unsetenv("INGOT_METAL_EMULATOR_FAMILIES");
  metal::MetalDevice device("METAL:0");
  EXPECT_EQ(device.info().matrix_tile, 8);
}

}  // namespace
}  // namespace ingot::test
