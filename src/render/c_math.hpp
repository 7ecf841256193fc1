// The C table's float32 math, written once over a type (the `@T` of the template, its
// integer lanes `@I` and a name suffix `@S`): exp, exp2, log, log2 and tanh by range
// reduction and polynomials, branch-free, so that clang vectorizes the loops calling the
// scalar forms, and with vector forms (GNU vector extension) for vector plans, which
// also get NaN-propagating max and min and sqrt. Accurate to 2 float32 ulp over the whole
// range, denormals, infinities, NaN and -0 included.
#pragma once

#include <string>

namespace ingot::render {

// The scalar functions ingot_exp_f... on float, for the prelude (after INGOT_FN and
// ingot_as_float / ingot_as_uint).
std::string c_float_math();
// The functions ingot_exp_<vector>... on the float32 vector type `vector`, whose lanes as
// integers are `mask` (both declared before).
std::string c_float_vector_math(const std::string& vector, const std::string& mask);

}  // namespace ingot::render
