// Library: dlopen and dlsym, with errors that say what is missing.
#include "runtime/library.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "runtime/write_all.hpp"

namespace ingot {

Library Library::open(const std::vector<std::string>& candidates, std::string_view what,
                      bool global) {
  std::string tried;
  for (const std::string& candidate : candidates) {
    Library library;
    library.handle_ = ::dlopen(candidate.c_str(), RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL));
    if (library.handle_) {
      library.name_ = candidate;
      return library;
    }
    const char* why = ::dlerror();  // names the file itself
    tried += "\n  " + (why ? std::string(why) : candidate + ": not found");
  }
  throw Error(fmt::format("cannot load {}:{}", what, tried));
}

Library Library::load_image(const std::vector<uint8_t>& image, std::string_view what) {
  Library library;  // closes the file again when anything below fails
  library.name_ = what;
  // A memfd keeps the image off the disk.
  std::string path;
  library.fd_ = ::memfd_create("ingot-image", MFD_CLOEXEC);
  if (library.fd_ >= 0) {
    path = fmt::format("/proc/self/fd/{}", library.fd_);
  } else {
    path = (std::filesystem::temp_directory_path() / "ingot-image-XXXXXX").string();
    library.fd_ = ::mkstemp(path.data());
    if (library.fd_ < 0)
      throw Error(fmt::format("cannot create a file for {}: {}", what, std::strerror(errno)));
    library.temporary_ = path;
  }
  if (!write_all(library.fd_, image.data(), image.size()))
    throw Error(fmt::format("cannot write {} to {}: {}", what, path, std::strerror(errno)));
  library.handle_ = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library.handle_) throw Error(fmt::format("{} does not load: {}", what, ::dlerror()));
  return library;
}

Library::Library(Library&& other) noexcept
    : handle_(std::exchange(other.handle_, nullptr)),
      name_(std::move(other.name_)),
      keep_(other.keep_),
      fd_(std::exchange(other.fd_, -1)),
      temporary_(std::move(other.temporary_)) {
  other.temporary_.clear();
}

Library& Library::operator=(Library&& other) noexcept {
  if (this != &other) {
    release();
    handle_ = std::exchange(other.handle_, nullptr);
    name_ = std::move(other.name_);
    keep_ = other.keep_;
    fd_ = std::exchange(other.fd_, -1);
    temporary_ = std::exchange(other.temporary_, {});
  }
  return *this;
}

Library::~Library() { release(); }

void Library::release() {
  if (keep_) return;
  if (handle_) ::dlclose(handle_);
  handle_ = nullptr;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
}

void* Library::address(const char* symbol) const { return ::dlsym(handle_, symbol); }

void* Library::required_address(const char* symbol, std::string_view needed) const {
  void* found = address(symbol);
  if (!found) throw Error(fmt::format("{} has no {} ({})", name_, symbol, needed));
  return found;
}

Error call_error(std::string_view what, std::string_view call, std::string_view name,
                 long long code) {
  return Error(fmt::format("{}: {} returned {} ({})", what, call, name, code));
}

}  // namespace ingot
