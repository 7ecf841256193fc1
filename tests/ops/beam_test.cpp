// BEAM on every device: with BEAM set, a kernel's candidate plans are compiled and timed,
// and the kept one computes the right result (checked against float64 references into
// poisoned outputs); the winner is stored in the disk cache, so that a later search of the
// same kernel compiles only it.
#include "engine/beam.hpp"

#include <stdlib.h>

#include <filesystem>

#include "ingot/context.hpp"
#include "support/op_test.hpp"

namespace {

using namespace support;
namespace fs = std::filesystem;

constexpr int kWidth = 4;

// BEAM on, and a fresh disk cache, so that no winner of an earlier run is found.
class BeamTest : public OpTest {
 protected:
  void SetUp() override {
    OpTest::SetUp();
    std::string pattern = (fs::temp_directory_path() / "ingot-beam-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    folder_ = pattern;
    saved_cache_ = ingot::Context::global().cache_dir();
    ingot::Context::global().set_cache_dir(folder_.string());
    ingot::Context::global().set_beam(kWidth);
  }
  void TearDown() override {
    ingot::Context::global().set_beam(0);
    ingot::Context::global().set_cache_dir(saved_cache_);
    fs::remove_all(folder_);
  }
  static uint64_t compiled() { return ingot::engine_stats().kernels_compiled; }

  fs::path folder_;
  std::string saved_cache_;
};

TEST_P(BeamTest, KeepsACandidateThatComputesTheRightResult) {
  // Several plans fit each of these on every device (vector lanes or not, groups...).
  Array a = random({64, 48}), b = random({48, 96}), x = random({64, 96});
  uint64_t before = compiled();
  EXPECT_TRUE(close(tensor(a).matmul(tensor(b)), a.matmul(b), Tol::reduction(F32, 48)));
  EXPECT_GE(compiled() - before, 2u) << "BEAM compiled only one candidate of the matmul";
  before = compiled();
  EXPECT_TRUE(close(tensor(x).sum({1}), x.sum({1}), Tol::reduction(F32, 96)));
  EXPECT_GE(compiled() - before, 2u) << "BEAM compiled only one candidate of the row sums";
  EXPECT_TRUE(check([](auto x) { return x.softmax(-1); }, x));
}

TEST_P(BeamTest, ALaterSearchCompilesOnlyTheStoredWinner) {
  // Sizes no other test uses, so that this process has not kept the kernel in memory.
  Tensor a = tensor(random({32, 40})), b = tensor(random({40, 112}));
  Tensor::realize_all({a, b});
  Tensor first = a.matmul(b);
  first.realize();
  // The same kernel again, as a new process would meet it: its search finds the winner.
  Tensor again = a.matmul(b);
  std::vector<ingot::NodePtr> leaves;
  std::string key = ingot::engine::structural_key(again.node(), leaves);
  ingot::Device& device = ingot::Device::get(dev());
  const std::string kept = ingot::engine::kernel_for(again.node(), device, key, leaves).opts;
  uint64_t before = compiled();
  auto found = ingot::engine::beam_search(again.node(), device, key, leaves, kWidth);
  EXPECT_EQ(compiled() - before, 1u);
  EXPECT_EQ(found->opts, kept);
}

INGOT_ON_ALL_DEVICES(BeamTest);

}  // namespace
