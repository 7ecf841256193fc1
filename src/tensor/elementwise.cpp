// Elementwise Tensor operations: promotion and broadcasting happen in frontend.cpp;
// composite functions are written in terms of the primitive ops of lazy.hpp.
#include <cmath>

#include "ingot/error.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

namespace {

Tensor float_unary(const Tensor& t, Op op) { return unary(t, op, float_result(t.dtype())); }

Tensor compare(const Tensor& a, const Tensor& b, Op op, const char* name) {
  return binary(a, b, op, promote_types(a.dtype(), b.dtype()), DType::Bool, name);
}

// Arithmetic that is logic on two bool tensors, as in PyTorch: + and maximum are or, *
// and minimum are and, so a bool holds 0 or 1 (true + true is true, not 2). - has no
// such meaning and is an Error.
Tensor arith_or_logic(const Tensor& a, const Tensor& b, Op op, const char* name) {
  if (!a.defined() || !b.defined() || promote_types(a.dtype(), b.dtype()) != DType::Bool)
    return arith(a, b, op, name);
  switch (op) {
    case Op::Add:
    case Op::Max:
      return a.logical_or(b);
    case Op::Mul:
    case Op::Min:
      return a.logical_and(b);
    default:
      throw ArgumentError(
          std::string(name) + ": not defined for two bool tensors (shapes " + shape_str(a.shape()) +
          " and " + shape_str(b.shape()) +
          "); use logical_xor, or logical_and with logical_not, or cast to an integer "
          "type first");
  }
}

}  // namespace

Tensor operator+(const Tensor& a, const Tensor& b) { return arith_or_logic(a, b, Op::Add, "add"); }
Tensor operator-(const Tensor& a, const Tensor& b) { return arith_or_logic(a, b, Op::Sub, "sub"); }
Tensor operator*(const Tensor& a, const Tensor& b) { return arith_or_logic(a, b, Op::Mul, "mul"); }
Tensor operator/(const Tensor& a, const Tensor& b) {
  // True division, as PyTorch: integers divide in floating point.
  DType dt = float_result(promote_types(a.dtype(), b.dtype()));
  return binary(a, b, Op::Div, dt, dt, "div");
}
Tensor operator+(const Tensor& a, double b) { return a + scalar_like(a, b); }
Tensor operator-(const Tensor& a, double b) { return a - scalar_like(a, b); }
Tensor operator*(const Tensor& a, double b) { return a * scalar_like(a, b); }
Tensor operator/(const Tensor& a, double b) { return a / scalar_like(a, b); }
Tensor operator+(double a, const Tensor& b) { return scalar_like(b, a) + b; }
Tensor operator-(double a, const Tensor& b) { return scalar_like(b, a) - b; }
Tensor operator*(double a, const Tensor& b) { return scalar_like(b, a) * b; }
Tensor operator/(double a, const Tensor& b) { return scalar_like(b, a) / b; }

Tensor Tensor::neg() const {
  if (dtype() == DType::Bool)
    throw ArgumentError("neg: not defined for bool tensors; use logical_not");
  return unary(*this, Op::Neg, dtype());
}
Tensor Tensor::abs() const {
  if (dtype() == DType::Bool || is_unsigned_int(dtype())) return *this;
  // x + 0.0 turns -0.0 into 0.0 and leaves every other float as it is: abs(-0.0) is 0.0,
  // as PyTorch's (pow(abs(-0.0), -3) was -inf; ingot_fuzz seed 45467).
  Tensor kept = is_float(dtype()) ? *this + 0.0 : *this;
  return where(lt(scalar_like(*this, 0)), neg(), kept);
}
Tensor Tensor::exp() const { return float_unary(*this, Op::Exp); }
Tensor Tensor::exp2() const { return float_unary(*this, Op::Exp2); }
Tensor Tensor::log() const { return float_unary(*this, Op::Log); }
Tensor Tensor::log2() const { return float_unary(*this, Op::Log2); }
Tensor Tensor::sqrt() const { return float_unary(*this, Op::Sqrt); }
Tensor Tensor::rsqrt() const { return sqrt().reciprocal(); }
Tensor Tensor::sin() const { return float_unary(*this, Op::Sin); }
Tensor Tensor::cos() const { return float_unary(*this, Op::Cos); }
Tensor Tensor::tanh() const { return float_unary(*this, Op::Tanh); }
Tensor Tensor::reciprocal() const { return float_unary(*this, Op::Recip); }
Tensor Tensor::sigmoid() const {
  return (1.0 + (-astype(float_result(dtype()))).exp()).reciprocal();
}
Tensor Tensor::relu() const { return maximum(scalar_like(*this, 0)); }
Tensor Tensor::gelu() const {
  Tensor x = astype(float_result(dtype()));
  const double k = std::sqrt(2.0 / M_PI);
  return 0.5 * x * (1.0 + (k * (x + 0.044715 * x * x * x)).tanh());
}
Tensor Tensor::square() const { return *this * *this; }
Tensor Tensor::pow(const Tensor& e) const {
  DType dt = float_result(promote_types(dtype(), e.dtype()));
  return binary(*this, e, Op::Pow, dt, dt, "pow");
}
Tensor Tensor::pow(double e) const { return pow(scalar_like(*this, e)); }
Tensor Tensor::maximum(const Tensor& o) const {
  return arith_or_logic(*this, o, Op::Max, "maximum");
}
Tensor Tensor::minimum(const Tensor& o) const {
  return arith_or_logic(*this, o, Op::Min, "minimum");
}
Tensor Tensor::clamp(std::optional<double> lo, std::optional<double> hi) const {
  Tensor out = *this;
  if (lo) out = out.maximum(scalar_like(out, *lo));
  if (hi) out = out.minimum(scalar_like(out, *hi));
  return out;
}

Tensor Tensor::where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  check_same_device(cond, a, "where");
  check_same_device(a, b, "where");
  Shape shape =
      broadcast_shapes(broadcast_shapes(cond.shape(), a.shape(), "where"), b.shape(), "where");
  DType dt = promote_types(a.dtype(), b.dtype());
  Tensor c = cast(cond, DType::Bool).broadcast_to(shape);
  Tensor x = cast(a, dt).broadcast_to(shape);
  Tensor y = cast(b, dt).broadcast_to(shape);
  return wrap(make_node(Op::Where, dt, shape, a.device(), {c.node(), x.node(), y.node()}));
}

Tensor Tensor::eq(const Tensor& o) const { return compare(*this, o, Op::CmpEq, "eq"); }
Tensor Tensor::ne(const Tensor& o) const { return compare(*this, o, Op::CmpNe, "ne"); }
Tensor Tensor::lt(const Tensor& o) const { return compare(*this, o, Op::CmpLt, "lt"); }
Tensor Tensor::gt(const Tensor& o) const { return compare(o, *this, Op::CmpLt, "gt"); }
namespace {

// a <= b. "Not greater" is "less or equal" only without NaN: floats ask both questions.
Tensor less_equal(const Tensor& a, const Tensor& b, const char* name) {
  broadcast_shapes(a.shape(), b.shape(), name);  // so a mismatch names le or ge
  if (is_float(promote_types(a.dtype(), b.dtype()))) return a.lt(b).logical_or(a.eq(b));
  return a.gt(b).logical_not();
}

}  // namespace

Tensor Tensor::le(const Tensor& o) const { return less_equal(*this, o, "le"); }
Tensor Tensor::ge(const Tensor& o) const { return less_equal(o, *this, "ge"); }
Tensor Tensor::logical_and(const Tensor& o) const {
  return binary(*this, o, Op::And, DType::Bool, DType::Bool, "logical_and");
}
Tensor Tensor::logical_or(const Tensor& o) const {
  return binary(*this, o, Op::Or, DType::Bool, DType::Bool, "logical_or");
}
Tensor Tensor::logical_xor(const Tensor& o) const {
  return binary(*this, o, Op::Xor, DType::Bool, DType::Bool, "logical_xor");
}
Tensor Tensor::logical_not() const { return unary(*this, Op::Not, DType::Bool); }
Tensor Tensor::astype(DType dt) const { return cast(*this, dt); }

Tensor Tensor::bitcast(DType dt) const {
  size_t from = dtype_size(dtype()), to = dtype_size(dt);
  if (from == to) return wrap(make_node(Op::Bitcast, dt, shape(), device(), {node_}));
  int64_t last = ndim() ? shape().back() : 1;
  if (ndim() == 0 || (from < to && (last * static_cast<int64_t>(from)) % to != 0))
    throw ArgumentError(std::string("bitcast: cannot view ") + dtype_name(dtype()) + " of shape " +
                        shape_str(shape()) + " as " + dtype_name(dt) +
                        ": the last axis times the element size (" + std::to_string(from) +
                        " bytes) must be a multiple of " + std::to_string(to) + " bytes");
  // Element sizes differ: reinterpret realized bytes (a contiguous copy, then a new
  // shape over the same buffer).
  Tensor base = contiguous();
  base.realize();
  Shape out = shape();
  out.back() = last * static_cast<int64_t>(from) / static_cast<int64_t>(to);
  return wrap(make_buffer_node(base.node()->buffer, dt, out, device()));
}

}  // namespace ingot
