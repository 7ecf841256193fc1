// Progress (core/progress.hpp): a bar redrawn in place on a terminal, a line a step
// elsewhere, nothing when off; SlowNotice only for work slower than its threshold.
#include "core/progress.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace ingot {
namespace {

// Runs `draw` against a temporary file and returns what it wrote.
template <class Draw>
std::string drawn(Draw draw) {
  std::FILE* file = std::tmpfile();
  draw(file);
  std::rewind(file);
  std::string text;
  for (int c; (c = std::fgetc(file)) != EOF;) text += char(c);
  std::fclose(file);
  return text;
}

TEST(Progress, LinesAreOneAStep) {
  std::string text = drawn([](std::FILE* out) {
    Progress progress("BEAM k", 3, Progress::Style::Lines, out);
    progress.step("a");
    progress.step("b");
  });
  EXPECT_EQ(text, "BEAM k: 1/3 a\nBEAM k: 2/3 b\n");
}

TEST(Progress, ABarIsRedrawnInPlaceAndErased) {
  std::string text = drawn([](std::FILE* out) {
    Progress progress("BEAM k", 2, Progress::Style::Bar, out);
    progress.step("a");
    progress.step("b");
  });
  EXPECT_EQ(text.find('\n'), std::string::npos) << text;
  EXPECT_NE(text.find("[###############...............] 1/2 a"), std::string::npos) << text;
  EXPECT_NE(text.find("[##############################] 2/2 b"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("\r\033[2K")) << "the bar is erased when done";
}

TEST(Progress, OffDrawsNothing) {
  std::string text = drawn([](std::FILE* out) {
    Progress progress("BEAM k", 2, Progress::Style::Off, out);
    progress.step("a");
  });
  EXPECT_EQ(text, "");
}

TEST(SlowNotice, QuietForQuickWorkAndSaysSoForSlowWork) {
  using namespace std::chrono_literals;
  EXPECT_EQ(
      drawn([](std::FILE* out) { SlowNotice n("compiling k", 1s, Progress::Style::Lines, out); }),
      "");
  std::string slow = drawn([](std::FILE* out) {
    SlowNotice n("compiling k", 10ms, Progress::Style::Lines, out);
    std::this_thread::sleep_for(200ms);
  });
  EXPECT_EQ(slow, "compiling k: still running after 0 s\n");
}

}  // namespace
}  // namespace ingot
