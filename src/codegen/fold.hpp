// Constant folding: an operation whose operands are all constants becomes the constant
// it computes, evaluated here (floats in IEEE float64 and rounded to their type, integers
// wrapping as two's complement). Vendor compilers fold such expressions on their own, and not
// always as IEEE does: NVRTC folded 0.0f / 0.0f (also of (float)(0 * 0)) to a number (so x != x was
// false), PoCL folded exp2((double)NAN) to one (ingot_fuzz seeds 1926 and 287). Folded here, every
// device gets the same literal. A NaN constant also decides arithmetic on values that are not
// constants (NAN - x is NaN): PoCL 5.0 answered a subnormal for a softmax over NaN
// constants (seed 3794).
#pragma once

#include <optional>
#include <vector>

#include "codegen/ir.hpp"

namespace ingot::codegen {

// The value of scalar `op` over constant `operands` producing `dt`, or nullopt where ingot
// leaves the operation to the device (bool results, integer division, casts from float to
// integer, operations it does not fold).
std::optional<ConstValue> fold_constant(Op op, DType dt,
                                        const std::vector<const ir::Inst*>& operands);

}  // namespace ingot::codegen
