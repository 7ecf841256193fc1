// The CUDA C++ table (compiled by NVRTC): what differs from C. Kernels are
// `extern "C" __global__` with their block size as launch bounds, thread indices come from
// blockIdx/blockDim/threadIdx, threadgroup memory is __shared__, and helpers are device
// functions. NVRTC has no standard headers, so the prelude names the fixed-width types
// and the float constants itself. No vector types yet: the backend states one float lane
// (DeviceInfo::simd_width), so the optimizer never asks for them.
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
)") + kSoftwareHalf +
         kFloatHelpers + kDoubleHelpers;
}

std::string no_vector_type(DType, int, bool) { return ""; }
std::string no_vector_typedef(DType, int) { return ""; }

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
      .local_decl = "__shared__ {0} {1}[{2}];",
      .int64_suffix = "LL",
      .rolled_loop = "_Pragma(\"unroll 1\") ",
      .bitcast = "ingot_bitcast<{0}>({2})",
      .storage_type = c_storage_type,
      .value_type = c_value_type,
      .vector_type = no_vector_type,
      .vector_typedef = no_vector_typedef,
      .math = c_math,
  };
  return table;
}

}  // namespace ingot::render
