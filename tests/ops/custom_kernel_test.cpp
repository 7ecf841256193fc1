// run_custom_kernel on every device: a two-stage sum written by hand in the device's
// language (threadgroup memory and a barrier loop on GPUs, one partial sum per group, then
// the same kernel again on the partials), checked against a float64 host sum and the
// tensor-level sum; and the errors a kernel can make, each an ingot::Error after which the
// device keeps working.
#include "ingot/custom_kernel.hpp"

#include <cmath>
#include <limits>
#include <map>

#include "support/op_test.hpp"

namespace {

using namespace support;
using ingot::CustomKernel;
using ingot::Device;
using ingot::LaunchDims;
using ingot::ScalarArg;

// The group size of the partial_sums kernels (their threadgroup arrays hold this many).
constexpr int64_t kGroup = 256;

// partial_sums(out, x; Int n, Int chunk): out[g] = the sum of x[g * chunk, min(n, (g + 1) *
// chunk)). On GPUs a group of kGroup threads strides through the chunk, then halves its
// partial sums in threadgroup memory until one is left.
const std::map<std::string, std::string> kPartialSums = {
    {"c", R"(#include <stdint.h>
void partial_sums(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start,
                  int64_t end) {
  float* out = (float*)bufs[0];
  const float* x = (const float*)bufs[1];
  for (int64_t g = start; g < end; ++g) {
    int64_t stop = (g + 1) * iargs[1] < iargs[0] ? (g + 1) * iargs[1] : iargs[0];
    float acc = 0;
    for (int64_t i = g * iargs[1]; i < stop; ++i) acc += x[i];
    out[g] = acc;
  }
}
)"},
    {"opencl", R"(__kernel void partial_sums(__global float* out, __global const float* x, long n,
                           long chunk) {
  __local float partial[256];
  size_t lid = get_local_id(0), g = get_group_id(0);
  long stop = min(n, (long)(g + 1) * chunk);
  float acc = 0;
  for (long i = g * chunk + lid; i < stop; i += get_local_size(0)) acc += x[i];
  partial[lid] = acc;
  for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < stride) partial[lid] += partial[lid + stride];
  }
  if (lid == 0) out[g] = partial[0];
}
)"},
    {"cuda", R"(extern "C" __global__ void partial_sums(float* out, const float* x, long long n,
                                        long long chunk) {
  __shared__ float partial[256];
  unsigned lid = threadIdx.x, g = blockIdx.x;
  long long stop = min(n, (long long)(g + 1) * chunk);
  float acc = 0;
  for (long long i = g * chunk + lid; i < stop; i += blockDim.x) acc += x[i];
  partial[lid] = acc;
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    __syncthreads();
    if (lid < stride) partial[lid] += partial[lid + stride];
  }
  if (lid == 0) out[g] = partial[0];
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
kernel void partial_sums(device float* out [[buffer(0)]], device const float* x [[buffer(1)]],
                         constant long& n [[buffer(2)]], constant long& chunk [[buffer(3)]],
                         uint lid [[thread_position_in_threadgroup]],
                         uint g [[threadgroup_position_in_grid]],
                         uint size [[threads_per_threadgroup]]) {
  threadgroup float partial[256];
  long stop = min(n, long(g + 1) * chunk);
  float acc = 0;
  for (long i = g * chunk + lid; i < stop; i += size) acc += x[i];
  partial[lid] = acc;
  for (uint stride = size / 2; stride > 0; stride /= 2) {
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (lid < stride) partial[lid] += partial[lid + stride];
  }
  if (lid == 0) out[g] = partial[0];
}
)"},
};

class CustomKernelTest : public OpTest {
 protected:
  void SetUp() override {
    OpTest::SetUp();
    if (!kPartialSums.count(language()))
      GTEST_SKIP() << "no partial_sums kernel in " << dev() << "'s language " << language();
  }

  const std::string& language() const { return Device::get(dev()).info().language; }
  bool runs_groups() const { return Device::get(dev()).info().threadgroups; }

  // `groups` groups of kGroup threads on a GPU; `groups` iterations on the CPU.
  LaunchDims dims(int64_t groups) const {
    return runs_groups() ? LaunchDims{{groups * kGroup, 1, 1}, {kGroup, 1, 1}}
                         : LaunchDims{{groups, 1, 1}, {1, 1, 1}};
  }

  CustomKernel partial_sums(const Tensor& x, int64_t groups) const {
    int64_t n = x.numel(), chunk = (n + groups - 1) / groups;
    return {.source = kPartialSums.at(language()),
            .function = "partial_sums",
            .inputs = {x},
            .outputs = {{{groups}, F32}},
            .scalars = {ScalarArg::of_int(n), ScalarArg::of_int(chunk)},
            .dims = dims(groups)};
  }

  // Leaves a freed buffer of `count` NaNs in the device's cache, so that the next
  // allocation of that size (the kernel's output) starts out poisoned.
  void poison_next_output(int64_t count) {
    ingot::Allocator& allocator = Device::get(dev()).allocator();
    Tensor::full({count}, std::numeric_limits<double>::quiet_NaN(), F32, dev()).realize();
    hits_before_ = allocator.cache_hits();
  }
  // Whether an allocation since poison_next_output was served from that cache.
  bool output_was_poisoned() const {
    return Device::get(dev()).allocator().cache_hits() > hits_before_;
  }

  // Runs both stages on `x`: the partial sums and their sum.
  std::pair<std::vector<float>, float> two_stage_sum(const Tensor& x, int64_t groups) {
    poison_next_output(groups);
    Tensor partials = ingot::run_custom_kernel(partial_sums(x, groups)).at(0);
    EXPECT_TRUE(output_was_poisoned());
    poison_next_output(1);
    Tensor total = ingot::run_custom_kernel(partial_sums(partials, 1)).at(0);
    return {partials.to_vector<float>(), total.item<float>()};
  }

  // The kernel, its output checked, as proof that the device works after an error.
  void expect_device_works() {
    Array x = random({1000}, range(-1, 1));
    auto [partials, total] = two_stage_sum(tensor(x), 3);
    double want = 0;
    for (double v : x.data) want += v;
    EXPECT_NEAR(total, want, 1e-3);
  }

  size_t hits_before_ = 0;
};

TEST_P(CustomKernelTest, TwoStageSumMatchesHostAndTensorSum) {
  const int64_t n = 100003, groups = 37, chunk = (n + groups - 1) / groups;
  Array x = random({n}, range(-1, 1));
  Tensor xt = tensor(x);
  auto [partials, total] = two_stage_sum(xt, groups);
  ASSERT_EQ(partials.size(), size_t(groups));
  double want_total = 0;
  for (int64_t g = 0; g < groups; ++g) {
    double want = 0;
    for (int64_t i = g * chunk; i < std::min(n, (g + 1) * chunk); ++i) want += x.data[size_t(i)];
    EXPECT_NEAR(partials[size_t(g)], want, 1e-3) << "group " << g;
    want_total += want;
  }
  EXPECT_NEAR(total, want_total, 1e-2);
  EXPECT_NEAR(total, xt.sum().item<float>(), 1e-2);
}

TEST_P(CustomKernelTest, MissingFunctionIsAnErrorNamingIt) {
  CustomKernel k = partial_sums(tensor(random({100})), 1);
  k.function = "no_such_kernel";
  try {
    ingot::run_custom_kernel(k);
    ADD_FAILURE() << "no error";
  } catch (const ingot::Error& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_kernel"), std::string::npos) << e.what();
  }
  expect_device_works();
}

TEST_P(CustomKernelTest, CompileErrorHoldsTheCompilersMessage) {
  CustomKernel k = partial_sums(tensor(random({100})), 1);
  // A function every language accepts but for the undeclared name.
  k.source += "\nfloat broken_on_purpose(void) { return ingot_undeclared_4711; }\n";
  try {
    ingot::run_custom_kernel(k);
    ADD_FAILURE() << "no error";
  } catch (const ingot::Error& e) {
    EXPECT_NE(std::string(e.what()).find("ingot_undeclared_4711"), std::string::npos) << e.what();
  }
  expect_device_works();
}

TEST_P(CustomKernelTest, ThreadgroupOverTheDeviceLimitIsAnError) {
  if (!runs_groups()) GTEST_SKIP() << dev() << " runs no threadgroups";
  CustomKernel k = partial_sums(tensor(random({100})), 1);
  const int64_t limit = Device::get(dev()).info().max_threads_per_group;
  k.dims = {{2 * limit, 1, 1}, {2 * limit, 1, 1}};
  try {
    ingot::run_custom_kernel(k);
    ADD_FAILURE() << "no error";
  } catch (const ingot::Error& e) {
    EXPECT_NE(std::string(e.what()).find(std::to_string(2 * limit)), std::string::npos) << e.what();
  }
  expect_device_works();
}

TEST_P(CustomKernelTest, MissingScalarBindingIsAnError) {
  // Only devices that know a kernel's parameters can tell; a C or CUDA kernel takes what
  // it is given.
  if (language() != "metal" && language() != "opencl")
    GTEST_SKIP() << dev() << " cannot see a kernel's parameters";
  CustomKernel k = partial_sums(tensor(random({100})), 1);
  k.scalars.pop_back();
  EXPECT_THROW(ingot::run_custom_kernel(k), ingot::Error);
  expect_device_works();
}

TEST_P(CustomKernelTest, FrontEndRejectsBadArguments) {
  Tensor x = tensor(random({100}));
  auto expect_error = [&](CustomKernel k, const std::string& mention) {
    try {
      ingot::run_custom_kernel(k);
      ADD_FAILURE() << "no error for " << mention;
    } catch (const ingot::Error& e) {
      EXPECT_NE(std::string(e.what()).find(mention), std::string::npos) << e.what();
    }
  };
  CustomKernel k = partial_sums(x, 1);
  k.outputs.clear();
  expect_error(k, "no outputs");
  k = partial_sums(x, 1);
  k.outputs[0].shape = {-1};
  expect_error(k, "negative");
  k = partial_sums(x, 1);
  k.function = "not a name";
  expect_error(k, "not a name");
  k = partial_sums(x, 1);
  k.dims.local[0] = 0;
  expect_error(k, "local >= 1");
  k = partial_sums(x, 1);
  k.inputs.push_back(Tensor());
  expect_error(k, "undefined");
  if (runs_groups()) {
    k = partial_sums(x, 1);
    k.dims.global[0] = kGroup + 1;
    expect_error(k, "not a multiple");
  }
  if (!supports(DType::Float64)) {
    k = partial_sums(x, 1);
    k.outputs[0].dtype = DType::Float64;
    expect_error(k, "output 0 is float64, which " + dev() + " does not have");
  }
  if (dev() != "CPU") {
    k = partial_sums(x, 1);
    k.inputs.push_back(Tensor::ones({4}, F32, "CPU"));
    expect_error(k, "input 1 is on CPU");
  }
  expect_device_works();
}

INGOT_ON_ALL_DEVICES(CustomKernelTest);

}  // namespace
