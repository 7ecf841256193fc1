// disk_cache_stats and clear_disk_cache: the disk cache folder for `ingot cache`.
#include "ingot/disk_cache_stats.hpp"

#include <unistd.h>

#include <filesystem>
#include <vector>

#include "ingot/context.hpp"
#include "runtime/disk_cache_folder.hpp"

namespace ingot {

DiskCacheStats disk_cache_stats(const std::string& cache_dir) {
  DiskCacheStats stats{cache_dir, 0, 0, Context::global().cache_max_bytes(), 0, 0};
  // Shared: no store or eviction changes the entries while they are counted, and a
  // read-only folder can still be shown (without counts, when it has no state).
  DiskCacheLock lock(cache_dir, DiskCacheLock::Mode::Shared);
  std::vector<DiskCacheFile> files = scan_disk_cache(cache_dir, false);
  stats.bytes = total_bytes(files);
  stats.entries = files.size();
  if (std::optional<DiskCacheCounts> counts = lock.read()) {
    stats.hits = counts->hits;
    stats.misses = counts->misses;
  }
  return stats;
}

DiskCacheStats clear_disk_cache(const std::string& cache_dir) {
  std::error_code error;
  if (!std::filesystem::is_directory(cache_dir, error)) return disk_cache_stats(cache_dir);
  DiskCacheLock lock(cache_dir, DiskCacheLock::Mode::Exclusive);
  DiskCacheStats before{cache_dir, 0, 0, Context::global().cache_max_bytes(), 0, 0};
  if (std::optional<DiskCacheCounts> counts = lock.read()) {
    before.hits = counts->hits;
    before.misses = counts->misses;
  }
  DiskCacheCounts left;  // what cannot be removed stays counted, so the bound holds
  for (const DiskCacheFile& file : scan_disk_cache(cache_dir, true)) {
    bool removed = ::unlink(file.path.c_str()) == 0;
    (removed ? before.bytes : left.bytes) += file.bytes;
    ++(removed ? before.entries : left.entries);
  }
  lock.write(left);
  return before;
}

}  // namespace ingot
