// A kernel KernelBuilder made (include/ingot/kernel_builder.hpp): its IR as the device runs
// it, its parameters as declared, and its program, compiled on first use by the engine's
// own path (compile_kernel) and kept for every later run.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "codegen/ir.hpp"
#include "ingot/kernel_builder.hpp"

namespace ingot {

struct BuiltKernelState {
  // A parameter in declaration order: a buffer (`index` among ir::Kernel::buffers) or a
  // scalar (among ir::Kernel::scalars), as run() binds its argument.
  struct Param {
    std::string name;
    bool is_buffer = true;
    int index = 0;
    KernelBuilder::Access access = KernelBuilder::Access::Read;
    DType dtype = DType::Float32;  // a scalar's, as declared
  };

  BuiltKernelState(ir::Kernel k, Device& d, std::vector<Param> p);

  // Compiles (through the disk cache) and loads the kernel the first time it is asked for.
  Program& program() const;

  const ir::Kernel kernel;
  Device& device;
  const std::vector<Param> params;
  // Per buffer (ir::Kernel::buffers), the byte alignment its start must have: the widest
  // vector the kernel accesses it with aligned (ir::Inst::aligned), else 1.
  const std::vector<size_t> alignment;

 private:
  mutable std::mutex mutex_;
  mutable std::unique_ptr<Program> program_;
};

// What `kernel` was built into, for launching it on buffers rather than tensors.
inline const BuiltKernelState& built_state(const BuiltKernel& kernel) { return *kernel.state_; }

}  // namespace ingot
