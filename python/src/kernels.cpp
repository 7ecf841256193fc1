// ingot.custom_kernel: a kernel written in the device's language (a Python string) run on
// tensors through run_custom_kernel (include/ingot/custom_kernel.hpp has the binding rules).
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

ScalarArg scalar_arg(nb::handle value) {
  if (PyFloat_Check(value.ptr())) return ScalarArg::of_float(nb::cast<double>(value));
  return ScalarArg::of_int(int_arg(value, "custom_kernel", "scalar"));
}

}  // namespace

void bind_kernels(nb::module_& m) {
  m.def(
      "custom_kernel",
      [](const std::string& source, const std::string& function, nb::handle inputs,
         nb::handle outputs, nb::handle scalars, nb::handle global_size, nb::handle local_size,
         nb::handle device) {
        CustomKernel k;
        k.source = source;
        k.function = function;
        for (nb::handle t : nb::cast<nb::sequence>(inputs)) k.inputs.push_back(as_tensor(t));
        for (nb::handle o : nb::cast<nb::sequence>(outputs)) {
          nb::sequence pair = nb::cast<nb::sequence>(o);
          if (nb::len(pair) != 2)
            throw ArgumentError("custom_kernel: each output is a (shape, dtype) pair");
          k.outputs.push_back(
              {shape_arg(pair[0], "custom_kernel"), dtype_arg(pair[1], "custom_kernel")});
        }
        for (nb::handle s : nb::cast<nb::sequence>(scalars)) k.scalars.push_back(scalar_arg(s));
        k.dims.global = extent_arg(global_size, "global_size");
        k.dims.local = extent_arg(local_size, "local_size");
        k.device = device_arg(device, "custom_kernel");
        nb::gil_scoped_release release;
        GraphLock lock;
        return run_custom_kernel(k);
      },
      "source"_a, "function"_a, nb::kw_only(), "inputs"_a = nb::tuple(), "outputs"_a,
      "scalars"_a = nb::tuple(), "global_size"_a, "local_size"_a = nb::make_tuple(1),
      "device"_a = nb::none(),
      "Runs `function` of `source` (MSL, CUDA, OpenCL C or C, the device's language) on the "
      "inputs; returns the new output tensors.");
}

}  // namespace ingot::python
