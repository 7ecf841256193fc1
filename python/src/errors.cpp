// ingot::Error becomes ingot.Error (a RuntimeError), and ingot::ArgumentError becomes
// ingot.ArgumentError, which is both an ingot.Error and a ValueError, so that code catching
// either keeps working. The message is the library's own.
#include <typeinfo>

#include "binding.hpp"

namespace ingot::python {

namespace {
PyObject* g_error = nullptr;
PyObject* g_argument_error = nullptr;
}  // namespace

void bind_errors(nb::module_& m) {
  g_error = PyErr_NewExceptionWithDoc("ingot.Error",
                                      "An error reported by ingot: bad input, a device, a "
                                      "compiler or memory failing.",
                                      PyExc_RuntimeError, nullptr);
  nb::object bases = nb::make_tuple(nb::handle(g_error), nb::handle(PyExc_ValueError));
  g_argument_error = PyErr_NewExceptionWithDoc(
      "ingot.ArgumentError", "An argument ingot cannot use: a shape, an axis, a dtype, a value.",
      bases.ptr(), nullptr);
  m.attr("Error") = nb::handle(g_error);
  m.attr("ArgumentError") = nb::handle(g_argument_error);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const ArgumentError& e) {
      PyErr_SetString(g_argument_error, e.what());
    } catch (const Error& e) {
      PyErr_SetString(g_error, e.what());
    } catch (const std::bad_cast&) {
      // A conversion the binding did not check first: still a Python error, never an abort.
      PyErr_SetString(PyExc_TypeError,
                      "ingot: a Python value of a type this argument does not take");
    }
  });
}

}  // namespace ingot::python
