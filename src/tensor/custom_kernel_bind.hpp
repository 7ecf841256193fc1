// The parts of run_custom_kernel, each in its own file: binding the arguments to their
// positions and checking them (custom_kernel_bind.cpp), the bytes of scalars and function
// constants (custom_kernel_bytes.cpp), the arguments' tensors (custom_kernel_tensors.cpp)
// and the compiled sources and loaded programs (custom_kernel_cache.cpp).
#pragma once

#include <string>
#include <vector>

#include "core/identifier.hpp"
#include "ingot/custom_kernel.hpp"

namespace ingot::custom_kernel {

// "run_custom_kernel 'f'": how every message about a kernel begins.
std::string kernel_name(const CustomKernel& k);
// "argument 2 ('bins')": how messages name k.args[i].
std::string argument_name(const CustomKernel& k, size_t i);

// The language of k.source on `device`: its own (DeviceInfo::language) when k.language is
// empty, else k.language if the device takes it. Throws ArgumentError naming the kernel,
// the device, the language asked and the ones the device takes (and why it takes no
// assembly, where it says).
std::string source_language(const CustomKernel& k, const DeviceInfo& device);

using ingot::is_identifier;
// Throws Error unless k.function names an entry point: an identifier, or in CUDA also a
// template instantiation ("scale<float, 4>", an NVRTC name expression).
void check_function(const CustomKernel& k, const std::string& language);

// The order the HAL launches the arguments in (indices into k.args): the positions of each
// kind from 0 up, as KernelArg lays them out for `language`. Throws Error naming the
// kernel and the position when one is bound twice or not at all.
std::vector<size_t> launch_order(const CustomKernel& k, const std::string& language);

// Throws Error, naming the kernel and the argument, unless every argument is valid for
// `device` on its own (tensors defined and on the device, in-place tensors not views,
// outputs of non-negative shapes and types the device has).
void check_arguments(const CustomKernel& k, const DeviceInfo& device);

// The bytes of `value` as `dtype` (little-endian, dtype_size(dtype) of them); throws Error
// beginning with `what` when `dtype` cannot hold it.
std::vector<uint8_t> value_bytes(DType dtype, const std::variant<int64_t, double>& value,
                                 const std::string& what);

// The tensor of each argument, by index into k.args (none for scalars, bytes and
// threadgroup memory): inputs made contiguous and realized, outputs made (filled where
// they ask), in-place tensors realized and, where something else sees their contents,
// copied for the kernel to write (custom_kernel_tensors.cpp).
std::vector<Tensor> argument_tensors(const CustomKernel& k, const DeviceInfo& info);
// What a run returns: the outputs and in-place tensors in argument order, each InOut
// argument's tensor rebound to the one the kernel wrote.
std::vector<Tensor> kernel_results(const CustomKernel& k, const std::vector<Tensor>& tensors);

// `source` with `k.defines` defined before it, its lines numbered as in the original.
// Throws ArgumentError for defines in a `language` without a C preprocessor (PTX).
std::string source_with_defines(const CustomKernel& k, const std::string& language);
// The loaded program of `k` on `device`: its source, in `language`, compiled (or assembled)
// once per device and process (through the disk cache), each function and specialisation
// loaded once.
Program& program_for(Device& device, const CustomKernel& k, const std::string& source,
                     const std::string& language, int buffer_count);

}  // namespace ingot::custom_kernel
