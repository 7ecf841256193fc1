// Synchronizing kernels written the way published Metal code writes them (written here, in
// those styles) take the coroutine path (docs/metal-emulator.md, "Running"): reductions as
// structs whose member functions call the SIMD-group functions, matrix fragments whose
// static constexpr multiply goes through thread_elements(), templated kernels
// instantiated through `decltype(kernel<...>)` (directly or through a typedef), arguments
// as a `constant` struct. Checked against float64 host references on random inputs, with
// the outputs poisoned.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "backends/metal/emulator/msl_engine.hpp"
#include "unit/msl_kernel_support.hpp"

namespace ingot::metal_emulator {
namespace {

using test::compile_msl;
using test::Dispatch;
using MslLaneStyles = test::MslKernelTest;

using test::random_floats;

// Rows of `in` reduced by one threadgroup each: the reduction an op struct names, its SIMD
// step a templated member function (called as op.template f<T>, p->f, X<T>::f, one of them
// constexpr as MLX declares some), the steps between SIMD groups behind barriers.
const char* const kOpStructs = R"(
#define METAL_FUNC inline __attribute__((always_inline))

struct Sum {
  static constexpr constant float init = 0;
  template <typename T> METAL_FUNC T operator()(T a, T b) const { return a + b; }
  template <typename T> METAL_FUNC T simd_reduce(T v) { return simd_sum(v); }
};
struct Max {
  static constexpr constant float init = -INFINITY;
  template <typename T> METAL_FUNC T operator()(T a, T b) const { return max(a, b); }
  template <typename T> METAL_FUNC T simd_reduce(T v) {
    for (ushort d = 16; d > 0; d /= 2) v = max(v, simd_shuffle_down(v, d));
    return simd_broadcast_first(v);
  }
};

template <typename T, typename Op>
struct GroupReduce {
  threadgroup T* scratch;
  METAL_FUNC T run(Op op, T v, uint lane, uint sg, uint simdgroups) {
    v = op.template simd_reduce<T>(v);
    if (lane == 0) scratch[sg] = v;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    v = lane < simdgroups ? scratch[lane] : T(Op::init);
    thread Op* p = &op;
    return p->simd_reduce(v);
  }
};
template <typename T> struct FirstLane {
  static METAL_FUNC constexpr T of(T v) { return simd_broadcast_first(v); }
};

template <typename T, typename Op>
[[kernel]] void row_reduce(const device T* in [[buffer(0)]], device T* out [[buffer(1)]],
                           const constant uint& row_size [[buffer(2)]],
                           uint row [[threadgroup_position_in_grid]],
                           uint lid [[thread_position_in_threadgroup]],
                           uint threads [[threads_per_threadgroup]],
                           uint lane [[thread_index_in_simdgroup]],
                           uint sg [[simdgroup_index_in_threadgroup]],
                           uint simdgroups [[simdgroups_per_threadgroup]]) {
  threadgroup T scratch[32];
  Op op;
  T total = Op::init;
  for (uint i = lid; i < row_size; i += threads) total = op(total, in[row * row_size + i]);
  GroupReduce<T, Op> group{scratch};
  total = FirstLane<T>::of(group.run(op, total, lane, sg, simdgroups));
  if (lid == 0) out[row] = total;
}

template [[host_name("row_sum_float")]] [[kernel]] decltype(row_reduce<float, Sum>)
    row_reduce<float, Sum>;
template [[host_name("row_max_float")]] [[kernel]] decltype(row_reduce<float, Max>)
    row_reduce<float, Max>;
)";

TEST_F(MslLaneStyles, ReductionsAsOpStructsRunAsCoroutines) {
  auto library = compile_msl(kOpStructs);
  const uint32_t rows = 5, row_size = 1000, threads = 96;
  std::vector<float> in = random_floats(rows * row_size, -4, 4, 5);
  for (const std::string name : {"row_sum_float", "row_max_float"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(lane_model(*library, name), LaneModel::Coroutines);
    std::vector<float> out(rows, NAN);
    uint32_t size = row_size;
    Dispatch(library, name).buffer(0, in).buffer(1, out).value(2, size).run(rows, threads);
    for (uint32_t r = 0; r < rows; ++r) {
      double sum = 0, max = -INFINITY;
      for (uint32_t i = 0; i < row_size; ++i) {
        sum += in[r * row_size + i];
        max = std::max(max, double(in[r * row_size + i]));
      }
      EXPECT_NEAR(out[r], name == "row_sum_float" ? sum : max, 1e-3) << "row " << r;
    }
  }
}

// A softmax as LLM runtimes write it: the arguments a `constant` struct without an index,
// threadgroup scratch given by the encoder, a block reduction as a struct's static member
// functions, and instantiations through a typedef of the kernel's type.
const char* const kSoftmax = R"(
#define N_SIMDWIDTH 32
#define MAX(a, b) ((a) > (b) ? (a) : (b))

typedef struct {
  int ne00;
  float scale;
} kargs_soft_max;

struct block_reduce {
  static float block_sum(float v, threadgroup float* buf, ushort sg, ushort lane, ushort simdgroups) {
    v = simd_sum(v);
    if (simdgroups > 1) {
      if (lane == 0) buf[sg] = v;
      threadgroup_barrier(mem_flags::mem_threadgroup);
      v = simd_sum(lane < simdgroups ? buf[lane] : 0.0f);
      threadgroup_barrier(mem_flags::mem_threadgroup);
    }
    return v;
  }
  static float block_max(float v, threadgroup float* buf, ushort sg, ushort lane, ushort simdgroups) {
    v = simd_max(v);
    if (simdgroups > 1) {
      if (lane == 0) buf[sg] = v;
      threadgroup_barrier(mem_flags::mem_threadgroup);
      v = simd_max(lane < simdgroups ? buf[lane] : -INFINITY);
      threadgroup_barrier(mem_flags::mem_threadgroup);
    }
    return v;
  }
};

template <typename T>
kernel void kernel_soft_max(
        constant kargs_soft_max & args,
        device const char * src0,
        device       char * dst,
        threadgroup float * buf [[threadgroup(0)]],
        uint   row[[threadgroup_position_in_grid]],
        ushort tid[[thread_position_in_threadgroup]],
        ushort sgitg[[simdgroup_index_in_threadgroup]],
        ushort tiisg[[thread_index_in_simdgroup]],
        ushort ntg[[threads_per_threadgroup]]) {
    device const T * x = (device const T *) src0 + row * args.ne00;
    device       T * y = (device       T *) dst  + row * args.ne00;
    const ushort nsg = (ntg + N_SIMDWIDTH - 1) / N_SIMDWIDTH;

    float lmax = -INFINITY;
    for (int i = tid; i < args.ne00; i += ntg) {
        lmax = MAX(lmax, (float) x[i] * args.scale);
    }
    const float max_val = block_reduce::block_max(lmax, buf, sgitg, tiisg, nsg);

    float lsum = 0.0f;
    for (int i = tid; i < args.ne00; i += ntg) {
        const float e = exp((float) x[i] * args.scale - max_val);
        lsum += e;
        y[i] = e;
    }
    const float inv = 1.0f / block_reduce::block_sum(lsum, buf, sgitg, tiisg, nsg);
    for (int i = tid; i < args.ne00; i += ntg) {
        y[i] = y[i] * inv;
    }
}

typedef decltype(kernel_soft_max<float>) kernel_soft_max_t;

template [[host_name("kernel_soft_max_f32")]] kernel kernel_soft_max_t kernel_soft_max<float>;
template [[host_name("kernel_soft_max_f16")]] kernel kernel_soft_max_t kernel_soft_max<half>;
)";

TEST_F(MslLaneStyles, AnLlmRuntimesSoftmaxRunsAsCoroutines) {
  auto library = compile_msl(kSoftmax);
  const int rows = 3, cols = 1000, threads = 128;
  std::vector<float> in = random_floats(rows * cols, -4, 4, 7);
  struct {
    int ne00;
    float scale;
  } args{cols, 0.5f};
  for (const std::string name : {"kernel_soft_max_f32", "kernel_soft_max_f16"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(lane_model(*library, name), LaneModel::Coroutines);
    bool half = name.ends_with("f16");
    std::vector<_Float16> in_half(in.begin(), in.end());
    std::vector<float> out(rows * cols, NAN);
    std::vector<_Float16> out_half(rows * cols, _Float16(NAN));
    MslDispatch d;
    d.library = library;
    d.function = name;
    d.buffers[0] = {&args, sizeof(args)};
    d.buffers[1] = half ? MslDispatch::Binding{in_half.data(), in_half.size() * 2}
                        : MslDispatch::Binding{in.data(), in.size() * 4};
    d.buffers[2] = half ? MslDispatch::Binding{out_half.data(), out_half.size() * 2}
                        : MslDispatch::Binding{out.data(), out.size() * 4};
    d.threadgroup_lengths[0] = 32 * sizeof(float);
    d.threadgroups = {rows, 1, 1};
    d.threads_per_threadgroup = {threads, 1, 1};
    run_dispatch(d);
    for (int r = 0; r < rows; ++r) {
      double max = -INFINITY, sum = 0;
      auto input = [&](int i) { return half ? double(in_half[r * cols + i]) : in[r * cols + i]; };
      for (int i = 0; i < cols; ++i) max = std::max(max, input(i) * 0.5);
      for (int i = 0; i < cols; ++i) sum += std::exp(input(i) * 0.5 - max);
      for (int i = 0; i < cols; ++i) {
        double got = half ? double(out_half[r * cols + i]) : out[r * cols + i];
        ASSERT_NEAR(got, std::exp(input(i) * 0.5 - max) / sum, half ? 2e-4 : 1e-6)
            << "row " << r << ", column " << i;
      }
    }
  }
}

// A matmul as MLX's GEMM writes it: a fragment type whose static constexpr multiply sets
// and reads each lane's elements of simdgroup matrices through thread_elements(), a tile
// type naming it, and a free helper calling Tile<T>::Frag::mma. C (8x16) = A (8x16) B
// (16x16), one simdgroup per 8x8 tile of C, two steps along k.
const char* const kFragments = R"(
#define METAL_FUNC inline __attribute__((always_inline))

template <typename T, int kFragRows_, int kFragCols_> struct BaseMMAFrag;
template <typename T> struct BaseMMAFrag<T, 8, 8> {
  typedef metal::vec<T, 2> frag_type;
  typedef metal::simdgroup_matrix<T, 8, 8> mat_type;
  METAL_FUNC static short2 get_coord(ushort lane) {
    const short qid = lane / 4;
    return short2((qid & 2) * 2 + (lane % 2) * 2, (qid & 4) + ((lane / 2) % 4));
  }
  METAL_FUNC static constexpr void mma(thread frag_type& D, thread frag_type& A,
                                       thread frag_type& B, thread frag_type& C) {
    mat_type D_mat, A_mat, B_mat, C_mat;
    A_mat.thread_elements()[0] = A[0];
    A_mat.thread_elements()[1] = A[1];
    B_mat.thread_elements()[0] = B[0];
    B_mat.thread_elements()[1] = B[1];
    C_mat.thread_elements()[0] = C[0];
    C_mat.thread_elements()[1] = C[1];
    simdgroup_multiply_accumulate(D_mat, A_mat, B_mat, C_mat);
    D[0] = D_mat.thread_elements()[0];
    D[1] = D_mat.thread_elements()[1];
  }
};

template <typename T> struct MMATile {
  typedef BaseMMAFrag<T, 8, 8> MMAFrag_t;
  typename MMAFrag_t::frag_type frags[2];
};

template <typename T>
METAL_FUNC void tile_matmad(thread MMATile<T>& D, thread MMATile<T>& A, thread MMATile<T>& B) {
  for (short k = 0; k < 2; ++k)
    MMATile<T>::MMAFrag_t::mma(D.frags[0], A.frags[k], B.frags[k], D.frags[0]);
}

[[kernel]] void fragment_gemm(const device float* A [[buffer(0)]],
                              const device float* B [[buffer(1)]], device float* C [[buffer(2)]],
                              ushort lane [[thread_index_in_simdgroup]],
                              ushort sg [[simdgroup_index_in_threadgroup]]) {
  const short2 xy = BaseMMAFrag<float, 8, 8>::get_coord(lane);  // column, row
  MMATile<float> a, b, d;
  for (short k = 0; k < 2; ++k) {
    a.frags[k] = float2(A[xy.y * 16 + k * 8 + xy.x], A[xy.y * 16 + k * 8 + xy.x + 1]);
    b.frags[k] = float2(B[(k * 8 + xy.y) * 16 + sg * 8 + xy.x],
                        B[(k * 8 + xy.y) * 16 + sg * 8 + xy.x + 1]);
  }
  d.frags[0] = float2(0.0f);
  tile_matmad(d, a, b);
  C[xy.y * 16 + sg * 8 + xy.x] = d.frags[0][0];
  C[xy.y * 16 + sg * 8 + xy.x + 1] = d.frags[0][1];
}
)";

TEST_F(MslLaneStyles, AnMlxStyleFragmentMatmulRunsAsCoroutines) {
  auto library = compile_msl(kFragments);
  EXPECT_EQ(lane_model(*library, "fragment_gemm"), LaneModel::Coroutines);
  std::vector<float> a = random_floats(8 * 16, -4, 4, 9), b = random_floats(16 * 16, -4, 4, 10),
                     c(8 * 16, NAN);
  Dispatch(library, "fragment_gemm").buffer(0, a).buffer(1, b).buffer(2, c).run(1, 64);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j) {
      double expected = 0;
      for (int k = 0; k < 16; ++k) expected += double(a[i * 16 + k]) * b[k * 16 + j];
      EXPECT_NEAR(c[i * 16 + j], expected, 1e-4) << i << ", " << j;
    }
}

}  // namespace
}  // namespace ingot::metal_emulator
