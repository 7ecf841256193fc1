// Linking a kernel's object into a shared object by running the linker that a compiler
// driver would run, as the driver would run it. Kernels are compiled with -c alone: clang
// compiles inside the driver's process only when the driver has one job, so a driver
// asked to compile and link starts a second clang, and each start (loading LLVM) costs
// about as much as compiling a small kernel (docs/configuration.md, INGOT_CC: a CPU
// kernel 147 -> 93 ms).
#pragma once

#include <string>
#include <vector>

namespace ingot {

// The command that links `object` (which must exist) into the shared object `output`
// with `libraries` ("-lm"), as `driver` run with `flags` and -shared would: the driver's
// `-###` answer for the first object, reused with the paths replaced for the others.
// Throws Error naming the driver and its answer where it names no link.
std::vector<std::string> link_command(const std::string& driver,
                                      const std::vector<std::string>& flags,
                                      const std::vector<std::string>& libraries,
                                      const std::string& object, const std::string& output);

}  // namespace ingot
