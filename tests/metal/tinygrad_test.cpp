// Kernels rendered by tinygrad's Metal renderer (tinygrad from PyPI), run unchanged on the
// emulated Metal: tests/metal/render_tinygrad.py writes each kernel's MSL, launch, random
// inputs and numpy's outputs; this test compiles each, runs it with its outputs poisoned,
// and compares; a kernel that synchronizes (the group reduction's
// barriers, the tensor-core matmul's thread_elements()) must run its lanes as coroutines,
// not fibers. It needs a Python with tinygrad and numpy: INGOT_TINYGRAD_PYTHON, else the
// checkout's .venv; without one it skips.
#include <stdlib.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "backends/metal/emulator/msl_engine.hpp"
#include "metal/msl_kernel_test.hpp"
#include "runtime/process.hpp"

namespace ingot::test {
namespace {

// The Python to render with, or "" when none here has tinygrad.
std::string tinygrad_python() {
  const char* chosen = std::getenv("INGOT_TINYGRAD_PYTHON");
  std::string python = chosen ? chosen : std::string(INGOT_SOURCE_DIR) + "/.venv/bin/python";
  if (!std::filesystem::exists(python)) return "";
  ProcessResult r = run_process({python, "-c", "import tinygrad, numpy"});
  return r.exit_code == 0 ? python : "";
}

std::vector<float> read_floats(const std::filesystem::path& file, size_t count) {
  std::vector<float> values(count);
  std::ifstream(file, std::ios::binary)
      .read(reinterpret_cast<char*>(values.data()), std::streamsize(count * sizeof(float)));
  return values;
}

using TinygradKernels = MslKernelTest;

TEST_F(TinygradKernels, RunUnchanged) {
  std::string python = tinygrad_python();
  if (python.empty()) GTEST_SKIP() << "no Python with tinygrad (set INGOT_TINYGRAD_PYTHON)";
  std::string dir = (std::filesystem::temp_directory_path() / "ingot-tinygrad-XXXXXX").string();
  ASSERT_NE(::mkdtemp(dir.data()), nullptr);
  ProcessResult rendered =
      run_process({python, std::string(INGOT_SOURCE_DIR) + "/tests/metal/render_tinygrad.py", dir});
  ASSERT_EQ(rendered.exit_code, 0) << rendered.output;
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    SCOPED_TRACE(entry.path().stem().string());
    ++cases;
    std::ifstream manifest(entry.path());
    std::string name;
    MTLSize groups{}, threads{};
    manifest >> name >> groups.width >> groups.height >> groups.depth >> threads.width >>
        threads.height >> threads.depth;
    std::stringstream source;
    source
        << std::ifstream(std::filesystem::path(entry.path()).replace_extension(".metal")).rdbuf();
    Owned lib = library(source.str());
    ASSERT_TRUE(lib);
    Owned fn = function(lib.get(), name);
    ASSERT_TRUE(fn) << name;
    Owned p = pipeline(fn.get());
    auto engine = metal_emulator::MslLibrary::compile(source.str(), true);
    EXPECT_NE(metal_emulator::lane_model(*engine, name), metal_emulator::LaneModel::Fibers);
    struct Bound {
      Owned buffer;
      std::vector<float> expected;  // outputs only
    };
    std::vector<Bound> bound;
    std::vector<std::pair<id, NSUInteger>> bindings;
    size_t index, count;
    std::string role, file;
    while (manifest >> index >> count >> role >> file) {
      std::vector<float> values = read_floats(std::filesystem::path(dir) / file, count);
      bool out = role == "out";
      bound.push_back({out ? buffer<float>(count) : buffer<float>(count, values),
                       out ? values : std::vector<float>()});
      bindings.emplace_back(bound.back().buffer.get(), NSUInteger(index));
    }
    ASSERT_EQ(run(p.get(), bindings, groups, threads), "");
    for (Bound& b : bound)
      for (size_t i = 0; i < b.expected.size(); ++i) {
        float got = contents<float>(b.buffer)[i], want = b.expected[i];
        ASSERT_NEAR(got, want, 1e-4 * std::max(1.0f, std::fabs(want))) << "element " << i;
      }
  }
  EXPECT_GE(cases, 4) << rendered.output;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ingot::test
