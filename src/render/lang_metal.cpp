// The Metal Shading Language table: what differs from C. Kernels are `kernel void` with
// each buffer bound by [[buffer(i)]] and the thread's positions taken as uint3
// built-ins; threadgroup memory is `threadgroup`, vectors are MSL's own (loaded and
// stored through packed_ types, which need only the element's alignment), bits are
// reinterpreted with as_type. half is stored as MSL's half (every Apple GPU has it);
// bfloat16 is stored as its bits and converted in software, since MSL's bfloat needs
// MSL 3.1 on Apple GPU family 9. Metal has no 64-bit float: float64 kernels cannot be
// rendered.
#include <fmt/format.h>

#include "ingot/error.hpp"
#include "render/c_types.hpp"
#include "render/language.hpp"
#include "render/prelude.hpp"

namespace ingot::render {
namespace {

std::string prelude() {
  return std::string(R"(#include <metal_stdlib>
using namespace metal;
typedef ushort uint16_t;
typedef uint uint32_t;
#define INGOT_FN static inline
#define ingot_as_float as_type<float>
#define ingot_as_uint as_type<uint>
INGOT_FN float ingot_h2f(half h) { return float(h); }
INGOT_FN half ingot_f2h(float f) { return half(f); }
// A vector of the element type of packed vector type P, loaded from an element pointer.
template <class P, class T> INGOT_FN vec<T, sizeof(P) / sizeof(T)> ingot_vload(const device T* p) {
  return vec<T, sizeof(P) / sizeof(T)>(*(const device P*)p);
}
)") + kFloatHelpers;
}

// MSL's names, with half as itself; Metal has no double.
std::string storage_type(DType dt) {
  if (dt == DType::Float16) return "half";
  if (dt != DType::Float64) return short_storage_type(dt);
  throw Error(
      "Metal has no 64-bit floating point: a float64 kernel cannot run on a Metal device "
      "(cast the tensor to float32, or use another device)");
}

std::string value_type(DType dt) {
  if (dt == DType::Bool) return "bool";
  if (is_16bit_float(dt)) return "float";
  return storage_type(dt);
}

std::string vector_type(DType dt, int width, bool unaligned) {
  return fmt::format("{}{}{}", unaligned ? "packed_" : "",
                     unaligned ? storage_type(dt) : value_type(dt), width);
}

std::string vector_typedef(DType, int) { return ""; }

std::string math(const std::string& fn, DType) { return fn; }

std::string open_kernel(const ir::Kernel& k, const LanguageTable& lang) {
  std::string params;
  for (size_t i = 0; i < k.buffers.size(); ++i) {
    params += fmt::format("{}device {}{}* p{} [[buffer({})]]", i ? ", " : "",
                          k.buffers[i].output ? "" : "const ",
                          lang.storage_type(k.buffers[i].dtype), i, i);
  }
  // Scalars follow the buffers' indices, set with setBytes.
  for (size_t i = 0; i < k.scalars.size(); ++i)
    params += fmt::format("{}constant {}& {} [[buffer({})]]", params.empty() ? "" : ", ",
                          lang.value_type(k.scalars[i].dtype), scalar_name(static_cast<int>(i)),
                          k.buffers.size() + i);
  return fmt::format(
      "kernel void {}({}{}uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group "
      "[[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) "
      "{{\n",
      k.name, params, params.empty() ? "" : ", ");
}

}  // namespace

const LanguageTable& language_metal() {
  static const LanguageTable table{
      .name = "metal",
      .prelude = prelude(),
      .open_kernel = open_kernel,
      .close_loop = "",
      .close_function = "}\n",
      .global_id = "((long)ingot_gid.{1})",
      .group_id = "((long)ingot_group.{1})",
      .local_id = "((long)ingot_lid.{1})",
      .barrier = "threadgroup_barrier(mem_flags::mem_threadgroup);",
      .shuffle_down = "simd_shuffle_down({0}, (ushort){1})",
      .local_decl = "threadgroup {0} {1}[{2}];",
      .int64_suffix = "L",
      .vector_load = "ingot_vload<{0}>({1} + {2})",
      .vector_store = "*(device {0}*)({1} + {2}) = {0}({4});",
      .vector_make = "{0}({1})",
      .vector_splat = "{0}({1})",
      .vector_lane = "{0}[{1}]",
      .vector_where = "select({2}, {1}, ({0}) != 0)",
      .matrix_type = "simdgroup_{0}8x8",
      .matrix_zero = "make_filled_simdgroup_matrix<{1}, 8, 8>(0)",
      .matrix_load = "simdgroup_load({0}, {1}, {2}, ulong2(0, 0), {3});",
      .matrix_store = "simdgroup_store({0}, {1}, {2}, ulong2(0, 0), {3});",
      .matrix_mma = "simdgroup_multiply_accumulate({0}, {1}, {2}, {0});",
      .bitcast = "as_type<{0}>({2})",
      .storage_type = storage_type,
      .value_type = value_type,
      .vector_type = vector_type,
      .vector_typedef = vector_typedef,
      .math = math,
  };
  return table;
}

}  // namespace ingot::render
