// DEBUG levels on the CPU (docs/configuration.md): each level prints what the one below
// prints and its own lines, and nothing of the levels above it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "ingot/ingot.hpp"
#include "runtime/process.hpp"

namespace ingot {
namespace {

struct Printed {
  std::string text;
  std::string kernel;  // the name of the one kernel launched
  std::string shape;   // its output's, as DEBUG=3 prints it
  bool has(const std::string& what) const { return text.find(what) != std::string::npos; }
};

// Runs an elementwise kernel of a shape only `level` uses (so that it is compiled, and
// its compile printed, in this process) at DEBUG=level, and returns what it printed.
Printed run_at(int level, const std::string& device = "CPU") {
  const int64_t rows = 40 + level;
  std::mt19937 rng{uint32_t(level)};
  std::vector<float> values(size_t(rows * 11));
  for (float& v : values) v = std::uniform_real_distribution<float>(-1, 1)(rng);
  Tensor x = Tensor::from_vector(values, {rows, 11}, device);
  const int saved = Context::global().debug();
  Context::global().set_debug(level);
  testing::internal::CaptureStderr();
  (x * 3 + 1).realize();
  Printed printed{testing::internal::GetCapturedStderr(), ""};
  Context::global().set_debug(saved);
  // The kernel's name opens the DEBUG=2 line: "E_41_11 ...".
  printed.kernel = fmt::format("E_{}_11", rows);
  printed.shape = fmt::format("float32({}, 11)", rows);
  return printed;
}

// What each level adds, in a form no lower level prints.
bool level_shows(const Printed& p, int level) {
  switch (level) {
    case 1:
      return p.has("realized 1 target(s) with 1 kernel(s) and 0 copies in ");
    case 2:
      return p.has(p.kernel + " ") && p.has(" GB/s ") && p.has(" GFLOP/s ");
    case 3:
      return p.has(p.kernel + " opts: ") &&
             p.has("kernel for " + p.shape + " on CPU from " + p.shape);
    case 4:
      return p.has(p.kernel + "(");  // the function's definition in the C source
    case 5:
      return p.has("IR of " + p.kernel) && p.has("Store float32");
    case 6:
      return p.has("-byte c binary for CPU:") &&
             (find_executable("objdump").empty() ? p.has("objdump is not on PATH")
                                                 : p.has("<" + p.kernel + ">:"));
    default:
      return false;
  }
}

class DebugLevel : public ::testing::TestWithParam<int> {};

TEST_P(DebugLevel, PrintsItsOwnAndTheLowerLevelsLines) {
  const int level = GetParam();
  Printed printed = run_at(level);
  SCOPED_TRACE(printed.text);
  for (int shown = 1; shown <= 6; ++shown)
    EXPECT_EQ(level_shows(printed, shown), shown <= level) << "level " << shown;
}

INSTANTIATE_TEST_SUITE_P(Cpu, DebugLevel, ::testing::Range(1, 7));

TEST(DebugLevel, ZeroPrintsNothing) { EXPECT_EQ(run_at(0).text, ""); }

// DEBUG=6 on CUDA: the CUBIN's SASS by cuobjdump, or the PTX itself; either names the
// kernel's entry point after the binary's header line.
TEST(DebugLevel, SixOnCudaPrintsTheKernelsMachineCode) {
  auto names = Device::available();
  if (std::find(names.begin(), names.end(), "CUDA:0") == names.end())
    GTEST_SKIP() << "CUDA:0 does not open here";
  Printed printed = run_at(6, "CUDA:0");
  SCOPED_TRACE(printed.text);
  const std::string ir = "IR of ";
  size_t at = printed.text.find(ir);
  ASSERT_NE(at, std::string::npos);
  at += ir.size();
  const std::string name = printed.text.substr(at, printed.text.find(' ', at) - at);
  size_t binary = printed.text.find("-byte cuda binary for CUDA:0:");
  ASSERT_NE(binary, std::string::npos);
  const std::string code = printed.text.substr(binary);
  if (printed.has("cuobjdump is not on PATH")) GTEST_SKIP() << "no cuobjdump on PATH";
  EXPECT_NE(code.find(name), std::string::npos) << "the machine code names " << name;
}

}  // namespace
}  // namespace ingot
