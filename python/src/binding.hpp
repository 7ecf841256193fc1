// The Python binding's shared pieces: how Python values become ingot arguments, and the
// lock that makes tensors safe to use from several Python threads. The binding only
// converts and forwards: every op is ingot's own (include/ingot/), validated there.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <ingot/ingot.hpp>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ingot::python {

namespace nb = nanobind;
using namespace nb::literals;

// Building a lazy tensor reads its sources' nodes and realizing one rewrites them, so one
// process-wide lock orders both. Realization runs without the GIL (other Python threads go
// on) but under this lock; it is recursive because a realization may build nodes.
std::recursive_mutex& graph_mutex();
struct GraphLock {
  std::lock_guard<std::recursive_mutex> lock{graph_mutex()};
};
// For functions that only build graph nodes: they keep the GIL (they are short).
using BuildsGraph = nb::call_guard<GraphLock>;
// Realizing, compiling or copying: the GIL is released first, then the graph lock taken
// (members are made in order), so a thread waiting for the lock never holds the GIL. A
// scope inside a function that converts Python values first, or a whole call (Evaluates).
struct Evaluating {
  nb::gil_scoped_release release;
  GraphLock lock;
};
using Evaluates = nb::call_guard<Evaluating>;
// Releases this thread's graph lock for a scope, taking it again at the end: C++ calling
// back into Python (a jit capture, a gradient rule) needs the GIL, and a thread must never
// wait for the GIL while it holds the graph lock (Evaluating), or a thread holding the GIL
// and waiting for the lock would never let it have the GIL.
struct GraphUnlocked {
  GraphUnlocked() { graph_mutex().unlock(); }
  ~GraphUnlocked() { graph_mutex().lock(); }
  GraphUnlocked(const GraphUnlocked&) = delete;
  GraphUnlocked& operator=(const GraphUnlocked&) = delete;
};

// An ingot.Device: the name of an opened device, with its properties read from
// Device::get(name).info().
struct DeviceHandle {
  std::string name;
};

// The name of a value's Python type, for messages ("str", "list").
std::string python_type_name(nb::handle value);

// A dtype argument: ingot.float32, a name ("float16"), or anything numpy.dtype() takes.
DType dtype_arg(nb::handle value, const char* op);
std::optional<DType> optional_dtype_arg(nb::handle value, const char* op);
// A device argument: None (the default device), a name ("CL:0") or an ingot.Device.
std::string device_arg(nb::handle value, const char* op);
// Axes: None (all), an int, or a sequence of ints.
std::vector<int> axes_arg(nb::handle value, const char* op);
// A shape given as one sequence or as the separate ints of *args, as PyTorch takes it.
Shape shape_arg(nb::handle value, const char* op);
Shape shape_from_args(const nb::args& args, const char* op);
// One of `axis` (NumPy) and `dim` (PyTorch), whichever was given; both is an error.
nb::handle axis_or_dim(nb::handle axis, nb::handle dim, const char* op);
// Exactly one axis (an int, or a sequence of one).
int single_axis(nb::handle value, const char* op);
// A Python int that must fit `T`, or an ArgumentError naming the op and the argument.
int64_t int_arg(nb::handle value, const char* op, const char* name);

// The tensor an ingot.Tensor object holds; a TypeError for one made by Tensor.__new__ and
// never initialized.
const Tensor& tensor_of(nb::handle value);
// A tensor argument: an ingot.Tensor as it is, anything else through tensor_from_python.
Tensor as_tensor(nb::handle value);

// The right-hand side of an operator or a where() branch: a tensor as it is; a Python
// scalar as a 0-d tensor on `like`'s device of the type PyTorch gives it (a float lifts
// an integer tensor to float32, an int keeps the tensor's type); a list or array through
// tensor_from_python. Throws TypeError (nb::type_error) for anything else.
Tensor operand(nb::handle value, const Tensor& like, const char* op);
// ingot.Tensor(data, dtype, device): from an ingot tensor, a NumPy array, an object with
// __dlpack__, nested lists or tuples, or a Python scalar.
Tensor tensor_from_python(nb::handle data, std::optional<DType> dtype, const std::string& device);
// Copies a C-contiguous host array of `dtype` into a new tensor.
Tensor tensor_from_host(const void* data, DType dtype, const Shape& shape,
                        const std::string& device);

// The NumPy dtype of an ingot dtype (bfloat16 needs ml_dtypes), and back.
nb::object numpy_dtype(DType dtype);
std::optional<DType> dtype_of_numpy(nb::handle numpy_dtype);

// One argument of a custom or built kernel: an ingot.arg argument, or a tensor (an
// input), an int (an int32 scalar) or a float (a float32 scalar) (kernels.cpp).
KernelArgument argument_of(nb::handle value);

void bind_errors(nb::module_& m);
void bind_dtypes(nb::module_& m);
void bind_tensor_class(nb::module_& m, nb::class_<Tensor>& tensor);
void bind_operators(nb::class_<Tensor>& tensor);
void bind_tensor_ops(nb::module_& m, nb::class_<Tensor>& tensor);
void bind_creation(nb::module_& m);
void bind_indexing(nb::class_<Tensor>& tensor);
void bind_index_ops(nb::module_& m, nb::class_<Tensor>& tensor);
void bind_interop(nb::module_& m, nb::class_<Tensor>& tensor);
void bind_devices(nb::module_& m);
void bind_kernels(nb::module_& m);
void bind_jit(nb::module_& m);
void bind_kernel_builder(nb::module_& m);
void bind_nn(nb::module_& m);
void bind_autograd(nb::module_& m, nb::class_<Tensor>& tensor);
void bind_optim(nb::module_& m);
void bind_safetensors(nb::module_& m);

}  // namespace ingot::python
