// Kernels written by hand in the device's own language, run on tensors and bound as their
// authors wrote them: the caller lists the kernel's arguments in the kernel's own order
// (inputs, new outputs, tensors updated in place, scalars of declared widths, structs,
// threadgroup memory), the launch geometry and any specialisation; ingot validates them
// once, realizes the tensors, compiles the source through the device's compiler (with its
// disk cache), allocates and fills the outputs and launches. docs/custom-kernels.md shows
// how kernels of each language map onto this.
//
// Where the arguments land (KernelArg in runtime.hpp):
//   C (CPU):   void f(void* const* args, int64_t start, int64_t end): args[i] points at
//              argument i (a tensor's elements, a scalar's or struct's bytes, scratch
//              memory for threadgroup memory); the kernel runs the flat iterations
//              [start, end) of global[0] * global[1] * global[2].
//   OpenCL C:  every argument is a parameter at its position: a tensor a __global pointer,
//              a scalar or struct by value, threadgroup memory a __local pointer.
//   CUDA:      tensors, scalars and structs are the parameters at their positions;
//              threadgroup memory is the dynamic shared memory (extern __shared__; one).
//   MSL:       tensors, scalars and structs take their [[buffer(i)]] index (scalars and
//              structs through setBytes); threadgroup memory its [[threadgroup(i)]] index.
// On GPUs `global` counts threads and `local` is the threadgroup; global is a multiple of
// local unless `partial_groups` is set (Metal only).
//
// A kernel may also be assembly (CustomKernel::language; DeviceInfo::assembly lists what a
// device takes), bound as the device's own language binds:
//   asm (CPU): the host's assembly (a .S file: the C preprocessor runs first), the C ABI
//              above: on x86-64 args in %rdi, start in %rsi, end in %rdx (SysV).
//   ptx (CUDA): an .entry whose .param list is the CUDA kernel's parameters in order
//              (a tensor a .u64 address); threadgroup memory the dynamic .shared array.
// Metal and OpenCL take no assembly (Metal has none in public).
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "ingot/dtype.hpp"
#include "ingot/runtime.hpp"
#include "ingot/tensor.hpp"

namespace ingot {

// One argument of a custom kernel. Make them with the functions of namespace `arg` below.
struct KernelArgument {
  // A tensor the kernel reads: realized (and made contiguous) first.
  struct Input {
    Tensor tensor;
  };
  // A new tensor the kernel writes, returned by run_custom_kernel. `init`: the value every
  // element holds before the kernel runs (filled on the device), or none: uninitialised,
  // and the kernel must write every element.
  struct Output {
    Shape shape;
    DType dtype = DType::Float32;
    std::optional<double> init;
  };
  // An existing tensor the kernel reads and writes in place. It must be a tensor of its
  // own (not a view of another) on the kernel's device; it is realized first. When nothing
  // else refers to its contents (no lazy tensor built from it, no other handle, no view)
  // the kernel writes its memory; otherwise it writes a copy and *tensor is rebound to
  // the copy, so that what was built from the old contents keeps them.
  struct InOut {
    Tensor* tensor = nullptr;
  };
  // A scalar passed by value as `dtype` (the kernel's parameter type: int32, uint32,
  // int64, float32, float16...). An integer type takes `value` exactly and refuses a
  // value it cannot hold; a float type rounds it.
  struct Scalar {
    DType dtype = DType::Int32;
    std::variant<int64_t, double> value;
  };
  // Bytes passed by value: a struct (by-value parameter in CUDA and OpenCL, setBytes in
  // Metal, a pointer in C), laid out as the kernel's language lays it out.
  struct Bytes {
    std::vector<uint8_t> data;
  };
  // Threadgroup memory of `bytes` bytes, sized at launch.
  struct Threadgroup {
    size_t bytes = 0;
  };

  std::variant<Input, Output, InOut, Scalar, Bytes, Threadgroup> value;
  // Its position: the [[buffer(i)]] or [[threadgroup(i)]] index in MSL, the parameter index
  // in C, OpenCL and CUDA (threadgroup memory in CUDA: 0). -1: the next after the previous
  // argument of its kind. Every position from 0 up must be bound, once.
  int index = -1;
  // A name for messages (the parameter's name in the source, say); may be empty.
  std::string name;

  // The same argument at position `i`, or with a name.
  KernelArgument at(int i) const {
    KernelArgument copy = *this;
    copy.index = i;
    return copy;
  }
  KernelArgument named(std::string n) const {
    KernelArgument copy = *this;
    copy.name = std::move(n);
    return copy;
  }
};

namespace arg {

inline KernelArgument input(Tensor tensor) { return {KernelArgument::Input{std::move(tensor)}}; }
inline KernelArgument output(Shape shape, DType dtype = DType::Float32) {
  return {KernelArgument::Output{std::move(shape), dtype, std::nullopt}};
}
inline KernelArgument zeros(Shape shape, DType dtype = DType::Float32) {
  return {KernelArgument::Output{std::move(shape), dtype, 0.0}};
}
inline KernelArgument filled(Shape shape, DType dtype, double value) {
  return {KernelArgument::Output{std::move(shape), dtype, value}};
}
inline KernelArgument inout(Tensor& tensor) { return {KernelArgument::InOut{&tensor}}; }
// An integer `value` is kept exact (int64_t), a floating one as double.
template <class T>
KernelArgument scalar(DType dtype, T value) {
  static_assert(std::is_arithmetic_v<T>, "a scalar argument is a number");
  if constexpr (std::is_integral_v<T>)
    return {KernelArgument::Scalar{dtype, int64_t(value)}};
  else
    return {KernelArgument::Scalar{dtype, double(value)}};
}
inline KernelArgument i32(int64_t value) { return scalar(DType::Int32, value); }
inline KernelArgument u32(int64_t value) { return scalar(DType::UInt32, value); }
inline KernelArgument i64(int64_t value) { return scalar(DType::Int64, value); }
inline KernelArgument f32(double value) { return scalar(DType::Float32, value); }
inline KernelArgument f16(double value) { return scalar(DType::Float16, value); }
inline KernelArgument bytes(std::vector<uint8_t> data) {
  return {KernelArgument::Bytes{std::move(data)}};
}
// The bytes of a plain struct, as the host compiler lays it out (which matches the
// kernel's language for the usual members: 4- and 8-byte scalars, naturally aligned).
template <class T>
KernelArgument bytes_of(const T& value) {
  static_assert(std::is_trivially_copyable_v<T>, "a struct passed by value is plain bytes");
  std::vector<uint8_t> data(sizeof value);
  std::memcpy(data.data(), &value, sizeof value);
  return bytes(std::move(data));
}
inline KernelArgument threadgroup(size_t bytes) { return {KernelArgument::Threadgroup{bytes}}; }

}  // namespace arg

struct CustomKernel {
  std::string source;  // in `language`
  // The entry point in `source`. On CUDA also a template instantiation ("scale<float, 4>"),
  // which NVRTC instantiates and finds by that name expression.
  std::string function;
  std::vector<KernelArgument> args;
  LaunchDims dims;
  // Macros the source is compiled with, as -D NAME=VALUE would define them (an empty
  // value defines NAME as 1). Part of the source, and so of the cache key.
  std::vector<std::pair<std::string, std::string>> defines;
  // Values of Metal function constants, by index or name (FunctionConstant); made with
  // function_constant() below. A constant the kernel uses without a value is an error.
  std::vector<FunctionConstant> constants;
  // Where it runs: "" means the first tensor argument's device, or the default device.
  std::string device;
  // The source's language: "" (or DeviceInfo::language) for the device's own, else one of
  // the device's assembly languages (DeviceInfo::assembly): "asm" on the CPU, "ptx" on
  // CUDA. Part of the cache key.
  std::string language;
};

// A function constant value of `dtype` by index or by name.
FunctionConstant function_constant(uint32_t index, DType dtype, double value);
FunctionConstant function_constant(const std::string& name, DType dtype, double value);

// Runs `kernel` and returns one tensor per Output and InOut argument, in argument order:
// the new outputs, and the in-place tensors as they are after the kernel (the same
// tensors InOut rebinds). Returns once the kernel has run, so that an error the device
// reports for the launch is thrown here. Throws Error naming the kernel and the argument
// for invalid arguments, a language the device does not take (naming those it does), a
// source that does not compile or assemble (with the compiler's or assembler's message), a
// missing entry point and launches the device refuses; nothing is left allocated then.
std::vector<Tensor> run_custom_kernel(const CustomKernel& kernel);

// The work the custom kernels of this process have caused: each distinct source compiled
// (or read from the disk cache) once per device, each specialised entry point loaded once.
struct CustomKernelCounts {
  size_t sources = 0;   // sources compiled for a device
  size_t programs = 0;  // entry points loaded (per source, function, specialisation)
};
CustomKernelCounts custom_kernel_counts();

}  // namespace ingot
