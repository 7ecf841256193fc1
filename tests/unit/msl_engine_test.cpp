// The emulated Metal's kernel engine: hand-written MSL kernels compiled and dispatched
// directly (no Objective-C side), checked against float64 host references on random
// inputs with poisoned outputs; every limit Metal enforces, compile errors and missing
// functions, each followed by a dispatch that must still work.
#include "backends/metal/emulator/msl_engine.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "ingot/dtype.hpp"
#include "ingot/error.hpp"
#include "render/language.hpp"
#include "unit/msl_kernel_support.hpp"

namespace ingot::metal_emulator {
namespace {

using test::compile_msl;
using test::Dispatch;
using test::random_floats;
using MslEngine = test::MslKernelTest;
using MslLanguage = MslEngine;

// Expects `statement` to throw an Error whose message contains `text`.
#define EXPECT_ERROR_WITH(statement, text)                                      \
  try {                                                                         \
    statement;                                                                  \
    ADD_FAILURE() << "no error from " #statement;                               \
  } catch (const Error& e) {                                                    \
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what(); \
  }

TEST_F(MslEngine, VectorsSwizzlesAndConstructors) {
  auto lib = compile_msl(R"(
kernel void swz(device const float4* in [[buffer(0)]], device float4* out [[buffer(1)]],
                constant float& scale [[buffer(2)]], device uint2* ids [[buffer(3)]],
                uint i [[thread_position_in_grid]], uint3 tid [[thread_position_in_grid]]) {
  float4 v = in[i];
  float4 r = float4(v.zyx * scale, v.w);   // swizzle read, vector * scalar
  r.xy += v.ww;                            // swizzle compound write
  r.w = dot(v.xy, v.zw) + r.a;             // rgba read
  bool4 neg = v < 0.0f;
  r = select(r, -r, neg & bool4(true, true, true, false));
  out[i] = r + float4(float2(1.0f, 2.0f), float2(v.x)).wzyx;
  ids[i] = uint2(tid.x, as_type<uint>(v.x));
})");
  const size_t n = 1000;
  std::vector<float> in = random_floats(4 * n, -2, 2, 1), out(4 * n, NAN), scale = {1.5f};
  std::vector<uint32_t> ids(2 * n, 0xdeadbeef);
  Dispatch(lib, "swz").buffer(0, in).buffer(1, out).buffer(2, scale).buffer(3, ids).run(8, 125);
  for (size_t i = 0; i < n; ++i) {
    const float* v = &in[4 * i];
    double r[4] = {v[2] * 1.5 + v[3], v[1] * 1.5 + v[3], v[0] * 1.5, 0};
    r[3] = double(v[0]) * v[2] + double(v[1]) * v[3] + v[3];
    for (int k = 0; k < 3; ++k)
      if (v[k] < 0) r[k] = -r[k];
    double added[4] = {1, 2, v[0], v[0]};  // then reversed by .wzyx
    for (int k = 0; k < 4; ++k)
      EXPECT_NEAR(out[4 * i + k], r[k] + added[3 - k], 1e-4) << i << " lane " << k;
    EXPECT_EQ(ids[2 * i], i);
    uint32_t bits;
    std::memcpy(&bits, &v[0], 4);
    EXPECT_EQ(ids[2 * i + 1], bits);
  }
}

TEST_F(MslEngine, HalfAndBfloatRoundAsMetal) {
  auto lib = compile_msl(R"(
kernel void narrow(device const float* a [[buffer(0)]], device const float* b [[buffer(1)]],
                   device half* h [[buffer(2)]], device bfloat* bf [[buffer(3)]],
                   device half2* h2 [[buffer(4)]], uint i [[thread_position_in_grid]]) {
  h[i] = half(a[i]) * half(b[i]);
  bf[i] = bfloat(a[i] * b[i]);
  half2 v = half2(half(a[i]), 2.0h);
  h2[i] = v * v;
})");
  const size_t n = 777;
  std::vector<float> a = random_floats(n, -300, 300, 2), b = random_floats(n, -3, 3, 3);
  std::vector<uint16_t> h(n, 0xffff), bf(n, 0xffff), h2(2 * n, 0xffff);
  Dispatch(lib, "narrow")
      .buffer(0, a)
      .buffer(1, b)
      .buffer(2, h)
      .buffer(3, bf)
      .buffer(4, h2)
      .run(7, 111);
  for (size_t i = 0; i < n; ++i) {
    float ha = half_bits_to_float(float_to_half_bits(a[i]));
    float hb = half_bits_to_float(float_to_half_bits(b[i]));
    // The product of two halves is exact in float, so rounding it once is the answer.
    EXPECT_EQ(h[i], float_to_half_bits(ha * hb)) << i;
    EXPECT_EQ(bf[i], float_to_bfloat_bits(a[i] * b[i])) << i;
    EXPECT_EQ(h2[2 * i], float_to_half_bits(ha * ha)) << i;
    EXPECT_EQ(h2[2 * i + 1], float_to_half_bits(4.0f)) << i;
  }
}

TEST_F(MslEngine, MathFunctionsMatchFloat64) {
  auto lib = compile_msl(R"(
kernel void math(device const float* x [[buffer(0)]], device float* out [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  float v = x[i];
  device float* o = out + 16 * i;
  o[0] = exp(v); o[1] = exp2(v); o[2] = log(fabs(v)); o[3] = log2(abs(v));
  o[4] = sqrt(fabs(v)); o[5] = rsqrt(fabs(v)); o[6] = sin(v); o[7] = precise::cos(v);
  o[8] = fast::tanh(v); o[9] = pow(fabs(v), 1.5f); o[10] = fma(v, v, 1.0f);
  o[11] = clamp(v, -1.0f, 1.0f) + min(v, 0.5f) + max(v, -0.5f);
  o[12] = floor(v) + 10.0f * ceil(v) + 100.0f * trunc(v) + 1000.0f * round(v);
  float4 w = exp(float4(v, -v, 0.0f, 1.0f));
  o[13] = w.x + w.y + w.z + w.w;
  o[14] = float(isnan(v / 0.0f - v / 0.0f)) + 2.0f * float(isinf(1.0f / (v - v)));
  o[15] = float(min(int(v * 10.0f), 3) + int(max(uint(2), 7u)));
})");
  const size_t n = 500;
  std::vector<float> x = random_floats(n, -4, 4, 4), out(16 * n, NAN);
  Dispatch(lib, "math").buffer(0, x).buffer(1, out).run(4, 125);
  for (size_t i = 0; i < n; ++i) {
    double v = x[i];
    double ref[16] = {
        std::exp(v),
        std::exp2(v),
        std::log(std::fabs(v)),
        std::log2(std::fabs(v)),
        std::sqrt(std::fabs(v)),
        1 / std::sqrt(std::fabs(v)),
        std::sin(v),
        std::cos(v),
        std::tanh(v),
        std::pow(std::fabs(v), 1.5),
        v * v + 1,
        std::clamp(v, -1.0, 1.0) + std::min(v, 0.5) + std::max(v, -0.5),
        std::floor(v) + 10 * std::ceil(v) + 100 * std::trunc(v) + 1000 * std::round(v),
        std::exp(v) + std::exp(-v) + 1 + std::exp(1.0),
        3,
        double(std::min(int(x[i] * 10.0f), 3) + 7)};
    for (int k = 0; k < 16; ++k)
      EXPECT_NEAR(out[16 * i + k], ref[k], 1e-5 * std::max(1.0, std::fabs(ref[k])))
          << "x = " << v << ", result " << k;
  }
}

TEST_F(MslEngine, DeviceAtomicsAcrossGroups) {
  auto lib = compile_msl(R"(
kernel void count(device atomic_int* total [[buffer(0)]], device atomic_uint* biggest [[buffer(1)]],
                  device atomic_float* sum [[buffer(2)]], device const uint* values [[buffer(3)]],
                  uint i [[thread_position_in_grid]]) {
  atomic_fetch_add_explicit(total, 1, memory_order_relaxed);
  atomic_fetch_max_explicit(biggest, values[i], memory_order_relaxed);
  atomic_fetch_add_explicit(sum, 0.5f, memory_order_relaxed);
})");
  const size_t groups = 64, threads = 256, n = groups * threads;
  std::mt19937 rng(5);
  std::vector<uint32_t> values(n);
  for (uint32_t& v : values) v = rng() % 1000000;
  std::vector<int32_t> total = {-7};
  std::vector<uint32_t> biggest = {3};
  std::vector<float> sum = {0.25f};
  Dispatch(lib, "count")
      .buffer(0, total)
      .buffer(1, biggest)
      .buffer(2, sum)
      .buffer(3, values)
      .run(groups, threads);
  EXPECT_EQ(total[0], int32_t(n) - 7);
  EXPECT_EQ(biggest[0], *std::max_element(values.begin(), values.end()));
  EXPECT_EQ(sum[0], 0.25f + 0.5f * n);  // every partial sum is exact in float
}

// A Hillis-Steele scan per group, once in an array the kernel declares and once in
// memory set with setThreadgroupMemoryLength; both need every barrier.
const char* const kScan = R"(
kernel void scan(device const int* in [[buffer(0)]], device int* out [[buffer(1)]],
                 threadgroup int* dynamic_tile [[threadgroup(0)]],
                 uint lid [[thread_position_in_threadgroup]], uint n [[threads_per_threadgroup]],
                 uint gid [[thread_position_in_grid]], uint group [[threadgroup_position_in_grid]]) {
  threadgroup int tile[1024];
  threadgroup int* tiles[2] = {tile, dynamic_tile};
  for (int t = 0; t < 2; ++t) {
    threadgroup int* s = tiles[t];
    s[lid] = in[gid] * (t + 1);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (uint step = 1; step < n; step *= 2) {
      int v = lid >= step ? s[lid - step] : 0;
      threadgroup_barrier(mem_flags::mem_threadgroup);
      s[lid] += v;
      threadgroup_barrier(mem_flags::mem_threadgroup);
    }
    out[2 * gid + t] = s[lid] + int(group) * 1000000;
  }
})";

TEST_F(MslEngine, ThreadgroupMemoryAndBarriers) {
  auto lib = compile_msl(kScan);
  ASSERT_NE(lib->function("scan"), nullptr);
  EXPECT_EQ(lib->function("scan")->static_threadgroup_bytes, 4096u);
  EXPECT_EQ(lib->function("scan")->threadgroup_indices, std::vector<int>{0});
  for (uint64_t threads : {1, 37, 256, 1024}) {
    const uint64_t groups = 5, n = groups * threads;
    std::vector<int32_t> in(n), out(2 * n, -1);
    std::mt19937 rng(6);
    for (int32_t& v : in) v = int32_t(rng() % 201) - 100;
    Dispatch(lib, "scan")
        .buffer(0, in)
        .buffer(1, out)
        .threadgroup_memory(0, threads * 4)
        .run(groups, threads);
    for (uint64_t g = 0; g < groups; ++g) {
      int64_t sum = 0;
      for (uint64_t l = 0; l < threads; ++l) {
        uint64_t i = g * threads + l;
        sum += in[i];
        ASSERT_EQ(out[2 * i], sum + g * 1000000) << threads << " threads, thread " << i;
        ASSERT_EQ(out[2 * i + 1], 2 * sum + g * 1000000) << threads << " threads, thread " << i;
      }
    }
  }
}

TEST_F(MslEngine, SimdGroupFunctionsInLockStep) {
  auto lib = compile_msl(R"(
kernel void simd(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                 uint i [[thread_position_in_grid]], ushort lane [[thread_index_in_simdgroup]],
                 uint sg [[simdgroup_index_in_threadgroup]], uint width [[threads_per_simdgroup]]) {
  float v = in[i];
  device float* o = out + 8 * i;
  o[0] = simd_sum(v);
  o[1] = simd_shuffle_down(v, 3);
  o[2] = simd_shuffle_xor(v, 5);
  o[3] = simd_prefix_exclusive_sum(v);
  o[4] = simd_broadcast(v, 2) + simd_max(v) * 10.0f;
  o[5] = float(simd_any(v > 0.99f)) + 2.0f * float(simd_all(v > -2.0f)) + 4.0f * float(width);
  float2 pair = simd_shuffle_up(float2(v, float(lane)), 1);
  o[6] = pair.x + 1000.0f * pair.y + float(sg) * 0.0f;
  if (lane % 2 == 1) return;  // only the even lanes take part in the next sum
  o[7] = simd_sum(1.0f);
})");
  const int threads = 80, groups = 3, n = threads * groups;  // the last simdgroup has 16 lanes
  std::vector<float> in = random_floats(n, -1, 1, 7), out(8 * n, NAN);
  Dispatch(lib, "simd").buffer(0, in).buffer(1, out).run(groups, threads);
  for (int i = 0; i < n; ++i) {
    int local = i % threads, first = i - local % 32;
    int lanes = std::min(32, threads - (local - local % 32)), lane = local % 32;
    auto at = [&](int l) { return double(in[first + l]); };
    double sum = 0, prefix = 0, biggest = -INFINITY;
    for (int l = 0; l < lanes; ++l) {
      sum += at(l);
      if (l < lane) prefix += at(l);
      biggest = std::max(biggest, at(l));
    }
    bool any = false;
    for (int l = 0; l < lanes; ++l) any = any || in[first + l] > 0.99f;
    const float* o = &out[8 * i];
    EXPECT_NEAR(o[0], sum, 1e-5) << i;
    EXPECT_EQ(o[1], lane + 3 < lanes ? in[first + lane + 3] : in[i]) << i;
    EXPECT_EQ(o[2], (lane ^ 5) < lanes ? in[first + (lane ^ 5)] : in[i]) << i;
    EXPECT_NEAR(o[3], prefix, 1e-5) << i;
    EXPECT_NEAR(o[4], at(2) + 10 * biggest, 1e-5) << i;
    EXPECT_EQ(o[5], double(any) + 2 + 4 * 32) << i;
    EXPECT_NEAR(o[6], lane ? at(lane - 1) + 1000.0 * (lane - 1) : at(0), 1e-3) << i;
    if (lane % 2 == 0)
      EXPECT_EQ(o[7], lanes / 2) << i;
    else
      EXPECT_TRUE(std::isnan(o[7])) << i;
  }
}

TEST_F(MslEngine, SimdgroupMatrixMultiply) {
  auto lib = compile_msl(R"(
// C (M x N) = A (M x K) * B (K x N) + 1; one simdgroup per 8x8 tile of C.
kernel void mm(device const float* a [[buffer(0)]], device const half* b [[buffer(1)]],
               device float* c [[buffer(2)]], constant uint3& mnk [[buffer(3)]],
               uint2 tile [[threadgroup_position_in_grid]]) {
  simdgroup_float8x8 acc = make_filled_simdgroup_matrix<float, 8, 8>(1.0f);
  for (uint k = 0; k < mnk.z; k += 8) {
    simdgroup_float8x8 ma;
    simdgroup_half8x8 mb;
    simdgroup_load(ma, a, mnk.z, ulong2(k, tile.y * 8));
    simdgroup_load(mb, b, mnk.y, ulong2(tile.x * 8, k));
    simdgroup_multiply_accumulate(acc, ma, mb, acc);
  }
  simdgroup_store(acc, c, mnk.y, ulong2(tile.x * 8, tile.y * 8));
})");
  const uint32_t m = 32, n = 24, k = 40;
  std::vector<float> a = random_floats(m * k, -1, 1, 8), b_float = random_floats(k * n, -1, 1, 9);
  std::vector<uint16_t> b(k * n);
  for (size_t i = 0; i < b.size(); ++i) b[i] = float_to_half_bits(b_float[i]);
  std::vector<float> c(m * n, NAN);
  std::vector<uint32_t> mnk = {m, n, k, 0};
  Dispatch dispatch(lib, "mm");
  dispatch.buffer(0, a).buffer(1, b).buffer(2, c).buffer(3, mnk);
  dispatch.raw().threadgroups = {n / 8, m / 8, 1};
  dispatch.raw().threads_per_threadgroup = {32, 1, 1};
  run_dispatch(dispatch.raw());
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      double ref = 1;
      for (uint32_t l = 0; l < k; ++l)
        ref += double(a[i * k + l]) * half_bits_to_float(b[l * n + j]);
      EXPECT_NEAR(c[i * n + j], ref, 1e-4) << i << ", " << j;
    }
}

TEST_F(MslEngine, LimitErrorsNameTheLimitAndLeaveTheEngineWorking) {
  auto lib = compile_msl(std::string(kScan) + R"(
[[max_total_threads_per_threadgroup(64)]]
kernel void small(device int* out [[buffer(0)]], uint i [[thread_position_in_grid]]) { out[i] = int(i); }
kernel void big(device int* out [[buffer(0)]], uint i [[thread_position_in_grid]],
                uint l [[thread_position_in_threadgroup]]) {
  threadgroup float huge[9000];
  huge[l] = float(i);
  out[i] = int(huge[l]);
})");
  ASSERT_NE(lib->function("small"), nullptr);
  EXPECT_EQ(lib->function("small")->max_total_threads, 64);
  std::vector<int32_t> in(2048, 1), out(4096, -1);
  auto good = [&] {
    std::fill(out.begin(), out.end(), -1);
    Dispatch(lib, "scan").buffer(0, in).buffer(1, out).threadgroup_memory(0, 256 * 4).run(2, 256);
    EXPECT_EQ(out[2 * 511], 256 + 1000000);
  };
  EXPECT_ERROR_WITH(Dispatch(lib, "small").buffer(0, out).run(1, 1025), "1024");
  good();
  EXPECT_ERROR_WITH(Dispatch(lib, "small").buffer(0, out).run(1, 128),
                    "maxTotalThreadsPerThreadgroup of 64");
  good();
  EXPECT_ERROR_WITH(Dispatch(lib, "scan")
                        .buffer(0, in)
                        .buffer(1, out)
                        .threadgroup_memory(0, 28 * 1024 + 16)
                        .run(1, 32),
                    "exceeds Metal's 32768 bytes");
  good();
  EXPECT_ERROR_WITH(Dispatch(lib, "big").buffer(0, out).run(1, 64), "36000 declared in the kernel");
  good();
  EXPECT_ERROR_WITH(Dispatch(lib, "scan").buffer(0, in).run(1, 32), "[[buffer(1)]]");
  good();
  EXPECT_ERROR_WITH(Dispatch(lib, "scan").buffer(0, in).buffer(1, out).run(1, 32),
                    "setThreadgroupMemoryLength");
  good();
  EXPECT_ERROR_WITH(Dispatch(lib, "small").buffer(0, out).run(0, 1), "at least 1");
  good();
  EXPECT_ERROR_WITH(Dispatch(lib, "nothing").buffer(0, out).run(1, 1), "no kernel 'nothing'");
  good();
  EXPECT_EQ(lib->function("big")->static_threadgroup_bytes, 36000u);
}

TEST_F(MslEngine, CompileErrorsGiveTheSourceLine) {
  const std::string source =
      "#include <metal_stdlib>\nusing namespace metal;\n"
      "kernel void f(device float* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {\n"
      "  out[i] = undeclared_value;\n"
      "}\n";
  EXPECT_ERROR_WITH(MslLibrary::compile(source, false), "program_source:4:");
  EXPECT_ERROR_WITH(MslLibrary::compile(source, false), "undeclared_value");
  EXPECT_ERROR_WITH(compile_msl("kernel void t(texture2d<float> tex [[texture(0)]]) {}"),
                    "parameter 'tex' of kernel 't': textures and samplers are not supported");
  EXPECT_ERROR_WITH(compile_msl("kernel void s(device float* p, sampler smp) {}"),
                    "parameter 'smp' of kernel 's': textures and samplers are not supported");
  EXPECT_ERROR_WITH(compile_msl("kernel void b(device float* p [[buffer(31)]]) {}"),
                    "indices run from 0 to 30");
  // The process goes on compiling and running.
  auto lib = compile_msl(R"(
namespace ops {
constant float kOffset = 0.5f;
float twice(float x) { return 2.0f * x; }
kernel void ok(device float* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  out[i] = twice(float(i)) + kOffset + 1.5h;
}
}  // namespace ops
)");
  std::vector<float> out(64, NAN);
  Dispatch(lib, "ok").buffer(0, out).run(2, 32);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], 2.0f * i + 2.0f);
}

TEST_F(MslEngine, FunctionsByName) {
  auto lib = compile_msl(R"(
static float helper(float x) { return x + 1.0f; }
kernel void first(device float* p [[buffer(2)]], device float* q [[buffer(0)]]) { p[0] = helper(q[0]); }
[[kernel]] void second(device float* p [[buffer(0)]]) { p[0] = 1.0f; }
)");
  EXPECT_EQ(lib->function("helper"), nullptr);
  EXPECT_EQ(lib->function("missing"), nullptr);
  ASSERT_NE(lib->function("first"), nullptr);
  ASSERT_NE(lib->function("second"), nullptr);
  EXPECT_EQ(lib->function("first")->buffer_indices, (std::vector<int>{2, 0}));
  EXPECT_EQ(lib->function_names(), (std::vector<std::string>{"first", "second"}));
  std::vector<float> p(1, NAN), q(1, 41.0f);
  Dispatch(lib, "first").buffer(2, p).buffer(0, q).run(1, 1);
  EXPECT_EQ(p[0], 42.0f);
}

TEST_F(MslEngine, FastMathLibrariesCompileAndRun) {
  auto lib = compile_msl(R"(
kernel void e(device const float* x [[buffer(0)]], device float* y [[buffer(1)]],
              uint i [[thread_position_in_grid]]) { y[i] = exp(x[i]) * 2.0f; }
)",
                         /*fast_math=*/true);
  std::vector<float> x = random_floats(100, -3, 3, 10), y(100, NAN);
  Dispatch(lib, "e").buffer(0, x).buffer(1, y).run(4, 25);
  for (int i = 0; i < 100; ++i) EXPECT_NEAR(y[i], 2 * std::exp(double(x[i])), 1e-4 * y[i]);
}

TEST_F(MslLanguage, RefusesFloat64AndRendersTheRest) {
  const auto& metal = render::language("metal");
  EXPECT_ERROR_WITH(metal.storage_type(DType::Float64), "Metal has no 64-bit floating point");
  EXPECT_EQ(metal.storage_type(DType::Float16), "half");
  EXPECT_EQ(metal.storage_type(DType::BFloat16), "ushort");
  EXPECT_EQ(metal.vector_type(DType::Float32, 4, true), "packed_float4");
  // The prelude's helpers compile with the engine.
  auto lib = MslLibrary::compile(metal.prelude + R"(
kernel void k(device ushort* b [[buffer(0)]], device half* h [[buffer(1)]],
              device const float* x [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  b[i] = ingot_f2b(x[i]);
  h[i] = ingot_f2h(ingot_maxf(x[i], ingot_b2f(b[i])));
})",
                                 false);
  std::vector<float> x = random_floats(64, -10, 10, 11);
  x[3] = NAN;
  std::vector<uint16_t> b(64, 0), h(64, 0);
  Dispatch(lib, "k").buffer(0, b).buffer(1, h).buffer(2, x).run(2, 32);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(b[i], float_to_bfloat_bits(x[i])) << i;
    float m =
        std::isnan(x[i]) || x[i] > bfloat_bits_to_float(b[i]) ? x[i] : bfloat_bits_to_float(b[i]);
    EXPECT_EQ(h[i], float_to_half_bits(m)) << i;
  }
}

}  // namespace
}  // namespace ingot::metal_emulator
