// Python values to ingot arguments: dtypes, devices, axes, shapes, scalars and the data
// ingot.Tensor() accepts.
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "binding.hpp"

namespace ingot::python {

namespace {

nb::module_ numpy() { return nb::module_::import_("numpy"); }

// Whether an integer keeps its value in `dtype` (any integer does in a float type, to the
// nearest float).
bool int_fits(int64_t v, DType dtype) {
  if (!is_int(dtype) || dtype_size(dtype) == 8) return !is_unsigned_int(dtype) || v >= 0;
  int bits = static_cast<int>(dtype_size(dtype)) * 8;
  if (is_unsigned_int(dtype)) return v >= 0 && v < (int64_t(1) << bits);
  return v >= -(int64_t(1) << (bits - 1)) && v < (int64_t(1) << (bits - 1));
}

bool is_python_scalar(nb::handle value) {
  return PyBool_Check(value.ptr()) || PyLong_Check(value.ptr()) || PyFloat_Check(value.ptr());
}

// The dtype ingot gives data from Python that names none (lists, scalars): float32 for
// floats, int32 for ints, as tinygrad and MLX do. An int beyond int32 needs an explicit
// dtype rather than silently wrapping.
DType default_dtype_for(nb::handle array, const char* op) {
  std::string kind = nb::cast<std::string>(array.attr("dtype").attr("kind"));
  if (kind == "b") return DType::Bool;
  if (kind == "f") return DType::Float32;
  if (kind == "i" || kind == "u") {
    if (nb::cast<int64_t>(array.attr("size")) > 0) {
      // As Python ints: the extremes of a uint64 array may not fit any C++ type.
      nb::int_ lo(array.attr("min")()), hi(array.attr("max")());
      nb::int_ floor(std::numeric_limits<int32_t>::min()),
          ceiling(std::numeric_limits<int32_t>::max());
      if (PyObject_RichCompareBool(lo.ptr(), floor.ptr(), Py_LT) ||
          PyObject_RichCompareBool(hi.ptr(), ceiling.ptr(), Py_GT))
        throw ArgumentError(fmt::format(
            "{}: the integers range over [{}, {}], beyond int32 (the default integer type); "
            "give dtype=ingot.int64 (or uint64)",
            op, nb::cast<std::string>(nb::str(lo)), nb::cast<std::string>(nb::str(hi))));
    }
    return DType::Int32;
  }
  throw ArgumentError(fmt::format(
      "{}: cannot make a tensor of Python values of NumPy kind '{}'; valid are bools, ints, "
      "floats and nested lists of them",
      op, kind));
}

// Copies a NumPy array (any layout or byte order) into a new tensor of its own dtype.
Tensor from_numpy_array(nb::handle array, const std::string& device, const char* op) {
  nb::object dt = array.attr("dtype");
  std::optional<DType> dtype = dtype_of_numpy(dt);
  if (!dtype)
    throw ArgumentError(fmt::format(
        "{}: NumPy arrays of dtype {} are not supported; valid: bool, int8, int16, int32, "
        "int64, uint8, uint16, uint32, uint64, float16, bfloat16 (ml_dtypes), float32, float64",
        op, nb::cast<std::string>(nb::str(dt))));
  nb::object native = nb::borrow(array);
  if (!nb::cast<bool>(dt.attr("isnative")))
    native = native.attr("astype")(dt.attr("newbyteorder")("="));
  native = numpy().attr("asarray")(native, "order"_a = "C");  // ascontiguousarray makes 0-d 1-d
  Shape shape;
  for (nb::handle d : nb::tuple(native.attr("shape"))) shape.push_back(nb::cast<int64_t>(d));
  auto address = nb::cast<uintptr_t>(native.attr("__array_interface__")["data"][0]);
  return tensor_from_host(reinterpret_cast<const void*>(address), *dtype, shape, device);
}

}  // namespace

std::string python_type_name(nb::handle value) {
  return nb::cast<std::string>(
      nb::handle(reinterpret_cast<PyObject*>(Py_TYPE(value.ptr()))).attr("__name__"));
}

std::recursive_mutex& graph_mutex() {
  static std::recursive_mutex mutex;
  return mutex;
}

DType dtype_arg(nb::handle value, const char* op) {
  if (nb::isinstance<DType>(value)) return nb::cast<DType>(value);
  if (nb::isinstance<nb::str>(value)) return dtype_from_name(nb::cast<std::string>(value));
  nb::object dt;
  try {
    dt = numpy().attr("dtype")(value);
  } catch (const nb::python_error&) {
    throw ArgumentError(fmt::format(
        "{}: {} is not a dtype; give ingot.float32 and the like, a name such as 'int8', or a "
        "NumPy dtype",
        op, nb::cast<std::string>(nb::repr(value))));
  }
  if (std::optional<DType> dtype = dtype_of_numpy(dt)) return *dtype;
  throw ArgumentError(fmt::format("{}: NumPy dtype {} has no ingot equivalent", op,
                                  nb::cast<std::string>(nb::str(dt))));
}

std::optional<DType> optional_dtype_arg(nb::handle value, const char* op) {
  if (value.is_none()) return std::nullopt;
  return dtype_arg(value, op);
}

std::string device_arg(nb::handle value, const char* op) {
  if (value.is_none()) return "";
  if (nb::isinstance<nb::str>(value)) return nb::cast<std::string>(value);
  if (nb::isinstance<DeviceHandle>(value)) return nb::cast<const DeviceHandle&>(value).name;
  throw nb::type_error(fmt::format("{}: device must be a name such as 'CPU' or 'CL:0', or an "
                                   "ingot.Device, not {}",
                                   op, python_type_name(value))
                           .c_str());
}

int64_t int_arg(nb::handle value, const char* op, const char* name) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
    throw nb::type_error(
        fmt::format("{}: {} must be an int, not {}", op, name, python_type_name(value)).c_str());
  nb::object index = nb::steal(PyNumber_Index(value.ptr()));
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow)
    throw ArgumentError(fmt::format("{}: {} = {} does not fit in 64 bits", op, name,
                                    nb::cast<std::string>(nb::str(value))));
  return v;
}

std::vector<int> axes_arg(nb::handle value, const char* op) {
  auto axis = [&](nb::handle a) {
    int64_t v = int_arg(a, op, "axis");
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
      throw ArgumentError(fmt::format("{}: axis {} is out of range", op, v));
    return static_cast<int>(v);
  };
  if (value.is_none()) return {};
  if (PyIndex_Check(value.ptr())) return {axis(value)};
  if (!PySequence_Check(value.ptr()) || PyUnicode_Check(value.ptr()))
    throw nb::type_error(fmt::format("{}: axis must be None, an int or a tuple of ints, not {}", op,
                                     python_type_name(value))
                             .c_str());
  std::vector<int> axes;
  for (nb::handle a : nb::cast<nb::sequence>(value)) axes.push_back(axis(a));
  if (axes.empty())
    throw ArgumentError(fmt::format(
        "{}: axis=() names no axis; give None to reduce over every axis, or the axes", op));
  return axes;
}

Shape shape_arg(nb::handle value, const char* op) {
  if (PyIndex_Check(value.ptr())) return {int_arg(value, op, "shape")};
  if (!PySequence_Check(value.ptr()) || nb::isinstance<nb::str>(value))
    throw nb::type_error(fmt::format("{}: shape must be an int or a sequence of ints, not {}", op,
                                     python_type_name(value))
                             .c_str());
  Shape shape;
  for (nb::handle d : nb::cast<nb::sequence>(value)) shape.push_back(int_arg(d, op, "shape"));
  return shape;
}

Shape shape_from_args(const nb::args& args, const char* op) {
  if (args.size() == 1 && !PyIndex_Check(args[0].ptr())) return shape_arg(args[0], op);
  Shape shape;
  for (nb::handle d : args) shape.push_back(int_arg(d, op, "shape"));
  return shape;
}

Tensor tensor_from_host(const void* data, DType dtype, const Shape& shape,
                        const std::string& device) {
  Evaluating evaluating;
  return Tensor::from_data(data, dtype, shape, device);
}

const Tensor& tensor_of(nb::handle value) {
  if (!nb::inst_ready(value))
    throw nb::type_error(
        "ingot.Tensor: this tensor was never initialized (made by Tensor.__new__ without "
        "__init__); make tensors with ingot.Tensor(data) or the creation functions");
  return *nb::inst_ptr<Tensor>(value);
}

Tensor as_tensor(nb::handle value) {
  return nb::isinstance<Tensor>(value) ? tensor_of(value)
                                       : tensor_from_python(value, std::nullopt, "");
}

Tensor operand(nb::handle value, const Tensor& like, const char* op) {
  if (nb::isinstance<Tensor>(value)) return tensor_of(value);
  if (PyFloat_Check(value.ptr())) {
    DType dtype = promote_with_scalar(like.dtype(), true);
    return Tensor::scalar(PyFloat_AS_DOUBLE(value.ptr()), dtype, like.device());
  }
  if (PyBool_Check(value.ptr())) {
    return Tensor::scalar(value.ptr() == Py_True ? 1 : 0, like.dtype(), like.device());
  }
  if (PyLong_Check(value.ptr())) {
    DType dtype = promote_with_scalar(like.dtype(), false);
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow || !int_fits(v, dtype))
      throw ArgumentError(fmt::format("{}: the scalar {} does not fit in the tensor's type {}", op,
                                      nb::cast<std::string>(nb::str(value)), dtype_name(dtype)));
    double exact = static_cast<double>(v);
    if (std::abs(exact) > 9007199254740992.0)  // 2^53: beyond a double, keep every bit
      return Tensor::from_data(&v, DType::Int64, {}, like.device()).astype(dtype);
    return Tensor::scalar(exact, dtype, like.device());
  }
  bool text = PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr());
  if (!text && (PySequence_Check(value.ptr()) || nb::hasattr(value, "__array_interface__") ||
                nb::hasattr(value, "__dlpack__")))
    return tensor_from_python(value, std::nullopt, like.device());
  throw nb::type_error(fmt::format("{}: cannot combine a tensor with {}; valid operands are "
                                   "tensors, Python scalars, lists and arrays",
                                   op, python_type_name(value))
                           .c_str());
}

Tensor tensor_from_python(nb::handle data, std::optional<DType> dtype, const std::string& device) {
  const char* op = "Tensor";
  if (nb::isinstance<Tensor>(data)) {
    Tensor t = tensor_of(data);
    if (dtype && *dtype != t.dtype()) t = t.astype(*dtype);
    if (!device.empty()) t = t.to(device);
    return t;
  }
  nb::module_ np = numpy();
  Tensor t;
  if (nb::isinstance(data, np.attr("ndarray")) || nb::isinstance(data, np.attr("generic"))) {
    t = from_numpy_array(np.attr("asarray")(data), device, op);
  } else if (is_python_scalar(data) || nb::isinstance<nb::list>(data) ||
             nb::isinstance<nb::tuple>(data)) {
    nb::object array;
    try {
      array = dtype ? np.attr("array")(data, numpy_dtype(*dtype)) : np.attr("array")(data);
    } catch (const nb::python_error& e) {
      throw ArgumentError(
          fmt::format("{}: the data is not a rectangular nesting of bools, ints and floats ({})",
                      op, e.what()));
    }
    if (!dtype) array = array.attr("astype")(numpy_dtype(default_dtype_for(array, op)));
    t = from_numpy_array(array, device, op);
  } else if (nb::hasattr(data, "__dlpack__")) {
    t = nb::cast<Tensor>(nb::module_::import_("ingot").attr("from_dlpack")(data));
    if (!device.empty()) t = t.to(device);
  } else {
    throw nb::type_error(
        fmt::format("{}: cannot make a tensor from {}; valid are tensors, NumPy arrays, objects "
                    "with __dlpack__, nested lists and Python scalars",
                    op, python_type_name(data))
            .c_str());
  }
  if (dtype && *dtype != t.dtype()) t = t.astype(*dtype);
  return t;
}

nb::object numpy_dtype(DType dtype) {
  if (dtype == DType::BFloat16) {
    try {
      return nb::module_::import_("ml_dtypes").attr("bfloat16");
    } catch (const nb::python_error&) {
      throw ArgumentError(
          "bfloat16 tensors meet NumPy through the ml_dtypes package, which is not installed: "
          "pip install ml_dtypes, or convert first with .astype(ingot.float32)");
    }
  }
  return numpy().attr("dtype")(dtype_name(dtype));
}

std::optional<DType> dtype_of_numpy(nb::handle numpy_dtype) {
  nb::object dt = numpy().attr("dtype")(numpy_dtype);
  std::string name = nb::cast<std::string>(dt.attr("name"));
  // ml_dtypes' bfloat16 is the only extension type ingot takes; other void, object or
  // structured types have names ingot does not know either.
  for (DType dtype : kAllDTypes)
    if (name == dtype_name(dtype)) return dtype;
  return std::nullopt;
}

}  // namespace ingot::python
