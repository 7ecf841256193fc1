// The device registry: names, the default device and DEV.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>

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

// The template backend registers a device that opens only when named.
TEST(Registry, NullOpensOnlyWhenNamed) {
  auto names = Device::available();
  EXPECT_EQ(std::find(names.begin(), names.end(), "NULL"), names.end());
  Device& null = Device::get("null");
  EXPECT_EQ(null.name(), "NULL");
  Context& context = Context::global();
  std::string saved = context.default_device();
  context.set_default_device("");
  EXPECT_NE(Device::default_name(), "NULL");
  context.set_default_device("NULL");
  EXPECT_EQ(&Device::get(), &null);
  context.set_default_device(saved);
}

// Each call of the template backend is a no-op where doing nothing is a correct answer,
// and otherwise an Error saying that it is not implemented.
TEST(Registry, NullAnswersNotImplemented) {
  Device& null = Device::get("NULL");
  auto expect_not_implemented = [](const std::function<void()>& call, const std::string& name) {
    try {
      call();
      ADD_FAILURE() << name << ": no error";
    } catch (const Error& e) {
      std::string message = e.what();
      EXPECT_NE(message.find(name + " is not implemented"), std::string::npos) << message;
      EXPECT_NE(message.find("docs/adding-a-backend.md"), std::string::npos) << message;
    }
  };
  expect_not_implemented([&] { null.allocator().alloc(16); }, "Allocator::raw_alloc");
  expect_not_implemented([&] { null.compiler().compile("kernel"); }, "Compiler::compile");
  expect_not_implemented([&] { null.load({1, 2, 3}, "f", 1); }, "Device::load");
  expect_not_implemented([&] { null.queue().signal(); }, "Queue::signal");
  expect_not_implemented([&] { null.queue().wait(1); }, "Queue::wait");
  EXPECT_EQ(null.queue().completed(), 0u);
  EXPECT_EQ(null.compiler().identity(), "null");
  EXPECT_EQ(null.capture({})->launches().size(), 0u);
}

}  // namespace
}  // namespace ingot
