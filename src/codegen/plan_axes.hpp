// What the plans ask of a kernel's graph about its axes (private to codegen/, for
// opts.cpp's candidate_plans).
#pragma once

#include <vector>

#include "codegen/kernel_ast.hpp"

namespace ingot::codegen {

// A copy of one buffer through movements (a transposing permute, a padded one): the last
// output axis but `lanes` along which consecutive outputs are consecutive elements of the
// buffer, where along `lanes` they are not; -1 for anything else.
int copy_contiguous_axis(const AstNode* out, int lanes);

// On GPUs, where a reduction has no vector plan: the output axis along which its input is
// a broadcast (a scan's blocks: x[j] for every i of the triangle), so that a thread taking
// several outputs along it loads each element once for all of them; -1 where none is.
// Only a reduction over the trailing axes of an output that is its shape, those axes
// dropped or of size 1.
int shared_loads_axis(const AstNode* r, const Shape& out);

// The output axis, other than the lanes', along which a pad of the output's own shape pads
// (a concatenation's axis), where it is short enough to unroll; else -1. Unrolled, each
// step's parts are known: the pads' guards are constants, and only the part a step reads
// is computed (a 3x3 convolution's nine windows stacked: each element had loaded all nine).
int concat_axis(const std::vector<const AstNode*>& pads, const Shape& shape, int lanes);

}  // namespace ingot::codegen
