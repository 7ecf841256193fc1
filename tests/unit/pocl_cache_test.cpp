// The OpenCL backend gives PoCL a kernel-cache folder of the process's own before PoCL
// starts, so that processes compiling at once never rebuild one cache together, outside
// the test harness as inside it (the fuzzer's workers are such processes).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "ingot/runtime.hpp"

namespace ingot {
namespace {

TEST(PoclCache, EachProcessGetsAFolderOfItsOwn) {
  const char* before = std::getenv("POCL_CACHE_DIR");
  if (before && !std::getenv("INGOT_POCL_CACHE_OWNER"))
    GTEST_SKIP() << "POCL_CACHE_DIR is the user's own here: " << before;
  const std::vector<std::string> devices = Device::available();
  if (std::find(devices.begin(), devices.end(), "CL:0") == devices.end())
    GTEST_SKIP() << "CL:0 does not open here";
  const char* folder = std::getenv("POCL_CACHE_DIR");
  const char* owner = std::getenv("INGOT_POCL_CACHE_OWNER");
  ASSERT_NE(folder, nullptr);
  ASSERT_NE(owner, nullptr);
  EXPECT_EQ(std::string(owner), std::to_string(::getpid()));
  EXPECT_TRUE(std::filesystem::is_directory(folder)) << folder;
  EXPECT_NE(std::string(folder).find("ingot-pocl-"), std::string::npos) << folder;
}

}  // namespace
}  // namespace ingot
