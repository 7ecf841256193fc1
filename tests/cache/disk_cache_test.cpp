// The kernel disk cache: hits across "restarts", damaged entries, an unwritable folder,
// and two processes filling one entry at once.
#include "runtime/disk_cache.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cache/cache_test_support.hpp"

namespace ingot {
namespace {

namespace fs = std::filesystem;
using test::CountingCompiler;
using test::reversed;

const std::string kSource = "void k(void) { /* a kernel */ }";

class DiskCache : public test::CacheFolderTest {
 protected:
  std::string entry(const std::string& identity = "fake-cc 1.0 -O3") {
    return disk_cache_path(identity, kSource);
  }
};

TEST_F(DiskCache, EntrySurvivesARestart) {
  CountingCompiler first;
  EXPECT_EQ(first.compile_cached(kSource), reversed(kSource));
  EXPECT_EQ(first.compiles, 1);
  EXPECT_TRUE(fs::exists(entry()));
  CountingCompiler restarted;  // a new process would start like this
  EXPECT_EQ(restarted.compile_cached(kSource), reversed(kSource));
  EXPECT_EQ(restarted.compiles, 0);
}

TEST_F(DiskCache, EmptyBinaryIsCached) {
  EXPECT_TRUE(disk_cache_store("id", "", {}));
  auto loaded = disk_cache_load("id", "");
  ASSERT_TRUE(loaded.has_value());
  EXPECT_TRUE(loaded->empty());
}

// Damages the stored entry with `damage`, then expects a recompile that repairs it.
void expect_repaired(const std::string& path, const std::function<void(std::string&)>& damage) {
  CountingCompiler writer;
  writer.compile_cached(kSource);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  damage(bytes);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  EXPECT_FALSE(disk_cache_load("fake-cc 1.0 -O3", kSource).has_value());
  EXPECT_FALSE(fs::exists(path)) << "a damaged entry is removed when read";

  CountingCompiler reader;
  EXPECT_EQ(reader.compile_cached(kSource), reversed(kSource));
  EXPECT_EQ(reader.compiles, 1);
  EXPECT_EQ(disk_cache_load("fake-cc 1.0 -O3", kSource), reversed(kSource));
  CountingCompiler after;
  after.compile_cached(kSource);
  EXPECT_EQ(after.compiles, 0);
}

TEST_F(DiskCache, CorruptPayloadIsRecompiledAndRepaired) {
  expect_repaired(entry(), [](std::string& bytes) { bytes.back() ^= 0x40; });
}

TEST_F(DiskCache, TruncatedEntryIsRecompiledAndRepaired) {
  expect_repaired(entry(), [](std::string& bytes) { bytes.resize(bytes.size() - 3); });
  expect_repaired(entry(), [](std::string& bytes) { bytes.resize(5); });  // inside the header
  expect_repaired(entry(), [](std::string& bytes) { bytes.clear(); });
}

TEST_F(DiskCache, BadMagicOrLengthIsAMiss) {
  expect_repaired(entry(), [](std::string& bytes) { bytes[0] = 'X'; });
  expect_repaired(entry(), [](std::string& bytes) { bytes += "trailing"; });
}

// The header's version fields (runtime/disk_cache_entry.hpp): the format version at byte
// 8, the ingot version at bytes 16 to 31.
TEST_F(DiskCache, ForeignVersionIsRecompiledAndRepaired) {
  expect_repaired(entry(), [](std::string& bytes) { bytes[8] = char(bytes[8] + 1); });
  expect_repaired(entry(), [](std::string& bytes) { bytes[16] = '9'; });
  expect_repaired(entry(), [](std::string& bytes) { bytes[31] = 'x'; });
  // An entry of the first format: "INGOT1", the payload's length and its XXH64.
  expect_repaired(entry(), [](std::string& bytes) {
    std::string payload = bytes.substr(48);
    std::string old = "INGOT1";
    for (uint64_t field :
         {uint64_t(payload.size()), uint64_t(XXH64(payload.data(), payload.size(), 0))})
      for (int i = 0; i < 8; ++i) old += char(field >> (8 * i));
    bytes = old + payload;
  });
}

TEST_F(DiskCache, KeyCoversIdentityAndSource) {
  std::string key = disk_cache_key("clang-19 -O3", kSource);
  EXPECT_EQ(key.size(), 32u);
  EXPECT_EQ(key.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(key, disk_cache_key("clang-19 -O3", kSource));
  EXPECT_NE(key, disk_cache_key("clang-19 -O2", kSource));  // flags
  EXPECT_NE(key, disk_cache_key("clang-19 -O3", kSource + " "));
  EXPECT_NE(disk_cache_key("ab", "c"), disk_cache_key("a", "bc"));

  CountingCompiler o3("cc -O3"), o2("cc -O2");
  o3.compile_cached(kSource);
  o2.compile_cached(kSource);
  EXPECT_EQ(o2.compiles, 1);  // another identity: no hit on -O3's entry
}

TEST_F(DiskCache, UnwritableFolderDisablesCachingOnly) {
  fs::path file = root_ / "a-file";
  std::ofstream(file) << "not a folder";
  // A folder below a regular file cannot be created, even by root.
  Context::global().set_cache_dir((file / "cache").string());
  CountingCompiler compiler;
  EXPECT_EQ(compiler.compile_cached(kSource), reversed(kSource));
  EXPECT_EQ(compiler.compile_cached(kSource), reversed(kSource));
  EXPECT_EQ(compiler.compiles, 2);
  EXPECT_FALSE(disk_cache_store("id", "source", {1, 2, 3}));
  EXPECT_FALSE(disk_cache_load("id", "source").has_value());
  // The real compiler still works, building in the system's temporary folder.
  auto binary = Device::get("CPU").compiler().compile_cached(
      "void k(char* const* b, const long* i, const double* f, long s, long e) {}");
  EXPECT_FALSE(binary.empty());
}

// A compiler that also assembles, counting: its "binary" is the language, then the source.
class CountingAssembler : public CountingCompiler {
 public:
  std::vector<uint8_t> assemble(const std::string& source, const std::string& language) override {
    ++assembles;
    std::string binary = language + source;
    return {binary.begin(), binary.end()};
  }
  int assembles = 0;
};

TEST_F(DiskCache, AssemblyHitsItsOwnEntryKeyedByTheLanguage) {
  CountingAssembler first;
  std::vector<uint8_t> ptx = first.assemble_cached(kSource, "ptx");
  first.assemble_cached(kSource, "asm");
  first.compile_cached(kSource);
  // Each language, and the device's own, an entry of its own for the same text.
  EXPECT_EQ(first.assembles, 2);
  EXPECT_EQ(first.compiles, 1);
  CountingAssembler restarted;
  EXPECT_EQ(restarted.assemble_cached(kSource, "ptx"), ptx);
  EXPECT_EQ(restarted.assemble_cached(kSource, "asm"), first.assemble(kSource, "asm"));
  EXPECT_EQ(restarted.compile_cached(kSource), reversed(kSource));
  EXPECT_EQ(restarted.assembles + restarted.compiles, 0);
}

TEST_F(DiskCache, CpuAssemblyIsCachedAndLoads) {
#if !defined(__x86_64__)
  GTEST_SKIP() << "the test's assembly is x86-64's";
#endif
  const std::string source = ".text\n.globl asm_kernel\nasm_kernel:\n  ret\n";
  Device& cpu = Device::get("CPU");
  std::vector<uint8_t> binary = cpu.compiler().assemble_cached(source, "asm");
  std::vector<fs::path> entries;
  for (const auto& file : fs::directory_iterator(Context::global().cache_dir()))
    if (file.path().extension() == ".bin") entries.push_back(file.path());
  ASSERT_EQ(entries.size(), 1u);
  // A miss stores the entry again, renaming a new file into place: the same file (inode)
  // after the second call shows that it was a hit.
  auto inode = [&] {
    struct stat info {};
    EXPECT_EQ(stat(entries[0].c_str(), &info), 0);
    return info.st_ino;
  };
  const ino_t before = inode();
  EXPECT_EQ(cpu.compiler().assemble_cached(source, "asm"), binary);
  EXPECT_EQ(inode(), before);
  EXPECT_NO_THROW(cpu.load(binary, "asm_kernel", 0));
}

// The child half of TwoProcessesFillOneEntry: compiles one kernel through the real CPU
// compiler into the cache named by INGOT_CACHE. Skipped when run on its own.
const char* const kDiskCacheChild = "INGOT_DISK_CACHE_CHILD";
const std::string kSharedKernel =
    "#include <stdint.h>\n"
    "void shared_kernel(char* const* bufs, const int64_t* iargs, const double* fargs,\n"
    "                   int64_t start, int64_t end) {\n"
    "  float* out = (float*)bufs[0];\n"
    "  for (int64_t i = start; i < end; ++i) out[i] = (float)i * 0.5f;\n"
    "}\n";

TEST(DiskCacheChild, CompileSharedKernel) {
  if (!std::getenv(kDiskCacheChild)) GTEST_SKIP() << "run by DiskCache.TwoProcessesFillOneEntry";
  Device& cpu = Device::get("CPU");
  auto binary = cpu.compiler().compile_cached(kSharedKernel);
  EXPECT_NO_THROW(cpu.load(binary, "shared_kernel", 1));
}

TEST_F(DiskCache, TwoProcessesFillOneEntry) {
  std::string cache = dir();
  ProcessResult results[2];
  std::thread children[2];
  for (int i = 0; i < 2; ++i) {
    children[i] = std::thread([&, i] {
      results[i] = test::run_self({"INGOT_CACHE=" + cache, std::string(kDiskCacheChild) + "=1"},
                                  "DiskCacheChild.CompileSharedKernel");
    });
  }
  for (auto& child : children) child.join();
  for (const auto& result : results) test::expect_child_passed(result);
  std::string identity = Device::get("CPU").compiler().identity();
  auto cached = disk_cache_load(identity, kSharedKernel);
  ASSERT_TRUE(cached.has_value());
  EXPECT_NO_THROW(Device::get("CPU").load(*cached, "shared_kernel", 1));
  // Only the entry and the folder's state remain: no temporary files and no build folders.
  std::vector<std::string> left;
  for (const auto& file : fs::directory_iterator(cache)) left.push_back(file.path().string());
  std::vector<std::string> expected = {disk_cache_path(identity, kSharedKernel),
                                       cache + "/cache.state"};
  // Sorted both: the entry's name is a hash, so it may sort before or after the state.
  std::sort(left.begin(), left.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(left, expected);
}

}  // namespace
}  // namespace ingot
