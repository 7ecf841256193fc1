// NULL's compiler: it compiles nothing. A real one turns source in the device's language
// (rendered by src/render/lang_<language>.cpp, or a kernel of a user's own) into the
// binary its device loads; compile_cached puts the disk cache in front of it.
#include "backends/null/null.hpp"

namespace ingot::null {

// A real backend names everything besides the source that changes the binary: the
// compiler's or driver's version, the flags, the target architecture. It is part of the
// disk cache's key, so a binary is never loaded on hardware it was not made for.
std::string NullCompiler::identity() const { return "null"; }

// A real backend returns the binary (a CUBIN, an OpenCL program binary, a shared object),
// or throws Error holding the compiler's log.
std::vector<uint8_t> NullCompiler::compile(const std::string&) {
  throw not_implemented("Compiler::compile");
}

}  // namespace ingot::null
