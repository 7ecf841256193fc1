// The kernel vocabulary every layer shares: the operations of the lazy graph, of the
// kernels the scheduler cuts from it and of codegen's ALU instructions, their constants,
// and the shape helpers they are described with.
#pragma once

#include <cstdint>
#include <string>

#include "ingot/dtype.hpp"
#include "ingot/shape.hpp"

namespace ingot {

enum class Op : uint8_t {
  // Leaves.
  Buffer,  // realized, contiguous, row-major
  Const,   // one value at every index
  Iota,    // the row-major flat index of each element
  // Elementwise, one source.
  Neg,
  Not,
  Exp,
  Exp2,
  Log,
  Log2,
  Sin,
  Cos,
  Tanh,
  Sqrt,
  Recip,
  Cast,
  Bitcast,
  // Elementwise, two sources.
  // Div on integers and Mod appear only in index arithmetic made by codegen.
  Add,
  Sub,
  Mul,
  Div,
  Max,
  Min,
  Pow,
  CmpLt,
  CmpEq,
  CmpNe,
  And,
  Or,
  Xor,
  Shl,
  Mod,
  Shr,
  // Elementwise, three sources: condition, then, else.
  Where,
  // Indexed: out[i] = x[i with i[axis] replaced by idx[i]]; sources x, idx (an integer
  // tensor), each of out's size or 1 (broadcast) on every axis but `axis`, where idx has
  // out's size; arg: {axis}. The index is data: the one op whose reads depend on values.
  Take,
  // Reductions over `axes`; the output keeps the reduced axes with size 1.
  ReduceSum,
  ReduceProd,
  ReduceMax,
  ReduceMin,
  // Movement: index maps from the node's shape to its source's shape.
  Reshape,  // same element count, row-major order
  Permute,  // axes[i] of the output is source axis arg[i]
  Expand,   // size-1 source axes repeated
  Pad,      // arg: before/after per axis; outside the source the value is `value`
  Shrink,   // arg: begin/end per axis
  Stride,   // arg: step per axis (negative flips); the source extent is covered from
            // its start (positive) or its end (negative)
  // Boundaries.
  Contiguous,  // always realized: a fresh, contiguous copy of its source
  Copy,        // the source, realized on another device
};

struct ConstValue {
  double f = 0;
  int64_t i = 0;  // the value of an integer type (uint64: its bits)
  // `v` as a constant of `dtype`. An integral value within int64 keeps its integer (a
  // narrower type then wraps it, as a cast of an integer does); NaN, infinities and values
  // beyond int64 become what astype makes of them: 0 for NaN, else the type's nearest limit.
  static ConstValue of(double v, DType dtype = DType::Int64);
};

int64_t shape_numel(const Shape& shape);
std::string shape_str(const Shape& shape);

bool is_movement(Op op);
bool is_reduce(Op op);
bool is_unary(Op op);
bool is_binary(Op op);
const char* op_name(Op op);

}  // namespace ingot
