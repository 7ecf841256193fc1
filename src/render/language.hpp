// A language table: everything a C-style target spells its own way. The renderer
// (c_style.cpp) is shared; a new target is a table (shared/DESIGN.md "render").
// Format strings take positional fmt arguments, listed in each field's comment.
#pragma once

#include <string>
#include <vector>

#include "codegen/ir.hpp"

namespace ingot::render {

struct LanguageTable {
  std::string name;
  std::string prelude;  // helpers every kernel may call (half conversions, NaN-aware max)
  // The kernel's opening: signature and buffer pointers p0, p1...; on the CPU also the
  // start of the loop over the global iterations.
  std::string (*open_kernel)(const ir::Kernel& kernel, const LanguageTable& lang);
  std::string close_loop;      // ends the CPU's loop over global iterations ("" on GPUs)
  std::string close_function;  // ends the kernel
  // Streaming (non-temporal) stores: the statement storing vector {0} of type {1} at
  // address {2}, and what must follow the last one so other threads see the data. An
  // empty stream_store means plain stores.
  std::string stream_store;
  std::string stream_fence;
  // Thread indices as int64 expressions along grid dimension {0} (or {1}: x, y, z): the
  // global iteration, the threadgroup and the thread within it (GPU targets only).
  std::string global_id;
  std::string group_id;
  std::string local_id;
  std::string barrier;  // a threadgroup barrier on threadgroup memory
  // Value {0} of the SIMD-group lane {1} lanes above this one ("" where there is none).
  std::string shuffle_down;
  std::string local_decl;  // threadgroup array: {0} type, {1} name, {2} element count
  std::string int64_suffix;
  // Put before a loop that must not be unrolled ("" where nothing needs it).
  std::string rolled_loop;
  // Opens the block of a scalar float accumulation (acc = acc + x in a reduction's loop)
  // so the compiler may reorder the sum and vectorize the loop, as vector plans sum in
  // lanes ("" where the compiler keeps the order).
  std::string reassociate;
  // Vectors. vector_load: {0} unaligned vector type, {1} base pointer, {2} element
  // index, {3} width. vector_store: the same, and {4} the value. vector_make: {0} type,
  // {1} comma-separated lanes. vector_splat: {0} type, {1} scalar. vector_lane: {0}
  // vector, {1} lane number.
  std::string vector_load;
  std::string vector_store;
  // The same for an access aligned to the vector's size, {0} then being the aligned
  // vector type ("" where the unaligned spelling is as fast).
  std::string vector_load_aligned;
  std::string vector_store_aligned;
  // Vectors of float16 and bfloat16, held as float32 lanes: load {0} vector type, {1}
  // base pointer, {2} element index; store the same and {3} the value; both {4} the type's
  // name and {5} whether the access is aligned to the vector's bytes ("" where vector
  // plans do not hold 16-bit floats: DeviceInfo::vector_halves).
  std::string half_vector_load;
  std::string half_vector_store;
  std::string vector_make;
  std::string vector_splat;
  std::string vector_lane;
  // Lane-wise where: {0} condition (0 or 1 lanes), {1} then, {2} else, {3} the signed
  // integer vector type as wide as the values' lanes.
  std::string vector_where;
  // Lane-wise comparison: {0} the comparison of two vectors (lanes of all ones or zeros),
  // {1} the bool vector type of its result ("" where vector plans compare lane by lane).
  std::string vector_compare;
  // SIMD-group matrices ("" where there are none). matrix_type: {0} element storage
  // type, {1} dtype name. matrix_zero: {0} matrix type, {1} element type. matrix_load /
  // matrix_store: {0} the matrix, {1} pointer to its first element, {2} elements a row,
  // {3} true when the memory holds the transpose; matrix_load also {4} the operand it
  // is (0 left, 1 right) and {5} true for threadgroup memory. matrix_mma: {0} += {1} x {2}.
  std::string matrix_type;
  std::string matrix_zero;
  std::string matrix_load;
  std::string matrix_store;
  std::string matrix_mma;
  // Asynchronous copies to threadgroup memory ("" where there are none): async_copy
  // {0} destination, {1} source, {2} bytes; async_copy_zero_fill the same, copying only
  // where condition {3} holds and writing zeros where not; async_commit; async_wait {0}
  // groups that may stay in flight.
  std::string async_copy;
  std::string async_copy_zero_fill;
  std::string async_commit;
  std::string async_wait;
  // Warpgroup matrix products ("" where there are none; ir.hpp's Wgmma...):
  // warpgroup_mma {0} accumulator, {1} and {2} pointers to the A and B tiles, {3} the
  // product's columns, {4} A stored M-major, {5} B stored N-major, {6} the element type's
  // name; warpgroup_fence; warpgroup_commit; warpgroup_wait {0} groups that may stay
  // running; async_proxy_fence. dynamic_local_decl: the threadgroup array of the launch's
  // dynamic memory, {0} type, {1} name.
  std::string warpgroup_mma;
  std::string warpgroup_fence;
  std::string warpgroup_commit;
  std::string warpgroup_wait;
  std::string async_proxy_fence;
  std::string dynamic_local_decl;
  // Reinterprets expression {2} of storage type {1} as storage type {0}.
  std::string bitcast;
  // Element storage type and the type values are computed in (half and bfloat16 are
  // computed in float).
  std::string (*storage_type)(DType dt);
  std::string (*value_type)(DType dt);
  // A vector type of `width` values, and its unaligned variant for loads and stores;
  // vector_typedef declares both ("" where the language has them built in).
  std::string (*vector_type)(DType dt, int width, bool unaligned);
  std::string (*vector_typedef)(DType dt, int width);
  // The name of a math function (exp, log, ...) for values of `dt`.
  std::string (*math)(const std::string& fn, DType dt);
  // Math on float32 vectors (null where vector plans apply it lane by lane): the name of
  // function `fn` (exp, log, tanh, sqrt, max, min...) on vector type `vector`, and the
  // definitions of them all, given the vector type of its lanes as int32 `mask`.
  std::string (*vector_math)(const std::string& fn, const std::string& vector) = nullptr;
  std::string (*vector_math_functions)(const std::string& vector,
                                       const std::string& mask) = nullptr;
};

const LanguageTable& language(const std::string& name);
// The name a kernel's scalar parameter `i` (ir::Kernel::scalars) has in its body: each
// table's open_kernel declares it, as a parameter or read from the CPU's argument arrays.
std::string scalar_name(int i);
std::string render(const ir::Kernel& kernel, const LanguageTable& lang);

}  // namespace ingot::render
