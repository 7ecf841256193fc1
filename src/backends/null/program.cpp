// NULL's programs: none loads. A real backend's Program holds one loaded kernel and runs
// it; Program::launch has checked every launch before run() is called.
#include "backends/null/null.hpp"

namespace ingot::null {

// A real backend loads `function` from `binary` here, throws Error naming the function
// when the binary lacks it, and calls set_limits with what it learns of the kernel (the
// threads one threadgroup of it may have, its parameters where the driver says).
NullProgram::NullProgram(NullDevice& device, const std::vector<uint8_t>&,
                         const std::string& function, int buffer_count)
    : Program(device, function, buffer_count) {
  throw not_implemented("Device::load");
}

// A real backend passes the buffers (each at its offset) and the scalars as its launch ABI
// says, launches `dims` on its queue, and with `wait` returns the kernel's time in seconds
// once it has run; without, it returns 0 at once.
double NullProgram::run(std::span<Buffer* const>, const LaunchDims&, std::span<const ScalarArg>,
                        bool) {
  throw not_implemented("Program::run");
}

// The same with a kernel's own arguments in its order (KernelArg says where each lands in
// each language): buffers, bytes by value, threadgroup memory of a length.
double NullProgram::run(std::span<const KernelArg>, const LaunchDims&, bool) {
  throw not_implemented("Program::run");
}

}  // namespace ingot::null
