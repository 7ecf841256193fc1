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
#include "runtime/process.hpp"

namespace ingot {
namespace {

constexpr const char* kChildFlag = "INGOT_POCL_CACHE_TEST_CHILD";

// The check runs in a fresh process of this executable with no folder named: CTest names
// one that the test processes share (CMakeLists.txt), and in a whole-suite run an earlier
// test may have started PoCL already.
TEST(PoclCache, EachProcessGetsAFolderOfItsOwn) {
  if (!std::getenv(kChildFlag)) {
    ProcessResult child = run_process({"/usr/bin/env", "-u", "POCL_CACHE_DIR", "-u",
                                       "INGOT_POCL_CACHE_OWNER", "-u", "GTEST_TOTAL_SHARDS", "-u",
                                       "GTEST_SHARD_INDEX", std::string(kChildFlag) + "=1",
                                       std::filesystem::read_symlink("/proc/self/exe").string(),
                                       "--gtest_filter=PoclCache.EachProcessGetsAFolderOfItsOwn"});
    EXPECT_EQ(child.exit_code, 0) << child.output;
    if (child.output.find("does not open here") != std::string::npos)
      GTEST_SKIP() << "CL:0 does not open here";
    EXPECT_NE(child.output.find("[  PASSED  ] 1 test"), std::string::npos) << child.output;
    return;
  }
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
