// `ingot cache` and `ingot cache clear`: the compiled-kernel cache folder's size, limit,
// entries and hit rate (include/ingot/disk_cache_stats.hpp).
#include <fmt/core.h>

#include <iterator>

#include "cli_commands.hpp"
#include "ingot/cached_kernels.hpp"
#include "ingot/disk_cache_stats.hpp"

namespace ingot::cli {
namespace {

// 1536 -> "1.5 KiB": binary units, as INGOT_CACHE_MAX takes them.
std::string in_units(uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = double(bytes);
  size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  return unit == 0 ? fmt::format("{} B", bytes) : fmt::format("{:.1f} {}", value, units[unit]);
}

}  // namespace

int show_cache(const std::string& cache_dir) {
  DiskCacheStats stats = disk_cache_stats(cache_dir);
  uint64_t lookups = stats.hits + stats.misses;
  fmt::print("folder    {}\n", stats.folder);
  fmt::print("size      {} of {} ({:.1f}%)\n", in_units(stats.bytes), in_units(stats.limit),
             100.0 * double(stats.bytes) / double(stats.limit));
  fmt::print("entries   {}\n", stats.entries);
  fmt::print("hits      {}\nmisses    {}\n", stats.hits, stats.misses);
  if (lookups == 0)
    fmt::print("hit rate  none yet (no lookups)\n");
  else
    fmt::print("hit rate  {:.1f}%\n", 100.0 * double(stats.hits) / double(lookups));
  return 0;
}

int clear_cache(const std::string& cache_dir) {
  DiskCacheStats removed = clear_disk_cache(cache_dir);
  size_t records = clear_kernel_records(cache_dir);
  fmt::print("removed {} entries ({}) and {} kernel records from {}\n", removed.entries,
             in_units(removed.bytes), records, cache_dir);
  return 0;
}

}  // namespace ingot::cli
