// What DEBUG=3 and above print about a kernel as it is compiled (docs/configuration.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codegen/ir.hpp"
#include "graph/lazy.hpp"
#include "ingot/runtime.hpp"

namespace ingot::engine {

// DEBUG>=3: the shapes and dtypes of a new kernel's output and inputs.
void print_shapes(const NodePtr& out, const std::vector<NodePtr>& inputs);

// DEBUG>=3: the kernel's opts and launch sizes; DEBUG>=5 also its IR.
void print_kernel(const ir::Kernel& kernel, int debug);

// DEBUG=6: the device binary as assembly where a disassembler for it is on PATH (objdump
// for `function` in the CPU's shared objects, cuobjdump -sass for CUDA's CUBINs; CUDA's
// PTX is text already), else a line saying why there is none.
std::string disassemble(Device& device, const std::vector<uint8_t>& binary,
                        const std::string& function);

}  // namespace ingot::engine
