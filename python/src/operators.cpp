// Python's operators on tensors: + - * / ** @, comparisons (bool tensors), & | ^ ~ on bool
// tensors, unary - + abs. A right-hand side may be a tensor, a Python scalar, a list or an
// array (operand() in convert.cpp); reflected forms put the converted value on the left.
#include <fmt/format.h>

#include "binding.hpp"

namespace ingot::python {

namespace {

using Binary = Tensor (*)(const Tensor&, const Tensor&);

// ingot's logical ops read any nonzero as true; Python's & | ^ on integers are bitwise, so
// they are refused on anything but bool rather than silently meaning something else.
Tensor checked_logical(const Tensor& a, const Tensor& b, const char* op,
                       Tensor (Tensor::*f)(const Tensor&) const) {
  if (a.dtype() != DType::Bool || b.dtype() != DType::Bool)
    throw ArgumentError(fmt::format(
        "{}: bitwise operators need bool tensors, got {} and {}; compare first (a != 0) or use "
        "logical_and/logical_or/logical_xor",
        op, dtype_name(a.dtype()), dtype_name(b.dtype())));
  return (a.*f)(b);
}

struct BinaryOperator {
  const char* name;
  const char* reflected;  // nullptr where Python reflects through the other comparison
  Binary apply;
};

const BinaryOperator kBinaryOperators[] = {
    {"__add__", "__radd__", [](const Tensor& a, const Tensor& b) { return a + b; }},
    {"__sub__", "__rsub__", [](const Tensor& a, const Tensor& b) { return a - b; }},
    {"__mul__", "__rmul__", [](const Tensor& a, const Tensor& b) { return a * b; }},
    {"__truediv__", "__rtruediv__", [](const Tensor& a, const Tensor& b) { return a / b; }},
    {"__pow__", "__rpow__", [](const Tensor& a, const Tensor& b) { return a.pow(b); }},
    {"__matmul__", "__rmatmul__", [](const Tensor& a, const Tensor& b) { return a.matmul(b); }},
    {"__eq__", nullptr, [](const Tensor& a, const Tensor& b) { return a.eq(b); }},
    {"__ne__", nullptr, [](const Tensor& a, const Tensor& b) { return a.ne(b); }},
    {"__lt__", nullptr, [](const Tensor& a, const Tensor& b) { return a.lt(b); }},
    {"__le__", nullptr, [](const Tensor& a, const Tensor& b) { return a.le(b); }},
    {"__gt__", nullptr, [](const Tensor& a, const Tensor& b) { return a.gt(b); }},
    {"__ge__", nullptr, [](const Tensor& a, const Tensor& b) { return a.ge(b); }},
    {"__and__", "__rand__",
     [](const Tensor& a, const Tensor& b) {
       return checked_logical(a, b, "&", &Tensor::logical_and);
     }},
    {"__or__", "__ror__",
     [](const Tensor& a, const Tensor& b) {
       return checked_logical(a, b, "|", &Tensor::logical_or);
     }},
    {"__xor__", "__rxor__",
     [](const Tensor& a, const Tensor& b) {
       return checked_logical(a, b, "^", &Tensor::logical_xor);
     }},
};

}  // namespace

void bind_operators(nb::class_<Tensor>& tensor) {
  for (const BinaryOperator& op : kBinaryOperators) {
    Binary apply = op.apply;
    const char* name = op.name;
    tensor.def(
        name,
        [apply, name](const Tensor& a, nb::handle b) { return apply(a, operand(b, a, name)); },
        BuildsGraph(), nb::is_operator());
    if (const char* reflected = op.reflected)
      tensor.def(
          reflected,
          [apply, reflected](const Tensor& a, nb::handle b) {
            return apply(operand(b, a, reflected), a);
          },
          BuildsGraph(), nb::is_operator());
  }
  tensor.def("__neg__", &Tensor::neg, BuildsGraph());
  tensor.def("__pos__", [](const Tensor& t) { return t; });
  tensor.def("__abs__", &Tensor::abs, BuildsGraph());
  tensor.def(
      "__invert__",
      [](const Tensor& t) {
        if (t.dtype() != DType::Bool)
          throw ArgumentError(fmt::format(
              "~: bitwise not needs a bool tensor, got {}; use logical_not() for truth values",
              dtype_name(t.dtype())));
        return t.logical_not();
      },
      BuildsGraph());
}

}  // namespace ingot::python
