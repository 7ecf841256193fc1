// The emulated Metal's synchronizing kernels (docs/metal-emulator.md, "Running"): SIMD-group
// reductions, shuffle trees, a simdgroup matmul staged through threadgroup memory and a
// templated kernel with its reductions in helpers, the same kernel written as MLX writes
// its reductions (op structs whose member functions call the SIMD-group functions, an
// instantiation through decltype; a library of its own), compiled and dispatched through
// the kernel engine directly. Prints each kernel's best time and its nanoseconds per GPU
// thread; each result is checked against a float64 host reference first.
#include <fmt/format.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "backends/metal/emulator/msl_engine.hpp"
#include "command_line.hpp"
#include "ingot/error.hpp"
#include "timing.hpp"

namespace {

using namespace ingot::metal_emulator;

const char* const kSource = R"(
#include <metal_stdlib>
using namespace metal;

// One partial sum per threadgroup of 256: simd_sum, then the first simdgroup sums the rest.
kernel void simd_sum_groups(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                            uint i [[thread_position_in_grid]], uint g [[threadgroup_position_in_grid]],
                            uint lane [[thread_index_in_simdgroup]],
                            uint sg [[simdgroup_index_in_threadgroup]]) {
  threadgroup float partial[8];
  float s = simd_sum(in[4 * i] + in[4 * i + 1] + in[4 * i + 2] + in[4 * i + 3]);
  if (lane == 0) partial[sg] = s;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (sg == 0) {
    float t = simd_sum(lane < 8 ? partial[lane] : 0.0f);
    if (lane == 0) out[g] = t;
  }
}

// The same with shuffle trees, as ingot's and tinygrad's reductions write them.
kernel void shuffle_groups(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                           uint i [[thread_position_in_grid]], uint g [[threadgroup_position_in_grid]],
                           uint lane [[thread_index_in_simdgroup]],
                           uint sg [[simdgroup_index_in_threadgroup]]) {
  threadgroup float partial[8];
  float s = in[4 * i] + in[4 * i + 1] + in[4 * i + 2] + in[4 * i + 3];
  for (ushort d = 16; d > 0; d /= 2) s += simd_shuffle_down(s, d);
  if (lane == 0) partial[sg] = s;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (sg == 0) {
    float t = lane < 8 ? partial[lane] : 0.0f;
    for (ushort d = 4; d > 0; d /= 2) t += simd_shuffle_down(t, d);
    if (lane == 0) out[g] = t;
  }
}

// C = A * B, n x n: a threadgroup of 4 simdgroups per 16 x 16 tile of C, A's and B's
// tiles staged in threadgroup memory.
kernel void staged_matmul(device const float* a [[buffer(0)]], device const float* b [[buffer(1)]],
                          device float* c [[buffer(2)]], constant uint& n [[buffer(3)]],
                          uint2 tile [[threadgroup_position_in_grid]],
                          uint lid [[thread_index_in_threadgroup]],
                          uint sg [[simdgroup_index_in_threadgroup]]) {
  threadgroup float ta[16 * 16], tb[16 * 16];
  simdgroup_float8x8 acc = make_filled_simdgroup_matrix<float, 8, 8>(0.0f);
  uint row = tile.y * 16, col = tile.x * 16, r = (sg / 2) * 8, q = (sg % 2) * 8;
  for (uint k = 0; k < n; k += 16) {
    for (uint e = lid; e < 256; e += 128) {
      ta[e] = a[(row + e / 16) * n + k + e % 16];
      tb[e] = b[(k + e / 16) * n + col + e % 16];
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (uint kk = 0; kk < 16; kk += 8) {
      simdgroup_float8x8 ma, mb;
      simdgroup_load(ma, ta + r * 16 + kk, 16);
      simdgroup_load(mb, tb + kk * 16 + q, 16);
      simdgroup_multiply_accumulate(acc, ma, mb, acc);
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  simdgroup_store(acc, c + (row + r) * n + col + q, n);
}

// A row's sum of exponentials minus its max (a softmax's denominator), one threadgroup of
// 128 per row of 1024, the reductions in templated helpers.
template <typename T> T row_max(T x, threadgroup T* scratch, uint lane, uint sg) {
  x = simd_max(x);
  if (lane == 0) scratch[sg] = x;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  x = max(max(scratch[0], scratch[1]), max(scratch[2], scratch[3]));
  threadgroup_barrier(mem_flags::mem_threadgroup);
  return x;
}
template <typename T> T row_sum(T x, threadgroup T* scratch, uint lane, uint sg) {
  x = simd_sum(x);
  if (lane == 0) scratch[sg] = x;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  x = scratch[0] + scratch[1] + scratch[2] + scratch[3];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  return x;
}
template <typename T>
kernel void softmax_denominator(device const T* in [[buffer(0)]], device T* out [[buffer(1)]],
                                uint row [[threadgroup_position_in_grid]],
                                uint lid [[thread_index_in_threadgroup]],
                                uint lane [[thread_index_in_simdgroup]],
                                uint sg [[simdgroup_index_in_threadgroup]]) {
  threadgroup T scratch[4];
  device const T* x = in + row * 1024;
  T m = x[lid];
  for (uint e = lid + 128; e < 1024; e += 128) m = max(m, x[e]);
  m = row_max(m, scratch, lane, sg);
  T s = 0;
  for (uint e = lid; e < 1024; e += 128) s += exp(x[e] - m);
  s = row_sum(s, scratch, lane, sg);
  if (lid == 0) out[row] = s;
}
template [[host_name("softmax_denominator_float")]] kernel void softmax_denominator<float>(
    device const float*, device float*, uint, uint, uint, uint);
)";

// softmax_denominator again, its reductions as op structs.
const char* const kOpStructSource = R"(
#include <metal_stdlib>
using namespace metal;

struct MaxOp {
  template <typename T> T simd_reduce(T x) { return simd_max(x); }
  template <typename T> T operator()(T a, T b) const { return max(a, b); }
};
struct SumOp {
  template <typename T> T simd_reduce(T x) { return simd_sum(x); }
  template <typename T> T operator()(T a, T b) const { return a + b; }
};
template <typename T, typename Op> struct GroupReduce {
  threadgroup T* scratch;
  T reduce(Op op, T x, uint lane, uint sg) {
    x = op.simd_reduce(x);
    if (lane == 0) scratch[sg] = x;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    x = op(op(scratch[0], scratch[1]), op(scratch[2], scratch[3]));
    threadgroup_barrier(mem_flags::mem_threadgroup);
    return x;
  }
};
template <typename T>
[[kernel]] void softmax_denominator_ops(device const T* in [[buffer(0)]],
                                        device T* out [[buffer(1)]],
                                        uint row [[threadgroup_position_in_grid]],
                                        uint lid [[thread_index_in_threadgroup]],
                                        uint lane [[thread_index_in_simdgroup]],
                                        uint sg [[simdgroup_index_in_threadgroup]]) {
  threadgroup T scratch[4];
  GroupReduce<T, MaxOp> maxima{scratch};
  GroupReduce<T, SumOp> sums{scratch};
  device const T* x = in + row * 1024;
  T m = x[lid];
  for (uint e = lid + 128; e < 1024; e += 128) m = max(m, x[e]);
  m = maxima.reduce(MaxOp(), m, lane, sg);
  T s = 0;
  for (uint e = lid; e < 1024; e += 128) s += exp(x[e] - m);
  s = sums.reduce(SumOp(), s, lane, sg);
  if (lid == 0) out[row] = s;
}
template [[host_name("softmax_denominator_ops_float")]] [[kernel]]
decltype(softmax_denominator_ops<float>) softmax_denominator_ops<float>;
)";

struct Row {
  std::shared_ptr<MslLibrary> library;
  std::string name;
  uint64_t groups_x, groups_y, threads;
  std::vector<float>* in;
  std::vector<float>* in2;
  std::vector<float> out;
  std::vector<double> reference;
  double tolerance;
};

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{"the emulated Metal's synchronizing kernels"};
  int rounds = 5;
  app.option("--rounds", rounds, "timed rounds per kernel (the best is kept)");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    double start = ingot::timing::now();
    auto library = MslLibrary::compile(kSource, false);
    auto op_structs = MslLibrary::compile(kOpStructSource, false);
    double compile = ingot::timing::now() - start;
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> dist(-1, 1);
    const uint64_t sum_groups = 4096, elements = sum_groups * 256 * 4, n = 256, rows = 1024;
    std::vector<float> values(elements), a(n * n), b(n * n), logits(rows * 1024);
    for (float& v : values) v = dist(rng);
    for (float& v : a) v = dist(rng);
    for (float& v : b) v = dist(rng);
    for (float& v : logits) v = dist(rng);
    std::vector<double> sums(sum_groups, 0), product(n * n, 0), denominators(rows, 0);
    for (uint64_t i = 0; i < elements; ++i) sums[i / 1024] += values[i];
    for (uint64_t i = 0; i < n; ++i)
      for (uint64_t k = 0; k < n; ++k)
        for (uint64_t j = 0; j < n; ++j) product[i * n + j] += double(a[i * n + k]) * b[k * n + j];
    for (uint64_t r = 0; r < rows; ++r) {
      double m = -INFINITY;
      for (int e = 0; e < 1024; ++e) m = std::max(m, double(logits[r * 1024 + e]));
      for (int e = 0; e < 1024; ++e) denominators[r] += std::exp(logits[r * 1024 + e] - m);
    }
    std::vector<Row> table = {
        {library, "simd_sum_groups", sum_groups, 1, 256, &values, nullptr, {}, sums, 1e-3},
        {library, "shuffle_groups", sum_groups, 1, 256, &values, nullptr, {}, sums, 1e-3},
        {library, "staged_matmul", n / 16, n / 16, 128, &a, &b, {}, product, 1e-3},
        {library,
         "softmax_denominator_float",
         rows,
         1,
         128,
         &logits,
         nullptr,
         {},
         denominators,
         1e-2},
        {op_structs,
         "softmax_denominator_ops_float",
         rows,
         1,
         128,
         &logits,
         nullptr,
         {},
         denominators,
         1e-2},
    };
    fmt::print("emulated Metal, synchronizing kernels (compile {:.2f} s; best of {} rounds)\n\n",
               compile, rounds);
    fmt::print("| kernel | lanes | GPU threads | ms | ns per thread |\n|---|---|---|---|---|\n");
    uint32_t size = uint32_t(n);
    for (Row& row : table) {
      row.out.assign(row.reference.size(), NAN);
      MslDispatch d;
      d.library = row.library;
      d.function = row.name;
      d.buffers[0] = {row.in->data(), row.in->size() * sizeof(float)};
      d.buffers[1] = row.in2 ? MslDispatch::Binding{row.in2->data(), row.in2->size() * 4}
                             : MslDispatch::Binding{row.out.data(), row.out.size() * 4};
      if (row.in2) {
        d.buffers[2] = {row.out.data(), row.out.size() * 4};
        d.buffers[3] = {&size, 4};
      }
      d.threadgroups = {row.groups_x, row.groups_y, 1};
      d.threads_per_threadgroup = {row.threads, 1, 1};
      run_dispatch(d);
      for (size_t i = 0; i < row.out.size(); ++i)
        if (!(std::abs(row.out[i] - row.reference[i]) <=
              row.tolerance * (1 + std::abs(row.reference[i]))))
          throw ingot::Error(fmt::format("{}: element {} is {}, the float64 reference {}", row.name,
                                         i, row.out[i], row.reference[i]));
      double best = ingot::timing::best_of(rounds, [&] { run_dispatch(d); });
      uint64_t threads = row.groups_x * row.groups_y * row.threads;
      const char* lanes =
          lane_model(*row.library, row.name) == LaneModel::Fibers ? "fibers" : "coroutines";
      fmt::print("| {} | {} | {} | {:.2f} | {:.1f} |\n", row.name, lanes, threads, best * 1e3,
                 best * 1e9 / double(threads));
    }
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "msl_lanes_bench: {}\n", e.what());
    return 1;
  }
  return 0;
}
