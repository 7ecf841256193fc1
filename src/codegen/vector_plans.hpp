// The vector plans' building blocks on SIMD targets (the CPU) and GPUs' vector loads:
// lanes along a reduction's axis (UNROLL) or an output axis (UPCAST), an output axis
// unrolled into a register tile, and a matmul's register-tile plans, which candidate_plans
// (opts.cpp) lists with the rest.
#pragma once

#include <initializer_list>
#include <vector>

#include "codegen/opts.hpp"

namespace ingot::codegen {

// UNROLL: reduction `r`'s last axis as `width` lanes.
Plan reduce_lanes(const AstNode* r, int width);
// UPCAST: output axis `axis` as `width` lanes.
Plan output_lanes(int axis, int width);
// The output axis of a matmul's rows (M): the axis before those whose extents make up its
// columns (N), else the axis before the lanes.
int matmul_rows_axis(const Shape& shape, int lanes, const AstNode* mm);
// A matmul's vector plans, best first, for an output of `shape` with lanes along `lanes`,
// rows along `rows`, summing `depth` in reduction `r`.
void add_matmul_vector_plans(std::vector<Plan>& plans, const Shape& shape, int lanes, int width,
                             int64_t depth, const AstNode* r, bool threads, int rows);

}  // namespace ingot::codegen
