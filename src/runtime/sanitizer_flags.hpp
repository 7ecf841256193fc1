// The flags that build the kernels compiled at run time (the CPU backend's C, the emulated
// Metal's MSL compiled as C++) with the sanitizers the library itself was built with
// (CMake's INGOT_SANITIZE, docs/testing.md), so that a kernel's bad access or undefined
// behaviour is reported like the library's own. Empty in an ordinary build. The backends
// put them in their compilers' identities: a sanitized kernel, which needs the sanitizer
// runtime of the process loading it, never shares a cache entry with a plain one.
#pragma once

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace ingot {

// The library's sanitizers (a comma-separated list) less those named in `left_out`.
inline std::string kernel_sanitizers(const std::vector<std::string>& left_out) {
#ifdef INGOT_KERNEL_SANITIZE
  std::istringstream all(INGOT_KERNEL_SANITIZE);
  std::string kept;
  for (std::string name; std::getline(all, name, ',');) {
    if (name.empty() || std::find(left_out.begin(), left_out.end(), name) != left_out.end())
      continue;
    kept += (kept.empty() ? "" : ",") + name;
  }
  return kept;
#else
  (void)left_out;
  return "";
#endif
}

// `flags` followed by the flags that instrument a kernel with the library's sanitizers,
// less those named in `left_out`.
inline std::vector<std::string> with_kernel_sanitizer_flags(
    std::vector<std::string> flags, const std::vector<std::string>& left_out = {}) {
  std::string sanitizers = kernel_sanitizers(left_out);
  if (!sanitizers.empty())
    flags.insert(flags.end(), {"-fsanitize=" + sanitizers, "-fno-sanitize-recover=all",
                               "-fno-omit-frame-pointer"});
  return flags;
}

}  // namespace ingot
