// ingot._ingot.Jit: ingot::jit (include/ingot/jit.hpp) around a Python function of a list
// of tensors; python/ingot/jit.py makes the @ingot.jit decorator of it. ingot.engine_stats(),
// by which a caller sees that replays compile nothing. And _ingot.export_function
// (include/ingot/export.hpp) of such a function, which python/ingot/export.py wraps.
#include <fmt/format.h>

#include <ingot/export.hpp>
#include <ingot/jit.hpp>

#include "binding.hpp"

namespace ingot::python {

namespace {

// The function that `function_ref()` returns, a weak reference: the Jit lives in the
// Python object that holds the function, and a strong reference here would make a cycle
// through C++ that Python's garbage collector cannot see.
Jit::Function python_function(nb::object function_ref) {
  return [function_ref = std::move(function_ref)](const std::vector<Tensor>& inputs) {
    GraphUnlocked unlocked;
    nb::gil_scoped_acquire gil;
    nb::object function = function_ref();
    if (function.is_none()) throw Error("jit: the captured function no longer exists");
    nb::object results = function(nb::cast(inputs));
    if (!nb::isinstance<nb::list>(results))
      throw nb::type_error(fmt::format("ingot.jit: the function must return a list of tensors "
                                       "here, got {}",
                                       python_type_name(results))
                               .c_str());
    return nb::cast<std::vector<Tensor>>(results);
  };
}

}  // namespace

void bind_jit(nb::module_& m) {
  nb::class_<Jit>(m, "Jit",
                  "ingot::jit around a function of a list of tensors returning a list of "
                  "tensors, given as a weak reference (function_ref() returns it); use the "
                  "@ingot.jit decorator")
      .def(
          "__init__",
          [](Jit* self, nb::callable function_ref, int64_t max_captures) {
            if (max_captures < 1)
              throw ArgumentError(
                  fmt::format("jit: max_captures is {}; it must be at least 1", max_captures));
            new (self) Jit(python_function(nb::borrow<nb::object>(function_ref)),
                           static_cast<size_t>(max_captures));
          },
          "function_ref"_a, "max_captures"_a = int64_t(Jit::kDefaultMaxCaptures))
      .def("__call__", &Jit::operator(), "inputs"_a, Evaluates())
      .def_prop_ro("captures", &Jit::captures);
  m.attr("_jit_default_max_captures") = Jit::kDefaultMaxCaptures;
  m.def(
      "engine_stats",
      [] {
        EngineStats stats = engine_stats();
        nb::dict result;
        result["kernels_launched"] = stats.kernels_launched;
        result["kernels_compiled"] = stats.kernels_compiled;
        result["schedules"] = stats.schedules;
        result["jit_inputs_copied"] = stats.jit_inputs_copied;
        return result;
      },
      "What the engine has done since the process started: kernels launched and compiled, "
      "schedules made, inputs JIT replays copied (a dict).");
  m.def(
      "export_function",
      [](nb::callable function_ref, const std::vector<Tensor>& example_inputs,
         const std::string& name, const std::string& out_dir, const std::string& device,
         const std::vector<std::string>& input_names,
         const std::vector<std::string>& output_names) {
        // Made and dropped with the GIL: it holds a Python object.
        Jit::Function function = python_function(nb::borrow<nb::object>(function_ref));
        ExportedFunction exported;
        {
          Evaluating evaluating;
          exported = export_function(function, example_inputs, name, out_dir, device,
                                     {input_names, output_names});
        }
        nb::dict result;
        result["header"] = exported.header;
        result["library"] = exported.library;
        result["link_flags"] = exported.link_flags;
        return result;
      },
      "function_ref"_a, "example_inputs"_a, "name"_a, "out_dir"_a, "device"_a = "",
      "input_names"_a = std::vector<std::string>{}, "output_names"_a = std::vector<std::string>{},
      "ingot::export_function of function_ref(), a function of a list of tensors returning a "
      "list of tensors; use ingot.export_function");
}

}  // namespace ingot::python
