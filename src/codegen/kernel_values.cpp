// The operators and functions on KernelValues (include/ingot/kernel_builder.hpp): each
// checks its operands' types and widths and appends the instruction.
#include <fmt/format.h>

#include "codegen/kernel_builder_state.hpp"

namespace ingot {
namespace {

// The builder both operands belong to, after checking they are usable.
KernelBuilderState& operands(const std::string& what,
                             std::initializer_list<const KernelValue*> vs) {
  KernelBuilderState& s = state_of(**vs.begin());
  for (const KernelValue* v : vs) s.check_usable(*v, what);
  return s;
}

// `a op b` for operands of one type; comparisons give bool.
KernelValue binary(Op op, const char* spelling, const KernelValue& a, const KernelValue& b) {
  KernelBuilderState& s = operands(spelling, {&a, &b});
  const std::string what = fmt::format("{} {} {}", s.node(a.id()), spelling, s.node(b.id()));
  if (a.dtype() != b.dtype())
    s.fail(fmt::format("{}: the operands' types differ ({} and {}); cast one", what,
                       dtype_name(a.dtype()), dtype_name(b.dtype())));
  if ((op == Op::Mod) && !is_int(a.dtype())) s.fail(fmt::format("{}: % takes integers", what));
  if ((op == Op::And || op == Op::Or) && a.dtype() != DType::Bool)
    s.fail(fmt::format("{}: {} takes bool values", what, spelling));
  const bool compare = op == Op::CmpLt || op == Op::CmpEq || op == Op::CmpNe;
  return s.value(s.alu(op, compare ? DType::Bool : a.dtype(), {a.id(), b.id()}, spelling));
}

KernelValue unary_math(Op op, const char* name, const KernelValue& v) {
  KernelBuilderState& s = operands(name, {&v});
  if (!is_float(v.dtype()))
    s.fail(fmt::format("{}({}): takes a float value (cast it)", name, s.node(v.id())));
  return s.value(s.alu(op, v.dtype(), {v.id()}, name));
}

KernelValue not_of(const KernelValue& v) {
  KernelBuilderState& s = state_of(v);
  return s.value(s.alu(Op::Not, DType::Bool, {v.id()}, "not"));
}

}  // namespace

DType KernelValue::dtype() const {
  return state_of(*this).kernel.insts[static_cast<size_t>(id_)].dtype;
}
int KernelValue::width() const {
  return state_of(*this).kernel.insts[static_cast<size_t>(id_)].width;
}

KernelValue constant_like(const KernelValue& like, double value) {
  KernelBuilderState& s = state_of(like);
  if (is_int(like.dtype()) && value != static_cast<double>(static_cast<int64_t>(value)))
    s.fail(fmt::format("the number {} with {}: not a value of its integer type", value,
                       s.node(like.id())));
  return s.value(s.constant(like.dtype(), value));
}

KernelValue operator+(const KernelValue& a, const KernelValue& b) {
  return binary(Op::Add, "+", a, b);
}
KernelValue operator-(const KernelValue& a, const KernelValue& b) {
  return binary(Op::Sub, "-", a, b);
}
KernelValue operator*(const KernelValue& a, const KernelValue& b) {
  return binary(Op::Mul, "*", a, b);
}
KernelValue operator/(const KernelValue& a, const KernelValue& b) {
  return binary(Op::Div, "/", a, b);
}
KernelValue operator%(const KernelValue& a, const KernelValue& b) {
  return binary(Op::Mod, "%", a, b);
}
KernelValue operator-(const KernelValue& a) {
  KernelBuilderState& s = operands("-", {&a});
  return s.value(s.alu(Op::Neg, a.dtype(), {a.id()}, "negation"));
}
KernelValue operator<(const KernelValue& a, const KernelValue& b) {
  return binary(Op::CmpLt, "<", a, b);
}
KernelValue operator>(const KernelValue& a, const KernelValue& b) {
  return binary(Op::CmpLt, ">", b, a);
}
KernelValue operator<=(const KernelValue& a, const KernelValue& b) { return not_of(b < a); }
KernelValue operator>=(const KernelValue& a, const KernelValue& b) { return not_of(a < b); }
KernelValue operator==(const KernelValue& a, const KernelValue& b) {
  return binary(Op::CmpEq, "==", a, b);
}
KernelValue operator!=(const KernelValue& a, const KernelValue& b) {
  return binary(Op::CmpNe, "!=", a, b);
}
KernelValue operator&&(const KernelValue& a, const KernelValue& b) {
  return binary(Op::And, "&&", a, b);
}
KernelValue operator||(const KernelValue& a, const KernelValue& b) {
  return binary(Op::Or, "||", a, b);
}

KernelValue where(const KernelValue& cond, const KernelValue& then, const KernelValue& otherwise) {
  KernelBuilderState& s = operands("where", {&cond, &then, &otherwise});
  if (cond.dtype() != DType::Bool)
    s.fail(fmt::format("where({}, ...): the condition is a bool value (compare it)",
                       s.node(cond.id())));
  if (then.dtype() != otherwise.dtype())
    s.fail(fmt::format("where(..., {}, {}): the two values' types differ; cast one",
                       s.node(then.id()), s.node(otherwise.id())));
  // The renderers' lane-wise where takes a mask vector; lane by lane takes any operands.
  const bool vector = cond.width() > 1 || then.width() > 1 || otherwise.width() > 1;
  if (!vector)
    return s.value(s.alu(Op::Where, then.dtype(), {cond.id(), then.id(), otherwise.id()}, "where"));
  const int width = std::max({cond.width(), then.width(), otherwise.width()});
  std::vector<int> lanes;
  for (int l = 0; l < width; ++l)
    lanes.push_back(where(lane(cond, l), lane(then, l), lane(otherwise, l)).id());
  return s.value(s.emit(
      {.op = ir::IOp::Gather, .dtype = then.dtype(), .width = width, .src = lanes}, "where"));
}

KernelValue max(const KernelValue& a, const KernelValue& b) { return binary(Op::Max, "max", a, b); }
KernelValue min(const KernelValue& a, const KernelValue& b) { return binary(Op::Min, "min", a, b); }

KernelValue cast(const KernelValue& v, DType dtype) {
  KernelBuilderState& s = operands("cast", {&v});
  if (v.dtype() == dtype) return v;
  return s.value(s.alu(Op::Cast, dtype, {v.id()}, fmt::format("cast to {}", dtype_name(dtype))));
}

KernelValue exp(const KernelValue& v) { return unary_math(Op::Exp, "exp", v); }
KernelValue exp2(const KernelValue& v) { return unary_math(Op::Exp2, "exp2", v); }
KernelValue log(const KernelValue& v) { return unary_math(Op::Log, "log", v); }
KernelValue log2(const KernelValue& v) { return unary_math(Op::Log2, "log2", v); }
KernelValue sqrt(const KernelValue& v) { return unary_math(Op::Sqrt, "sqrt", v); }
KernelValue sin(const KernelValue& v) { return unary_math(Op::Sin, "sin", v); }
KernelValue cos(const KernelValue& v) { return unary_math(Op::Cos, "cos", v); }
KernelValue tanh(const KernelValue& v) { return unary_math(Op::Tanh, "tanh", v); }
KernelValue pow(const KernelValue& base, const KernelValue& exponent) {
  if (!is_float(base.dtype()))
    state_of(base).fail(
        fmt::format("pow({}, ...): takes float values", state_of(base).node(base.id())));
  return binary(Op::Pow, "pow", base, exponent);
}

KernelValue lane(const KernelValue& v, int i) {
  KernelBuilderState& s = operands("lane", {&v});
  if (v.width() == 1) return v;  // a scalar is every lane of its broadcast
  if (i < 0 || i >= v.width())
    s.fail(fmt::format("lane({}, {}): lanes are 0 to {}", s.node(v.id()), i, v.width() - 1));
  return s.value(s.emit({.op = ir::IOp::Lane, .dtype = v.dtype(), .src = {v.id()}, .hi = i},
                        fmt::format("lane {}", i)));
}

KernelValue sum_lanes(const KernelValue& v) {
  KernelBuilderState& s = operands("sum_lanes", {&v});
  if (v.width() == 1) return v;
  return s.value(
      s.emit({.op = ir::IOp::HReduce, .dtype = v.dtype(), .src = {v.id()}, .alu = Op::Add},
             "sum of lanes"));
}

KernelValue max_lanes(const KernelValue& v) {
  KernelValue acc = lane(v, 0);
  for (int l = 1; l < v.width(); ++l) acc = max(acc, lane(v, l));
  return acc;
}

}  // namespace ingot
