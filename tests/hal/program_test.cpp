// Programs: compiling, loading and launching kernels, and their errors.
#include <cmath>
#include <thread>

#include "hal/kernels.hpp"
#include "ingot/error.hpp"

namespace ingot::test {
namespace {

class HalProgram : public HalTest {};

void expect_error_containing(const std::function<void()>& action,
                             const std::vector<std::string>& parts) {
  try {
    action();
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string message = e.what();
    for (const auto& part : parts) EXPECT_NE(message.find(part), std::string::npos) << message;
  }
}

TEST_P(HalProgram, FloatAndIntScalarsReachTheKernel) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  const size_t n = 100003;
  auto a = random_floats(n, 1), b = random_floats(n, 2);
  auto a_buf = upload(dev, a), b_buf = upload(dev, b);
  auto out = dev.allocator().alloc(n * sizeof(float));
  poison(*out);
  auto program = load_kernel(dev, "axpb", 3);
  Buffer* buffers[] = {out.get(), a_buf.get(), b_buf.get()};
  ScalarArg scalars[] = {ScalarArg::of_float(0.75), ScalarArg::of_int(-3)};
  LaunchDims dims;
  dims.global = {int64_t(n), 1, 1};
  dims.local = {256, 1, 1};
  double seconds = program->launch(buffers, dims, scalars, true);
  EXPECT_GT(seconds, 0);
  auto result = download<float>(*out);
  for (size_t i = 0; i < n; ++i) {
    // The kernel may fuse the multiply-add (-ffp-contract=fast): allow float rounding.
    double expected = double(a[i]) * 0.75 + b[i] - 3.0;
    double scale = std::abs(a[i]) * 0.75 + std::abs(b[i]) + 3.0;
    ASSERT_NEAR(result[i], expected, 1e-6 * scale) << i;
  }
}

TEST_P(HalProgram, ScalarsArePassedInOrderOfTheirKind) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  auto out = dev.allocator().alloc(4 * sizeof(double));
  poison(*out);
  auto program = load_kernel(dev, "scalars", 1);
  Buffer* buffers[] = {out.get()};
  ScalarArg scalars[] = {ScalarArg::of_int(7), ScalarArg::of_float(0.5), ScalarArg::of_int(-3),
                         ScalarArg::of_float(1e300)};
  program->launch(buffers, LaunchDims{}, scalars, true);
  EXPECT_EQ(download<double>(*out), (std::vector<double>{7, -3, 0.5, 1e300}));
}

// Every iteration of a 1-D, 2-D or 3-D launch runs exactly once, whatever the grain.
TEST_P(HalProgram, EveryIterationRunsOnce) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  auto program = load_kernel(dev, "iota", 2);
  struct Case {
    std::array<int64_t, 3> global, local;
  };
  for (const Case& c : std::vector<Case>{{{1, 1, 1}, {1, 1, 1}},
                                         {{1000, 1, 1}, {1, 1, 1}},
                                         {{100003, 1, 1}, {64, 1, 1}},
                                         {{37, 53, 1}, {4, 4, 1}},
                                         {{7, 11, 13}, {1, 2, 3}},
                                         {{64, 64, 64}, {8, 8, 1}},
                                         {{5, 5, 5}, {100, 1, 1}},
                                         {{0, 4, 4}, {1, 1, 1}}}) {
    int64_t total = c.global[0] * c.global[1] * c.global[2];
    const int64_t tail = 16;  // past the end: must stay untouched
    auto out = dev.allocator().alloc(size_t(total + tail) * sizeof(int64_t));
    auto counts = upload(dev, std::vector<int32_t>(size_t(total + tail), 0));
    poison(*out);
    Buffer* buffers[] = {out.get(), counts.get()};
    program->launch(buffers, LaunchDims{c.global, c.local}, {}, true);
    auto ids = download<int64_t>(*out);
    auto runs = download<int32_t>(*counts);
    for (int64_t i = 0; i < total + tail; ++i) {
      ASSERT_EQ(ids[size_t(i)], i < total ? i : -1)
          << "global " << c.global[0] << "x" << c.global[1] << "x" << c.global[2];
      ASSERT_EQ(runs[size_t(i)], i < total ? 1 : 0) << i;
    }
  }
}

// Launches from several host threads at once each get all their iterations.
TEST_P(HalProgram, ConcurrentLaunchesFromSeveralThreads) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  auto program = load_kernel(dev, "iota", 2);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      const int64_t total = 1000 + 97 * t;
      auto out = dev.allocator().alloc(size_t(total) * sizeof(int64_t));
      auto counts = dev.allocator().alloc(size_t(total) * sizeof(int32_t));
      Buffer* buffers[] = {out.get(), counts.get()};
      LaunchDims dims;
      dims.global = {total, 1, 1};
      dims.local = {16, 1, 1};
      std::vector<int32_t> zeros(size_t(total), 0);
      for (int launch = 0; launch < 200; ++launch) {
        poison(*out);
        counts->copy_in(zeros.data(), counts->bytes());
        program->launch(buffers, dims, {}, true);
        auto ids = download<int64_t>(*out);
        auto runs = download<int32_t>(*counts);
        for (int64_t i = 0; i < total; ++i) {
          ASSERT_EQ(ids[size_t(i)], i);
          ASSERT_EQ(runs[size_t(i)], 1);
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
}

TEST_P(HalProgram, BuffersMayBeViews) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  auto input = random_floats(1000, 3, 0, 100);
  auto in_base = dev.allocator().alloc(4096 + input.size() * sizeof(float));
  in_base->copy_in(input.data(), input.size() * sizeof(float), 4096);
  auto out_base = dev.allocator().alloc(8000);
  poison(*out_base);
  Buffer in(in_base, 4096, input.size() * sizeof(float)), out(out_base, 400, 4000);
  Buffer* buffers[] = {&out, &in};
  LaunchDims dims;
  dims.global = {1000, 1, 1};
  load_kernel(dev, "sqrt2", 2)->launch(buffers, dims, {}, true);
  auto result = download<float>(*out_base);
  for (size_t i = 0; i < 2000; ++i) {
    if (i >= 100 && i < 1100)
      ASSERT_FLOAT_EQ(result[i], std::sqrt(input[i - 100]) * 2) << i;
    else
      ASSERT_TRUE(std::isnan(result[i])) << i;  // outside the view: still poisoned
  }
}

TEST_P(HalProgram, ManyFunctionsLoadFromOneBinary) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  auto binary = dev.compiler().compile_cached(kKernels);
  for (const char* name : {"axpb", "iota", "scalars", "sqrt2", "empty"})
    EXPECT_NO_THROW(dev.load(binary, name, 1)) << name;
  // Two programs of one binary are independent: unloading one leaves the other working.
  auto first = dev.load(binary, "sqrt2", 2);
  auto second = dev.load(binary, "sqrt2", 2);
  first.reset();
  auto in = upload(dev, std::vector<float>{4, 9}), out = dev.allocator().alloc(8);
  poison(*out);
  Buffer* buffers[] = {out.get(), in.get()};
  LaunchDims dims;
  dims.global = {2, 1, 1};
  second->launch(buffers, dims, {}, true);
  EXPECT_EQ(download<float>(*out), (std::vector<float>{4, 6}));
}

TEST_P(HalProgram, WrongBufferCountThrows) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  auto program = load_kernel(dev, "axpb", 3);
  auto buffer = dev.allocator().alloc(16);
  std::vector<Buffer*> two = {buffer.get(), buffer.get()};
  expect_error_containing([&] { program->launch(two, LaunchDims{}, {}, true); },
                          {"axpb", "2 buffers", "takes 3"});
  std::vector<Buffer*> with_null = {buffer.get(), nullptr, buffer.get()};
  EXPECT_THROW(program->launch(with_null, LaunchDims{}, {}, true), Error);
}

TEST_P(HalProgram, BadLaunchSizesThrow) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  auto program = load_kernel(dev, "empty", 0);
  EXPECT_THROW(program->launch({}, LaunchDims{{-1, 1, 1}, {1, 1, 1}}, {}, true), Error);
  EXPECT_THROW(program->launch({}, LaunchDims{{1, 1, 1}, {0, 1, 1}}, {}, true), Error);
  int64_t big = int64_t(1) << 40;
  EXPECT_THROW(program->launch({}, LaunchDims{{big, big, 1}, {1, 1, 1}}, {}, true), Error);
}

TEST_P(HalProgram, CompileErrorCarriesTheCompilerLog) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  std::string source = "void broken(char* const* bufs) { this_name_is_undeclared_4711 = 1; }\n";
  expect_error_containing([&] { dev.compiler().compile_cached(source); },
                          {"this_name_is_undeclared_4711", "kernel.c"});
}

TEST_P(HalProgram, MissingFunctionThrowsNamingIt) {
  Device& dev = device();
  INGOT_SKIP_UNLESS_C(dev);
  expect_error_containing([&] { load_kernel(dev, "no_such_kernel", 1); }, {"no_such_kernel"});
  EXPECT_THROW(dev.load(std::vector<uint8_t>{1, 2, 3}, "axpb", 3), Error);
}

INGOT_INSTANTIATE_HAL_SUITE(HalProgram);

}  // namespace
}  // namespace ingot::test
