// ingot::jit on every device: replays equal a float64 reference of the same function,
// compile and schedule nothing, re-capture on new shapes up to the bound and then refuse,
// keep results of earlier calls and every buffer they use, read external tensors' current
// contents, and draw random numbers per call as eager calls would.
#include <ingot/custom_kernel.hpp>
#include <ingot/jit.hpp>
#include <ingot/kernel_builder.hpp>

#include "support/device_values.hpp"
#include "support/op_test.hpp"

namespace support {
namespace {

using ingot::Jit;

class JitTest : public OpTest {
 protected:
  // The layer with `w` read from the closure: an external tensor of the capture.
  Jit layer_jit(const Tensor& w, size_t max_captures = Jit::kDefaultMaxCaptures) {
    return ingot::jit(
        [w](const std::vector<Tensor>& in) { return bias_relu_layer(in[0], w, in[1]); },
        max_captures);
  }
  // Calls `step` on new random inputs of `rows` rows and checks both results; returns
  // what the call alone did in the engine.
  ingot::EngineStats expect_layer(const Jit& step, const Array& w, int64_t rows) {
    Array x = random({rows, w.shape[0]}), b = random({w.shape[1]});
    Tensor xt = tensor(x), bt = tensor(b);
    poison_allocator_cache(dev(), size_t(rows * w.shape[1]) * 4);
    ingot::EngineStats before = ingot::engine_stats();
    std::vector<Tensor> got = step({xt, bt});
    ingot::EngineStats after = ingot::engine_stats();
    std::vector<Array> want = bias_relu_layer(x, w, b);
    EXPECT_EQ(got.size(), 2u);
    if (got.size() == 2) {
      Tol tol = Tol::reduction(F32, w.shape[0]);
      EXPECT_TRUE(close(got[0], want[0], tol));
      EXPECT_TRUE(close(got[1], want[1], Tol::reduction(F32, w.shape[0] * w.shape[1])));
    }
    return {after.kernels_launched - before.kernels_launched,
            after.kernels_compiled - before.kernels_compiled, after.schedules - before.schedules,
            after.jit_inputs_copied - before.jit_inputs_copied};
  }
};

TEST_P(JitTest, ReplaysMatchTheReferenceWithoutCompilingOrScheduling) {
  Array w = random({16, 12});
  Jit step = layer_jit(tensor(w));
  ingot::EngineStats capture = expect_layer(step, w, 5);
  EXPECT_GT(capture.schedules, 0u);
  for (int call = 0; call < 3; ++call) {
    ingot::EngineStats replay = expect_layer(step, w, 5);
    EXPECT_EQ(replay.kernels_compiled, 0u);
    EXPECT_EQ(replay.schedules, 0u);
    // Both inputs are bound in place: nothing is copied into the capture.
    EXPECT_EQ(replay.jit_inputs_copied, 0u);
    // The replayed launches count, as many as the capture made.
    EXPECT_EQ(replay.kernels_launched, capture.kernels_launched);
  }
  EXPECT_EQ(step.captures(), 1u);
}

// A built kernel launches outside the engine's schedule, where a capture cannot see it: a
// function that runs one is refused with an Error naming the kernel, and runs eagerly.
TEST_P(JitTest, ABuiltKernelInsideACaptureIsRefused) {
  ingot::KernelBuilder b("double_it", dev());
  auto in = b.buffer("in", F32);
  auto out = b.buffer("out", F32, ingot::KernelBuilder::Access::Write);
  ingot::KernelValue i = b.global_range(4);
  b.store(out, i, b.load(in, i) * 2.0);
  ingot::BuiltKernel twice = b.build();
  Jit step = ingot::jit([&](const std::vector<Tensor>& x) {
    return twice.run({ingot::arg::input(x[0]), ingot::arg::output({4})});
  });
  Array x = random({4});
  try {
    step({tensor(x)});
    FAIL() << "a built kernel's launch was captured";
  } catch (const ingot::Error& e) {
    EXPECT_NE(std::string(e.what()).find("double_it"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(close(twice.run({ingot::arg::input(tensor(x)), ingot::arg::output({4})})[0], x * 2.0,
                    Tol::of(F32)));
}

TEST_P(JitTest, NewShapesRecapture) {
  Array w = random({16, 12});
  Jit step = layer_jit(tensor(w));
  expect_layer(step, w, 5);
  expect_layer(step, w, 7);
  EXPECT_EQ(step.captures(), 2u);
  expect_layer(step, w, 5);
  EXPECT_EQ(step.captures(), 2u);
  // Another dtype is another signature too.
  Jit twice = ingot::jit([](const std::vector<Tensor>& in) { return std::vector{in[0] * 2.0}; });
  twice({Tensor::ones({3}, F32, dev())});
  std::vector<Tensor> got = twice({Tensor::ones({3}, I32, dev())});
  EXPECT_EQ(got[0].dtype(), I32);
  EXPECT_EQ(got[0].to_vector<int32_t>(), (std::vector<int32_t>{2, 2, 2}));
  EXPECT_EQ(twice.captures(), 2u);
}

TEST_P(JitTest, AFullCaptureTableRefusesANewShapeAndKeepsWorking) {
  Array w = random({16, 12});
  Jit step = layer_jit(tensor(w), 1);
  expect_layer(step, w, 5);
  try {
    step({tensor(random({7, 16})), tensor(random({12}))});
    FAIL() << "a second signature beyond max_captures 1 was accepted";
  } catch (const ingot::Error& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("float32(7, 16)"), std::string::npos) << message;
    EXPECT_NE(message.find("max_captures"), std::string::npos) << message;
    EXPECT_NE(message.find("float32(5, 16)"), std::string::npos) << message;  // the captured one
  }
  EXPECT_EQ(step.captures(), 1u);
  expect_layer(step, w, 5);
}

TEST_P(JitTest, EarlierResultsAreNotOverwritten) {
  Jit step = ingot::jit([](const std::vector<Tensor>& in) { return std::vector{in[0] + 1.0}; });
  Array a = random({9}), b = random({9}), c = random({9});
  Tensor first = step({tensor(a)})[0];
  Tensor second = step({tensor(b)})[0];
  Tensor third = step({tensor(c)})[0];
  EXPECT_TRUE(close(first, a + 1.0));
  EXPECT_TRUE(close(second, b + 1.0));
  EXPECT_TRUE(close(third, c + 1.0));
}

TEST_P(JitTest, ReplaysAfterTheCallerDroppedEveryTensor) {
  Array w = random({16, 12});
  std::optional<Jit> step;
  {
    Tensor weights = tensor(w);
    step = layer_jit(weights);
    expect_layer(*step, w, 5);
  }
  // The closure holds the weights' tensor, the capture their buffer and its intermediates:
  // poisoned memory handed out now lands in none of them.
  poison_allocator_cache(dev(), 16 * 12 * 4);
  poison_allocator_cache(dev(), 5 * 12 * 4);
  expect_layer(*step, w, 5);
}

// Inputs the launches read are bound in place, one that is a result without being read is
// read from the caller's buffer, and one the function assigns to moves the function's
// tensor onto a new buffer (Tensor::assign), never the caller's: nothing is copied into
// the capture, and each call's results are right.
TEST_P(JitTest, InputsAreBoundInPlaceAndTheCallersTensorsKeepTheirValues) {
  Jit step = ingot::jit([](const std::vector<Tensor>& in) {
    Tensor scratch = in[2];
    scratch.assign(scratch * 2.0);
    return std::vector{in[0] * 3.0, in[1], scratch + in[0]};
  });
  for (int call = 0; call < 3; ++call) {
    SCOPED_TRACE(::testing::Message() << "call " << call);
    Array a = random({37}), b = random({5}), c = random({37});
    Tensor ct = tensor(c);
    ingot::EngineStats before = ingot::engine_stats();
    std::vector<Tensor> got = step({tensor(a), tensor(b), ct});
    ASSERT_EQ(got.size(), 3u);
    EXPECT_TRUE(close(got[0], a * 3.0));
    EXPECT_TRUE(close(got[1], b));
    EXPECT_TRUE(close(got[2], c * 2.0 + a));
    EXPECT_TRUE(close(ct, c));  // the caller's tensor is not the one overwritten
    EXPECT_EQ(ingot::engine_stats().jit_inputs_copied - before.jit_inputs_copied, 0u);
  }
}

// A float16 matmul past a block of the largest plans (warpgroup products with dynamic
// shared memory on Hopper: the graph's nodes must carry it) replays right on new inputs.
TEST_P(JitTest, AMatmulOfTheLargestPlansReplaysOnNewInputs) {
  Jit product =
      ingot::jit([](const std::vector<Tensor>& in) { return std::vector{in[0].matmul(in[1])}; });
  for (int call = 0; call < 3; ++call) {
    SCOPED_TRACE(::testing::Message() << "call " << call);
    Array a = random({200, 72}, {}, F16), b = random({72, 136}, {}, F16);
    poison_allocator_cache(dev(), 200 * 136 * 2);
    std::vector<Tensor> got = product({tensor(a, F16), tensor(b, F16)});
    EXPECT_TRUE(close(got[0], a.matmul(b), Tol::reduction(F16, 72)));
  }
}

TEST_P(JitTest, AnExternalTensorIsReadWithItsCurrentContents) {
  Array w = random({16, 12});
  Tensor weights = tensor(w);
  Jit step = layer_jit(weights);
  expect_layer(step, w, 5);
  Array w2 = random({16, 12});
  std::vector<float> values(w2.data.begin(), w2.data.end());
  weights.buffer()->copy_in(values.data(), values.size() * 4);
  expect_layer(step, w2, 5);
}

TEST_P(JitTest, RandomNumbersAdvancePerCallAsEagerCallsDraw) {
  auto noisy = [](const std::vector<Tensor>& in) {
    return std::vector{in[0] + Tensor::rand(in[0].shape(), F32, in[0].device())};
  };
  Tensor x = tensor(random({33}));
  Jit step = ingot::jit(noisy);
  Tensor::manual_seed(11);
  std::vector<std::vector<float>> replayed;
  for (int call = 0; call < 3; ++call) replayed.push_back(step({x})[0].to_vector<float>());
  Tensor::manual_seed(11);
  for (int call = 0; call < 3; ++call)
    EXPECT_EQ(noisy({x})[0].to_vector<float>(), replayed[size_t(call)]) << "call " << call;
  EXPECT_NE(replayed[1], replayed[2]);
}

TEST_P(JitTest, ANestedJitRunsInsideTheOuterCapture) {
  Jit inner = ingot::jit([](const std::vector<Tensor>& in) { return std::vector{in[0] * 3.0}; });
  Jit outer = ingot::jit([&](const std::vector<Tensor>& in) { return inner({in[0] + 1.0}); });
  for (int call = 0; call < 3; ++call) {
    Array a = random({6});
    EXPECT_TRUE(close(outer({tensor(a)})[0], (a + 1.0) * 3.0));
  }
  EXPECT_EQ(inner.captures(), 0u);
}

TEST_P(JitTest, BadCallsAnswerWithErrorsAndCaptureNothing) {
  Jit step = ingot::jit([](const std::vector<Tensor>& in) { return std::vector{in[0] + 1.0}; });
  EXPECT_THROW(step({Tensor()}), ingot::ArgumentError);
  EXPECT_THROW(ingot::jit(Jit::Function()), ingot::ArgumentError);
  EXPECT_THROW(ingot::jit([](const std::vector<Tensor>& in) { return in; }, 0),
               ingot::ArgumentError);
  Jit broken = ingot::jit([](const std::vector<Tensor>&) { return std::vector{Tensor()}; });
  EXPECT_THROW(broken({tensor(random({3}))}), ingot::ArgumentError);
  EXPECT_EQ(broken.captures(), 0u);
  if (dev() != "CPU") {
    Jit moves =
        ingot::jit([](const std::vector<Tensor>& in) { return std::vector{in[0].to("CPU")}; });
    try {
      moves({tensor(random({3}))});
      FAIL() << "a copy between devices was captured";
    } catch (const ingot::Error& e) {
      EXPECT_NE(std::string(e.what()).find("a copy from " + dev() + " to CPU"), std::string::npos)
          << e.what();
    }
    EXPECT_EQ(moves.captures(), 0u);
  }
  Array a = random({4});
  EXPECT_TRUE(close(step({tensor(a)})[0], a + 1.0));
}

INGOT_ON_ALL_DEVICES(JitTest);

}  // namespace
}  // namespace support
