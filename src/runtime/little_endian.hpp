// 64-bit little-endian fields of the files ingot writes (the disk cache's entries and
// state), so that a file reads the same on every host.
#pragma once

#include <cstdint>

namespace ingot {

inline void put_u64(uint8_t* out, uint64_t value) {
  for (int i = 0; i < 8; ++i) out[i] = uint8_t(value >> (8 * i));
}

inline uint64_t get_u64(const uint8_t* in) {
  uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value |= uint64_t(in[i]) << (8 * i);
  return value;
}

}  // namespace ingot
