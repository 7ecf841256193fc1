// Helpers shared by the files of the Tensor front end: node construction with
// validation, broadcasting and axis normalisation.
#pragma once

#include <string>
#include <vector>

#include "graph/lazy.hpp"
#include "ingot/tensor.hpp"

namespace ingot::frontend {

inline Tensor wrap(NodePtr n) { return Tensor(std::move(n)); }
// Whether a graph built on unrealized view `n`'s source instead of `n` gets the same
// gradients: `n` records how it was made (gradients reach its source either way; not so
// for a composite op's own gradient, with_gradient's, whose record leads elsewhere), or
// neither requires one (a leaf that requires grad, or a detached or no-grad view of a
// tensor that does, must stay between).
inline bool view_is_transparent(const LazyNode& n) {
  return !n.realized() && ((n.grad_record && !n.grad_record->custom) ||
                           (!n.requires_grad && !n.src[0]->requires_grad));
}
// The canonical registry name of `device` ("" is the default device).
std::string device_name(const std::string& device);
Tensor constant(const Shape& shape, DType dtype, const std::string& device, double value);
// The flat row-major index of each element of `shape`, as `dtype`.
Tensor iota(const Shape& shape, DType dtype, const std::string& device);
// The float type that creation ops compute intermediate values in on `device`: float64,
// or float32 on a device without float64 (Metal).
DType widest_float(const std::string& device);
// Axis `axis` of a tensor with `ndim` axes, negative counting from the end. A 0-d tensor
// takes 0 and -1 (as PyTorch does), normalized to 0: the caller must not index its shape.
int normalize_axis(int axis, int ndim, const char* op);
// Sorted, unique axes; empty input means every axis. A 0-d tensor's 0 or -1 gives no axes.
std::vector<int> normalize_axes(const std::vector<int>& axes, int ndim, const char* op);
Shape broadcast_shapes(const Shape& a, const Shape& b, const char* op);
Tensor cast(const Tensor& t, DType dtype);
Tensor unary(const Tensor& t, Op op, DType out_dtype);
// Applies `op` after promoting both operands to `operand_dtype` and broadcasting.
Tensor binary(const Tensor& a, const Tensor& b, Op op, DType operand_dtype, DType out_dtype,
              const char* name);
// Broadcast and promote, then op with the promoted dtype as the result.
Tensor arith(const Tensor& a, const Tensor& b, Op op, const char* name);
// `value` at `t`'s shape and device, in the type a Python scalar promotes `t`'s to: what a
// scalar operand broadcasts to, made as one constant node.
Tensor scalar_like(const Tensor& t, double value);
// The type sums and products (and their running forms) accumulate in: integers and bool
// in 64 bits, as in PyTorch; floats in their own type.
DType accumulate_type(DType dtype);
void check_same_device(const Tensor& a, const Tensor& b, const char* op);
// `t` with `count` elements of `value` appended along `axis` (a view until realized).
Tensor pad_end(const Tensor& t, int axis, int64_t count, double value = 0);
// A copy of realized `t` in a new buffer of its device: a whole allocation, which no other
// tensor sees.
Tensor copy_of(const Tensor& t);

}  // namespace ingot::frontend
