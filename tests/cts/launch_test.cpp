// Launches: grids of one to three dimensions with local sizes, scalar arguments, views as
// arguments, and launches from several host threads.
#include <cmath>

#include "cts/device_io.hpp"
#include "cts/kernels.hpp"
#include "cts/references.hpp"

namespace ingot::test {
namespace {

class CtsLaunch : public CtsKernelTest {};

// Launches `ids` over `dims` and checks that every work-item ran exactly once, wrote its
// own position, and that nothing past the grid was touched.
void expect_every_work_item_once(Device& device, const LaunchDims& dims) {
  auto [gx, gy, gz] = dims.global;
  const int64_t total = gx * gy * gz, tail = 16;
  auto ids = poisoned(device, size_t(total + tail) * sizeof(int64_t));
  auto counts = upload(device, std::vector<int32_t>(size_t(total + tail), 0));
  Buffer* buffers[] = {ids.get(), counts.get()};
  ScalarArg scalars[] = {ScalarArg::of_int(gx), ScalarArg::of_int(gy)};
  kernel(device, "ids").launch(buffers, dims, scalars, true);
  auto got = download<int64_t>(*ids);
  auto runs = download<int32_t>(*counts);
  for (int64_t i = 0; i < total + tail; ++i) {
    int64_t expected = -1;  // past the grid: the poison
    if (i < total) {
      int64_t x = i % gx, y = i / gx % gy, z = i / (gx * gy);
      expected = x | y << 20 | z << 40;
    }
    ASSERT_EQ(got[size_t(i)], expected) << "work-item " << i;
    ASSERT_EQ(runs[size_t(i)], i < total ? 1 : 0) << "work-item " << i;
  }
}

TEST_P(CtsLaunch, EveryWorkItemOfA1D2DOr3DGridRunsOnce) {
  // Global sizes are multiples of the local sizes, as OpenCL 1.2 requires; every local
  // size fits the smallest group a GPU allows (64 threads).
  struct Case {
    std::array<int64_t, 3> global, local;
  };
  for (const Case& c : std::vector<Case>{{{1, 1, 1}, {1, 1, 1}},
                                         {{1000, 1, 1}, {1, 1, 1}},
                                         {{64 * 257, 1, 1}, {64, 1, 1}},
                                         {{37, 53, 1}, {1, 1, 1}},
                                         {{64, 48, 1}, {8, 4, 1}},
                                         {{7, 11, 13}, {7, 1, 1}},
                                         {{12, 10, 6}, {4, 2, 3}},
                                         {{32, 32, 32}, {8, 8, 1}}}) {
    SCOPED_TRACE(::testing::Message()
                 << "global " << c.global[0] << "x" << c.global[1] << "x" << c.global[2]
                 << ", local " << c.local[0] << "x" << c.local[1] << "x" << c.local[2]);
    expect_every_work_item_once(device(), LaunchDims{c.global, c.local});
    if (HasFatalFailure()) return;
  }
}

TEST_P(CtsLaunch, AnEmptyGridRunsNothing) {
  expect_every_work_item_once(device(), LaunchDims{{0, 4, 4}, {1, 1, 1}});
}

TEST_P(CtsLaunch, IntAndFloatScalarsReachTheKernel) {
  Device& dev = device();
  const size_t n = 64 * 1563;
  auto a = random_values<float>(n, 1, -10, 10), b = random_values<float>(n, 2, -10, 10);
  auto a_buf = upload(dev, a), b_buf = upload(dev, b);
  auto out = poisoned(dev, n * sizeof(float));
  Buffer* buffers[] = {out.get(), a_buf.get(), b_buf.get()};
  ScalarArg scalars[] = {ScalarArg::of_int(-3), ScalarArg::of_float(0.75)};
  double seconds = kernel(dev, "axpb").launch(buffers, linear_dims(n, 64), scalars, true);
  EXPECT_GT(seconds, 0);
  expect_near(download<float>(*out), axpb_reference(a, b, -3, 0.75));
}

TEST_P(CtsLaunch, ScalarsKeepTheirOrderAndWidth) {
  Device& dev = device();
  auto ints = poisoned(dev, 2 * sizeof(int64_t)), floats = poisoned(dev, 2 * sizeof(float));
  Buffer* buffers[] = {ints.get(), floats.get()};
  const int64_t wide = -(int64_t(1) << 40) - 3;  // needs all 64 bits
  ScalarArg scalars[] = {ScalarArg::of_int(7), ScalarArg::of_float(0.5), ScalarArg::of_int(wide),
                         ScalarArg::of_float(-1234.25)};
  kernel(dev, "scalars").launch(buffers, linear_dims(1), scalars, true);
  EXPECT_EQ(download<int64_t>(*ints), (std::vector<int64_t>{7, wide}));
  EXPECT_EQ(download<float>(*floats), (std::vector<float>{0.5f, -1234.25f}));
}

// Kernels take views of buffers at offsets, and write only inside them.
TEST_P(CtsLaunch, BuffersMayBeViewsAtOffsets) {
  Device& dev = device();
  // OpenCL passes a view as a sub-buffer, which must start at a multiple of the device's
  // base address alignment (128 bytes on PoCL, 512 on NVIDIA): 2048 suits them all.
  const size_t n = 1024, in_at = 4096, out_at = 2048;
  auto input = random_values<float>(n, 3, 0, 100);
  auto in_base = dev.allocator().alloc(in_at + n * sizeof(float));
  in_base->copy_in(input.data(), n * sizeof(float), in_at);
  auto out_base = poisoned(dev, out_at + (n + 64) * sizeof(float));
  auto in = std::make_shared<Buffer>(in_base, in_at, n * sizeof(float));
  auto out = std::make_shared<Buffer>(out_base, out_at, n * sizeof(float));
  Buffer* buffers[] = {out.get(), in.get()};
  kernel(dev, "sqrt2").launch(buffers, linear_dims(n, 64), {}, true);
  auto result = download<float>(*out_base);
  const size_t first = out_at / sizeof(float);
  for (size_t i = 0; i < result.size(); ++i) {
    if (i >= first && i < first + n)
      ASSERT_NEAR(result[i], std::sqrt(double(input[i - first])) * 2, 1e-5) << i;
    else
      ASSERT_TRUE(std::isnan(result[i])) << i << " is outside the view: still poisoned";
  }
}

// Launches of one program from several host threads at once each get all their work-items.
TEST_P(CtsLaunch, ConcurrentLaunchesFromSeveralThreads) {
  Device& dev = device();
  Program& program = kernel(dev, "ids");
  run_on_threads(4, [&](int t) {
    const int64_t total = 16 * (64 + t);
    auto ids = dev.allocator().alloc(size_t(total) * sizeof(int64_t));
    auto counts = dev.allocator().alloc(size_t(total) * sizeof(int32_t));
    Buffer* buffers[] = {ids.get(), counts.get()};
    ScalarArg scalars[] = {ScalarArg::of_int(total), ScalarArg::of_int(1)};
    std::vector<int32_t> zeros(size_t(total), 0);
    for (int launch = 0; launch < 100; ++launch) {
      poison(*ids);
      counts->copy_in(zeros.data(), counts->bytes());
      program.launch(buffers, linear_dims(total, 16), scalars, true);
      auto got = download<int64_t>(*ids);
      auto runs = download<int32_t>(*counts);
      for (int64_t i = 0; i < total; ++i) {
        ASSERT_EQ(got[size_t(i)], i) << "thread " << t << ", launch " << launch;
        ASSERT_EQ(runs[size_t(i)], 1) << "thread " << t << ", launch " << launch;
      }
    }
  });
}

INGOT_INSTANTIATE_CTS_SUITE(CtsLaunch);

}  // namespace
}  // namespace ingot::test
