// Four processes compile 200 distinct kernels with the CPU compiler into one cache folder
// whose limit holds 50 entries: the entries stay within the limit throughout, no entry a
// process has just written or keeps using is lost, every kernel computes its result, and
// no temporary file is left.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "cache/cache_test_support.hpp"
#include "ingot/disk_cache_stats.hpp"
#include "runtime/disk_cache.hpp"
#include "runtime/disk_cache_entry.hpp"
#include "runtime/disk_cache_folder.hpp"

namespace ingot {
namespace {

constexpr int kProcesses = 4, kPerProcess = 50, kEntriesHeld = 50;
// The kernel every process uses again after every 5 of its own: least recently used
// eviction keeps it (about 20 entries are written between two uses, and eviction keeps
// 45), where first-in first-out eviction would drop it.
constexpr int kHot = kProcesses * kPerProcess, kHotEvery = 5;
constexpr int64_t kElements = 67;

std::string kernel_name(int k) { return fmt::format("bounded_{:03}", k); }

// Kernel k writes out[i] = 3 * i + k.
std::string kernel_source(int k) {
  return fmt::format(
      "#include <stdint.h>\n"
      "void {}(char* const* bufs, const int64_t* iargs, const double* fargs,\n"
      "        int64_t start, int64_t end) {{\n"
      "  float* out = (float*)bufs[0];\n"
      "  for (int64_t i = start; i < end; ++i) out[i] = (float)(3 * i + {});\n"
      "}}\n",
      kernel_name(k), k);
}

// The CPU backend's compiler, counting its compiles.
class CountingCpuCompiler : public Compiler {
 public:
  std::string identity() const override { return cpu_.identity(); }
  std::vector<uint8_t> compile(const std::string& source) override {
    ++compiles;
    return cpu_.compile(source);
  }
  int compiles = 0;

 private:
  Compiler& cpu_ = Device::get("CPU").compiler();
};

// Loads kernel k from `binary`, runs it on a poisoned buffer and checks every element.
void expect_computes(const std::vector<uint8_t>& binary, int k) {
  Device& cpu = Device::get("CPU");
  auto program = cpu.load(binary, kernel_name(k), 1);
  auto out = cpu.allocator().alloc(kElements * sizeof(float));
  std::vector<float> values(kElements, std::numeric_limits<float>::quiet_NaN());
  out->copy_in(values.data(), out->bytes());
  Buffer* buffers[] = {out.get()};
  program->launch(buffers, LaunchDims{{kElements, 1, 1}, {1, 1, 1}}, {}, true);
  out->copy_out(values.data(), out->bytes());
  for (int64_t i = 0; i < kElements; ++i)
    ASSERT_EQ(double(values[size_t(i)]), 3.0 * double(i) + double(k)) << kernel_name(k) << " " << i;
}

// The child: process p compiles kernels 50p to 50p + 49, and the hot kernel every 5th.
const char* const kBoundedCacheChild = "INGOT_BOUNDED_CACHE_CHILD";

TEST(BoundedCacheChild, CompileItsKernels) {
  const char* index = std::getenv(kBoundedCacheChild);
  if (!index) GTEST_SKIP() << "run by BoundedCache.FourProcessesStayWithinTheLimit";
  int p = std::atoi(index);
  CountingCpuCompiler compiler;
  int hot_compiles = 0;
  for (int j = 0; j < kPerProcess; ++j) {
    int k = p * kPerProcess + j;
    std::vector<uint8_t> binary = compiler.compile_cached(kernel_source(k));
    // The entry just written is still there when its writer looks again.
    EXPECT_EQ(disk_cache_load(compiler.identity(), kernel_source(k)), binary) << kernel_name(k);
    expect_computes(binary, k);
    if (j % kHotEvery == 0) {
      int before = compiler.compiles;
      expect_computes(compiler.compile_cached(kernel_source(kHot)), kHot);
      hot_compiles += compiler.compiles - before;
    }
  }
  EXPECT_EQ(compiler.compiles - hot_compiles, kPerProcess);
  // Its first use may find no entry yet; every later one finds it.
  EXPECT_LE(hot_compiles, 1);
}

class BoundedCache : public test::CacheFolderTest {};

TEST_F(BoundedCache, FourProcessesStayWithinTheLimit) {
  // The limit: 50 of the largest entry (the kernels differ only in a constant).
  Compiler& cpu = Device::get("CPU").compiler();
  size_t largest = 0;
  for (int k : {0, kHot}) largest = std::max(largest, cpu.compile(kernel_source(k)).size());
  uint64_t entry = kDiskCacheHeaderBytes + largest, limit = kEntriesHeld * entry;

  std::string cache = dir();
  ProcessResult results[kProcesses];
  std::vector<std::thread> children;
  for (int p = 0; p < kProcesses; ++p)
    children.emplace_back([&, p] {
      results[p] = test::run_self({"INGOT_CACHE=" + cache, fmt::format("INGOT_CACHE_MAX={}", limit),
                                   fmt::format("{}={}", kBoundedCacheChild, p)},
                                  "BoundedCacheChild.CompileItsKernels");
    });
  // Meanwhile, the entries' total, read under the shared lock: every change to the set of
  // entries is made under the exclusive one.
  std::atomic<bool> done = false;
  uint64_t most = 0;
  int samples = 0;
  std::thread sampler([&] {
    while (!done) {
      {
        DiskCacheLock lock(cache, DiskCacheLock::Mode::Shared);
        if (lock.locked()) {
          most = std::max(most, total_bytes(scan_disk_cache(cache, false)));
          ++samples;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  });
  for (std::thread& child : children) child.join();
  done = true;
  sampler.join();

  for (const ProcessResult& result : results) test::expect_child_passed(result);
  EXPECT_GT(samples, 10);
  EXPECT_LE(most, limit);
  DiskCacheStats stats = disk_cache_stats(cache);
  EXPECT_LE(stats.bytes, limit);
  // Eviction goes down to 90% of the limit, and the entries written since fill it again.
  EXPECT_GE(stats.entries, uint64_t(kEntriesHeld * 8 / 10));
  EXPECT_LE(stats.entries, uint64_t(kEntriesHeld));
  // One miss per kernel and at most one per process for the hot one; a hit per read-back.
  EXPECT_GE(stats.misses, uint64_t(kHot));
  EXPECT_LE(stats.misses, uint64_t(kHot + kProcesses));
  EXPECT_GE(stats.hits, uint64_t(kHot));
  EXPECT_EQ(test::strays(cache), std::vector<std::string>{});
  std::string identity = cpu.identity();
  EXPECT_TRUE(disk_cache_load(identity, kernel_source(kHot)).has_value());
}

}  // namespace
}  // namespace ingot
