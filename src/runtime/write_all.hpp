// Writing a whole byte range to a file descriptor, across short writes and signals.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>

namespace ingot {

// Returns false (with errno set) when the write fails.
inline bool write_all(int fd, const void* data, size_t bytes) {
  auto* next = static_cast<const uint8_t*>(data);
  while (bytes) {
    ssize_t n = ::write(fd, next, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    next += n;
    bytes -= size_t(n);
  }
  return true;
}

}  // namespace ingot
