#include "runtime/disk_cache_entry.hpp"

#include <xxhash.h>

#include <cstring>

#include "runtime/little_endian.hpp"

namespace ingot {
namespace {

constexpr char kMagic[8] = {'I', 'N', 'G', 'O', 'T', 'K', 'C', '\0'};
// Raised whenever the header or a payload's layout changes.
constexpr uint32_t kFormatVersion = 2;
// CMake defines INGOT_VERSION for this file alone (CMakeLists.txt).
constexpr char kIngotVersion[] = INGOT_VERSION;
constexpr size_t kVersionBytes = 16;
static_assert(sizeof(kIngotVersion) <= kVersionBytes, "the version field holds 16 bytes");
constexpr size_t kFormatAt = 8, kVersionAt = 16, kLengthAt = 32, kChecksumAt = 40;
static_assert(kChecksumAt + 8 == kDiskCacheHeaderBytes);

// Everything of the header before the payload's length: what this build writes.
void write_prefix(uint8_t* header) {
  std::memset(header, 0, kLengthAt);
  std::memcpy(header, kMagic, sizeof(kMagic));
  put_u64(header + kFormatAt, kFormatVersion);  // the u32 and its 4 zero bytes
  std::memcpy(header + kVersionAt, kIngotVersion, sizeof(kIngotVersion) - 1);
}

}  // namespace

void write_disk_cache_header(uint8_t (&header)[kDiskCacheHeaderBytes],
                             std::span<const uint8_t> payload) {
  write_prefix(header);
  put_u64(header + kLengthAt, payload.size());
  put_u64(header + kChecksumAt, XXH64(payload.data(), payload.size(), 0));
}

std::optional<std::span<const uint8_t>> disk_cache_payload(std::span<const uint8_t> entry) {
  uint8_t expected[kLengthAt];
  write_prefix(expected);
  if (entry.size() < kDiskCacheHeaderBytes || std::memcmp(entry.data(), expected, kLengthAt) != 0)
    return std::nullopt;
  std::span<const uint8_t> payload = entry.subspan(kDiskCacheHeaderBytes);
  if (get_u64(entry.data() + kLengthAt) != payload.size() ||
      get_u64(entry.data() + kChecksumAt) != XXH64(payload.data(), payload.size(), 0))
    return std::nullopt;
  return payload;
}

}  // namespace ingot
