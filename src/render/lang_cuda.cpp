// The CUDA C++ table (compiled by NVRTC): what differs from C. Kernels are
// `extern "C" __global__` with their block size as launch bounds, thread indices come from
// blockIdx/blockDim/threadIdx, threadgroup memory is __shared__, and helpers are device
// functions. NVRTC has no standard headers, so the prelude names the fixed-width types
// and the float constants itself. CUDA's own float4 has no arithmetic, so vectors are a
// small template of the prelude; its loads and stores take 16 bytes at once where the
// address allows and element by element where not (a view may start anywhere).
#include <fmt/format.h>

#include "render/c_types.hpp"
#include "render/language.hpp"
#include "render/prelude.hpp"

namespace ingot::render {
namespace {

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
)") + kSoftwareHalf +
         kFloatHelpers + kDoubleHelpers;
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
      .local_decl = "__shared__ {0} {1}[{2}];",
      .int64_suffix = "LL",
      .rolled_loop = "_Pragma(\"unroll 1\") ",
      .vector_load = "ingot_vload<{3}>({1} + {2})",
      .vector_store = "ingot_vstore({1} + {2}, {4});",
      .vector_load_aligned = "(*(const {0}*)({1} + {2}))",
      .vector_store_aligned = "*({0}*)({1} + {2}) = {4};",
      .vector_make = "{0}{{{{{1}}}}}",
      .vector_splat = "ingot_splat<{0}>({1})",
      .vector_lane = "{0}.v[{1}]",
      .vector_where = "ingot_where({0}, {1}, {2})",
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
