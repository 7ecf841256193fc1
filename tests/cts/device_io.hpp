// Moving typed values between the host and buffers, and poisoning outputs.
#pragma once

#include <memory>
#include <vector>

#include "ingot/runtime.hpp"

namespace ingot::test {

template <class T>
std::shared_ptr<Buffer> upload(Device& device, const std::vector<T>& values) {
  auto buffer = device.allocator().alloc(values.size() * sizeof(T));
  buffer->copy_in(values.data(), buffer->bytes());
  return buffer;
}

template <class T>
std::vector<T> download(const Buffer& buffer) {
  std::vector<T> values(buffer.bytes() / sizeof(T));
  buffer.copy_out(values.data(), values.size() * sizeof(T));
  return values;
}

// Fills a buffer with 0xFF bytes (NaN as floats, -1 as integers) before a launch, so
// that a result never comes from memory a kernel forgot to write. Integer tests pick
// data whose results are never -1.
inline void poison(Buffer& buffer) {
  std::vector<uint8_t> bytes(buffer.bytes(), 0xFF);
  buffer.copy_in(bytes.data(), bytes.size());
}

inline std::shared_ptr<Buffer> poisoned(Device& device, size_t bytes) {
  auto buffer = device.allocator().alloc(bytes);
  poison(*buffer);
  return buffer;
}

}  // namespace ingot::test
