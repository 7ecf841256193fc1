// What the disk cache tests share: a compiler that counts its compiles, a fresh cache
// folder per test, and running this test binary again as a child process.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "ingot/context.hpp"
#include "ingot/runtime.hpp"
#include "runtime/process.hpp"

namespace ingot::test {

// A compiler that counts its compiles; its "binary" is the source reversed.
class CountingCompiler : public Compiler {
 public:
  explicit CountingCompiler(std::string identity = "fake-cc 1.0 -O3") : identity_(identity) {}
  std::string identity() const override { return identity_; }
  std::vector<uint8_t> compile(const std::string& source) override {
    ++compiles;
    return {source.rbegin(), source.rend()};
  }
  int compiles = 0;

 private:
  std::string identity_;
};

inline std::vector<uint8_t> reversed(const std::string& text) {
  return {text.rbegin(), text.rend()};
}

// Each test gets a fresh cache folder that does not exist yet (nested, so that creating
// it needs its parents), and the process's cache settings back afterwards.
class CacheFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "ingot-cache-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    saved_dir_ = Context::global().cache_dir();
    saved_max_ = Context::global().cache_max_bytes();
    Context::global().set_cache_dir((root_ / "nested" / "cache").string());
  }
  void TearDown() override {
    Context::global().set_cache_dir(saved_dir_);
    Context::global().set_cache_max_bytes(saved_max_);
    std::filesystem::remove_all(root_);
  }
  const std::string& dir() const { return Context::global().cache_dir(); }

  std::filesystem::path root_;
  std::string saved_dir_;
  uint64_t saved_max_ = 0;
};

// Runs this test binary again with `environment` ("NAME=value" each) added, running only
// the tests `filter` names.
inline ProcessResult run_self(const std::vector<std::string>& environment,
                              const std::string& filter) {
  // The child runs its one test whatever shard of the suite this process is (the sanitizer
  // builds run suites in GoogleTest's shards).
  std::vector<std::string> argv = {"/usr/bin/env", "-u", "GTEST_TOTAL_SHARDS", "-u",
                                   "GTEST_SHARD_INDEX"};
  argv.insert(argv.end(), environment.begin(), environment.end());
  argv.push_back(std::filesystem::read_symlink("/proc/self/exe").string());
  argv.push_back("--gtest_filter=" + filter);
  return run_process(argv);
}

// What the cache folder holds besides its entries (<32 hex>.bin) and its state: temporary
// files, build folders...
inline std::vector<std::string> strays(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    std::string name = file.path().filename().string();
    if (name != "cache.state" && !(name.size() == 36 && name.ends_with(".bin")))
      found.push_back(name);
  }
  return found;
}

// A child run by run_self ran its one test and passed it (it skips when run alone).
inline void expect_child_passed(const ProcessResult& result) {
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("[  PASSED  ] 1 test"), std::string::npos) << result.output;
  EXPECT_EQ(result.output.find("SKIPPED"), std::string::npos) << result.output;
}

}  // namespace ingot::test
