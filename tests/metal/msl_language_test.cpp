// MSL as published Metal code writes it, compiled and run by the emulated Metal: implicit
// buffer indices, templated kernels and their host_name instantiations, every compute
// built-in attribute (at interior and edge threads of a non-uniform grid), quad-group
// functions and ballots, simdgroup matrices through thread_elements(), unsuffixed
// floating literals and several threadgroup variables in one declaration. Inputs are
// random, outputs poisoned first, references computed here.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <random>
#include <string>

#include "metal/msl_kernel_test.hpp"

namespace ingot::test {
namespace {

std::vector<float> random_floats(size_t n, uint32_t seed, float lo = -1.0f, float hi = 1.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = d(rng);
  return v;
}

using MslLanguage = MslKernelTest;

// As tinygrad writes its kernels: no [[buffer(i)]] at all; and mixed with explicit ones,
// each implicit parameter taking the next index after the previous parameter's.
TEST_F(MslLanguage, ImplicitBufferIndicesMixWithExplicitOnes) {
  const char* source = R"(#include <metal_stdlib>
using namespace metal;
kernel void E_4(device float* data0, const device float* data1, const device float* data2,
                uint3 gid [[threadgroup_position_in_grid]], uint3 lid [[thread_position_in_threadgroup]]) {
  int i = gid.x * 32 + lid.x;
  data0[i] = data1[i] * data2[i];
}
kernel void mixed(device const float* a [[buffer(3)]], device const float* b,
                  device float* out [[buffer(0)]], device const float* c,
                  uint i [[thread_position_in_grid]]) {
  out[i] = a[i] - b[i] * c[i];  // b takes 4 (after a's 3), c takes 1 (after out's 0)
}
)";
  Owned lib = library(source);
  std::vector<float> x = random_floats(128, 1), y = random_floats(128, 2),
                     z = random_floats(128, 3);
  Owned bx = buffer<float>(128, x), by = buffer<float>(128, y), bz = buffer<float>(128, z);
  Owned out = buffer<float>(128);
  Owned e4 = pipeline(source, "E_4");
  ASSERT_EQ(run(e4.get(), {{out.get(), 0}, {bx.get(), 1}, {by.get(), 2}}, MTLSize{4, 1, 1},
                MTLSize{32, 1, 1}),
            "");
  for (int i = 0; i < 128; ++i) ASSERT_EQ(contents<float>(out)[i], x[i] * y[i]) << i;
  Owned mixed = pipeline(source, "mixed");
  Owned out2 = buffer<float>(128);
  ASSERT_EQ(run(mixed.get(), {{bx.get(), 3}, {by.get(), 4}, {out2.get(), 0}, {bz.get(), 1}},
                MTLSize{4, 1, 1}, MTLSize{32, 1, 1}),
            "");
  for (int i = 0; i < 128; ++i)  // fused or not, as the compiler contracts it
    ASSERT_NEAR(contents<float>(out2)[i], x[i] - double(y[i]) * z[i], 1e-6) << i;
  // Without buffer 4 bound, the dispatch names the implicit index it lacks.
  std::string error = run(mixed.get(), {{bx.get(), 3}, {out2.get(), 0}, {bz.get(), 1}},
                          MTLSize{1, 1, 1}, MTLSize{32, 1, 1});
  EXPECT_NE(error.find("[[buffer(4)]]"), std::string::npos) << error;
}

TEST_F(MslLanguage, TemplatedKernelsAndHostNameInstantiations) {
  const char* source = R"(#include <metal_stdlib>
using namespace metal;
namespace ops {
template <typename T, int Scale>
kernel void scaled_add(device const T* a [[buffer(0)]], device const T* b [[buffer(1)]],
                       device T* out [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  threadgroup T staged[32];
  staged[i % 32] = a[i] * T(Scale);
  out[i] = staged[i % 32] + b[i];
}
template [[host_name("scaled_add_float")]] kernel void scaled_add<float, 2>(
    device const float*, device const float*, device float*, uint);
}  // namespace ops
template [[host_name("scaled_add_int")]] [[kernel]] void ops::scaled_add<int, 3>(
    device const int*, device const int*, device int*, uint);
)";
  Owned lib = library(source);
  std::vector<float> fa = random_floats(64, 4), fb = random_floats(64, 5);
  std::vector<int32_t> ia(64), ib(64);
  std::mt19937 rng(6);
  for (int i = 0; i < 64; ++i) ia[i] = int32_t(rng() % 1000) - 500, ib[i] = int32_t(rng() % 1000);
  Owned f = pipeline(source, "scaled_add_float"), n = pipeline(source, "scaled_add_int");
  Owned a = buffer<float>(64, fa), b = buffer<float>(64, fb), out = buffer<float>(64);
  ASSERT_EQ(run(f.get(), {{a.get(), 0}, {b.get(), 1}, {out.get(), 2}}, MTLSize{2, 1, 1},
                MTLSize{32, 1, 1}),
            "");
  for (int i = 0; i < 64; ++i) ASSERT_EQ(contents<float>(out)[i], fa[i] * 2.0f + fb[i]) << i;
  Owned ai = buffer<int32_t>(64, ia), bi = buffer<int32_t>(64, ib), oi = buffer<int32_t>(64);
  ASSERT_EQ(run(n.get(), {{ai.get(), 0}, {bi.get(), 1}, {oi.get(), 2}}, MTLSize{2, 1, 1},
                MTLSize{32, 1, 1}),
            "");
  for (int i = 0; i < 64; ++i) ASSERT_EQ(contents<int32_t>(oi)[i], ia[i] * 3 + ib[i]) << i;
  EXPECT_FALSE(function(lib.get(), "scaled_add"));  // the template itself is no function
}

// Every kernel built-in attribute of the MSL specification for compute, each read by a
// kernel of its own, over a dispatchThreads grid whose far threadgroups are partial.
TEST_F(MslLanguage, EveryBuiltInAttributeAtInteriorAndEdgeThreads) {
  struct Attribute {
    const char* name;
    bool vector;
  };
  const Attribute attributes[] = {{"thread_position_in_grid", true},
                                  {"thread_position_in_threadgroup", true},
                                  {"threadgroup_position_in_grid", true},
                                  {"threads_per_threadgroup", true},
                                  {"dispatch_threads_per_threadgroup", true},
                                  {"threadgroups_per_grid", true},
                                  {"threads_per_grid", true},
                                  {"grid_size", true},
                                  {"grid_origin", true},
                                  {"thread_index_in_threadgroup", false},
                                  {"thread_index_in_simdgroup", false},
                                  {"simdgroup_index_in_threadgroup", false},
                                  {"threads_per_simdgroup", false},
                                  {"thread_execution_width", false},
                                  {"simdgroups_per_threadgroup", false},
                                  {"dispatch_simdgroups_per_threadgroup", false},
                                  {"thread_index_in_quadgroup", false},
                                  {"quadgroup_index_in_threadgroup", false},
                                  {"quadgroups_per_threadgroup", false},
                                  {"dispatch_quadgroups_per_threadgroup", false}};
  std::string source = "#include <metal_stdlib>\nusing namespace metal;\n";
  for (const Attribute& a : attributes)
    source += fmt::format(
        "kernel void read_{0}(device uint* out [[buffer(0)]], {1} v [[{0}]],\n"
        "    uint3 g [[thread_position_in_grid]], uint3 n [[threads_per_grid]]) {{\n"
        "  uint i = 3 * ((g.z * n.y + g.y) * n.x + g.x);\n"
        "  out[i] = {2}; out[i + 1] = {3}; out[i + 2] = {4};\n}}\n",
        a.name, a.vector ? "uint3" : "ushort", a.vector ? "v.x" : "v", a.vector ? "v.y" : "0",
        a.vector ? "v.z" : "0");
  Owned lib = library(source);
  const std::array<unsigned, 3> grid = {13, 6, 3}, size = {4, 4, 2};
  const size_t threads = size_t(grid[0]) * grid[1] * grid[2];
  auto up = [](unsigned n, unsigned d) { return (n + d - 1) / d; };
  for (const Attribute& a : attributes) {
    Owned fn = function(lib.get(), std::string("read_") + a.name);
    Owned p = pipeline(fn.get());
    Owned out = buffer<uint32_t>(3 * threads);
    ASSERT_EQ(run(p.get(), {{out.get(), 0}}, MTLSize{grid[0], grid[1], grid[2]},
                  MTLSize{size[0], size[1], size[2]}, true),
              "")
        << a.name;
    for (unsigned z = 0; z < grid[2]; ++z)
      for (unsigned y = 0; y < grid[1]; ++y)
        for (unsigned x = 0; x < grid[0]; ++x) {
          std::array<unsigned, 3> g = {x, y, z}, group, local, actual, groups;
          for (int d = 0; d < 3; ++d) {
            group[d] = g[d] / size[d], local[d] = g[d] % size[d];
            actual[d] = std::min(size[d], grid[d] - group[d] * size[d]);
            groups[d] = up(grid[d], size[d]);
          }
          unsigned index = local[0] + actual[0] * (local[1] + actual[1] * local[2]);
          unsigned total = actual[0] * actual[1] * actual[2], full = size[0] * size[1] * size[2];
          std::map<std::string, std::array<unsigned, 3>> expected = {
              {"thread_position_in_grid", g},
              {"thread_position_in_threadgroup", local},
              {"threadgroup_position_in_grid", group},
              {"threads_per_threadgroup", actual},
              {"dispatch_threads_per_threadgroup", size},
              {"threadgroups_per_grid", groups},
              {"threads_per_grid", grid},
              {"grid_size", grid},
              {"grid_origin", {0, 0, 0}},
              {"thread_index_in_threadgroup", {index, 0, 0}},
              {"thread_index_in_simdgroup", {index % 32, 0, 0}},
              {"simdgroup_index_in_threadgroup", {index / 32, 0, 0}},
              {"threads_per_simdgroup", {32, 0, 0}},
              {"thread_execution_width", {32, 0, 0}},
              {"simdgroups_per_threadgroup", {up(total, 32), 0, 0}},
              {"dispatch_simdgroups_per_threadgroup", {up(full, 32), 0, 0}},
              {"thread_index_in_quadgroup", {index % 4, 0, 0}},
              {"quadgroup_index_in_threadgroup", {index / 4, 0, 0}},
              {"quadgroups_per_threadgroup", {up(total, 4), 0, 0}},
              {"dispatch_quadgroups_per_threadgroup", {up(full, 4), 0, 0}}};
          const uint32_t* got = contents<uint32_t>(out) + 3 * ((z * grid[1] + y) * grid[0] + x);
          for (int d = 0; d < 3; ++d)
            ASSERT_EQ(got[d], expected.at(a.name)[d])
                << a.name << "[" << d << "] at (" << x << ", " << y << ", " << z << ")";
        }
  }
}

TEST_F(MslLanguage, QuadGroupFunctionsAndBallots) {
  const char* source = R"(#include <metal_stdlib>
using namespace metal;
kernel void quads(device const int* in [[buffer(0)]], device int* out [[buffer(1)]],
                  device ulong* votes [[buffer(2)]], uint i [[thread_position_in_grid]],
                  ushort lane [[thread_index_in_simdgroup]]) {
  int x = in[i];
  out[6 * i + 0] = quad_shuffle_xor(x, 1);
  out[6 * i + 1] = quad_broadcast(x, 2);
  out[6 * i + 2] = quad_sum(x);
  out[6 * i + 3] = quad_shuffle_down(x, 1);
  out[6 * i + 4] = quad_prefix_exclusive_sum(x);
  out[6 * i + 5] = int(ushort(quad_ballot(x > 0)));
  simd_vote vote = simd_ballot(x > 0);
  votes[2 * i] = ulong(vote);
  votes[2 * i + 1] = (vote.all() ? 1 : 0) | (vote.any() ? 2 : 0) | (simd_is_first() ? 4 : 0);
}
)";
  Owned p = pipeline(source, "quads");
  const int n = 96;  // three simdgroups of 32 in one threadgroup
  std::vector<int32_t> in(n);
  std::mt19937 rng(7);
  for (int32_t& v : in) v = int32_t(rng() % 200) - 100;
  Owned bin = buffer<int32_t>(n, in), out = buffer<int32_t>(6 * n), votes = buffer<uint64_t>(2 * n);
  ASSERT_EQ(run(p.get(), {{bin.get(), 0}, {out.get(), 1}, {votes.get(), 2}}, MTLSize{1, 1, 1},
                MTLSize{n, 1, 1}),
            "");
  for (int i = 0; i < n; ++i) {
    int q = i & ~3, l = i - q, s = i & ~31;
    int sum = in[q] + in[q + 1] + in[q + 2] + in[q + 3], prefix = 0, ballot = 0;
    for (int k = 0; k < l; ++k) prefix += in[q + k];
    for (int k = 0; k < 4; ++k) ballot |= (in[q + k] > 0) << k;
    const int32_t* got = contents<int32_t>(out) + 6 * i;
    EXPECT_EQ(got[0], in[q + (l ^ 1)]) << i;
    EXPECT_EQ(got[1], in[q + 2]) << i;
    EXPECT_EQ(got[2], sum) << i;
    EXPECT_EQ(got[3], l + 1 < 4 ? in[i + 1] : in[i]) << i;
    EXPECT_EQ(got[4], prefix) << i;
    EXPECT_EQ(got[5], ballot) << i;
    uint64_t simd_bits = 0;
    for (int k = 0; k < 32; ++k) simd_bits |= uint64_t(in[s + k] > 0) << k;
    uint64_t flags = (simd_bits == 0xffffffffu ? 1 : 0) | (simd_bits ? 2 : 0) | (i == s ? 4 : 0);
    EXPECT_EQ(contents<uint64_t>(votes)[2 * i], simd_bits) << i;
    EXPECT_EQ(contents<uint64_t>(votes)[2 * i + 1], flags) << i;
  }
}

// As tinygrad's tensor-core matmul: each lane sets its two elements of A and B through
// thread_elements() and reads back its two of C; here C (16x16) = A (16x32) B (32x16),
// one 8x8 tile of C per simdgroup, four simdgroups in a threadgroup.
TEST_F(MslLanguage, SimdgroupMatmulThroughThreadElements) {
  const char* source = R"(#include <metal_stdlib>
using namespace metal;
kernel void mm(device float* c [[buffer(0)]], device const float* a [[buffer(1)]],
               device const float* b [[buffer(2)]], uint lane [[thread_index_in_simdgroup]],
               uint sg [[simdgroup_index_in_threadgroup]]) {
  uint row = ((lane / 4) & 4) + (lane / 2) % 4, col = ((lane / 4) & 2) * 2 + (lane % 2) * 2;
  uint ti = sg / 2, tj = sg % 2;
  simdgroup_float8x8 acc = make_filled_simdgroup_matrix<float, 8, 8>(0.0f);
  for (uint k = 0; k < 32; k += 8) {
    simdgroup_float8x8 ma, mb;
    ma.thread_elements()[0] = a[(ti * 8 + row) * 32 + k + col];
    ma.thread_elements()[1] = a[(ti * 8 + row) * 32 + k + col + 1];
    mb.thread_elements()[0] = b[(k + row) * 16 + tj * 8 + col];
    mb.thread_elements()[1] = b[(k + row) * 16 + tj * 8 + col + 1];
    simdgroup_multiply_accumulate(acc, ma, mb, acc);
  }
  float2 mine = float2(acc.thread_elements()[0], acc.thread_elements()[1]);
  c[(ti * 8 + row) * 16 + tj * 8 + col] = mine.x;
  c[(ti * 8 + row) * 16 + tj * 8 + col + 1] = mine.y;
}
)";
  Owned p = pipeline(source, "mm");
  std::vector<float> a = random_floats(16 * 32, 8), b = random_floats(32 * 16, 9);
  Owned ba = buffer<float>(a.size(), a), bb = buffer<float>(b.size(), b), c = buffer<float>(256);
  ASSERT_EQ(run(p.get(), {{c.get(), 0}, {ba.get(), 1}, {bb.get(), 2}}, MTLSize{1, 1, 1},
                MTLSize{128, 1, 1}),
            "");
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      double expected = 0;
      for (int k = 0; k < 32; ++k) expected += double(a[i * 32 + k]) * b[k * 16 + j];
      ASSERT_NEAR(contents<float>(c)[i * 16 + j], expected, 1e-5) << i << ", " << j;
    }
}

// Metal has no double: 0.5 is a float, so fmin(1, x / 6 + 0.5) has one meaning.
TEST_F(MslLanguage, UnsuffixedFloatingLiteralsAreFloats) {
  const char* source = R"(#include <metal_stdlib>
using namespace metal;
kernel void hard_sigmoid(device const float* x [[buffer(0)]], device float* y [[buffer(1)]],
                         uint i [[thread_position_in_grid]]) {
  y[i] = fmax(0, fmin(1, x[i] / 6 + 0.5)) + 1e-3 * 0x1p-2 - .25e-3;
}
)";
  Owned p = pipeline(source, "hard_sigmoid");
  std::vector<float> x = random_floats(64, 10, -8.0f, 8.0f);
  Owned bx = buffer<float>(64, x), y = buffer<float>(64);
  ASSERT_EQ(run(p.get(), {{bx.get(), 0}, {y.get(), 1}}, MTLSize{2, 1, 1}, MTLSize{32, 1, 1}), "");
  for (int i = 0; i < 64; ++i) {
    float expected = std::fmax(0.0f, std::fmin(1.0f, x[i] / 6 + 0.5f)) + 1e-3f * 0x1p-2f - .25e-3f;
    ASSERT_NEAR(contents<float>(y)[i], expected, 1e-6f) << i;
  }
}

TEST_F(MslLanguage, SeveralThreadgroupVariablesInOneDeclaration) {
  const char* source = R"(#include <metal_stdlib>
using namespace metal;
kernel void swap_halves(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                        uint i [[thread_position_in_threadgroup]], uint g [[threadgroup_position_in_grid]]) {
  threadgroup float low[32], high[32];
  threadgroup int counts[4], total;
  if (i < 32) low[i] = in[g * 64 + i]; else high[i - 32] = in[g * 64 + i];
  if (i == 0) total = 64;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  out[g * 64 + i] = (i < 32 ? high[i] : low[i - 32]) + float(total);
}
)";
  Owned lib = library(source);
  Owned fn = function(lib.get(), "swap_halves");
  Owned p = pipeline(fn.get());
  // 32 + 32 floats, 4 ints and one int, each rounded to 16 bytes.
  EXPECT_EQ(objc::send<NSUInteger>(p.get(), "staticThreadgroupMemoryLength"), 128u + 128 + 16 + 16);
  std::vector<float> in = random_floats(128, 11);
  Owned bin = buffer<float>(128, in), out = buffer<float>(128);
  ASSERT_EQ(run(p.get(), {{bin.get(), 0}, {out.get(), 1}}, MTLSize{2, 1, 1}, MTLSize{64, 1, 1}),
            "");
  for (int i = 0; i < 128; ++i) {
    int g = i / 64, l = i % 64;
    ASSERT_EQ(contents<float>(out)[i], in[g * 64 + (l < 32 ? l + 32 : l - 32)] + 64.0f) << i;
  }
}

TEST_F(MslLanguage, TexturesAreRefusedNamingTheParameter) {
  std::string error;
  Owned lib = library(R"(#include <metal_stdlib>
using namespace metal;
kernel void blur(texture2d<float, access::read> src [[texture(0)]], device float* out [[buffer(0)]],
                 uint2 p [[thread_position_in_grid]]) { out[p.x] = src.read(p).x; }
)",
                      &error);
  EXPECT_FALSE(lib);
  for (const char* part : {"'src'", "'blur'", "textures and samplers are not supported"})
    EXPECT_NE(error.find(part), std::string::npos) << part << " not in: " << error;
}

}  // namespace
}  // namespace ingot::test
