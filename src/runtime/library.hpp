// Shared libraries loaded at run time (dlopen): a backend's vendor library, so that ingot
// builds without the vendor's headers and runs without the library installed, and kernels
// compiled to shared objects in memory (the CPU backend's, the emulated Metal's). And one
// form for the errors of a vendor library's calls.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ingot/error.hpp"

namespace ingot {

// A shared library, unloaded with its last owner unless kept.
class Library {
 public:
  // Opens the first of `candidates` (file names or paths) that loads, resolving every
  // symbol now; `global` makes its symbols visible to libraries loaded after it. Throws
  // Error naming `what` (the library's role, "the CUDA driver") and each candidate with
  // the loader's reason when none loads.
  static Library open(const std::vector<std::string>& candidates, std::string_view what,
                      bool global = false);
  // Loads a shared object from the bytes of `image`, which `what` describes in errors
  // ("the 4096-byte binary"). Throws Error when it cannot be written or does not load.
  static Library load_image(const std::vector<uint8_t>& image, std::string_view what);

  Library(Library&& other) noexcept;
  Library& operator=(Library&& other) noexcept;
  ~Library();

  // Leaves the library loaded for the life of the process: a driver whose entry points
  // are called until exit, from static destructors too, must never be unloaded.
  void keep() { keep_ = true; }
  // The candidate that loaded, or what the image is.
  const std::string& name() const { return name_; }

  // `symbol` as a pointer of type T (a function's or a variable's), or nullptr when the
  // library lacks it (an entry point only newer versions have).
  template <class T>
  T find(const char* symbol) const {
    return reinterpret_cast<T>(address(symbol));
  }
  // The same, throwing Error naming the library, the symbol and `needed` (what version
  // would have it) when the library lacks it.
  template <class T>
  T require(const char* symbol, std::string_view needed) const {
    return reinterpret_cast<T>(required_address(symbol, needed));
  }

 private:
  Library() = default;
  void* address(const char* symbol) const;
  void* required_address(const char* symbol, std::string_view needed) const;
  void release();

  void* handle_ = nullptr;
  std::string name_;
  bool keep_ = false;
  // An image's file: a memfd, or a temporary file where there are none. It stays open
  // until dlclose: glibc recognises a loaded library by its path, and a closed fd's number
  // (so its /proc/self/fd path) would be handed to the next image.
  int fd_ = -1;
  std::string temporary_;  // the temporary file's path, removed with the library
};

// The entry points of a vendor library, loaded once: `fill` opens the library and
// resolves them into the table, throwing Error saying what is missing; then the table is
// usable, or `reason` says why it is not (what DEBUG=1 prints when a backend finds no
// devices).
template <class Api>
struct VendorApi {
  template <class Fill>
  explicit VendorApi(Fill fill) {
    try {
      fill(api);
      ok = true;
    } catch (const Error& e) {
      reason = e.what();
    }
  }
  // The table, or nullptr when the library is missing or lacks an entry point.
  const Api* table() const { return ok ? &api : nullptr; }

  Api api;
  bool ok = false;
  std::string reason;
};

// The Error for a failed call into a vendor library, in one form for every backend:
// "<what>: <call> returned <name> (<code>)", where `name` is the library's name (and text)
// for the status code, e.g. "CL:0 launch of 'f': clEnqueueNDRangeKernel returned
// CL_INVALID_WORK_GROUP_SIZE (-54)".
Error call_error(std::string_view what, std::string_view call, std::string_view name,
                 long long code);

}  // namespace ingot
