#include "codegen/fold.hpp"

#include <cmath>
#include <limits>

namespace ingot::codegen {
namespace {

double value_of(const ir::Inst& c) {
  if (is_float(c.dtype)) return c.value.f;
  if (c.dtype == DType::Bool) return c.value.i != 0 || c.value.f != 0 ? 1 : 0;
  // The integer as its type holds it, as the rendered literal reads: (uint16_t)-3 is 65533.
  const int64_t i = c.value.i;
  switch (c.dtype) {
    case DType::Int8:
      return static_cast<int8_t>(i);
    case DType::Int16:
      return static_cast<int16_t>(i);
    case DType::Int32:
      return static_cast<int32_t>(i);
    case DType::UInt8:
      return static_cast<uint8_t>(i);
    case DType::UInt16:
      return static_cast<uint16_t>(i);
    case DType::UInt32:
      return static_cast<uint32_t>(i);
    case DType::UInt64:
      return static_cast<double>(static_cast<uint64_t>(i));
    default:
      return static_cast<double>(i);
  }
}

// The prelude's ingot_max and ingot_min exactly: NaN propagates, and equal operands (-0.0
// and 0.0) give the second (docs/semantics.md).
double maximum(double a, double b) { return std::isnan(a) || a > b ? a : b; }
double minimum(double a, double b) { return std::isnan(a) || a < b ? a : b; }

std::optional<double> evaluate(Op op, const std::vector<double>& x) {
  switch (op) {
    case Op::Cast:
      return x[0];
    case Op::Neg:
      return -x[0];
    case Op::Exp:
      return std::exp(x[0]);
    case Op::Exp2:
      return std::exp2(x[0]);
    case Op::Log:
      return std::log(x[0]);
    case Op::Log2:
      return std::log2(x[0]);
    case Op::Sin:
      return std::sin(x[0]);
    case Op::Cos:
      return std::cos(x[0]);
    case Op::Tanh:
      return std::tanh(x[0]);
    case Op::Sqrt:
      return std::sqrt(x[0]);
    case Op::Recip:
      return 1 / x[0];
    case Op::Add:
      return x[0] + x[1];
    case Op::Sub:
      return x[0] - x[1];
    case Op::Mul:
      return x[0] * x[1];
    case Op::Div:
      return x[0] / x[1];
    case Op::Pow:
      return std::pow(x[0], x[1]);
    case Op::Max:
      return maximum(x[0], x[1]);
    case Op::Min:
      return minimum(x[0], x[1]);
    default:
      return std::nullopt;
  }
}

// The integer a constant of an integer or bool type holds, in 64 bits (uint64 as its bits).
int64_t integer_of(const ir::Inst& c) {
  if (c.dtype == DType::Bool) return c.value.i != 0 || c.value.f != 0;
  // 64-bit values straight from the integer field: as a double, int64's largest rounds up.
  if (dtype_size(c.dtype) == 8) return c.value.i;
  return static_cast<int64_t>(value_of(c));
}

// `v` wrapped to integer type `dt`, two's complement, as C's conversions and -fwrapv do.
ConstValue wrapped(uint64_t v, DType dt) {
  int bits = static_cast<int>(8 * dtype_size(dt));
  if (bits < 64) {
    v &= (uint64_t{1} << bits) - 1;
    if (is_signed_int(dt) && (v >> (bits - 1))) v |= ~uint64_t{0} << bits;
  }
  auto i = static_cast<int64_t>(v);
  return {is_unsigned_int(dt) ? static_cast<double>(v) : static_cast<double>(i), i};
}

// Integer arithmetic and casts between integer types, wrapping.
std::optional<ConstValue> fold_integer(Op op, DType dt, const std::vector<const ir::Inst*>& c) {
  for (const ir::Inst* o : c)
    if (is_float(o->dtype)) return std::nullopt;
  auto u = [&](int k) { return static_cast<uint64_t>(integer_of(*c[k])); };
  bool is_signed = is_signed_int(dt);
  auto less = [&](int64_t a, int64_t b) {
    return is_signed ? a < b : static_cast<uint64_t>(a) < static_cast<uint64_t>(b);
  };
  switch (op) {
    case Op::Cast:
      return wrapped(u(0), dt);
    case Op::Neg:
      return wrapped(0 - u(0), dt);
    case Op::Add:
      return wrapped(u(0) + u(1), dt);
    case Op::Sub:
      return wrapped(u(0) - u(1), dt);
    case Op::Mul:
      return wrapped(u(0) * u(1), dt);
    case Op::Max:
    case Op::Min: {
      int64_t a = integer_of(*c[0]), b = integer_of(*c[1]);
      bool first = op == Op::Max ? less(b, a) : less(a, b);
      return wrapped(static_cast<uint64_t>(first ? a : b), dt);
    }
    default:
      return std::nullopt;
  }
}

// Binary operations whose result is NaN when either operand is, whatever the others hold (max and
// min propagate NaN in ingot; pow does not: pow(1, NaN) is 1).
bool absorbs_nan(Op op) {
  return op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Div || op == Op::Max ||
         op == Op::Min;
}

bool is_nan_constant(const ir::Inst& c, DType dt) {
  return c.op == ir::IOp::Const && c.width == 1 && c.dtype == dt && std::isnan(c.value.f);
}

}  // namespace

std::optional<ConstValue> fold_constant(Op op, DType dt,
                                        const std::vector<const ir::Inst*>& operands) {
  if (absorbs_nan(op) && is_float(dt))
    for (const ir::Inst* o : operands)
      if (is_nan_constant(*o, dt)) return ConstValue{NAN, 0};
  for (const ir::Inst* o : operands)
    if (o->op != ir::IOp::Const || o->width != 1) return std::nullopt;
  if (is_int(dt)) {
    if (op != Op::Cast)
      for (const ir::Inst* o : operands)
        if (o->dtype != dt) return std::nullopt;
    return fold_integer(op, dt, operands);
  }
  if (!is_float(dt)) return std::nullopt;
  std::vector<double> x;
  for (const ir::Inst* o : operands) {
    // Operands of other types meet only in casts; anything else stays as it is.
    if (op != Op::Cast && o->dtype != dt) return std::nullopt;
    x.push_back(value_of(*o));
  }
  std::optional<double> v = evaluate(op, x);
  if (!v) return std::nullopt;
  return ConstValue{round_to_float(*v, dt), 0};
}

}  // namespace ingot::codegen
