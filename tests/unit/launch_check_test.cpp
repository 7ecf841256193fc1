// The launch checks every backend shares (Program::launch, Device::capture, Graph::replay),
// on a described device whose kernels only count their runs: each bad launch is an Error
// naming the kernel, the value at fault and what is valid, and reaches no backend.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {
namespace {

class HostAllocator final : public Allocator {
 public:
  using Allocator::Allocator;
  ~HostAllocator() override { flush_cache(); }
  void* raw_alloc(size_t bytes) override { return std::malloc(bytes); }
  void raw_free(void* handle, size_t) override { std::free(handle); }
  void copy_in(void*, size_t, const void*, size_t) override {}
  void copy_out(void*, void*, size_t, size_t) override {}
};

class NoCompiler final : public Compiler {
 public:
  std::string identity() const override { return "none"; }
  std::vector<uint8_t> compile(const std::string&) override { return {}; }
};

class NoQueue final : public Queue {
 public:
  uint64_t signal() override { return 0; }
  void wait(uint64_t) override {}
  uint64_t completed() const override { return 0; }
};

class TestDevice final : public Device {
 public:
  explicit TestDevice(DeviceInfo info) : info_(std::move(info)), allocator_(*this) {}
  const DeviceInfo& info() const override { return info_; }
  Allocator& allocator() override { return allocator_; }
  Compiler& compiler() override { return compiler_; }
  Queue& queue() override { return queue_; }
  std::unique_ptr<Program> load(const std::vector<uint8_t>&, const std::string& function,
                                int buffer_count) override;

  std::vector<std::string> runs;  // the function of every launch that reached run()
  // Whether its kernels take KernelArgs as Metal does (Program::Limits): bytes under 4 KiB,
  // threadgroup memory beside the parameters in multiples of 16, partial threadgroups.
  bool metal_like = false;

 private:
  DeviceInfo info_;
  HostAllocator allocator_;
  NoCompiler compiler_;
  NoQueue queue_;
};

// A kernel that allows 96 threads of a group and takes its buffers, an Int and a Float.
class TestProgram final : public Program {
 public:
  TestProgram(TestDevice& device, const std::string& function, int buffer_count)
      : Program(device, function, buffer_count), device_(device) {
    std::vector<size_t> parameters(size_t(buffer_count), 8);
    parameters.insert(parameters.end(), {8, 4});
    if (device.metal_like)
      set_limits({.max_bytes_argument = 4095,
                  .max_bytes_name = "SET_BYTES_LIMIT",
                  .threadgroup_is_parameter = false,
                  .threadgroup_granule = 16,
                  .partial_groups = true});
    else
      set_limits({.max_threads = 96,
                  .max_threads_name = "KERNEL_LIMIT",
                  .parameter_bytes = parameters,
                  .no_partial_groups = "WHOLE_GROUPS_ONLY"});
  }

 private:
  double run(std::span<Buffer* const>, const LaunchDims&, std::span<const ScalarArg>,
             bool) override {
    device_.runs.push_back(function());
    return 1;
  }
  double run(std::span<const KernelArg>, const LaunchDims&, bool) override {
    device_.runs.push_back(function());
    return 1;
  }
  TestDevice& device_;
};

std::unique_ptr<Program> TestDevice::load(const std::vector<uint8_t>&, const std::string& function,
                                          int buffer_count) {
  return std::make_unique<TestProgram>(*this, function, buffer_count);
}

DeviceInfo gpu_info(const std::string& name = "TEST") {
  return {.name = name,
          .threadgroups = true,
          .max_threads_per_group = 128,
          .max_group_size = {128, 32, 4},
          .max_groups = {1000, 1000, 2},
          .max_kernel_arguments = 5,
          .view_alignment_bytes = 256,
          .local_memory_bytes = 1024};
}

void expect_error(const std::function<void()>& action, const std::vector<std::string>& parts) {
  try {
    action();
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    for (const std::string& part : parts)
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos)
          << "'" << part << "' not in: " << e.what();
  }
}

class LaunchCheck : public ::testing::Test {
 protected:
  LaunchCheck() : program_(device_.load({}, "k", 2)) {}

  double launch(std::vector<Buffer*> buffers, const LaunchDims& dims,
                std::vector<ScalarArg> scalars = {ScalarArg::of_int(1), ScalarArg::of_float(2)}) {
    return program_->launch(buffers, dims, scalars, true);
  }
  std::vector<Buffer*> two() { return {a_.get(), b_.get()}; }

  TestDevice device_{gpu_info()};
  std::unique_ptr<Program> program_;
  std::shared_ptr<Buffer> a_ = device_.allocator().alloc(1024),
                          b_ = device_.allocator().alloc(1024);
  LaunchDims dims_{{64, 4, 1}, {32, 2, 1}};
};

TEST_F(LaunchCheck, AGoodLaunchRunsAndAnEmptyGridDoesNot) {
  EXPECT_EQ(launch(two(), dims_), 1);
  EXPECT_EQ(launch(two(), {{0, 4, 1}, {32, 2, 1}}), 0);
  EXPECT_EQ(device_.runs, std::vector<std::string>{"k"});
}

TEST_F(LaunchCheck, BuffersOfTheKernelsCountAndDevice) {
  expect_error([&] { launch({a_.get()}, dims_); },
               {"TEST launch of 'k'", "1 buffers given", "takes 2"});
  expect_error(
      [&] {
        launch({a_.get(), nullptr}, dims_);
      },
      {"'k'", "buffer 1 is null", "must be a TEST buffer"});
  TestDevice other(gpu_info("OTHER"));
  auto foreign = other.allocator().alloc(16);
  expect_error([&] { launch({foreign.get(), b_.get()}, dims_); }, {"'k'", "buffer 0 is on OTHER"});
  auto view = std::make_shared<Buffer>(a_, 64, 128);
  expect_error(
      [&] {
        launch({a_.get(), view.get()}, dims_);
      },
      {"'k'", "buffer 1", "offset 64", "multiple of 256"});
  auto aligned = std::make_shared<Buffer>(a_, 512, 128);
  launch({aligned.get(), b_.get()}, dims_);
  EXPECT_EQ(device_.runs.size(), 1u);
}

TEST_F(LaunchCheck, ScalarsAsTheKernelsParametersTakeThem) {
  expect_error([&] { launch(two(), dims_, {ScalarArg::of_int(1)}); },
               {"'k'", "1 scalars given", "takes 2 after its 2 buffers", "[8, 8, 8, 4]"});
  expect_error(
      [&] {
        launch(two(), dims_, {ScalarArg::of_float(1), ScalarArg::of_float(2)});
      },
      {"'k'", "argument 2 is a Float scalar of 4 bytes", "parameter 2 has 8"});
  std::vector<ScalarArg> four(4, ScalarArg::of_int(1));
  expect_error([&] { launch(two(), dims_, four); }, {"'k'", "6 arguments", "at most 5"});
  EXPECT_TRUE(device_.runs.empty());
}

TEST_F(LaunchCheck, GridsWithinTheDeviceAndTheKernel) {
  struct Case {
    LaunchDims dims;
    std::vector<std::string> parts;
  };
  const int64_t big = int64_t(1) << 40;
  const Case cases[] = {
      {{{-1, 1, 1}, {1, 1, 1}}, {"dimension 0 is invalid", "global must be >= 0"}},
      {{{1, 1, 1}, {1, 0, 1}}, {"dimension 1 is invalid", "local >= 1"}},
      {{{big, big, 1}, {1, 1, 1}}, {"64 bits"}},
      {{{64, 64, 1}, {1, 64, 1}}, {"local size 64 in dimension 1 exceeds TEST's 32"}},
      {{{65, 1, 1}, {32, 1, 1}}, {"global size 65 in dimension 0", "not a multiple of the local"}},
      {{{1, 1, 3}, {1, 1, 1}}, {"3 threadgroups in dimension 2 exceed TEST's 2"}},
      {{{128, 1, 1}, {128, 1, 1}}, {"128 threads", "'k' at most 96 (KERNEL_LIMIT)"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.parts.front());
    std::vector<std::string> parts = c.parts;
    parts.push_back("TEST launch of 'k' with global");
    expect_error([&] { launch(two(), c.dims); }, parts);
  }
  EXPECT_TRUE(device_.runs.empty());
}

TEST_F(LaunchCheck, LocalIsOnlyAGrainWithoutThreadgroups) {
  TestDevice cpu({.name = "HOST"});
  auto program = cpu.load({}, "k", 0);
  std::vector<ScalarArg> scalars = {ScalarArg::of_int(1), ScalarArg::of_float(2)};
  program->launch({}, {{10, 7, 1}, {3, 100, 1}}, scalars, false);
  EXPECT_EQ(cpu.runs.size(), 1u);
  expect_error(
      [&] {
        program->launch({}, {{10, 1, 1}, {0, 1, 1}}, scalars, false);
      },
      {"HOST launch of 'k'", "local >= 1"});
}

TEST_F(LaunchCheck, LoadRefusesBufferCountsTheDeviceCannotPass) {
  expect_error([&] { device_.load({}, "f", -1); }, {"TEST load of 'f'", "buffer_count -1"});
  expect_error([&] { device_.load({}, "f", 6); }, {"TEST load of 'f'", "buffer_count 6", "5"});
}

TEST_F(LaunchCheck, CaptureChecksEveryLaunch) {
  std::vector<ScalarArg> scalars = {ScalarArg::of_int(1), ScalarArg::of_float(2)};
  expect_error(
      [&] {
        device_.capture({{nullptr, {a_, b_}, dims_, scalars}});
      },
      {"TEST graph capture", "launch 0 has no program"});
  TestDevice other(gpu_info("OTHER"));
  auto foreign = other.load({}, "g", 2);
  expect_error(
      [&] {
        device_.capture({{foreign.get(), {a_, b_}, dims_, scalars}});
      },
      {"TEST graph capture", "launch 0 has a program of OTHER"});
  expect_error(
      [&] {
        device_.capture({{program_.get(), {a_, b_}, dims_, scalars},
                         {program_.get(), {a_, b_}, {{65, 1, 1}, {32, 1, 1}}, scalars}});
      },
      {"TEST graph capture: launch 1: TEST launch of 'k'", "not a multiple"});
  std::weak_ptr<Buffer> gone = device_.allocator().alloc(16);
  expect_error(
      [&] {
        device_.capture({{program_.get(), {a_, gone}, dims_, scalars}});
      },
      {"TEST graph capture", "buffer 1 of launch 0 was freed"});
  EXPECT_TRUE(device_.runs.empty());
}

TEST_F(LaunchCheck, ReplayChecksEveryBufferBeforeSubmittingAny) {
  std::vector<ScalarArg> scalars = {ScalarArg::of_int(1), ScalarArg::of_float(2)};
  auto freed = device_.allocator().alloc(64);
  auto second = device_.load({}, "second", 2);
  auto graph = device_.capture(
      {{program_.get(), {a_, b_}, dims_, scalars}, {second.get(), {a_, freed}, dims_, scalars}});
  graph->replay();
  EXPECT_EQ(device_.runs, (std::vector<std::string>{"k", "second"}));
  freed.reset();
  expect_error([&] { graph->replay(); }, {"TEST graph replay", "buffer 1 of launch 1", "freed"});
  EXPECT_EQ(device_.runs.size(), 2u);
}

TEST_F(LaunchCheck, KernelArgsInTheKernelsOrder) {
  const uint8_t wide[8] = {}, narrow[4] = {};
  // The kernel's parameters are 8, 8, 8 and 4 bytes: a struct, two buffers, a float.
  std::vector<KernelArg> args = {KernelArg::of_bytes(wide, "params"),
                                 KernelArg::of_buffer(a_.get()), KernelArg::of_buffer(b_.get()),
                                 KernelArg::of_bytes(narrow)};
  EXPECT_EQ(program_->launch(args, dims_, true), 1);
  args[0] = KernelArg::of_bytes(narrow, "params");
  expect_error([&] { program_->launch(args, dims_, true); },
               {"'k'", "argument 0 ('params') is bytes of 4 bytes", "parameter 0 has 8"});
  args[0] = KernelArg::of_buffer(b_.get());
  expect_error([&] { program_->launch(args, dims_, true); },
               {"'k'", "3 buffers given", "loaded for 2"});
  args.pop_back();
  args[0] = KernelArg::of_bytes(wide);
  expect_error([&] { program_->launch(args, dims_, true); },
               {"'k'", "3 parameters given; the kernel has 4"});
  args = {KernelArg::of_bytes(wide), KernelArg::of_buffer(a_.get()), KernelArg::of_buffer(nullptr),
          KernelArg::of_bytes(narrow)};
  expect_error([&] { program_->launch(args, dims_, true); }, {"'k'", "buffer 2 is null"});
  args[2] = KernelArg::of_buffer(b_.get());
  expect_error(
      [&] {
        program_->launch(args, {{65, 1, 1}, {32, 1, 1}, true}, true);
      },
      {"'k'", "cannot launch a partial threadgroup (WHOLE_GROUPS_ONLY)"});
  EXPECT_EQ(device_.runs.size(), 1u);
}

TEST_F(LaunchCheck, KernelArgsWithinTheApisLimits) {
  TestDevice metal(gpu_info("MTL"));
  metal.metal_like = true;
  auto program = metal.load({}, "m", 1);
  auto buffer = metal.allocator().alloc(64);
  std::vector<uint8_t> bytes(4095);
  // Threadgroup memory is no parameter: 1 + 1 of 5, and 1000 + 8 bytes are 1024 rounded up.
  std::vector<KernelArg> args = {KernelArg::of_threadgroup(1000),
                                 KernelArg::of_buffer(buffer.get()), KernelArg::of_bytes(bytes),
                                 KernelArg::of_threadgroup(8)};
  EXPECT_EQ(program->launch(args, {{65, 1, 1}, {32, 1, 1}, true}, true), 1);
  bytes.push_back(0);
  args[2] = KernelArg::of_bytes(bytes, "big");
  expect_error(
      [&] {
        program->launch(args, {{64, 1, 1}, {32, 1, 1}}, true);
      },
      {"MTL launch of 'm'", "argument 2 ('big') is 4096 bytes", "at most 4095", "SET_BYTES_LIMIT"});
  args[2] = KernelArg::of_bytes(std::span<const uint8_t>(bytes.data(), 8));
  args[3] = KernelArg::of_threadgroup(17, "tile");
  expect_error(
      [&] {
        program->launch(args, {{64, 1, 1}, {32, 1, 1}}, true);
      },
      {"'m'", "threadgroup memory of 1040 bytes", "MTL's 1024 bytes"});
  EXPECT_EQ(metal.runs.size(), 1u);
}

}  // namespace
}  // namespace ingot
