// The arguments a kernel declares, bound where it declares them: a struct at index 0,
// scalars of 16, 32 and 64 bits with values a narrower or signed type would change,
// threadgroup memory sized at launch, and the binding errors (a position bound twice or
// not at all, a width the kernel disagrees with, bytes or threadgroup memory over the
// limits), each an ingot::Error naming the kernel and the argument.
#include <cstring>

#include "ops/custom_kernel_support.hpp"

namespace support {
namespace {

namespace arg = ingot::arg;
using ingot::CustomKernel;

// affine(Params p, x, y): y[i] = x[i] * p.scale + p.bias for i < p.n, the struct first as
// an MLX-style kernel takes its arguments; the grid is rounded up to whole groups.
struct Params {
  float scale;
  float bias;
  uint32_t n;
  int32_t unused;  // the struct's tail, so that its size is the same in every language
};

const Sources kAffine = {
    {"c", R"(#include <stdint.h>
typedef struct { float scale; float bias; uint32_t n; int32_t unused; } Params;
void affine(void* const* args, int64_t start, int64_t end) {
  const Params* p = args[0];
  const float* x = args[1];
  float* y = args[2];
  for (int64_t i = start; i < end; ++i)
    if (i < p->n) y[i] = x[i] * p->scale + p->bias;
}
)"},
    {"opencl", R"(typedef struct { float scale; float bias; uint n; int unused; } Params;
__kernel void affine(Params p, __global const float* x, __global float* y) {
  uint i = get_global_id(0);
  if (i < p.n) y[i] = x[i] * p.scale + p.bias;
}
)"},
    {"cuda", R"(struct Params { float scale; float bias; unsigned n; int unused; };
extern "C" __global__ void affine(Params p, const float* x, float* y) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) y[i] = x[i] * p.scale + p.bias;
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
struct Params { float scale; float bias; uint n; int unused; };
kernel void affine(constant Params& p [[buffer(0)]], device const float* x [[buffer(1)]],
                   device float* y [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  if (i < p.n) y[i] = x[i] * p.scale + p.bias;
}
)"},
};

// widths(out, uint u, int s, long l, ushort h, float f): out holds each scalar widened to
// 64 bits as its own type widens (u zero-extended, s sign-extended), h's 16 bits and f's 32.
const Sources kWidths = {
    {"c", R"(#include <stdint.h>
#include <string.h>
void widths(void* const* args, int64_t start, int64_t end) {
  int64_t* out = args[0];
  uint32_t f;
  memcpy(&f, args[5], 4);
  out[0] = *(const uint32_t*)args[1];
  out[1] = *(const int32_t*)args[2];
  out[2] = *(const int64_t*)args[3];
  out[3] = *(const uint16_t*)args[4];
  out[4] = f;
}
)"},
    {"opencl",
     R"(__kernel void widths(__global long* out, uint u, int s, long l, ushort h, float f) {
  out[0] = u;
  out[1] = s;
  out[2] = l;
  out[3] = h;
  out[4] = as_uint(f);
}
)"},
    {"cuda", R"(extern "C" __global__ void widths(long long* out, unsigned u, int s, long long l,
                                  unsigned short h, float f) {
  out[0] = u;
  out[1] = s;
  out[2] = l;
  out[3] = h;
  out[4] = __float_as_uint(f);
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
kernel void widths(device long* out [[buffer(0)]], constant uint& u [[buffer(1)]],
                   constant int& s [[buffer(2)]], constant long& l [[buffer(3)]],
                   constant ushort& h [[buffer(4)]], constant float& f [[buffer(5)]]) {
  out[0] = u;
  out[1] = s;
  out[2] = l;
  out[3] = h;
  out[4] = as_type<uint>(f);
}
)"},
};

// reverse_groups(x, out, tile, uint group): each group of `group` elements reversed through
// threadgroup memory whose length the launch gives (on the CPU, one iteration a group).
const Sources kReverseGroups = {
    {"c", R"(#include <stdint.h>
void reverse_groups(void* const* args, int64_t start, int64_t end) {
  const float* x = args[0];
  float* out = args[1];
  float* tile = args[2];
  uint32_t group = *(const uint32_t*)args[3];
  for (int64_t g = start; g < end; ++g) {
    for (uint32_t j = 0; j < group; ++j) tile[j] = x[g * group + j];
    for (uint32_t j = 0; j < group; ++j) out[g * group + j] = tile[group - 1 - j];
  }
}
)"},
    {"opencl", R"(__kernel void reverse_groups(__global const float* x, __global float* out,
                             __local float* tile, uint group) {
  size_t lid = get_local_id(0), base = get_group_id(0) * group;
  tile[lid] = x[base + lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + lid] = tile[group - 1 - lid];
}
)"},
    {"cuda",
     R"(extern "C" __global__ void reverse_groups(const float* x, float* out, unsigned group) {
  extern __shared__ float tile[];
  unsigned lid = threadIdx.x, base = blockIdx.x * group;
  tile[lid] = x[base + lid];
  __syncthreads();
  out[base + lid] = tile[group - 1 - lid];
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
kernel void reverse_groups(device const float* x [[buffer(0)]], device float* out [[buffer(1)]],
                           threadgroup float* tile [[threadgroup(0)]],
                           constant uint& group [[buffer(2)]],
                           uint lid [[thread_position_in_threadgroup]],
                           uint g [[threadgroup_position_in_grid]]) {
  uint base = g * group;
  tile[lid] = x[base + lid];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  out[base + lid] = tile[group - 1 - lid];
}
)"},
};

// Two entry points of one source: iota(out) writes each index, square(x, out) squares.
const Sources kTwoEntryPoints = {
    {"c", R"(#include <stdint.h>
void iota(void* const* args, int64_t start, int64_t end) {
  for (int64_t i = start; i < end; ++i) ((float*)args[0])[i] = (float)i;
}
void square(void* const* args, int64_t start, int64_t end) {
  const float* x = args[0];
  for (int64_t i = start; i < end; ++i) ((float*)args[1])[i] = x[i] * x[i];
}
)"},
    {"opencl",
     R"(__kernel void iota(__global float* out) { out[get_global_id(0)] = get_global_id(0); }
__kernel void square(__global const float* x, __global float* out) {
  size_t i = get_global_id(0);
  out[i] = x[i] * x[i];
}
)"},
    {"cuda", R"(extern "C" __global__ void iota(float* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i;
}
extern "C" __global__ void square(const float* x, float* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[i] * x[i];
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
kernel void iota(device float* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  out[i] = i;
}
kernel void square(device const float* x [[buffer(0)]], device float* out [[buffer(1)]],
                   uint i [[thread_position_in_grid]]) {
  out[i] = x[i] * x[i];
}
)"},
};

class CustomKernelArgs : public CustomKernelTest {
 protected:
  CustomKernel affine(const Tensor& x, const Params& p, int64_t threads_count) const {
    return {.source = source_of(kAffine),
            .function = "affine",
            .args = {arg::bytes_of(p).named("p"), arg::input(x).named("x"),
                     arg::output({x.numel()}).named("y")},
            .dims = threads(threads_count)};
  }

  CustomKernel widths(uint32_t u, int32_t s, int64_t l, double h, float f) const {
    return {.source = source_of(kWidths),
            .function = "widths",
            .args = {arg::output({5}, I64), arg::u32(u), arg::i32(s), arg::i64(l), arg::f16(h),
                     arg::f32(f)},
            .dims = threads(1, 1),
            .device = dev()};
  }

  CustomKernel reverse_groups(const Tensor& x, int64_t group) const {
    return {.source = source_of(kReverseGroups),
            .function = "reverse_groups",
            .args = {arg::input(x), arg::output({x.numel()}),
                     arg::threadgroup(size_t(group) * 4).named("tile"), arg::u32(group)},
            .dims = runs_groups() ? ingot::LaunchDims{{x.numel(), 1, 1}, {group, 1, 1}}
                                  : ingot::LaunchDims{{x.numel() / group, 1, 1}, {1, 1, 1}}};
  }
};

TEST_P(CustomKernelArgs, StructAtIndexZero) {
  const int64_t n = 1000, threads_count = 1024;  // 24 threads past the end do nothing
  Array x = random({n});
  std::uniform_real_distribution<float> u(-2, 2);
  Params p{u(rng_), u(rng_), uint32_t(n), 0};
  poison_next_output(n * 4);
  std::vector<float> y =
      ingot::run_custom_kernel(affine(tensor(x), p, threads_count)).at(0).to_vector<float>();
  EXPECT_TRUE(output_was_poisoned());
  for (int64_t i = 0; i < n; ++i)
    ASSERT_NEAR(y[size_t(i)], float(x.data[size_t(i)]) * p.scale + p.bias, 1e-5) << i;
}

// engine_stats() counts custom kernels among the launches, once per run.
TEST_P(CustomKernelArgs, EachRunCountsAsOneLaunch) {
  Array x = random({64});
  Params p{1.5f, 0.5f, 64, 0};
  Tensor input = tensor(x);
  input.realize();
  const uint64_t before = ingot::engine_stats().kernels_launched;
  ingot::run_custom_kernel(affine(input, p, 64));
  ingot::run_custom_kernel(affine(input, p, 64));
  EXPECT_EQ(ingot::engine_stats().kernels_launched - before, 2u);
}

TEST_P(CustomKernelArgs, ScalarsKeepTheirWidthsPast2To31AndNegative) {
  std::uniform_int_distribution<int64_t> any(0, 1 << 20);
  const uint32_t u = uint32_t(3'000'000'000u + uint32_t(any(rng_)));
  const int32_t s = -int32_t(1'500'000'000 + any(rng_));
  const int64_t l = -(int64_t(1) << 40) - any(rng_);
  const double h = -1.5 - double(any(rng_) % 64) / 64;  // exact in float16
  const float f = -float(any(rng_)) / 3;
  poison_next_output(5 * 8);
  std::vector<int64_t> got =
      ingot::run_custom_kernel(widths(u, s, l, h, f)).at(0).to_vector<int64_t>();
  // The bits each type has on the host, independently of ingot's conversion.
  std::vector<uint8_t> half = encode(Array({1}, {h}), F16);
  uint16_t half_bits;
  std::memcpy(&half_bits, half.data(), 2);
  uint32_t float_bits;
  std::memcpy(&float_bits, &f, 4);
  EXPECT_EQ(got[0], int64_t(u));
  EXPECT_EQ(got[1], int64_t(s));
  EXPECT_EQ(got[2], l);
  EXPECT_EQ(got[3], int64_t(half_bits));
  EXPECT_EQ(got[4], int64_t(float_bits));
}

TEST_P(CustomKernelArgs, ScalarOutsideItsTypeIsAnError) {
  CustomKernel k = widths(1, 1, 1, 1, 1);
  k.args[1] = arg::u32(-1).named("u");
  expect_error(k, {"widths", "argument 1 ('u')", "-1 does not fit a uint32", "0 to 4294967295"});
  k.args[1] = arg::scalar(DType::UInt32, 2.5);
  expect_error(k, {"argument 1", "2.5 is not an integer"});
  expect_device_works();
}

TEST_P(CustomKernelArgs, ScalarWidthTheKernelDisagreesWithIsAnError) {
  // Where the driver tells a parameter's size: OpenCL's clSetKernelArg, CUDA's
  // cuFuncGetParamInfo. C and Metal kernels read what they are given.
  if (language() != "opencl" && language() != "cuda")
    GTEST_SKIP() << dev() << " cannot see a kernel's parameter widths";
  CustomKernel k = widths(1, 1, 1, 1, 1);
  k.args[2] = arg::i64(-5).named("s");  // the kernel's s is an int
  expect_error(k, {"widths", "argument 2", "8 bytes"});
  expect_device_works();
}

TEST_P(CustomKernelArgs, ThreadgroupMemorySizedAtLaunch) {
  const int64_t group = runs_groups() ? 64 : 16, n = group * 9;
  Array x = random({n});
  poison_next_output(n * 4);
  std::vector<float> got =
      ingot::run_custom_kernel(reverse_groups(tensor(x), group)).at(0).to_vector<float>();
  EXPECT_TRUE(output_was_poisoned());
  for (int64_t i = 0; i < n; ++i) {
    int64_t g = i / group, j = i % group;
    ASSERT_EQ(got[size_t(i)], float(x.data[size_t(g * group + group - 1 - j)])) << i;
  }
}

TEST_P(CustomKernelArgs, ThreadgroupMemoryOverTheDeviceLimitIsAnError) {
  if (!runs_groups()) GTEST_SKIP() << dev() << " runs no threadgroups and has no such limit";
  CustomKernel k = reverse_groups(tensor(random({64})), 64);
  const int64_t limit = info().local_memory_bytes;
  k.args[2] = arg::threadgroup(size_t(limit) + 1024).named("tile");
  expect_error(k, {"reverse_groups", "threadgroup memory of", std::to_string(limit)});
  expect_device_works();
}

TEST_P(CustomKernelArgs, TwoEntryPointsOfOneSourceCompileOnce) {
  const int64_t n = 64 * 3;
  Array x = random({n});
  const ingot::CustomKernelCounts before = ingot::custom_kernel_counts();
  CustomKernel iota{.source = source_of(kTwoEntryPoints),
                    .function = "iota",
                    .args = {arg::output({n})},
                    .dims = threads(n),
                    .device = dev()};
  CustomKernel square = iota;
  square.function = "square";
  square.args = {arg::input(tensor(x)), arg::output({n})};
  std::vector<float> indices = ingot::run_custom_kernel(iota).at(0).to_vector<float>();
  std::vector<float> squares = ingot::run_custom_kernel(square).at(0).to_vector<float>();
  const ingot::CustomKernelCounts after = ingot::custom_kernel_counts();
  EXPECT_EQ(after.sources, before.sources + 1);
  EXPECT_EQ(after.programs, before.programs + 2);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(indices[size_t(i)], float(i));
    float xi = float(x.data[size_t(i)]);
    ASSERT_EQ(squares[size_t(i)], xi * xi) << i;
  }
}

TEST_P(CustomKernelArgs, PositionBoundTwiceOrNotAtAllIsAnError) {
  Tensor x = tensor(random({64}));
  Params p{1, 0, 64, 0};
  CustomKernel k = affine(x, p, 64);
  k.args[2] = k.args[2].at(1);  // y at x's position
  expect_error(k, {"affine", "bound twice", "argument 1 ('x')", "argument 2 ('y')"});
  k = affine(x, p, 64);
  k.args[2] = k.args[2].at(3);  // position 2 left unbound
  expect_error(k, {"affine", "2", "is not bound", "argument 2 ('y')"});
  // Given in another order but each at its position, the kernel runs as written.
  k = affine(x, p, 64);
  k.args = {k.args[2].at(2), k.args[0].at(0), k.args[1].at(1)};
  std::vector<float> y = ingot::run_custom_kernel(k).at(0).to_vector<float>();
  std::vector<float> want = x.to_vector<float>();
  EXPECT_EQ(y, want);
}

TEST_P(CustomKernelArgs, BytesOverMetalsSetBytesLimitAreAnError) {
  if (language() != "metal") GTEST_SKIP() << "the 4 KiB setBytes limit is Metal's";
  CustomKernel k = affine(tensor(random({64})), {1, 0, 64, 0}, 64);
  k.args[0] = arg::bytes(std::vector<uint8_t>(4096, 1)).named("p");
  expect_error(k, {"affine", "argument 0 ('p')", "4096 bytes", "setBytes"});
  expect_device_works();
}

// Threads per grid that leave the last threadgroup partial, as Apple's samples launch:
// Metal runs them (dispatchThreads), the CPU has no threadgroups, and others refuse them.
TEST_P(CustomKernelArgs, PartialThreadgroups) {
  const int64_t n = 1000;
  Array x = random({n});
  CustomKernel k = affine(tensor(x), {2, 1, uint32_t(n), 0}, n);
  k.dims.partial_groups = true;
  if (runs_groups() && language() != "metal") {
    expect_error(k, {"affine", "cannot launch a partial threadgroup"});
    return expect_device_works();
  }
  std::vector<float> y = ingot::run_custom_kernel(k).at(0).to_vector<float>();
  for (int64_t i = 0; i < n; ++i) ASSERT_NEAR(y[size_t(i)], float(x.data[size_t(i)]) * 2 + 1, 1e-5);
}

INGOT_ON_ALL_DEVICES(CustomKernelArgs);

}  // namespace
}  // namespace support
