// The C sources of an exported library (engine/aot_export.hpp): the public header, the
// function's tables and entry points, and the assembly that embeds the binary files.
#pragma once

#include <string>

#include "engine/aot_export.hpp"

namespace ingot::engine {

// The runtime file of the device's language (src/engine/aot_runtime/): "ingot_aot_cpu.c"...
std::string aot_device_file(const Device& device);

// <name>.h: the input and output structs and the functions of the C API.
std::string aot_header(const AotFunction& function);

// <name>.c: the tables of `plan` and the entry points, one translation unit with the
// runtime (it includes the device's file and ingot_aot_runtime.c).
std::string aot_source(const AotFunction& function, const AotPlan& plan);

// <name>_data.S: the weights and the kernels' code files, found in `folder` (an absolute
// path: .incbin reads it wherever the assembler runs), embedded with .incbin, each
// NUL-terminated, in read-only data; the CPU's kernels are objects instead.
std::string aot_data_source(const AotFunction& function, const AotPlan& plan,
                            const std::filesystem::path& folder);

// The file names, in the export's src folder, of kernel `k`'s code and of the weights.
std::string aot_kernel_file(const AotPlan::Kernel& kernel);
std::string aot_weights_file(const AotFunction& function);

}  // namespace ingot::engine
