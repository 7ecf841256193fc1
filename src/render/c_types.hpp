// Type and math function names of the C family (C, CUDA C++): the fixed-width integer
// names of <stdint.h> (CUDA's prelude declares them), float and double, and the math
// functions with C's "f" suffix for float.
#pragma once

#include <string>

#include "ingot/dtype.hpp"

namespace ingot::render {

// Whether `dt` is a 16-bit float, stored as its bits and computed in float.
inline bool is_16bit_float(DType dt) { return dt == DType::Float16 || dt == DType::BFloat16; }
// How an element of `dt` is stored (16-bit floats as their bits).
std::string c_storage_type(DType dt);
// The type values of `dt` are computed in (16-bit floats in float).
std::string c_value_type(DType dt);
// `fn` (exp, log...) for values of `dt`: expf for float, exp for double.
std::string c_math(const std::string& fn, DType dt);
// The short names OpenCL C and MSL share (uchar, short, ulong...), 16-bit floats as their
// bits (ushort).
std::string short_storage_type(DType dt);

}  // namespace ingot::render
