// A content-addressed disk cache of compiled kernels in Context::global().cache_dir().
// An entry is named by the XXH3-128 of (compiler identity, '\0', source) and holds a
// checked header ("INGOT1", payload length, XXH64 of the payload) and the payload.
// Entries are written to a temporary file and renamed into place, so several processes
// may fill the same entry at once; a missing or damaged entry is a miss, and a cache
// folder that cannot be written only disables caching.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ingot {

// The 32 hex digits naming the entry of `source` compiled by `identity`.
std::string disk_cache_key(const std::string& identity, const std::string& source);
// The entry's file: <cache dir>/<key>.bin.
std::string disk_cache_path(const std::string& identity, const std::string& source);
// The cached payload, or nullopt when the entry is missing or fails its checks.
std::optional<std::vector<uint8_t>> disk_cache_load(const std::string& identity,
                                                    const std::string& source);
// Stores the payload; returns false (and warns once at DEBUG>=1) when it cannot.
bool disk_cache_store(const std::string& identity, const std::string& source,
                      const std::vector<uint8_t>& payload);

}  // namespace ingot
