// A content-addressed disk cache of compiled kernels in Context::global().cache_dir(),
// bounded by Context::cache_max_bytes() (INGOT_CACHE_MAX).
// An entry is named by the XXH3-128 of (compiler identity, '\0', source) and holds a
// checked header (runtime/disk_cache_entry.hpp) and the payload. Entries are written to
// a temporary file and renamed into place, so several processes may fill the same entry
// at once; a missing entry is a miss, and a damaged or foreign one (truncated, flipped
// bytes, another format or ingot version) is a miss that removes it, so that the
// recompiled binary takes its place. A cache folder that cannot be written only disables
// caching.
//
// The bound: a store that would take the entries past the limit first removes the least
// recently used ones (a hit refreshes an entry's mtime), under a lock that all processes
// share (runtime/disk_cache_folder.hpp), which also keeps the size and the hit and miss
// counts that `ingot cache` shows (ingot/disk_cache_stats.hpp).
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
// The cached payload, or nullopt when the entry is missing or fails its checks (it is
// then removed). Counts a hit or a miss.
std::optional<std::vector<uint8_t>> disk_cache_load(const std::string& identity,
                                                    const std::string& source);
// Stores the payload, evicting least recently used entries to stay within the limit;
// returns false (and warns once at DEBUG>=1) when it cannot, or when the entry alone is
// larger than the limit. Throws Error when INGOT_CACHE_MAX is not a size.
bool disk_cache_store(const std::string& identity, const std::string& source,
                      const std::vector<uint8_t>& payload);

}  // namespace ingot
