// Writes the records include/ingot/cached_kernels.hpp reads: one text file a kernel under
// <cache dir>/kernels/, named like the kernel's binary in the disk cache.
#pragma once

#include <cstddef>
#include <string>

#include "codegen/ir.hpp"
#include "ingot/runtime.hpp"

namespace ingot::engine {

// Records `kernel` (rendered as `source`, compiled to `binary_bytes`) on `device`, or
// marks an existing record used now. Best effort, as the disk cache is: a folder that
// cannot be written costs only the record.
void record_kernel(Device& device, const ir::Kernel& kernel, const std::string& source,
                   size_t binary_bytes);

}  // namespace ingot::engine
