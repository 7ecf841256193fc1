// The flags that build the kernels compiled at run time (the CPU backend's C, the emulated
// Metal's MSL compiled as C++) with the sanitizers the library itself was built with
// (CMake's INGOT_SANITIZE, docs/testing.md), so that a kernel's bad access or undefined
// behaviour is reported like the library's own. Empty in an ordinary build. The backends
// put them in their compilers' identities: a sanitized kernel, which needs the sanitizer
// runtime of the process loading it, never shares a cache entry with a plain one.
#pragma once

#include <string>
#include <vector>

namespace ingot {

inline std::vector<std::string> kernel_sanitizer_flags() {
#ifdef INGOT_KERNEL_SANITIZE
  return {"-fsanitize=" INGOT_KERNEL_SANITIZE, "-fno-sanitize-recover=all",
          "-fno-omit-frame-pointer"};
#else
  return {};
#endif
}

// `flags` followed by kernel_sanitizer_flags().
inline std::vector<std::string> with_kernel_sanitizer_flags(std::vector<std::string> flags) {
  std::vector<std::string> sanitize = kernel_sanitizer_flags();
  flags.insert(flags.end(), sanitize.begin(), sanitize.end());
  return flags;
}

}  // namespace ingot
