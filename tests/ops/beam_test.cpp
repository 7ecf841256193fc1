// BEAM on every device: with BEAM set, a kernel's candidate plans are compiled and timed,
// and the kept one computes the right result (checked against float64 references into
// poisoned outputs), as every candidate does; the winner is stored in the disk cache, so
// that a later search of the same kernel compiles only it.
#include "engine/beam.hpp"

#include <stdlib.h>

#include <cmath>
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
  auto found = ingot::engine::beam_search(ingot::engine::describe_kernel(again.node()), device, key,
                                          leaves, kWidth);
  EXPECT_EQ(compiled() - before, 1u);
  EXPECT_EQ(found->opts, kept);
}

// A kernel the heuristic chose is not reused under BEAM, nor BEAM's without it: the
// settings that choose the opts are part of what finds a compiled kernel in memory.
TEST_P(BeamTest, TurningBeamOnSearchesAKernelTheHeuristicAlreadyCompiled) {
  Array x = random({56, 72});
  Tensor tx = tensor(x);
  tx.realize();
  ingot::Context::global().set_beam(0);
  EXPECT_TRUE(close(tx.sum({1}), x.sum({1}), Tol::reduction(F32, 72)));
  ingot::Context::global().set_beam(kWidth);
  uint64_t before = compiled();
  EXPECT_TRUE(close(tx.sum({1}), x.sum({1}), Tol::reduction(F32, 72)));
  EXPECT_GE(compiled() - before, 1u) << "BEAM reused the heuristic's kernel without a search";
  ingot::Context::global().set_beam(0);
  before = compiled();
  EXPECT_TRUE(close(tx.sum({1}), x.sum({1}), Tol::reduction(F32, 72)));
  EXPECT_EQ(compiled() - before, 0u) << "the heuristic's kernel was not kept in memory";
}

// Whatever BEAM keeps is right: each of up to 64 candidate kernels of a matmul, sums over
// either axis and an elementwise chain, launched into a poisoned output, against the
// float64 reference.
TEST_P(BeamTest, EveryCandidateComputesTheRightResult) {
  Array a = random({24, 40}), b = random({40, 64}), x = random({48, 96});
  Tensor ta = tensor(a), tb = tensor(b), tx = tensor(x);
  Tensor::realize_all({ta, tb, tx});
  struct Case {
    std::string name;
    Tensor got;
    Array want;
    Tol tol;
  };
  std::vector<Case> cases = {
      {"matmul", ta.matmul(tb), a.matmul(b), Tol::reduction(F32, 40)},
      {"row sums", tx.sum({1}), x.sum({1}), Tol::reduction(F32, 96)},
      {"column sums", tx.sum({0}), x.sum({0}), Tol::reduction(F32, 48)},
      {"x * 2 + 1", tx * 2.0 + 1.0, x * 2.0 + 1.0, Tol::of(F32)},
  };
  ingot::Device& device = ingot::Device::get(dev());
  size_t tried = 0, refused = 0;
  for (const Case& c : cases) {
    std::vector<ingot::NodePtr> leaves;
    ingot::engine::structural_key(c.got.node(), leaves);
    const ingot::engine::KernelDescription kernel = ingot::engine::describe_kernel(c.got.node());
    auto candidates =
        ingot::codegen::lower_candidates(kernel.ast, device.info(), /*noopt=*/false, 64);
    tried += candidates.size();
    for (size_t n = 0; n < candidates.size(); ++n) {
      const auto& candidate = candidates[n];
      SCOPED_TRACE(c.name + " under " + candidate.kernel.opts);
      const size_t count = c.want.data.size();
      auto out = device.allocator().alloc(count * sizeof(float));
      std::vector<uint8_t> poison(count * sizeof(float), 0xFF);
      out->copy_in(poison.data(), poison.size());
      // A device may refuse a variation (too many threads for this kernel's registers):
      // BEAM drops those, never the heuristic's choice.
      try {
        auto compiled = ingot::engine::build_kernel(candidate, device, kernel.inputs, leaves);
        std::vector<ingot::Buffer*> buffers = {out.get()};
        for (int leaf : compiled->input_leaves)
          buffers.push_back(leaves[size_t(leaf)]->buffer.get());
        compiled->program->launch(buffers, compiled->dims, {}, true);
      } catch (const ingot::Error& e) {
        EXPECT_GT(n, 0u) << "the heuristic's kernel failed: " << e.what();
        ++refused;
        continue;
      }
      std::vector<float> got(count);
      out->copy_out(got.data(), poison.size());
      size_t wrong = 0;
      for (size_t i = 0; i < count; ++i) {
        const double want = c.want.data[i];
        wrong += !(std::abs(got[i] - want) <= c.tol.atol + c.tol.rtol * std::abs(want));
      }
      EXPECT_EQ(wrong, 0u) << "first value " << got[0] << ", want " << c.want.data[0];
    }
  }
  EXPECT_GT(tried - refused, 2 * cases.size()) << "too few candidates to choose from";
  RecordProperty("candidates", static_cast<int>(tried));
  RecordProperty("refused", static_cast<int>(refused));
}

INGOT_ON_ALL_DEVICES(BeamTest);

}  // namespace
