// The emulated Metal's lane models (docs/metal-emulator.md, "Running"): synchronizing
// kernels whose calls the coroutine rewrite reaches (templated kernels, SIMD reductions and
// barriers in helper functions) run their lanes as coroutines, those out of its reach (a
// lambda, an operator, a macro) as fibers, and both give every SIMD-group function
// and barrier the same meaning, inactive lanes included. Checked against host references
// on random inputs with poisoned outputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "backends/metal/emulator/msl_engine.hpp"
#include "ingot/error.hpp"
#include "unit/msl_kernel_support.hpp"

namespace ingot::metal_emulator {
namespace {

using test::compile_msl;
using test::Dispatch;
using MslLanes = test::MslKernelTest;

// The style of LLM runtimes' kernels: a templated kernel whose SIMD reductions and barriers
// sit in (templated, namespaced) helpers, one helper calling the next.
const char* const kHelpers = R"(
namespace helpers {
template <typename T> inline T warp_sum(T x) { return simd_sum(x); }
template <typename T> T suffix_max(T x) {
  for (ushort d = 16; d > 0; d /= 2) x = max(x, simd_shuffle_down(x, d));
  return x;
}
template <typename T>
T block_sum(T x, threadgroup T* scratch, uint lane, uint sg, uint simdgroups) {
  T s = warp_sum<T>(x);
  if (lane == 0) scratch[sg] = s;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  T total = 0;
  for (uint i = 0; i < simdgroups; ++i) total += scratch[i];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  return total;
}
}  // namespace helpers

template <typename T>
kernel void reduce(device const T* in [[buffer(0)]], device T* out [[buffer(1)]],
                   uint i [[thread_position_in_grid]], uint lane [[thread_index_in_simdgroup]],
                   uint sg [[simdgroup_index_in_threadgroup]],
                   uint simdgroups [[simdgroups_per_threadgroup]]) {
  threadgroup T scratch[32];
  T x = in[i];
  out[3 * i] = helpers::block_sum(x, scratch, lane, sg, simdgroups);
  out[3 * i + 1] = helpers::suffix_max(x);
  if (lane % 4 == 3) return;  // inactive for the ballot
  out[3 * i + 2] = T(ulong(metal::simd_ballot(x > 0)) & 0xffffUL);
}
template [[host_name("reduce_float")]] kernel void reduce<float>(device const float*,
    device float*, uint, uint, uint, uint);
template [[host_name("reduce_int")]] kernel void reduce<int>(device const int*, device int*,
    uint, uint, uint, uint);

kernel void twice(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                  uint i [[thread_position_in_grid]]) {
  out[i] = 2.0f * in[i];
}
)";

template <class T>
void check_reduce(const std::shared_ptr<MslLibrary>& library, const std::string& function,
                  const std::vector<T>& values) {
  const int threads = 80, groups = 3;  // the last simdgroup of each group has 16 lanes
  std::vector<T> in = values, out(3 * in.size(), T(-12345));
  Dispatch(library, function).buffer(0, in).buffer(1, out).run(groups, threads);
  for (int i = 0; i < threads * groups; ++i) {
    int local = i % threads, group = i - local, first = i - local % 32, lane = local % 32;
    int lanes = std::min(32, threads - (local - local % 32));
    double sum = 0, suffix = -INFINITY;
    uint64_t ballot = 0;
    for (int l = 0; l < threads; ++l) sum += double(in[group + l]);
    for (int l = lane; l < lanes; ++l) suffix = std::max(suffix, double(in[first + l]));
    for (int l = 0; l < lanes; ++l)
      if (l % 4 != 3 && in[first + l] > 0) ballot |= uint64_t(1) << l;
    EXPECT_NEAR(double(out[3 * i]), sum, 1e-3) << function << " thread " << i;
    EXPECT_EQ(double(out[3 * i + 1]), suffix) << function << " thread " << i;
    if (lane % 4 == 3)
      EXPECT_EQ(out[3 * i + 2], T(-12345)) << function << " thread " << i;
    else
      EXPECT_EQ(double(out[3 * i + 2]), double(ballot & 0xffff)) << function << " thread " << i;
  }
}

TEST_F(MslLanes, HelpersWithSimdReductionsAndBarriersRunAsCoroutines) {
  auto library = compile_msl(kHelpers);
  EXPECT_EQ(lane_model(*library, "reduce_float"), LaneModel::Coroutines);
  EXPECT_EQ(lane_model(*library, "reduce_int"), LaneModel::Coroutines);
  EXPECT_EQ(lane_model(*library, "twice"), LaneModel::Loop);  // reaches no synchronizing call
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> real(-1, 1);
  std::vector<float> floats(240);
  std::vector<int> ints(240);
  for (float& v : floats) v = real(rng);
  for (int& v : ints) v = int(rng() % 201) - 100;
  check_reduce(library, "reduce_float", floats);
  check_reduce(library, "reduce_int", ints);
  EXPECT_THROW(lane_model(*library, "reduce"), Error);  // the template itself is no kernel
}

// tinygrad's tensor-core style: a helper takes each lane's two elements of A, B and C
// through thread_elements() and multiplies; here C (8x16) = A (8x8) B (8x16) + 1, a
// simdgroup per 8x8 tile of C.
TEST_F(MslLanes, MatrixMultipliesInLanesRunAsCoroutines) {
  auto library = compile_msl(R"(
float2 __WMMA_8_8_8_float_float(float2 a, float2 b, float2 c) {
  simdgroup_float8x8 mat_a, mat_b, mat_c;
  mat_a.thread_elements()[0] = a[0]; mat_a.thread_elements()[1] = a[1];
  mat_b.thread_elements()[0] = b[0]; mat_b.thread_elements()[1] = b[1];
  mat_c.thread_elements()[0] = c[0]; mat_c.thread_elements()[1] = c[1];
  simdgroup_multiply_accumulate(mat_c, mat_a, mat_b, mat_c);
  return float2(mat_c.thread_elements()[0], mat_c.thread_elements()[1]);
}
kernel void wmma(device const float* data1 [[buffer(0)]], device float* data0 [[buffer(1)]],
                 uint lane [[thread_index_in_simdgroup]], uint sg [[simdgroup_index_in_threadgroup]]) {
  uint row = ((lane / 4) & 4) + (lane / 2) % 4, col = ((lane / 4) & 2) * 2 + (lane % 2) * 2;
  device const float* b = data1 + 64;
  float2 a = float2(data1[row * 8 + col], data1[row * 8 + col + 1]);
  float2 c = __WMMA_8_8_8_float_float(a, float2(b[row * 16 + sg * 8 + col], b[row * 16 + sg * 8 + col + 1]),
                                      float2(1.0f));
  data0[row * 16 + sg * 8 + col] = c.x;
  data0[row * 16 + sg * 8 + col + 1] = c.y;
})");
  EXPECT_EQ(lane_model(*library, "wmma"), LaneModel::Coroutines);
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> real(-1, 1);
  std::vector<float> in(64 + 128), out(128, NAN);
  for (float& v : in) v = real(rng);
  Dispatch(library, "wmma").buffer(0, in).buffer(1, out).run(1, 64);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j) {
      double expected = 1;
      for (int k = 0; k < 8; ++k) expected += double(in[i * 8 + k]) * in[64 + k * 16 + j];
      EXPECT_NEAR(out[i * 16 + j], expected, 1e-5) << i << ", " << j;
    }
}

TEST_F(MslLanes, CallsOutOfTheRewritesReachRunOnFibers) {
  // A SIMD-group call in a lambda, in an operator and in a macro: a coroutine cannot await
  // there (a lambda's body, an operator's call) or the rewrite cannot see it (a macro).
  // And a member function named as one of Metal's (max) where Metal's is called too, or a
  // struct's member named as a SIMD-group function: the rewrite cannot tell the calls
  // apart. And a struct local to the kernel: its member functions are no coroutines.
  const std::string lambda = R"(
kernel void sums(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  auto reduce = [](float v) { return simd_sum(v); };
  out[i] = reduce(in[i]);
})";
  const std::string op = R"(
struct Sum {
  float operator()(float v) const { return simd_sum(v); }
};
kernel void sums(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  out[i] = Sum()(in[i]);
})";
  const std::string macro = R"(
#define REDUCE(v) simd_sum(v)
kernel void sums(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  out[i] = REDUCE(in[i]);
})";
  const std::string shared_name = R"(
struct Reduce {
  static float max(float v) { return simd_max(v); }
  static float sum(float v) { return simd_sum(v); }
};
kernel void sums(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  out[i] = max(Reduce::sum(in[i]), -1000.0f);
})";
  const std::string member_named_simd = R"(
struct Lanes {
  float simd_sum(float v) { return metal::simd_sum(v); }
};
kernel void sums(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  Lanes lanes;
  out[i] = lanes.simd_sum(in[i]);
})";
  const std::string local_struct = R"(
kernel void sums(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  struct Sum {
    static float of(float v) { return simd_sum(v); }
  };
  out[i] = Sum::of(in[i]);
})";
  for (const std::string& source :
       {lambda, op, macro, shared_name, member_named_simd, local_struct}) {
    auto library = compile_msl(source);
    EXPECT_EQ(lane_model(*library, "sums"), LaneModel::Fibers) << source;
    std::vector<float> in(64), out(64, NAN);
    for (size_t i = 0; i < in.size(); ++i) in[i] = float(i % 7) - 3.0f;
    Dispatch(library, "sums").buffer(0, in).buffer(1, out).run(1, 64);
    for (int i = 0; i < 64; ++i) {
      double sum = 0;
      for (int l = i / 32 * 32; l < i / 32 * 32 + 32; ++l) sum += in[l];
      EXPECT_EQ(out[i], sum) << source << " thread " << i;
    }
  }
}

// Lanes that return before the SIMD calls and barriers, lanes that wait at two different
// barriers, SIMD calls while some lanes wait at a barrier: the same results in both lane
// models (the second library runs on fibers because of the lambda it adds).
const char* const kDivergent = R"(
kernel void diverge(device const uint* in [[buffer(0)]], device uint* out [[buffer(1)]],
                    uint lid [[thread_index_in_threadgroup]],
                    uint lane [[thread_index_in_simdgroup]], uint i [[thread_position_in_grid]]) {
  if (in[i] % 5 == 4) return;  // skips every barrier and SIMD call
  uint active = uint(ulong(simd_active_threads_mask()));
  if (lid % 2 == 0) {
    threadgroup_barrier(mem_flags::mem_threadgroup);
    out[3 * i] = active;
  } else {
    out[3 * i] = active + 1;
    out[3 * i + 1] = simd_sum(1u);  // the even lanes wait at their barrier: inactive
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  out[3 * i + 2] = simd_prefix_exclusive_sum(in[i]);
}
)";

TEST_F(MslLanes, InactiveLanesAndDivergentBarriersMeanTheSameInBothModels) {
  auto coroutines = compile_msl(kDivergent);
  auto fibers = compile_msl(
      std::string(kDivergent) +
      "inline uint on_fibers(uint v) { return [](uint x) { return simd_sum(x); }(v); }\n");
  ASSERT_EQ(lane_model(*coroutines, "diverge"), LaneModel::Coroutines);
  ASSERT_EQ(lane_model(*fibers, "diverge"), LaneModel::Fibers);
  const int threads = 72, groups = 2, n = threads * groups;
  std::mt19937 rng(13);
  std::vector<uint32_t> in(n);
  for (uint32_t& v : in) v = rng() % 100;
  std::vector<uint32_t> a(3 * n, 0xdeadbeef), b(3 * n, 0xdeadbeef);
  Dispatch(coroutines, "diverge").buffer(0, in).buffer(1, a).run(groups, threads);
  Dispatch(fibers, "diverge").buffer(0, in).buffer(1, b).run(groups, threads);
  EXPECT_EQ(a, b);
  for (int i = 0; i < n; ++i) {
    int local = i % threads, first = i - local % 32,
        lanes = std::min(32, threads - (local - local % 32));
    if (in[i] % 5 == 4) {
      EXPECT_EQ(a[3 * i], 0xdeadbeef) << i;
      continue;
    }
    uint32_t active = 0, odd = 0, prefix = 0;
    for (int l = 0; l < lanes; ++l)
      if (in[first + l] % 5 != 4) {
        active |= 1u << l;
        odd += (first + l) % threads % 2;
        if (first + l < i) prefix += in[first + l];
      }
    EXPECT_EQ(a[3 * i], active + local % 2) << i;
    EXPECT_EQ(a[3 * i + 1], local % 2 ? odd : 0xdeadbeef) << i;
    EXPECT_EQ(a[3 * i + 2], prefix) << i;
  }
}

}  // namespace
}  // namespace ingot::metal_emulator
