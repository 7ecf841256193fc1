// The extension module ingot._ingot; python/ingot/__init__.py re-exports it with the few
// pieces written in Python.
#include "binding.hpp"

NB_MODULE(_ingot, m) {
  using namespace ingot::python;
  m.doc() = "ingot: lazy tensors fused into kernels for CPU, OpenCL, CUDA and Metal";
  bind_errors(m);
  bind_dtypes(m);
  nb::class_<ingot::Tensor> tensor(m, "Tensor", nb::is_weak_referenceable());
  bind_tensor_class(m, tensor);
  bind_operators(tensor);
  bind_tensor_ops(m, tensor);
  bind_indexing(tensor);
  bind_index_ops(m, tensor);
  bind_interop(m, tensor);
  bind_creation(m);
  bind_devices(m);
  bind_kernels(m);
  bind_jit(m);
  bind_kernel_builder(m);
  bind_nn(m);
  bind_autograd(m, tensor);
  bind_optim(m);
  bind_safetensors(m);
}
