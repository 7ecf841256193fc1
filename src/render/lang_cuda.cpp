// The CUDA C++ table (compiled by NVRTC): what differs from C. Kernels are
// `extern "C" __global__` with their block size as launch bounds, thread indices come from
// blockIdx/blockDim/threadIdx, threadgroup memory is __shared__, and helpers are device
// functions. NVRTC has no standard headers, so the prelude names the fixed-width types
// and the float constants itself. CUDA's own float4 has no arithmetic, so vectors are a
// small template of the prelude; its loads and stores take 16 bytes at once where the
// address allows and element by element where not (a view may start anywhere).
// SIMD-group matrices are 16 x 16 tiles of mma.sync m16n8k16 (inline PTX: NVRTC has no
// mma.h), each thread of the warp holding its part in the layout of the instruction's
// left operand: four registers of two 16-bit elements, or eight floats for a float32
// accumulator (two 16 x 8 halves). The right operand is loaded as its transpose, which
// in that layout is what the instruction takes for its column-major operand. Tiles in
// threadgroup memory load with ldmatrix (.trans where memory runs the other way), tiles
// in device memory element by element. Staged slices are copied with cp.async (8.0 on).
// Hopper's warpgroup products (WGMMA, sm_90a) are wgmma.mma_async m64nNk16 on tiles that
// shared-memory descriptors point at, 128-byte swizzled as the descriptors say; their
// accumulator is a float vector of N / 2 lanes per thread, in the instruction's layout.
#include <fmt/format.h>

#include "render/c_types.hpp"
#include "render/language.hpp"
#include "render/prelude.hpp"

namespace ingot::render {
namespace {

// wgmma.mma_async for a product `columns` wide of `ptx`-typed operands: the accumulator's
// columns / 2 registers, then the descriptors; scale-d always 1 (the accumulator starts
// at zero), the transposes immediates of the template.
std::string warpgroup_mma(const char* type, const char* ptx, int columns) {
  const int regs = columns / 2;
  std::string outs, bind;
  for (int i = 0; i < regs; ++i) {
    outs += fmt::format("{}%{}", i ? ", " : "", i);
    bind += fmt::format("{}\"+f\"(d.v[{}])", i ? ", " : "", i);
  }
  return fmt::format(
      "template <bool TA, bool TB>\n"
      "INGOT_FN void ingot_wgmma_{0}(ingot_vec<float, {2}>& d, const uint16_t* a, const uint16_t* "
      "b) {{\n"
      "  asm volatile(\"{{\\n.reg .pred p;\\nsetp.ne.b32 p, 1, 0;\\n\"\n"
      "    \"wgmma.mma_async.sync.aligned.m64n{3}k16.f32.{1}.{1} {{{4}}}, %{2}, %{5}, p, 1, 1, "
      "%{6}, %{7};\\n}}\"\n"
      "    : {8}\n"
      "    : \"l\"(ingot_wgmma_desc(a, TA)), \"l\"(ingot_wgmma_desc(b, TB)), \"n\"(int(TA)), "
      "\"n\"(int(TB)));\n"
      "}}\n",
      type, ptx, regs, columns, outs, regs + 1, regs + 2, regs + 3, bind);
}

// The tiles' shared-memory descriptors: 128-byte swizzle (mode 1, bits 62-63), rows of
// eight 16-byte chunks, 1024 bytes between groups of eight rows (SBO); an M- or N-major
// tile's 64-element column blocks lie one 64-deep slice (8192 bytes) apart (LBO).
std::string warpgroup_helpers() {
  std::string s = R"(INGOT_FN uint64_t ingot_wgmma_desc(const uint16_t* p, bool mn_major) {
  const uint64_t at = (uint32_t)__cvta_generic_to_shared(p);
  return ((at & 0x3FFFF) >> 4) | (uint64_t(mn_major ? 8192 >> 4 : 1) << 16) |
         (uint64_t(1024 >> 4) << 32) | (1ull << 62);
}
)";
  for (int columns : {64, 128, 256})
    s += warpgroup_mma("float16", "f16", columns) + warpgroup_mma("bfloat16", "bf16", columns);
  return s;
}

// Vectors of 16-bit floats, held as float32 lanes: their bits move as a vector of 16-bit
// integers (the prelude's aligned access, or ingot_vload/ingot_vstore where the address is
// not known to be aligned: 8 bytes at once for four lanes), converted lane by lane.
const char* const kHalfVectors = R"(#define INGOT_HALF_VECTOR(NAME, TO_FLOAT, FROM_FLOAT) \
  template <class V, bool Aligned, int N = V::lanes> \
  INGOT_FN V ingot_load_##NAME(const uint16_t* p) { \
    const ingot_vec<uint16_t, N> b = \
        Aligned ? *(const ingot_vec<uint16_t, N>*)p : ingot_vload<N>(p); \
    V v; \
    INGOT_LANES(v.v[i] = TO_FLOAT(b.v[i])); \
    return v; \
  } \
  template <bool Aligned, class V, int N = V::lanes> \
  INGOT_FN void ingot_store_##NAME(uint16_t* p, V v) { \
    ingot_vec<uint16_t, N> b; \
    INGOT_LANES(b.v[i] = FROM_FLOAT(v.v[i])); \
    if (Aligned) *(ingot_vec<uint16_t, N>*)p = b; \
    else ingot_vstore(p, b); \
  }
INGOT_HALF_VECTOR(float16, ingot_h2f, ingot_f2h)
INGOT_HALF_VECTOR(bfloat16, ingot_b2f, ingot_f2b)
)";

std::string prelude() {
  return std::string(R"(typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#define NAN __int_as_float(0x7fffffff)
#endif
#define INGOT_FN static __device__ __forceinline__
#define ingot_as_float __uint_as_float
#define ingot_as_uint __float_as_uint
template <class To, class From> INGOT_FN To ingot_bitcast(From from) {
  union { From from; To to; } bits;
  bits.from = from;
  return bits.to;
}
template <class T, int N> struct __align__(sizeof(T) * N) ingot_vec {
  static constexpr int lanes = N;
  T v[N];
};
#define INGOT_LANES(expr) _Pragma("unroll") for (int i = 0; i < N; ++i) expr
#define INGOT_VEC_OP(op) \
  template <class T, int N> \
  INGOT_FN ingot_vec<T, N> operator op(ingot_vec<T, N> a, ingot_vec<T, N> b) { \
    ingot_vec<T, N> r; \
    INGOT_LANES(r.v[i] = a.v[i] op b.v[i]); \
    return r; \
  }
INGOT_VEC_OP(+)
INGOT_VEC_OP(-)
INGOT_VEC_OP(*)
INGOT_VEC_OP(/)
template <class T, int N> INGOT_FN ingot_vec<T, N> operator-(ingot_vec<T, N> a) {
  ingot_vec<T, N> r;
  INGOT_LANES(r.v[i] = -a.v[i]);
  return r;
}
template <class V, class S> INGOT_FN V ingot_splat(S s) {
  V r;
  _Pragma("unroll") for (int i = 0; i < V::lanes; ++i) r.v[i] = s;
  return r;
}
template <class C, class T, int N>
INGOT_FN ingot_vec<T, N> ingot_where(ingot_vec<C, N> c, ingot_vec<T, N> a, ingot_vec<T, N> b) {
  ingot_vec<T, N> r;
  INGOT_LANES(r.v[i] = c.v[i] ? a.v[i] : b.v[i]);
  return r;
}
template <class T, int N> INGOT_FN bool ingot_vec_aligned(const T* p) {
  return ((unsigned long long)p & (sizeof(ingot_vec<T, N>) - 1)) == 0;
}
template <int N, class T> INGOT_FN ingot_vec<T, N> ingot_vload(const T* p) {
  if (ingot_vec_aligned<T, N>(p)) return *(const ingot_vec<T, N>*)p;
  ingot_vec<T, N> r;
  INGOT_LANES(r.v[i] = p[i]);
  return r;
}
template <class T, int N> INGOT_FN void ingot_vstore(T* p, ingot_vec<T, N> x) {
  if (ingot_vec_aligned<T, N>(p)) {
    *(ingot_vec<T, N>*)p = x;
    return;
  }
  INGOT_LANES(p[i] = x.v[i]);
}
struct ingot_frag_float32 {
  float x[8];
};
struct ingot_frag_float16 {
  uint32_t x[4];
};
struct ingot_frag_bfloat16 {
  uint32_t x[4];
};
template <int Right, bool Transposed, bool Shared, class F>
INGOT_FN void ingot_mat_load(F& f, const uint16_t* p, int64_t ld) {
  constexpr bool across = Transposed != (Right == 1);
  const int lane = threadIdx.x & 31;
  if (Shared) {
    const int m = lane >> 3, r = lane & 7;
    const int row = across ? (m >> 1) * 8 + r : (m & 1) * 8 + r;
    const int col = across ? (m & 1) * 8 : (m >> 1) * 8;
    const uint32_t at = (uint32_t)__cvta_generic_to_shared(p + row * ld + col);
    if (across)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(f.x[0]), "=r"(f.x[1]), "=r"(f.x[2]), "=r"(f.x[3]) : "r"(at));
    else
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(f.x[0]), "=r"(f.x[1]), "=r"(f.x[2]), "=r"(f.x[3]) : "r"(at));
    return;
  }
  _Pragma("unroll") for (int i = 0; i < 4; ++i) {
    const int row = (lane >> 2) + (i & 1) * 8, col = (lane & 3) * 2 + (i >> 1) * 8;
    const uint32_t lo = across ? p[col * ld + row] : p[row * ld + col];
    const uint32_t hi = across ? p[(col + 1) * ld + row] : p[row * ld + col + 1];
    f.x[i] = lo | (hi << 16);
  }
}
#define INGOT_MMA(F, PTX) \
  INGOT_FN void ingot_mma(ingot_frag_float32& c, const F& a, const F& b) { \
    _Pragma("unroll") for (int h = 0; h < 2; ++h) asm( \
        "mma.sync.aligned.m16n8k16.row.col.f32." PTX "." PTX ".f32 " \
        "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" \
        : "+f"(c.x[4 * h]), "+f"(c.x[4 * h + 1]), "+f"(c.x[4 * h + 2]), "+f"(c.x[4 * h + 3]) \
        : "r"(a.x[0]), "r"(a.x[1]), "r"(a.x[2]), "r"(a.x[3]), "r"(b.x[h]), "r"(b.x[h + 2])); \
  }
INGOT_MMA(ingot_frag_float16, "f16")
INGOT_MMA(ingot_frag_bfloat16, "bf16")
template <int Bytes> INGOT_FN void ingot_copy_async(void* to, const void* from) {
  const uint32_t at = (uint32_t)__cvta_generic_to_shared(to);
  if (Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(at), "l"(from));
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(at), "l"(from), "n"(Bytes));
}
// Copies where `copy` holds; else reads nothing and fills the destination with zeros.
template <int Bytes> INGOT_FN void ingot_copy_async(void* to, const void* from, bool copy) {
  const uint32_t at = (uint32_t)__cvta_generic_to_shared(to), size = copy ? Bytes : 0;
  if (Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(at), "l"(from), "r"(size));
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(at), "l"(from),
                 "n"(Bytes), "r"(size));
}
INGOT_FN void ingot_mat_store(const ingot_frag_float32& c, float* p, int64_t ld) {
  const int lane = threadIdx.x & 31, row = lane >> 2, col = (lane & 3) * 2;
  _Pragma("unroll") for (int h = 0; h < 2; ++h) _Pragma("unroll") for (int v = 0; v < 2; ++v)
      *(ingot_vec<float, 2>*)(p + (row + v * 8) * ld + h * 8 + col) =
      ingot_vec<float, 2>{{c.x[4 * h + 2 * v], c.x[4 * h + 2 * v + 1]}};
}
// Half conversions in one instruction each (cvt rounds to nearest even, as the
// software ones of the other tables do).
INGOT_FN float ingot_h2f(uint16_t h) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
}
INGOT_FN uint16_t ingot_f2h(float f) {
  uint16_t h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
}
)") + warpgroup_helpers() +
         kFloatHelpers + kHalfVectors + kDoubleHelpers;
}

std::string vector_type(DType dt, int width, bool) {
  return fmt::format("ingot_vec<{}, {}>", c_value_type(dt), width);
}
std::string vector_typedef(DType, int) { return ""; }

std::string open_kernel(const ir::Kernel& k, const LanguageTable& lang) {
  std::string params;
  for (size_t i = 0; i < k.buffers.size(); ++i) {
    params +=
        fmt::format("{}{}{}* __restrict__ p{}", i ? ", " : "", k.buffers[i].output ? "" : "const ",
                    lang.storage_type(k.buffers[i].dtype), i);
  }
  for (size_t i = 0; i < k.scalars.size(); ++i)
    params += fmt::format("{}{} {}", params.empty() ? "" : ", ",
                          lang.value_type(k.scalars[i].dtype), scalar_name(static_cast<int>(i)));
  int64_t threads = k.dims.local[0] * k.dims.local[1] * k.dims.local[2];
  return fmt::format("extern \"C\" __global__ void __launch_bounds__({}) {}({}) {{\n", threads,
                     k.name, params);
}

}  // namespace

const LanguageTable& language_cuda() {
  static const LanguageTable table{
      .name = "cuda",
      .prelude = prelude(),
      .open_kernel = open_kernel,
      .close_loop = "",
      .close_function = "}\n",
      .global_id = "((int64_t)blockIdx.{1} * blockDim.{1} + threadIdx.{1})",
      .group_id = "((int64_t)blockIdx.{1})",
      .local_id = "((int64_t)threadIdx.{1})",
      .barrier = "__syncthreads();",
      .shuffle_down = "__shfl_down_sync(0xffffffffu, {0}, {1})",
      .local_decl = "__shared__ __align__(16) {0} {1}[{2}];",
      .int64_suffix = "LL",
      .rolled_loop = "_Pragma(\"unroll 1\") ",
      .vector_load = "ingot_vload<{3}>({1} + {2})",
      .vector_store = "ingot_vstore({1} + {2}, {4});",
      .vector_load_aligned = "(*(const {0}*)({1} + {2}))",
      .vector_store_aligned = "*({0}*)({1} + {2}) = {4};",
      .half_vector_load = "ingot_load_{4}<{0}, {5}>({1} + {2})",
      .half_vector_store = "ingot_store_{4}<{5}>({1} + {2}, {3});",
      .vector_make = "{0}{{{{{1}}}}}",
      .vector_splat = "ingot_splat<{0}>({1})",
      .vector_lane = "{0}.v[{1}]",
      .vector_where = "ingot_where({0}, {1}, {2})",
      .matrix_type = "ingot_frag_{1}",
      .matrix_zero = "{0}{{}}",
      .matrix_load = "ingot_mat_load<{4}, {3}, {5}>({0}, {1}, {2});",
      .matrix_store = "ingot_mat_store({0}, {1}, {2});",
      .matrix_mma = "ingot_mma({0}, {1}, {2});",
      .async_copy = "ingot_copy_async<{2}>({0}, {1});",
      .async_copy_zero_fill = "ingot_copy_async<{2}>({0}, {1}, {3});",
      .async_commit = "asm volatile(\"cp.async.commit_group;\");",
      .async_wait = "asm volatile(\"cp.async.wait_group {0};\" ::: \"memory\");",
      .warpgroup_mma = "ingot_wgmma_{6}<{4}, {5}>({0}, {1}, {2});",
      .warpgroup_fence = "asm volatile(\"wgmma.fence.sync.aligned;\" ::: \"memory\");",
      .warpgroup_commit = "asm volatile(\"wgmma.commit_group.sync.aligned;\" ::: \"memory\");",
      .warpgroup_wait = "asm volatile(\"wgmma.wait_group.sync.aligned {0};\" ::: \"memory\");",
      .async_proxy_fence = "asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");",
      .dynamic_local_decl = "extern __shared__ __align__(1024) {0} {1}[];",
      .bitcast = "ingot_bitcast<{0}>({2})",
      .storage_type = c_storage_type,
      .value_type = c_value_type,
      .vector_type = vector_type,
      .vector_typedef = vector_typedef,
      .math = c_math,
  };
  return table;
}

}  // namespace ingot::render
