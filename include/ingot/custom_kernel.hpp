// Kernels written by hand in the device's own language, run on tensors. The caller gives
// the source, the entry point, the launch geometry, the inputs and the shapes and types of
// the outputs; ingot validates them once, realizes the inputs, compiles the source
// through the device's compiler (with its disk cache), allocates the outputs and launches.
//
// The kernel's arguments, on every device: the output buffers in order, then the input
// buffers in order, then the scalars in order. How each language receives them:
//   C (CPU):   void f(char* const* bufs, const int64_t* iargs, const double* fargs,
//                     int64_t start, int64_t end): bufs[i] is buffer i; Int scalars are in
//              iargs, Float scalars in fargs, each in order; the kernel runs the flat
//              iterations [start, end) of global[0] * global[1] * global[2]. The CPU runs no
//              threadgroups: local is only how many iterations one core takes at a time.
//   OpenCL C:  __kernel void f(__global T* b0, ..., long i, float f): Int as long, Float as
//              float.
//   CUDA:      extern "C" __global__ void f(T* b0, ..., long long i, float f).
//   MSL:       kernel void f(device T* b0 [[buffer(0)]], ..., constant long& i [[buffer(n)]],
//              constant float& f [[buffer(n + 1)]]): scalars take the next buffer indices.
// On GPUs `global` counts threads (a multiple of `local` in each dimension) and `local`
// is the threadgroup.
#pragma once

#include <string>
#include <vector>

#include "ingot/dtype.hpp"
#include "ingot/runtime.hpp"
#include "ingot/tensor.hpp"

namespace ingot {

struct CustomKernel {
  struct Output {
    Shape shape;
    DType dtype = DType::Float32;
  };
  std::string source;    // in the device's language (DeviceInfo::language)
  std::string function;  // the entry point in `source`
  std::vector<Tensor> inputs;
  std::vector<Output> outputs;  // at least one
  std::vector<ScalarArg> scalars;
  LaunchDims dims;
  // Where it runs: "" means the inputs' device, or the default device when there are none.
  std::string device;
};

// Runs `kernel` and returns its outputs, new realized tensors whose contents are what the
// kernel wrote (the kernel must write every element; the memory is not cleared first).
// Returns once the kernel has run, so that an error the device reports for the launch is
// thrown here. Throws Error for invalid arguments, a source that does not compile (with
// the compiler's message), a missing entry point and launches the device refuses.
std::vector<Tensor> run_custom_kernel(const CustomKernel& kernel);

}  // namespace ingot
