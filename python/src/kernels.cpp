// ingot.custom_kernel: a kernel written in the device's language (a Python string) run on
// tensors through run_custom_kernel, with its arguments in the kernel's own order
// (include/ingot/custom_kernel.hpp, docs/custom-kernels.md). ingot.arg makes arguments as
// the C++ namespace arg does; plain tensors, ints and floats are inputs, int32 and float32
// scalars.
#include <fmt/format.h>

#include <array>

#include "binding.hpp"

namespace ingot::python {

namespace {

// A launch extent of one to three ints; missing dimensions are 1.
std::array<int64_t, 3> extent_arg(nb::handle value, const char* name) {
  Shape dims = shape_arg(value, name);
  if (dims.empty() || dims.size() > 3)
    throw ArgumentError(
        fmt::format("custom_kernel: {} takes 1 to 3 sizes, got {}", name, dims.size()));
  std::array<int64_t, 3> out{1, 1, 1};
  std::copy(dims.begin(), dims.end(), out.begin());
  return out;
}

// A Python number as a typed scalar: exact for an int, rounded by the library for a float.
KernelArgument scalar_of(nb::handle value, DType dtype) {
  if (PyFloat_Check(value.ptr())) return arg::scalar(dtype, nb::cast<double>(value));
  return arg::scalar(dtype, int_arg(value, "custom_kernel", "scalar"));
}

// The bytes of a struct argument: anything with the buffer protocol (bytes, a ctypes
// Structure, a NumPy structured scalar or array).
std::vector<uint8_t> bytes_of(nb::handle value) {
  Py_buffer view;
  if (PyObject_GetBuffer(value.ptr(), &view, PyBUF_SIMPLE) != 0) {
    PyErr_Clear();
    throw nb::type_error(fmt::format("ingot.arg.bytes: {} has no buffer of bytes; give bytes, "
                                     "a ctypes Structure or a NumPy structured value",
                                     python_type_name(value))
                             .c_str());
  }
  const auto* data = static_cast<const uint8_t*>(view.buf);
  std::vector<uint8_t> out(data, data + view.len);
  PyBuffer_Release(&view);
  return out;
}

FunctionConstant constant_of(nb::handle key, nb::handle value) {
  nb::handle number = value;
  DType dtype = PyBool_Check(value.ptr())    ? DType::Bool
                : PyFloat_Check(value.ptr()) ? DType::Float32
                                             : DType::Int32;
  if (nb::isinstance<nb::tuple>(value) && nb::len(value) == 2) {
    number = nb::tuple(nb::borrow(value))[0];
    dtype = dtype_arg(nb::tuple(nb::borrow(value))[1], "custom_kernel");
  }
  double v = nb::cast<double>(number);
  if (nb::isinstance<nb::str>(key)) return function_constant(nb::cast<std::string>(key), dtype, v);
  int64_t index = int_arg(key, "custom_kernel", "function constant index");
  if (index < 0 || index > 65535)
    throw ArgumentError(fmt::format(
        "custom_kernel: function constant index {} is outside Metal's [0, 65535]", index));
  return function_constant(static_cast<uint32_t>(index), dtype, v);
}

void bind_arguments(nb::module_& m) {
  nb::module_ a = m.def_submodule("arg", "Arguments of a custom kernel, as ingot::arg in C++.");
  nb::class_<KernelArgument>(m, "KernelArgument")
      .def("at", &KernelArgument::at, "index"_a,
           "The same argument at position `index` ([[buffer(i)]] in MSL, the parameter index "
           "elsewhere).")
      .def("named", &KernelArgument::named, "name"_a, "The same argument with a name for messages.")
      .def_ro("index", &KernelArgument::index)
      .def_ro("name", &KernelArgument::name);
  a.def(
      "input", [](nb::handle t) { return arg::input(tensor_of(t)); }, "tensor"_a,
      "A tensor the kernel reads.");
  a.def(
      "output",
      [](nb::handle shape, nb::handle dtype, std::optional<double> init) {
        KernelArgument out =
            arg::output(shape_arg(shape, "ingot.arg.output"), dtype_arg(dtype, "ingot.arg.output"));
        std::get<KernelArgument::Output>(out.value).init = init;
        return out;
      },
      "shape"_a, "dtype"_a = nb::cast(DType::Float32), "init"_a = nb::none(),
      "A new tensor the kernel writes; init fills it first (None: uninitialised).");
  a.def(
      "zeros",
      [](nb::handle shape, nb::handle dtype) {
        return arg::zeros(shape_arg(shape, "ingot.arg.zeros"), dtype_arg(dtype, "ingot.arg.zeros"));
      },
      "shape"_a, "dtype"_a = nb::cast(DType::Float32), "A new tensor filled with zeros first.");
  a.def(
      "inout",
      [](nb::handle t) {
        tensor_of(t);  // refuses an uninitialized one
        return arg::inout(*nb::inst_ptr<Tensor>(t));
      },
      nb::keep_alive<0, 1>(), "tensor"_a,
      "An existing tensor the kernel reads and writes in place (copy-on-write where other "
      "tensors still see its contents; the Python object then holds the new contents).");
  a.def(
      "scalar",
      [](nb::handle value, nb::handle dtype) {
        return scalar_of(value, dtype_arg(dtype, "ingot.arg.scalar"));
      },
      "value"_a, "dtype"_a, "A number passed by value as `dtype`.");
  const std::pair<const char*, DType> typed[] = {{"i32", DType::Int32},   {"u32", DType::UInt32},
                                                 {"i64", DType::Int64},   {"u64", DType::UInt64},
                                                 {"f32", DType::Float32}, {"f16", DType::Float16}};
  for (const auto& [name, dtype] : typed)
    a.def(
        name, [dtype](nb::handle value) { return scalar_of(value, dtype); }, "value"_a);
  a.def(
      "bytes", [](nb::handle value) { return arg::bytes(bytes_of(value)); }, "value"_a,
      "Bytes passed by value: a struct (bytes, a ctypes Structure, a NumPy structured value).");
  a.def("threadgroup", &arg::threadgroup, "nbytes"_a, "Threadgroup memory sized at launch.");
}

}  // namespace

// One element of `args`: an ingot.arg argument, or a tensor (an input), an int (an int32
// scalar) or a float (a float32 scalar).
KernelArgument argument_of(nb::handle value) {
  if (nb::isinstance<KernelArgument>(value)) return nb::cast<KernelArgument>(value);
  if (nb::isinstance<Tensor>(value)) return arg::input(tensor_of(value));
  if (PyFloat_Check(value.ptr())) return scalar_of(value, DType::Float32);
  if (PyLong_Check(value.ptr()) && !PyBool_Check(value.ptr()))
    return scalar_of(value, DType::Int32);
  throw nb::type_error(fmt::format("custom_kernel: an argument must be an ingot.Tensor, an "
                                   "int, a float or made by ingot.arg, not {}",
                                   python_type_name(value))
                           .c_str());
}

void bind_kernels(nb::module_& m) {
  bind_arguments(m);
  m.def(
      "custom_kernel",
      [](const std::string& source, const std::string& function, nb::handle args,
         nb::handle global_size, nb::handle local_size, nb::handle device, nb::handle defines,
         nb::handle constants, bool partial_groups, const std::string& language,
         const nb::kwargs& named) {
        CustomKernel k;
        k.source = source;
        k.function = function;
        k.language = language;
        if (!args.is_none() && PyDict_Size(named.ptr()) > 0)
          throw ArgumentError(
              "custom_kernel: give the arguments as a list (args=) or as keywords, not both");
        if (!args.is_none())
          for (nb::handle value : nb::cast<nb::sequence>(args))
            k.args.push_back(argument_of(value));
        // Keywords in the order given: each names its argument (for messages).
        for (auto [name, value] : named)
          k.args.push_back(argument_of(value).named(nb::cast<std::string>(name)));
        k.dims.global = extent_arg(global_size, "global_size");
        k.dims.local = extent_arg(local_size, "local_size");
        k.dims.partial_groups = partial_groups;
        k.device = device_arg(device, "custom_kernel");
        if (!defines.is_none())
          for (auto [name, value] : nb::cast<nb::dict>(defines))
            k.defines.emplace_back(nb::cast<std::string>(name),
                                   value.is_none() ? "" : nb::cast<std::string>(nb::str(value)));
        if (!constants.is_none())
          for (auto [key, value] : nb::cast<nb::dict>(constants))
            k.constants.push_back(constant_of(key, value));
        Evaluating evaluating;
        return run_custom_kernel(k);
      },
      "source"_a, "function"_a, "args"_a = nb::none(), nb::kw_only(), "global_size"_a,
      "local_size"_a = nb::make_tuple(1), "device"_a = nb::none(), "defines"_a = nb::none(),
      "constants"_a = nb::none(), "partial_groups"_a = false, "language"_a = "", "named"_a,
      "Runs `function` of `source` (MSL, CUDA, OpenCL C or C: the device's language; or with "
      "language=\"ptx\" on CUDA, \"asm\" on the CPU, assembly) with its "
      "arguments in the kernel's order, as a list (args=[...]) or as keywords in order "
      "(x=t, out=ingot.arg.output(...)); returns the tensors of its outputs and in-place "
      "arguments, in order.");
}

}  // namespace ingot::python
