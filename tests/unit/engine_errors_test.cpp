// The engine recovers from failures below it: a missing compiler is an ingot::Error
// naming what was looked for, and once a compiler is back the same work succeeds. A
// negative BEAM width is refused and leaves the setting as it was.
#include <gtest/gtest.h>

#include "ingot/ingot.hpp"

namespace ingot {
namespace {

TEST(EngineErrors, MissingCompilerIsAnErrorAndTheEngineRecovers) {
  Context& ctx = Context::global();
  std::string saved = ctx.cpu_compiler();
  Tensor x = Tensor::from_vector<float>({1, 2, 3}, {3}, "CPU");
  // A constant no other test uses, so the kernel is new and must be compiled.
  Tensor y = x * 7.123456789 + 0.5;
  ctx.set_cpu_compiler("ingot-no-such-compiler");
  try {
    y.realize();
    ADD_FAILURE() << "expected an ingot::Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no C compiler"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("ingot-no-such-compiler"), std::string::npos) << e.what();
  }
  ctx.set_cpu_compiler(saved);
  auto values = y.to_vector<float>();
  ASSERT_EQ(values.size(), 3u);
  for (int i = 0; i < 3; ++i)
    EXPECT_FLOAT_EQ(values[i], static_cast<float>((i + 1) * 7.123456789 + 0.5));
}

TEST(EngineErrors, NegativeBeamWidthIsRefused) {
  Context& ctx = Context::global();
  const int saved = ctx.beam();
  try {
    ctx.set_beam(-2);
    ADD_FAILURE() << "expected an ingot::Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("set_beam"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("-2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("0 turns BEAM off"), std::string::npos) << e.what();
  }
  EXPECT_EQ(ctx.beam(), saved);
}

}  // namespace
}  // namespace ingot
