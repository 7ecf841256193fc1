// Errors: each is an ingot::Error naming what was wrong, and the device keeps working
// afterwards: every test ends with a good launch whose result is checked.
#include "cts/device_io.hpp"
#include "cts/kernels.hpp"
#include "cts/references.hpp"

namespace ingot::test {
namespace {

class CtsErrors : public CtsKernelTest {
 protected:
  void TearDown() override {
    if (IsSkipped()) return;
    Device& dev = device();
    const size_t n = 64 * 16;
    auto input = random_values<float>(n, 77, 0, 100);
    auto in = upload(dev, input);
    auto out = poisoned(dev, n * sizeof(float));
    Buffer* buffers[] = {out.get(), in.get()};
    kernel(dev, "sqrt2").launch(buffers, linear_dims(n, 64), {}, true);
    SCOPED_TRACE("a good launch after the error");
    expect_near(download<float>(*out),
                sqrt2_reference(std::vector<double>(input.begin(), input.end())));
  }
};

TEST_P(CtsErrors, LocalSizeAboveTheDeviceMaximum) {
  Device& dev = device();
  if (!dev.info().threadgroups) {
    GTEST_SKIP() << dev.name() << " runs no work-groups: its local size is a grain of "
                 << "iterations, with no maximum";
  }
  int64_t max = dev.info().max_threads_per_group;
  for (std::array<int64_t, 3> local : {std::array<int64_t, 3>{max + 1, 1, 1}, {max, 2, 1}}) {
    LaunchDims dims{local, local};  // one group
    expect_error_containing([&] { kernel(dev, "empty").launch({}, dims, {}, true); },
                            {"empty", std::to_string(local[0])});
  }
}

TEST_P(CtsErrors, BadLaunchSizes) {
  Program& empty = kernel(device(), "empty");
  EXPECT_THROW(empty.launch({}, LaunchDims{{-1, 1, 1}, {1, 1, 1}}, {}, true), Error);
  EXPECT_THROW(empty.launch({}, LaunchDims{{1, 1, 1}, {0, 1, 1}}, {}, true), Error);
  int64_t big = int64_t(1) << 40;
  EXPECT_THROW(empty.launch({}, LaunchDims{{big, big, 1}, {1, 1, 1}}, {}, true), Error);
}

TEST_P(CtsErrors, CompileErrorHoldsTheBuildLog) {
  Device& dev = device();
  std::string source = undeclared_identifier_source(dev.info().language);
  expect_error_containing([&] { dev.compiler().compile_cached(source); },
                          {std::string(kUndeclared)});
}

TEST_P(CtsErrors, WrongNumberOfBuffers) {
  Device& dev = device();
  Program& axpb = kernel(dev, "axpb");
  auto buffer = dev.allocator().alloc(64 * sizeof(float));
  ScalarArg scalars[] = {ScalarArg::of_int(1), ScalarArg::of_float(1)};
  for (size_t count : {0, 2, 4}) {
    std::vector<Buffer*> buffers(count, buffer.get());
    expect_error_containing([&] { axpb.launch(buffers, linear_dims(64), scalars, true); },
                            {"axpb", std::to_string(count)});
  }
  std::vector<Buffer*> with_null = {buffer.get(), nullptr, buffer.get()};
  EXPECT_THROW(axpb.launch(with_null, linear_dims(64), scalars, true), Error);
}

TEST_P(CtsErrors, MissingFunctionAtLoad) {
  Device& dev = device();
  expect_error_containing([&] { dev.load(kernel_binary(dev), "no_such_kernel", 1); },
                          {"no_such_kernel"});
  EXPECT_THROW(dev.load(std::vector<uint8_t>{1, 2, 3}, "axpb", 3), Error);
}

TEST_P(CtsErrors, AllocationLargerThanTheDeviceAllows) {
  Device& dev = device();
  uint64_t largest = dev.info().max_buffer_bytes;
  ASSERT_GT(largest, 0u);
  for (size_t bytes : {size_t(largest) + 1, size_t(dev.info().memory_bytes) * 2, SIZE_MAX}) {
    expect_error_containing([&] { dev.allocator().alloc(bytes); },
                            {"out of memory on " + dev.name(), std::to_string(bytes)});
  }
}

// A graph does not own its buffers; replaying one whose buffer was freed must throw
// naming the launch and the buffer, not read or write freed memory.
TEST_P(CtsErrors, ReplayAfterABufferWasFreed) {
  Device& dev = device();
  const size_t n = 64;
  auto in = upload(dev, random_values<float>(n, 8, 0, 10));
  auto out = dev.allocator().alloc(n * sizeof(float));
  auto freed = dev.allocator().alloc(n * sizeof(float));
  Program& sqrt2 = kernel(dev, "sqrt2");
  auto graph = dev.capture(
      {{&sqrt2, {out, in}, linear_dims(n), {}}, {&sqrt2, {out, freed}, linear_dims(n), {}}});
  freed.reset();
  expect_error_containing([&] { graph->replay(); }, {"launch 1", "buffer 1", "freed"});
}

// A binding must replace one of the graph's buffers by one it can run on: a buffer no
// launch uses, a smaller one, one at an unaligned offset, or none, is an
// ArgumentError naming the binding, and the graph replays as before afterwards.
TEST_P(CtsErrors, BadBindingsAreRefusedBeforeAnythingRuns) {
  Device& dev = device();
  const size_t n = 1024;
  auto in = upload(dev, random_values<float>(n, 10, 0, 10));
  auto out = dev.allocator().alloc(n * sizeof(float));
  auto unused = dev.allocator().alloc(n * sizeof(float));
  auto small = dev.allocator().alloc(n * sizeof(float) / 2);
  auto large = dev.allocator().alloc(n * sizeof(float) * 2);
  auto unaligned = std::make_shared<Buffer>(large, 4, n * sizeof(float));
  auto graph = dev.capture({{&kernel(dev, "sqrt2"), {out, in}, linear_dims(n), {}}});
  const std::vector<std::pair<Graph::Binding, std::vector<std::string>>> cases = {
      {{unused.get(), large}, {"binding 0", "no launch uses"}},
      {{in.get(), small}, {"binding 0", std::to_string(n * sizeof(float) / 2) + " bytes"}},
      {{in.get(), unaligned}, {"binding 0", "offset 4", "multiple of"}},
      {{in.get(), nullptr}, {"binding 0", "no bound buffer"}},
  };
  for (const auto& [binding, parts] : cases)
    expect_error_containing([&] { graph->replay({&binding, 1}); }, parts);
  poison(*out);
  graph->replay();
  dev.synchronize();
  std::vector<float> values = download<float>(*in);
  expect_near(download<float>(*out), sqrt2_reference({values.begin(), values.end()}));
}

// Capture checks every launch as launch() would, before the backend makes anything of it.
TEST_P(CtsErrors, CaptureChecksEveryLaunch) {
  Device& dev = device();
  const size_t n = 64;
  auto in = upload(dev, random_values<float>(n, 9, 0, 10));
  auto out = dev.allocator().alloc(n * sizeof(float));
  Program& sqrt2 = kernel(dev, "sqrt2");
  std::weak_ptr<Buffer> freed = dev.allocator().alloc(n * sizeof(float));
  expect_error_containing(
      [&] {
        dev.capture({{&sqrt2, {out, freed}, linear_dims(n), {}}});
      },
      {dev.name() + " graph capture", "buffer 1 of launch 0", "freed"});
  expect_error_containing(
      [&] {
        dev.capture({{&sqrt2, {out, in}, linear_dims(n), {}},
                     {&sqrt2, {out, in}, LaunchDims{{n, 1, 1}, {0, 1, 1}}, {}}});
      },
      {"launch 1", "'sqrt2'", "local >= 1"});
  expect_error_containing(
      [&] {
        dev.capture({{&sqrt2, {out}, linear_dims(n), {}}});
      },
      {"launch 0", "'sqrt2'", "1 buffers given", "takes 2"});
}

INGOT_INSTANTIATE_CTS_SUITE(CtsErrors);

}  // namespace
}  // namespace ingot::test
