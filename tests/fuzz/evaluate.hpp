// One interpreter for both sides: apply() runs a step on ingot::Tensor values or on the
// reference's IArray values, whose methods have the same names. Creation steps differ
// (host data becomes a device buffer on one side, exact bounds on the other) and have a
// function each. What every op's fields hold:
//
//   input     dtype, ints: shape, reals: the values (representable in dtype)
//   full      dtype, ints: shape, reals: {value}
//   arange    dtype, reals: {start, stop, step}
//   linspace  dtype, reals: {start, stop}, ints: {steps}
//   eye       dtype, ints: {n, m}
//   neg abs exp exp2 log log2 sqrt rsqrt sin cos tanh sigmoid relu gelu reciprocal
//   square logical_not contiguous T realize                   one operand
//   add sub mul div pow maximum minimum eq ne lt le gt ge logical_and logical_or matmul
//                                                              two operands
//   add_scalar sub_scalar mul_scalar div_scalar   reals: {scalar}, flag: scalar on the left
//   pow_scalar  reals: {exponent}
//   clamp       ints: {has lo, has hi}, reals: {lo, hi}
//   where       three operands: condition, then, else
//   cast bitcast  dtype
//   sum prod max min mean any all   ints: axes, flag: keepdim
//   var std     ints: axes, reals: {correction}, flag: keepdim
//   argmax argmin  ints: {} or {axis}, flag: keepdim
//   reshape expand permute flip repeat   ints: the shape, order, axes or counts
//   transpose   ints: {a, b}
//   pad         ints: before, after per axis, reals: {value}
//   slice       ints: has start, start, has stop, stop, step per axis
//   squeeze     ints: {} or {axis}
//   unsqueeze   ints: {axis}
//   flatten     ints: {start, end}
//   cat stack   operands: the parts, ints: {axis}
//   softmax log_softmax   ints: {axis}
//   take take_along_axis  ints: {axis, rank of the index, its shape..., its values...}
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "fuzz/program.hpp"
#include "fuzz/reference.hpp"
#include "ingot/tensor.hpp"

namespace fuzz {

bool is_creation(const std::string& op);
bool is_unary(const std::string& op);      // one operand, no fields
bool is_reduction(const std::string& op);  // sum ... argmin
IArray create_reference(const Step& s);
ingot::Tensor create_tensor(const Step& s, const std::string& device);

std::vector<int> int_list(const std::vector<int64_t>& v);
std::vector<std::pair<int64_t, int64_t>> pad_pairs(const Step& s);
std::vector<ingot::Slice> slices_of(const Step& s);
std::optional<int> optional_axis(const Step& s);

template <class V>
V apply_unary(const std::string& op, const V& x) {
  if (op == "neg") return x.neg();
  if (op == "abs") return x.abs();
  if (op == "exp") return x.exp();
  if (op == "exp2") return x.exp2();
  if (op == "log") return x.log();
  if (op == "log2") return x.log2();
  if (op == "sqrt") return x.sqrt();
  if (op == "rsqrt") return x.rsqrt();
  if (op == "sin") return x.sin();
  if (op == "cos") return x.cos();
  if (op == "tanh") return x.tanh();
  if (op == "sigmoid") return x.sigmoid();
  if (op == "relu") return x.relu();
  if (op == "gelu") return x.gelu();
  if (op == "reciprocal") return x.reciprocal();
  if (op == "square") return x.square();
  if (op == "logical_not") return x.logical_not();
  if (op == "contiguous") return x.contiguous();
  if (op == "T") return x.T();
  if (op == "realize") {
    V out = x;
    if constexpr (std::is_same_v<V, ingot::Tensor>) out.realize();
    return out;
  }
  throw std::invalid_argument("fuzz: unknown unary op " + op);
}

template <class V>
V apply_binary(const std::string& op, const V& a, const V& b) {
  if (op == "add") return a + b;
  if (op == "sub") return a - b;
  if (op == "mul") return a * b;
  if (op == "div") return a / b;
  if (op == "pow") return a.pow(b);
  if (op == "maximum") return a.maximum(b);
  if (op == "minimum") return a.minimum(b);
  if (op == "eq") return a.eq(b);
  if (op == "ne") return a.ne(b);
  if (op == "lt") return a.lt(b);
  if (op == "le") return a.le(b);
  if (op == "gt") return a.gt(b);
  if (op == "ge") return a.ge(b);
  if (op == "logical_and") return a.logical_and(b);
  if (op == "logical_or") return a.logical_or(b);
  if (op == "matmul") return a.matmul(b);
  throw std::invalid_argument("fuzz: unknown binary op " + op);
}

template <class V>
V apply_scalar(const std::string& op, const V& x, double c, bool left) {
  if (op == "add_scalar") return left ? c + x : x + c;
  if (op == "sub_scalar") return left ? c - x : x - c;
  if (op == "mul_scalar") return left ? c * x : x * c;
  if (op == "div_scalar") return left ? c / x : x / c;
  throw std::invalid_argument("fuzz: unknown scalar op " + op);
}

template <class V>
V apply_reduce(const Step& s, const V& x) {
  std::vector<int> axes = int_list(s.ints);
  const std::string& op = s.op;
  if (op == "sum") return x.sum(axes, s.flag);
  if (op == "prod") return x.prod(axes, s.flag);
  if (op == "max") return x.max(axes, s.flag);
  if (op == "min") return x.min(axes, s.flag);
  if (op == "mean") return x.mean(axes, s.flag);
  if (op == "any") return x.any(axes, s.flag);
  if (op == "all") return x.all(axes, s.flag);
  if (op == "var") return x.var(axes, s.flag, static_cast<int>(s.reals.at(0)));
  if (op == "std") return x.std(axes, s.flag, static_cast<int>(s.reals.at(0)));
  if (op == "argmax") return x.argmax(optional_axis(s), s.flag);
  if (op == "argmin") return x.argmin(optional_axis(s), s.flag);
  throw std::invalid_argument("fuzz: unknown reduction " + op);
}

template <class V>
V apply_movement(const Step& s, const V& x) {
  const std::string& op = s.op;
  if (op == "reshape") return x.reshape(s.ints);
  if (op == "expand") return x.expand(s.ints);
  if (op == "permute") return x.permute(int_list(s.ints));
  if (op == "flip") return x.flip(int_list(s.ints));
  if (op == "repeat") return x.repeat(s.ints);
  if (op == "transpose")
    return x.transpose(static_cast<int>(s.ints.at(0)), static_cast<int>(s.ints.at(1)));
  if (op == "pad") return x.pad(pad_pairs(s), s.reals.at(0));
  if (op == "slice") return x.slice(slices_of(s));
  if (op == "squeeze") return x.squeeze(optional_axis(s));
  if (op == "unsqueeze") return x.unsqueeze(static_cast<int>(s.ints.at(0)));
  if (op == "flatten")
    return x.flatten(static_cast<int>(s.ints.at(0)), static_cast<int>(s.ints.at(1)));
  if (op == "softmax") return x.softmax(static_cast<int>(s.ints.at(0)));
  if (op == "log_softmax") return x.log_softmax(static_cast<int>(s.ints.at(0)));
  if (op == "cast") return x.astype(s.dtype);
  if (op == "bitcast") return x.bitcast(s.dtype);
  if (op == "pow_scalar") return x.pow(s.reals.at(0));
  if (op == "clamp") {
    std::optional<double> lo, hi;
    if (s.ints.at(0)) lo = s.reals.at(0);
    if (s.ints.at(1)) hi = s.reals.at(1);
    return x.clamp(lo, hi);
  }
  throw std::invalid_argument("fuzz: unknown op " + op);
}

// The int64 index tensor a take step holds, beside `like`.
inline ingot::Tensor index_tensor(const ingot::Tensor& like, const std::vector<int64_t>& values,
                                  const Shape& shape) {
  return ingot::Tensor::from_vector(values, shape, like.device());
}
inline IArray index_tensor(const IArray&, const std::vector<int64_t>& values, const Shape& shape) {
  return IArray::exact(shape, DType::Int64, std::vector<double>(values.begin(), values.end()));
}

template <class V>
V apply_take(const Step& s, const V& x) {
  const auto axis = static_cast<int>(s.ints.at(0));
  const auto rank = static_cast<size_t>(s.ints.at(1));
  const Shape shape(s.ints.begin() + 2, s.ints.begin() + 2 + static_cast<ptrdiff_t>(rank));
  const std::vector<int64_t> values(s.ints.begin() + 2 + static_cast<ptrdiff_t>(rank),
                                    s.ints.end());
  V idx = index_tensor(x, values, shape);
  return s.op == "take" ? x.take(idx, axis) : x.take_along_axis(idx, axis);
}

// Runs a step that is not a creation on its operands' values.
template <class V>
V apply(const Step& s, const std::vector<const V*>& x) {
  const std::string& op = s.op;
  if (op == "where") return V::where(*x.at(0), *x.at(1), *x.at(2));
  if (op == "cat" || op == "stack") {
    std::vector<V> parts;
    for (const V* p : x) parts.push_back(*p);
    int axis = static_cast<int>(s.ints.at(0));
    return op == "cat" ? V::cat(parts, axis) : V::stack(parts, axis);
  }
  if (op == "take" || op == "take_along_axis") return apply_take(s, *x.at(0));
  if (op.ends_with("_scalar") && op != "pow_scalar")
    return apply_scalar(op, *x.at(0), s.reals.at(0), s.flag);
  if (x.size() == 2) return apply_binary(op, *x[0], *x[1]);
  if (is_reduction(op)) return apply_reduce(s, *x.at(0));
  if (is_unary(op)) return apply_unary(op, *x.at(0));
  return apply_movement(s, *x.at(0));
}

}  // namespace fuzz
