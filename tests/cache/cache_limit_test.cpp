// The disk cache's bound (INGOT_CACHE_MAX) in one process: least recently used entries go
// first, counts of hits and misses, stale temporary files swept, `clear`, the limit's
// parsing. concurrent_limit_test.cpp has four processes at once.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "cache/cache_test_support.hpp"
#include "ingot/disk_cache_stats.hpp"
#include "ingot/error.hpp"
#include "runtime/disk_cache.hpp"
#include "runtime/disk_cache_entry.hpp"

namespace ingot {
namespace {

namespace fs = std::filesystem;
using test::CountingCompiler;
using test::reversed;

class CacheLimit : public test::CacheFolderTest {};

// Sources of one length, so that their entries have one size.
std::string source(int i) { return fmt::format("void k{:04}(void) {{}}", i); }
uint64_t entry_bytes() { return kDiskCacheHeaderBytes + source(0).size(); }
bool cached(int i) { return fs::exists(disk_cache_path("fake-cc 1.0 -O3", source(i))); }

TEST_F(CacheLimit, LeastRecentlyUsedGoFirst) {
  // Room for 3 entries; a store past it evicts down to 90%: to 2 entries with the new one.
  Context::global().set_cache_max_bytes(3 * entry_bytes());
  CountingCompiler compiler;
  for (int i = 0; i < 3; ++i) compiler.compile_cached(source(i));
  compiler.compile_cached(source(0));  // a hit: 0 becomes the most recently used
  EXPECT_EQ(compiler.compiles, 3);
  compiler.compile_cached(source(3));
  EXPECT_TRUE(cached(0));
  EXPECT_FALSE(cached(1));
  EXPECT_FALSE(cached(2));
  EXPECT_TRUE(cached(3));
  DiskCacheStats stats = disk_cache_stats(dir());
  EXPECT_EQ(stats.entries, 2u);
  EXPECT_EQ(stats.bytes, 2 * entry_bytes());
  EXPECT_EQ(stats.hits, 1u);
  EXPECT_EQ(stats.misses, 4u);
  EXPECT_EQ(stats.limit, 3 * entry_bytes());
  EXPECT_EQ(reversed(source(0)), compiler.compile_cached(source(0)));
  EXPECT_EQ(compiler.compiles, 4);
}

TEST_F(CacheLimit, EntryLargerThanTheLimitIsNotKept) {
  Context::global().set_cache_max_bytes(entry_bytes() - 1);
  CountingCompiler compiler;
  EXPECT_EQ(compiler.compile_cached(source(0)), reversed(source(0)));
  EXPECT_EQ(compiler.compile_cached(source(0)), reversed(source(0)));
  EXPECT_EQ(compiler.compiles, 2);
  EXPECT_FALSE(cached(0));
  EXPECT_TRUE(test::strays(dir()).empty());
  EXPECT_EQ(disk_cache_stats(dir()).bytes, 0u);
}

TEST_F(CacheLimit, CountsAreRebuiltWhenTheStateIsLostOrDamaged) {
  CountingCompiler compiler;
  for (int i = 0; i < 4; ++i) compiler.compile_cached(source(i));
  fs::remove(fs::path(dir()) / "cache.state");
  // The next store rescans: the counts again say 4 entries, so a limit of 5 evicts when
  // the sixth comes (down to 4, with it).
  Context::global().set_cache_max_bytes(5 * entry_bytes());
  compiler.compile_cached(source(4));
  std::ofstream(fs::path(dir()) / "cache.state", std::ios::binary | std::ios::trunc) << "junk";
  compiler.compile_cached(source(5));
  DiskCacheStats stats = disk_cache_stats(dir());
  EXPECT_EQ(stats.entries, 4u);
  EXPECT_EQ(stats.bytes, 4 * entry_bytes());
  for (int i = 0; i < 2; ++i) EXPECT_FALSE(cached(i)) << i;
  for (int i = 2; i < 6; ++i) EXPECT_TRUE(cached(i)) << i;
}

TEST_F(CacheLimit, ClearEmptiesTheFolderAndItsCounts) {
  CountingCompiler compiler;
  for (int i = 0; i < 3; ++i) compiler.compile_cached(source(i));
  compiler.compile_cached(source(1));
  DiskCacheStats removed = clear_disk_cache(dir());
  EXPECT_EQ(removed.entries, 3u);
  EXPECT_EQ(removed.bytes, 3 * entry_bytes());
  EXPECT_EQ(removed.hits, 1u);
  EXPECT_EQ(removed.misses, 3u);
  DiskCacheStats after = disk_cache_stats(dir());
  EXPECT_EQ(after.entries, 0u);
  EXPECT_EQ(after.bytes, 0u);
  EXPECT_EQ(after.hits + after.misses, 0u);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(cached(i));
  EXPECT_EQ(compiler.compile_cached(source(1)), reversed(source(1)));
  EXPECT_EQ(compiler.compiles, 4);
  // A folder that does not exist is shown and cleared as empty, and is not made.
  fs::path missing = root_ / "missing";
  EXPECT_EQ(disk_cache_stats(missing.string()).entries, 0u);
  EXPECT_EQ(clear_disk_cache(missing.string()).entries, 0u);
  EXPECT_FALSE(fs::exists(missing));
}

TEST_F(CacheLimit, StaleTemporaryFilesAreSwept) {
  CountingCompiler compiler;
  compiler.compile_cached(source(0));
  // What a writer killed mid-write leaves (<entry>.XXXXXX), an hour ago and just now.
  std::string stale = disk_cache_path("fake-cc 1.0 -O3", source(1)) + ".a1B2c3";
  std::string fresh = disk_cache_path("fake-cc 1.0 -O3", source(2)) + ".d4E5f6";
  std::ofstream(stale) << "half an entry";
  std::ofstream(fresh) << "a write in progress";
  fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(1));
  // The next scan (here the one of an eviction) removes the stale one only.
  Context::global().set_cache_max_bytes(entry_bytes());
  compiler.compile_cached(source(3));
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(fresh));
  EXPECT_EQ(disk_cache_stats(dir()).bytes, entry_bytes());  // temporary files are no entries
}

// INGOT_CACHE_MAX is read once per process: a child reads the value it is given and says
// what it made of it.
const char* const kMaxChildFlag = "INGOT_CACHE_MAX_CHILD";

TEST(CacheLimitChild, ReadsCacheMax) {
  if (!std::getenv(kMaxChildFlag)) GTEST_SKIP() << "run by CacheLimit.ParsesCacheMax";
  try {
    std::printf("limit %llu\n", (unsigned long long)Context::global().cache_max_bytes());
  } catch (const Error& e) {
    std::printf("error: %s\n", e.what());
  }
  CountingCompiler compiler;  // a store with a bad limit is that error, not a crash
  try {
    compiler.compile_cached(source(0));
    std::printf("stored\n");
  } catch (const Error& e) {
    std::printf("store error: %s\n", e.what());
  }
}

// Each child gets a cache folder of its own, so that its store is a miss.
std::string child_reads(const fs::path& root, const std::string& value) {
  static int children = 0;
  std::string dir = (root / fmt::format("child-{}", ++children)).string();
  ProcessResult result = test::run_self(
      {"INGOT_CACHE=" + dir, "INGOT_CACHE_MAX=" + value, std::string(kMaxChildFlag) + "=1"},
      "CacheLimitChild.ReadsCacheMax");
  test::expect_child_passed(result);
  return result.output;
}

TEST_F(CacheLimit, ParsesCacheMax) {
  const std::pair<const char*, uint64_t> good[] = {
      {"100000", 100000},     {"100000B", 100000}, {"1K", 1024},
      {"512m", 512ull << 20}, {"4G", 4ull << 30},  {"4GiB", 4ull << 30},
      {"2gb", 2ull << 30},    {"1T", 1ull << 40},  {"16777215T", 16777215ull << 40}};
  for (const auto& [text, bytes] : good) {
    std::string output = child_reads(root_, text);
    EXPECT_NE(output.find(fmt::format("limit {}\n", bytes)), std::string::npos) << text << "\n"
                                                                                << output;
    EXPECT_NE(output.find("stored\n"), std::string::npos) << text << "\n" << output;
  }
  for (const char* bad : {"4Q", "0", "-1", "1.5G", "G", " 4G", "4 G", "4GG", "4iB", "16777216T",
                          "99999999999999999999"}) {
    std::string output = child_reads(root_, bad);
    std::string message = fmt::format(
        "INGOT_CACHE_MAX={} is not a size: give a positive number "
        "of bytes, optionally with a unit K, M, G or T",
        bad);
    EXPECT_NE(output.find("error: " + message), std::string::npos) << bad << "\n" << output;
    EXPECT_NE(output.find("store error: " + message), std::string::npos) << bad << "\n" << output;
  }
  EXPECT_THROW(Context::global().set_cache_max_bytes(0), ArgumentError);
}

}  // namespace
}  // namespace ingot
