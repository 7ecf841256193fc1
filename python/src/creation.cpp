// Module-level creation functions, shaped as PyTorch's: ingot.zeros(2, 3) or
// ingot.zeros((2, 3)), dtype= and device= by keyword.
#include <fmt/format.h>

#include "binding.hpp"

namespace ingot::python {

namespace {

using Filled = Tensor (*)(const Shape&, DType, const std::string&);
using Like = Tensor (Tensor::*)() const;

// The dtype full() gives a fill value that names none: bool, int32 or float32.
DType dtype_of_value(nb::handle value) {
  if (PyBool_Check(value.ptr())) return DType::Bool;
  if (PyLong_Check(value.ptr())) return DType::Int32;
  return DType::Float32;
}

}  // namespace

void bind_creation(nb::module_& m) {
  const std::pair<const char*, Filled> filled[] = {{"zeros", &Tensor::zeros},
                                                   {"ones", &Tensor::ones},
                                                   {"empty", &Tensor::empty},
                                                   {"rand", &Tensor::rand},
                                                   {"randn", &Tensor::randn}};
  for (const auto& [name, f] : filled)
    m.def(
        name,
        [f, name](const nb::args& shape, nb::handle dtype, nb::handle device) {
          return f(shape_from_args(shape, name),
                   optional_dtype_arg(dtype, name).value_or(DType::Float32),
                   device_arg(device, name));
        },
        BuildsGraph(), "shape"_a, nb::kw_only(), "dtype"_a = nb::none(), "device"_a = nb::none());

  const std::tuple<const char*, Like, Filled> likes[] = {
      {"zeros_like", &Tensor::zeros_like, &Tensor::zeros},
      {"ones_like", &Tensor::ones_like, &Tensor::ones},
      {"empty_like", &Tensor::empty_like, &Tensor::empty},
      {"rand_like", &Tensor::rand_like, &Tensor::rand},
      {"randn_like", &Tensor::randn_like, &Tensor::randn}};
  for (const auto& [name, like, filled_fn] : likes)
    m.def(
        name,
        [like, filled_fn, name](const Tensor& t, nb::handle dtype) {
          std::optional<DType> d = optional_dtype_arg(dtype, name);
          return d ? filled_fn(t.shape(), *d, t.device()) : (t.*like)();
        },
        BuildsGraph(), "tensor"_a, "dtype"_a = nb::none());

  m.def(
      "full",
      [](nb::handle shape, nb::handle value, nb::handle dtype, nb::handle device) {
        DType d = optional_dtype_arg(dtype, "full").value_or(dtype_of_value(value));
        return Tensor::full(shape_arg(shape, "full"), nb::cast<double>(value), d,
                            device_arg(device, "full"));
      },
      BuildsGraph(), "shape"_a, "fill_value"_a, "dtype"_a = nb::none(), "device"_a = nb::none());
  m.def(
      "full_like", [](const Tensor& t, double value) { return t.full_like(value); }, BuildsGraph(),
      "tensor"_a, "fill_value"_a);
  m.def(
      "arange",
      [](double start, std::optional<double> stop, double step, nb::handle dtype,
         nb::handle device) {
        if (!stop)
          return Tensor::arange(0, start, step, optional_dtype_arg(dtype, "arange"),
                                device_arg(device, "arange"));
        return Tensor::arange(start, *stop, step, optional_dtype_arg(dtype, "arange"),
                              device_arg(device, "arange"));
      },
      BuildsGraph(), "start"_a, "stop"_a = nb::none(), "step"_a = 1.0, nb::kw_only(),
      "dtype"_a = nb::none(), "device"_a = nb::none(),
      "[start, stop) in steps; arange(n) is [0, n). int32 when every bound is an integer.");
  m.def(
      "linspace",
      [](double start, double stop, int64_t steps, nb::handle dtype, nb::handle device) {
        return Tensor::linspace(start, stop, steps,
                                optional_dtype_arg(dtype, "linspace").value_or(DType::Float32),
                                device_arg(device, "linspace"));
      },
      BuildsGraph(), "start"_a, "stop"_a, "steps"_a, nb::kw_only(), "dtype"_a = nb::none(),
      "device"_a = nb::none());
  m.def(
      "eye",
      [](int64_t n, std::optional<int64_t> cols, nb::handle dtype, nb::handle device) {
        return Tensor::eye(n, cols, optional_dtype_arg(dtype, "eye").value_or(DType::Float32),
                           device_arg(device, "eye"));
      },
      BuildsGraph(), "n"_a, "m"_a = nb::none(), nb::kw_only(), "dtype"_a = nb::none(),
      "device"_a = nb::none());
  m.def(
      "randint",
      [](int64_t low, int64_t high, nb::handle shape, nb::handle dtype, nb::handle device) {
        return Tensor::randint(low, high, shape_arg(shape, "randint"),
                               optional_dtype_arg(dtype, "randint").value_or(DType::Int32),
                               device_arg(device, "randint"));
      },
      BuildsGraph(), "low"_a, "high"_a, "size"_a, nb::kw_only(), "dtype"_a = nb::none(),
      "device"_a = nb::none(), "Integers uniform in [low, high).");
  m.def("manual_seed", &Tensor::manual_seed, BuildsGraph(), "seed"_a);
}

}  // namespace ingot::python
