// The OpenCL C table (OpenCL 1.2): what differs from C. Buffers are __global
// pointers, thread indices come from get_*_id, vectors are the built-in floatN types
// with vloadN/vstoreN (no alignment beyond the element's), bits are reinterpreted with
// as_type, and math functions are overloaded by type.
#include <fmt/format.h>

#include "render/c_types.hpp"
#include "render/language.hpp"
#include "render/prelude.hpp"

namespace ingot::render {
namespace {

std::string prelude() {
  return std::string(R"(#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
typedef ushort uint16_t;
typedef uint uint32_t;
#define INGOT_FN static inline
#define ingot_as_float as_float
#define ingot_as_uint as_uint
)") + kSoftwareHalf +
         kFloatHelpers + "#ifdef cl_khr_fp64\n" + kDoubleHelpers + "#endif\n";
}

std::string value_type(DType dt) {
  if (is_16bit_float(dt)) return "float";
  return short_storage_type(dt);
}

std::string vector_type(DType dt, int width, bool) {
  return fmt::format("{}{}", value_type(dt), width);
}

std::string vector_typedef(DType, int) { return ""; }

std::string math(const std::string& fn, DType) { return fn; }

std::string open_kernel(const ir::Kernel& k, const LanguageTable& lang) {
  std::string params;
  for (size_t i = 0; i < k.buffers.size(); ++i) {
    params +=
        fmt::format("{}__global {}{}* restrict p{}", i ? ", " : "",
                    k.buffers[i].output ? "" : "const ", lang.storage_type(k.buffers[i].dtype), i);
  }
  for (size_t i = 0; i < k.scalars.size(); ++i)
    params += fmt::format("{}{} {}", params.empty() ? "" : ", ",
                          lang.value_type(k.scalars[i].dtype), scalar_name(static_cast<int>(i)));
  return fmt::format("__kernel void {}({}) {{\n", k.name, params);
}

}  // namespace

const LanguageTable& language_opencl() {
  static const LanguageTable table{
      .name = "opencl",
      .prelude = prelude(),
      .open_kernel = open_kernel,
      .close_loop = "",
      .close_function = "}\n",
      .global_id = "((long)get_global_id({0}))",
      .group_id = "((long)get_group_id({0}))",
      .local_id = "((long)get_local_id({0}))",
      .barrier = "barrier(CLK_LOCAL_MEM_FENCE);",
      .local_decl = "__local {0} {1}[{2}];",
      .int64_suffix = "L",
      .rolled_loop = "_Pragma(\"unroll 1\") ",
      .vector_load = "vload{3}(0, {1} + {2})",
      .vector_store = "vstore{3}({4}, 0, {1} + {2});",
      .vector_make = "({0})({1})",
      .vector_splat = "(({0})({1}))",
      .vector_lane = "{0}.s{1:x}",
      // select() picks by each mask lane's top bit: a 1 becomes all ones.
      .vector_where = "select({2}, {1}, -convert_{3}({0}))",
      .bitcast = "as_{0}({2})",
      .storage_type = short_storage_type,
      .value_type = value_type,
      .vector_type = vector_type,
      .vector_typedef = vector_typedef,
      .math = math,
  };
  return table;
}

}  // namespace ingot::render
