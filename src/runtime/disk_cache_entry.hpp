// The bytes of one disk cache entry: a header, then the payload (a binary, or what the
// caller stores). The header lets a reader tell a whole entry of this build from a
// damaged or foreign one, which the cache then drops and rebuilds:
//   magic "INGOTKC\0" | format version u32 | 4 zero bytes | ingot version, 16 bytes,
//   NUL-padded | payload length u64 | XXH64 of the payload u64      (little-endian)
// The ingot version is in the header rather than the key, so that an entry another
// version wrote is found, dropped and its space reused, instead of lingering until
// evicted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace ingot {

inline constexpr size_t kDiskCacheHeaderBytes = 48;

// The header of an entry holding `payload`.
void write_disk_cache_header(uint8_t (&header)[kDiskCacheHeaderBytes],
                             std::span<const uint8_t> payload);

// The payload of `entry` (a whole entry file), or nullopt when it is truncated, carries
// another magic, format or ingot version, has bytes past its payload, or fails its
// checksum.
std::optional<std::span<const uint8_t>> disk_cache_payload(std::span<const uint8_t> entry);

}  // namespace ingot
