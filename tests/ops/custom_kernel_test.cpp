// run_custom_kernel on every device: a kernel with its output last (Apple's first compute
// sample), a two-stage sum with threadgroup memory and an output first, checked against
// float64 host sums; and the errors any kernel can make, each an ingot::Error after which
// the device keeps working.
#include <cmath>

#include "ops/custom_kernel_support.hpp"

namespace support {

const Sources kAddArrays = {
    {"c", R"(#include <stdint.h>
void add_arrays(void* const* args, int64_t start, int64_t end) {
  const float* a = args[0];
  const float* b = args[1];
  float* result = args[2];
  for (int64_t i = start; i < end; ++i) result[i] = a[i] + b[i];
}
)"},
    {"opencl", R"(__kernel void add_arrays(__global const float* a, __global const float* b,
                         __global float* result) {
  size_t i = get_global_id(0);
  result[i] = a[i] + b[i];
}
)"},
    {"cuda",
     R"(extern "C" __global__ void add_arrays(const float* a, const float* b, float* result) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  result[i] = a[i] + b[i];
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
kernel void add_arrays(device const float* inA [[buffer(0)]], device const float* inB [[buffer(1)]],
                       device float* result [[buffer(2)]], uint index [[thread_position_in_grid]]) {
  result[index] = inA[index] + inB[index];
}
)"},
};

void CustomKernelTest::expect_device_works() {
  const int64_t n = 64 * 7;
  Array a = random({n}), b = random({n});
  poison_next_output(n * 4);
  Tensor out =
      ingot::run_custom_kernel({.source = source_of(kAddArrays),
                                .function = "add_arrays",
                                .args = {ingot::arg::input(tensor(a)), ingot::arg::input(tensor(b)),
                                         ingot::arg::output({n})},
                                .dims = threads(n)})
          .at(0);
  EXPECT_TRUE(output_was_poisoned());
  std::vector<float> got = out.to_vector<float>();
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(got[size_t(i)], float(a.data[size_t(i)]) + float(b.data[size_t(i)])) << i;
}

namespace {

namespace arg = ingot::arg;
using ingot::CustomKernel;
using ingot::LaunchDims;

// The group size of the partial_sums kernels (their threadgroup arrays hold this many).
constexpr int64_t kGroup = 256;

// partial_sums(out, x, long n, long chunk): out[g] = the sum of x[g * chunk, min(n, (g + 1) *
// chunk)). On GPUs a group of kGroup threads strides through the chunk, then halves its
// partial sums in threadgroup memory until one is left.
const Sources kPartialSums = {
    {"c", R"(#include <stdint.h>
void partial_sums(void* const* args, int64_t start, int64_t end) {
  float* out = args[0];
  const float* x = args[1];
  int64_t n = *(const int64_t*)args[2], chunk = *(const int64_t*)args[3];
  for (int64_t g = start; g < end; ++g) {
    int64_t stop = (g + 1) * chunk < n ? (g + 1) * chunk : n;
    float acc = 0;
    for (int64_t i = g * chunk; i < stop; ++i) acc += x[i];
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

class CustomKernelBasics : public CustomKernelTest {
 protected:
  CustomKernel partial_sums(const Tensor& x, int64_t groups) const {
    int64_t n = x.numel(), chunk = (n + groups - 1) / groups;
    return {.source = source_of(kPartialSums),
            .function = "partial_sums",
            .args = {arg::output({groups}), arg::input(x), arg::i64(n), arg::i64(chunk)},
            .dims = runs_groups() ? LaunchDims{{groups * kGroup, 1, 1}, {kGroup, 1, 1}}
                                  : LaunchDims{{groups, 1, 1}, {1, 1, 1}}};
  }

  // Runs both stages on `x`: the partial sums and their sum.
  std::pair<std::vector<float>, float> two_stage_sum(const Tensor& x, int64_t groups) {
    poison_next_output(size_t(groups) * 4);
    Tensor partials = ingot::run_custom_kernel(partial_sums(x, groups)).at(0);
    EXPECT_TRUE(output_was_poisoned());
    poison_next_output(4);
    Tensor total = ingot::run_custom_kernel(partial_sums(partials, 1)).at(0);
    return {partials.to_vector<float>(), total.item<float>()};
  }
};

TEST_P(CustomKernelBasics, OutputLastAsInApplesSample) { expect_device_works(); }

// Apple's sample exactly, its buffer indices implicit (Metal numbers them in order).
TEST_P(CustomKernelBasics, ImplicitMetalBufferIndices) {
  if (language() != "metal") GTEST_SKIP() << "buffer indices are MSL's";
  const int64_t n = 64 * 5;
  Array a = random({n}), b = random({n});
  std::string source = source_of(kAddArrays);
  for (const char* index : {" [[buffer(0)]]", " [[buffer(1)]]", " [[buffer(2)]]"})
    source.erase(source.find(index), std::string(index).size());
  CustomKernel k{.source = source,
                 .function = "add_arrays",
                 .args = {arg::input(tensor(a)), arg::input(tensor(b)), arg::output({n})},
                 .dims = threads(n)};
  std::vector<Tensor> out = ingot::run_custom_kernel(k);
  std::vector<float> got = out.at(0).to_vector<float>();
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(got[size_t(i)], float(a.data[size_t(i)]) + float(b.data[size_t(i)])) << i;
}

TEST_P(CustomKernelBasics, TwoStageSumMatchesHostAndTensorSum) {
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

TEST_P(CustomKernelBasics, MissingFunctionIsAnErrorNamingIt) {
  CustomKernel k = partial_sums(tensor(random({100})), 1);
  k.function = "no_such_kernel";
  expect_error(k, {"no_such_kernel"});
  expect_device_works();
}

TEST_P(CustomKernelBasics, CompileErrorHoldsTheCompilersMessage) {
  CustomKernel k = partial_sums(tensor(random({100})), 1);
  // A function every language accepts but for the undeclared name.
  k.source += "\nfloat broken_on_purpose(void) { return ingot_undeclared_4711; }\n";
  expect_error(k, {"ingot_undeclared_4711"});
  expect_device_works();
}

TEST_P(CustomKernelBasics, ThreadgroupOverTheDeviceLimitIsAnError) {
  if (!runs_groups()) GTEST_SKIP() << dev() << " runs no threadgroups";
  CustomKernel k = partial_sums(tensor(random({100})), 1);
  const int64_t limit = info().max_threads_per_group;
  k.dims = {{2 * limit, 1, 1}, {2 * limit, 1, 1}};
  expect_error(k, {std::to_string(2 * limit)});
  expect_device_works();
}

TEST_P(CustomKernelBasics, MissingScalarIsAnErrorWhereTheDriverCountsParameters) {
  // Only OpenCL's driver reports a kernel's parameters here (CUDA's on a GPU): a C or
  // Metal kernel reads what it is given.
  if (language() != "opencl" && language() != "cuda")
    GTEST_SKIP() << dev() << " cannot see a kernel's parameters";
  CustomKernel k = partial_sums(tensor(random({100})), 1);
  k.args.pop_back();
  expect_error(k, {"partial_sums", "parameters given; the kernel has 4"});
  expect_device_works();
}

TEST_P(CustomKernelBasics, FrontEndRejectsBadArguments) {
  Tensor x = tensor(random({100}));
  CustomKernel k = partial_sums(x, 1);
  k.args[0] = arg::output({-1});
  expect_error(k, {"partial_sums", "argument 0", "negative"});
  k = partial_sums(x, 1);
  k.function = "not a name";
  expect_error(k, {"not a name"});
  k = partial_sums(x, 1);
  k.dims.local[0] = 0;
  expect_error(k, {"local >= 1"});
  k = partial_sums(x, 1);
  k.args.push_back(arg::input(Tensor()).named("ghost"));
  expect_error(k, {"argument 4 ('ghost')", "undefined"});
  k = partial_sums(x, 1);
  k.args[3] = arg::i32(int64_t(1) << 40);
  expect_error(k, {"argument 3", "does not fit a int32", "-2147483648 to 2147483647"});
  if (runs_groups()) {
    k = partial_sums(x, 1);
    k.dims.global[0] = kGroup + 1;
    expect_error(k, {"not a multiple"});
  }
  if (!supports(DType::Float64)) {
    k = partial_sums(x, 1);
    k.args[0] = arg::output({1}, DType::Float64);
    expect_error(k, {"argument 0 is an output of float64, which " + dev() + " does not have"});
  }
  if (dev() != "CPU") {
    k = partial_sums(x, 1);
    k.device = dev();
    k.args[1] = arg::input(Tensor::ones({4}, F32, "CPU"));
    expect_error(k, {"argument 1", "is on CPU"});
  }
  expect_device_works();
}

INGOT_ON_ALL_DEVICES(CustomKernelBasics);

}  // namespace
}  // namespace support
