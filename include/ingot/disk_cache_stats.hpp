// The compiled-kernel cache folder (INGOT_CACHE) as `ingot cache` shows it, and emptying
// it. The folder's entries are bounded by INGOT_CACHE_MAX (Context::cache_max_bytes()):
// the least recently used go first (docs/configuration.md).
#pragma once

#include <cstdint>
#include <string>

namespace ingot {

struct DiskCacheStats {
  std::string folder;
  uint64_t bytes = 0;  // the entries' files, headers included
  uint64_t entries = 0;
  uint64_t limit = 0;  // Context::cache_max_bytes()
  // Lookups that found a whole entry, and those that did not, by every process since the
  // folder was made or last cleared.
  uint64_t hits = 0;
  uint64_t misses = 0;
};

// The folder's entries as they are now (a scan) and its hit and miss counts; all zero for
// a folder that does not exist. Throws Error when INGOT_CACHE_MAX is not a size.
DiskCacheStats disk_cache_stats(const std::string& cache_dir);

// Removes every entry and the temporary files of stopped writes, and sets the counts to
// zero; returns what the folder held before. Writes in progress in other processes land
// afterwards, as new entries.
DiskCacheStats clear_disk_cache(const std::string& cache_dir);

}  // namespace ingot
