// ingot.KernelBuilder: a kernel built from ranges, buffers, threadgroup arrays and ALU
// ops, as include/ingot/kernel_builder.hpp builds it in C++ (docs/kernel-builder.md).
// KernelValues combine with Python's operators and with plain numbers (constants of the
// value's type); the free functions of C++ (exp, where, max, cast...) are methods here.
#include <fmt/format.h>
#include <nanobind/operators.h>

#include "binding.hpp"

namespace ingot::python {
namespace {

using Access = KernelBuilder::Access;

Access access_arg(const std::string& access) {
  if (access == "read") return Access::Read;
  if (access == "write") return Access::Write;
  if (access == "read_write") return Access::ReadWrite;
  throw ArgumentError(fmt::format(
      "KernelBuilder.buffer: access '{}'; it is 'read', 'write' or 'read_write'", access));
}

// The other operand of an operator: a KernelValue, or a number as a constant like `v`.
KernelValue operand_of(nb::handle value, const KernelValue& like) {
  if (nb::isinstance<KernelValue>(value)) return nb::cast<KernelValue>(value);
  if (PyFloat_Check(value.ptr()) || (PyLong_Check(value.ptr()) && !PyBool_Check(value.ptr())))
    return constant_like(like, nb::cast<double>(value));
  throw nb::type_error(fmt::format("KernelValue: an operand is a KernelValue or a number, not {}",
                                   python_type_name(value))
                           .c_str());
}

template <class F>
auto binary(F f) {
  return [f](const KernelValue& a, nb::handle b) { return f(a, operand_of(b, a)); };
}
template <class F>
auto reflected(F f) {
  return [f](const KernelValue& a, nb::handle b) { return f(operand_of(b, a), a); };
}

void bind_values(nb::module_& m) {
  nb::class_<KernelValue>(m, "KernelValue",
                          "A value of a kernel being built: one instruction's result.")
      .def_prop_ro("dtype", &KernelValue::dtype)
      .def_prop_ro("width", &KernelValue::width)
      .def_prop_ro("id", &KernelValue::id, "The node number messages and the IR name (%id).")
      .def("__add__", binary([](auto a, auto b) { return a + b; }))
      .def("__radd__", reflected([](auto a, auto b) { return a + b; }))
      .def("__sub__", binary([](auto a, auto b) { return a - b; }))
      .def("__rsub__", reflected([](auto a, auto b) { return a - b; }))
      .def("__mul__", binary([](auto a, auto b) { return a * b; }))
      .def("__rmul__", reflected([](auto a, auto b) { return a * b; }))
      .def("__truediv__", binary([](auto a, auto b) { return a / b; }))
      .def("__rtruediv__", reflected([](auto a, auto b) { return a / b; }))
      .def("__floordiv__", binary([](auto a, auto b) { return a / b; }),
           "Integer division (truncating, as the kernel's languages divide).")
      .def("__mod__", binary([](auto a, auto b) { return a % b; }))
      .def("__neg__", [](const KernelValue& a) { return -a; })
      .def("__lt__", binary([](auto a, auto b) { return a < b; }))
      .def("__le__", binary([](auto a, auto b) { return a <= b; }))
      .def("__gt__", binary([](auto a, auto b) { return a > b; }))
      .def("__ge__", binary([](auto a, auto b) { return a >= b; }))
      .def("__eq__", binary([](auto a, auto b) { return a == b; }))
      .def("__ne__", binary([](auto a, auto b) { return a != b; }))
      .def("__and__", binary([](auto a, auto b) { return a && b; }), "Logical and of bools.")
      .def("__or__", binary([](auto a, auto b) { return a || b; }), "Logical or of bools.")
      .def("max", binary([](auto a, auto b) { return max(a, b); }))
      .def("min", binary([](auto a, auto b) { return min(a, b); }))
      .def("pow", binary([](auto a, auto b) { return pow(a, b); }))
      .def(
          "cast",
          [](const KernelValue& v, nb::handle dtype) {
            return cast(v, dtype_arg(dtype, "KernelValue.cast"));
          },
          "dtype"_a)
      .def("exp", [](const KernelValue& v) { return exp(v); })
      .def("exp2", [](const KernelValue& v) { return exp2(v); })
      .def("log", [](const KernelValue& v) { return log(v); })
      .def("log2", [](const KernelValue& v) { return log2(v); })
      .def("sqrt", [](const KernelValue& v) { return sqrt(v); })
      .def("sin", [](const KernelValue& v) { return sin(v); })
      .def("cos", [](const KernelValue& v) { return cos(v); })
      .def("tanh", [](const KernelValue& v) { return tanh(v); })
      .def("lane", &lane, "i"_a)
      .def("sum_lanes", &sum_lanes)
      .def("max_lanes", &max_lanes)
      .def("__bool__", [](const KernelValue&) -> bool {
        throw nb::type_error(
            "KernelValue: a kernel's value has no truth on the host; combine conditions with "
            "& and |, and branch with KernelBuilder.begin_if / where");
      });
}

}  // namespace

void bind_kernel_builder(nb::module_& m) {
  bind_values(m);
  nb::class_<KernelBuffer>(m, "KernelBuffer", "A buffer parameter of a kernel being built.")
      .def_ro("name", &KernelBuffer::name)
      .def_ro("dtype", &KernelBuffer::dtype);
  nb::class_<KernelLocalArray>(m, "KernelLocalArray", "An array in threadgroup memory.")
      .def_ro("name", &KernelLocalArray::name)
      .def_ro("dtype", &KernelLocalArray::dtype)
      .def_ro("count", &KernelLocalArray::count);

  nb::class_<BuiltKernel>(m, "BuiltKernel", "A kernel made by KernelBuilder.build().")
      .def_prop_ro("name", &BuiltKernel::name)
      .def_prop_ro("device", &BuiltKernel::device)
      .def_prop_ro("source", &BuiltKernel::source, "The kernel in the device's language.")
      .def_prop_ro("ir", &BuiltKernel::ir, "The instructions, as DEBUG=3 prints them.")
      .def(
          "run",
          [](const BuiltKernel& k, const nb::args& args) {
            std::vector<KernelArgument> arguments;
            for (nb::handle value : args) arguments.push_back(argument_of(value));
            Evaluating evaluating;
            return k.run(arguments);
          },
          "Runs the kernel with one argument per parameter, in declaration order (tensors "
          "for read buffers, ingot.arg.output(...) / zeros / inout for written ones, numbers "
          "or ingot.arg scalars for scalars); returns the outputs' tensors.");

  nb::class_<KernelBuilder>(m, "KernelBuilder",
                            "Builds a kernel from ranges, buffers, threadgroup arrays and ALU "
                            "ops (docs/kernel-builder.md).")
      .def(
          "__init__",
          [](KernelBuilder* self, const std::string& name, nb::handle device) {
            new (self) KernelBuilder(name, device_arg(device, "KernelBuilder"));
          },
          "name"_a, "device"_a = nb::none())
      .def_prop_ro("device", [](const KernelBuilder& b) { return b.device().name; })
      .def(
          "buffer",
          [](KernelBuilder& b, const std::string& name, nb::handle dtype,
             const std::string& access) {
            return b.buffer(name, dtype_arg(dtype, "KernelBuilder.buffer"), access_arg(access));
          },
          "name"_a, "dtype"_a, "access"_a = "read")
      .def(
          "scalar",
          [](KernelBuilder& b, const std::string& name, nb::handle dtype) {
            return b.scalar(name, dtype_arg(dtype, "KernelBuilder.scalar"));
          },
          "name"_a, "dtype"_a)
      .def("global_range", &KernelBuilder::global_range, "groups"_a)
      .def("local_range", &KernelBuilder::local_range, "threads"_a)
      .def("reduce_range", &KernelBuilder::reduce_range, "size"_a)
      .def("end", &KernelBuilder::end, "range"_a)
      .def(
          "constant",
          [](KernelBuilder& b, double value, nb::handle dtype) {
            return b.constant(value, dtype_arg(dtype, "KernelBuilder.constant"));
          },
          "value"_a, "dtype"_a)
      .def(
          "accumulator",
          [](KernelBuilder& b, nb::handle dtype, double init, int width) {
            return b.accumulator(dtype_arg(dtype, "KernelBuilder.accumulator"), init, width);
          },
          "dtype"_a, "init"_a, "width"_a = 1)
      .def("assign", &KernelBuilder::assign, "accumulator"_a, "value"_a)
      .def(
          "local_array",
          [](KernelBuilder& b, const std::string& name, nb::handle dtype, int64_t count) {
            return b.local_array(name, dtype_arg(dtype, "KernelBuilder.local_array"), count);
          },
          "name"_a, "dtype"_a, "count"_a)
      .def(
          "load",
          [](KernelBuilder& b, nb::handle from, const KernelValue& index, int width,
             std::optional<KernelValue> mask) {
            if (nb::isinstance<KernelLocalArray>(from))
              return b.load(nb::cast<KernelLocalArray>(from), index, width);
            const KernelBuffer buffer = nb::cast<KernelBuffer>(from);
            return mask ? b.load(buffer, index, width, *mask) : b.load(buffer, index, width);
          },
          "source"_a, "index"_a, "width"_a = 1, "mask"_a = nb::none())
      .def(
          "store",
          [](KernelBuilder& b, nb::handle to, const KernelValue& index, const KernelValue& value) {
            if (nb::isinstance<KernelLocalArray>(to))
              b.store(nb::cast<KernelLocalArray>(to), index, value);
            else
              b.store(nb::cast<KernelBuffer>(to), index, value);
          },
          "target"_a, "index"_a, "value"_a)
      .def(
          "where",
          [](KernelBuilder&, const KernelValue& cond, const KernelValue& then,
             nb::handle otherwise) { return where(cond, then, operand_of(otherwise, then)); },
          "cond"_a, "then"_a, "otherwise"_a)
      .def("barrier", &KernelBuilder::barrier)
      .def("begin_if", &KernelBuilder::begin_if, "cond"_a)
      .def("end_if", &KernelBuilder::end_if)
      .def("build", &KernelBuilder::build);
}

}  // namespace ingot::python
