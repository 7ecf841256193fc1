// The device registry: names, the default device and DEV.
#include <gtest/gtest.h>

#include <algorithm>

#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {
namespace {

TEST(Registry, CpuIsAlwaysAvailable) {
  auto names = Device::available();
  EXPECT_NE(std::find(names.begin(), names.end(), "CPU"), names.end());
  Device& cpu = Device::get("CPU");
  EXPECT_EQ(cpu.name(), "CPU");
  EXPECT_EQ(cpu.info().language, "c");
  EXPECT_GE(cpu.info().compute_units, 1);
  EXPECT_GT(cpu.info().memory_bytes, 0u);
  EXPECT_TRUE(cpu.info().simd_width == 4 || cpu.info().simd_width == 8 ||
              cpu.info().simd_width == 16);
}

TEST(Registry, NamesAreCaseInsensitiveAndIndexZeroIsTheKind) {
  Device& cpu = Device::get("CPU");
  EXPECT_EQ(&Device::get("cpu"), &cpu);
  EXPECT_EQ(&Device::get("CPU:0"), &cpu);
  EXPECT_THROW(Device::get("CPU:1"), Error);
}

TEST(Registry, UnknownNameListsTheAvailableDevices) {
  try {
    Device::get("NOPE:3");
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("NOPE:3"), std::string::npos) << message;
    EXPECT_NE(message.find("CPU"), std::string::npos) << message;
  }
}

TEST(Registry, DevChoosesTheDefault) {
  Context& context = Context::global();
  std::string saved = context.default_device();
  context.set_default_device("cpu");
  EXPECT_EQ(Device::default_name(), "CPU");
  EXPECT_EQ(&Device::get(), &Device::get("CPU"));
  context.set_default_device("NOPE");
  try {
    Device::get();
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("DEV=NOPE"), std::string::npos) << e.what();
  }
  context.set_default_device("");
  EXPECT_FALSE(Device::default_name().empty());  // the fastest real device
  EXPECT_FALSE(Device::get().info().emulated);
  context.set_default_device(saved);
}

}  // namespace
}  // namespace ingot
