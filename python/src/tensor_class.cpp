// ingot.Tensor's construction, properties, Python protocols (repr, len, iteration, truth)
// and evaluation (realize, item, tolist, to); dtypes as ingot.float32 and the like.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <sstream>

#include "binding.hpp"

namespace ingot::python {

namespace {

// NumPy's repr (summarised beyond 1000 elements as NumPy does), with Tensor( in place of
// array( and the dtype and device always named.
std::string tensor_repr(nb::handle self) {
  const Tensor& t = tensor_of(self);
  std::string body = nb::cast<std::string>(nb::module_::import_("numpy").attr("array2string")(
      self.attr("numpy")(), "separator"_a = ", ", "prefix"_a = "Tensor("));
  return fmt::format("Tensor({}, dtype={}, device='{}')", body, dtype_name(t.dtype()), t.device());
}

template <class T>
T read_item(const Tensor& t) {
  Evaluating evaluating;
  return t.item<T>();
}

// The element as the Python scalar of its kind.
nb::object item_of(const Tensor& t) {
  DType dtype = t.dtype();
  if (dtype == DType::Bool) return nb::bool_(read_item<bool>(t));
  if (is_float(dtype)) return nb::float_(read_item<double>(t));
  if (dtype == DType::UInt64) return nb::int_(read_item<uint64_t>(t));
  return nb::int_(read_item<int64_t>(t));
}

void check_has_length(const Tensor& t, const char* op) {
  if (t.ndim() == 0)
    throw nb::type_error(fmt::format("{}: a 0-d tensor has no length", op).c_str());
}

}  // namespace

void bind_dtypes(nb::module_& m) {
  nb::enum_<DType> dtype(m, "DType");
  for (DType d : kAllDTypes) {
    dtype.value(dtype_name(d), d);
    m.attr(dtype_name(d)) = nb::cast(d);
  }
  dtype.def_prop_ro("itemsize", [](DType d) { return dtype_size(d); })
      .def_prop_ro("is_floating_point", [](DType d) { return is_float(d); })
      .def("__repr__", [](DType d) { return fmt::format("ingot.{}", dtype_name(d)); })
      .def("__str__", [](DType d) { return std::string(dtype_name(d)); });
  m.def("promote_types", [](nb::handle a, nb::handle b) {
    return promote_types(dtype_arg(a, "promote_types"), dtype_arg(b, "promote_types"));
  });
}

void bind_tensor_class(nb::module_& m, nb::class_<Tensor>& tensor) {
  tensor.doc() =
      "A lazy n-dimensional array: operations build a graph that runs, fused into kernels, "
      "when a result is needed (numpy(), item(), print, realize()).";
  tensor.def(
      "__init__",
      [](Tensor* self, nb::handle data, nb::handle dtype, nb::handle device) {
        new (self) Tensor(tensor_from_python(data, optional_dtype_arg(dtype, "Tensor"),
                                             device_arg(device, "Tensor")));
      },
      "data"_a, "dtype"_a = nb::none(), "device"_a = nb::none(),
      "A tensor from an ingot tensor, a NumPy array, an object with __dlpack__ (copied), nested "
      "lists or a Python scalar (floats give float32, ints int32, unless dtype says).");

  tensor.def_prop_ro("shape", [](const Tensor& t) {
    nb::list dims;
    for (int64_t d : t.shape()) dims.append(d);
    return nb::tuple(dims);
  });
  tensor.def_prop_ro("dtype", &Tensor::dtype);
  tensor.def_prop_ro("device", [](const Tensor& t) { return t.device(); });
  tensor.def_prop_ro("ndim", &Tensor::ndim);
  tensor.def_prop_ro("size", &Tensor::numel);
  tensor.def("numel", &Tensor::numel);
  tensor.def("dim", &Tensor::ndim);
  tensor.def_prop_ro("itemsize", [](const Tensor& t) { return dtype_size(t.dtype()); });
  tensor.def_prop_ro("nbytes",
                     [](const Tensor& t) { return t.numel() * int64_t(dtype_size(t.dtype())); });

  tensor.def("__repr__", &tensor_repr);
  tensor.def("__str__", &Tensor::to_string, Evaluates());
  tensor.def("__len__", [](const Tensor& t) {
    check_has_length(t, "len");
    return t.shape()[0];
  });
  tensor.def("__iter__", [](nb::handle self) {
    const Tensor& t = tensor_of(self);
    check_has_length(t, "iter");
    nb::list rows;
    for (int64_t i = 0; i < t.shape()[0]; ++i) rows.append(self[nb::int_(i)]);
    return nb::iter(rows);
  });
  tensor.def("__bool__", [](const Tensor& t) {
    if (t.numel() != 1)
      throw ArgumentError(fmt::format(
          "bool: the truth value of a tensor of {} elements (shape ({})) is ambiguous; use "
          ".any() or .all()",
          t.numel(), fmt::join(t.shape(), ", ")));
    return nb::cast<bool>(item_of(t.astype(DType::Bool)));
  });
  tensor.def("__float__", [](const Tensor& t) { return nb::float_(item_of(t)); });
  tensor.def("__int__", [](const Tensor& t) { return nb::int_(item_of(t)); });
  tensor.def("__index__", [](const Tensor& t) {
    if (!is_int(t.dtype()))
      throw nb::type_error(fmt::format("__index__: only integer tensors can be used as an "
                                       "index, this one is {}",
                                       dtype_name(t.dtype()))
                               .c_str());
    return nb::int_(item_of(t));
  });
  // Tensors compare elementwise, so hashing is by identity, as PyTorch does.
  tensor.def("__hash__", [](nb::handle self) { return reinterpret_cast<intptr_t>(self.ptr()); });

  tensor.def("item", &item_of, "The single element as a Python bool, int or float.");
  tensor.def(
      "tolist", [](nb::handle self) { return self.attr("numpy")().attr("tolist")(); },
      "The elements as nested Python lists.");
  tensor.def(
      "realize", [](Tensor& t) -> Tensor& { return t.realize(); }, Evaluates(),
      nb::rv_policy::reference, "Runs the kernels that compute this tensor; returns it.");
  m.def(
      "realize", [](const std::vector<Tensor>& tensors) { Tensor::realize_all(tensors); },
      Evaluates(), "Realizes several tensors with one schedule (kernels they share run once).");
  tensor.def("contiguous", &Tensor::contiguous, BuildsGraph());
  tensor.def(
      "to", [](const Tensor& t, nb::handle device) { return t.to(device_arg(device, "to")); },
      BuildsGraph(), "device"_a, "A copy on another device (lazy).");
  tensor.def(
      "cpu", [](const Tensor& t) { return t.to("CPU"); }, BuildsGraph());
}

}  // namespace ingot::python
