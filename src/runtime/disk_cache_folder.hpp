// The disk cache folder shared by processes: its lock, its counts, and a scan of its
// entries. Every change to the set of entries (a store's rename, an eviction, dropping a
// damaged entry, a clear) happens under the exclusive lock, so the counts stay exact and
// no two processes evict at once; reading an entry takes no lock (see disk_cache.cpp).
//
// <dir>/cache.state is both the lock (flock) and the counts: magic "INGOTCS\0", then the
// entries' bytes, their number, hits and misses (u64, little-endian), then the XXH64 of
// the 40 bytes before it. A missing or damaged state is rebuilt from a scan (hits and
// misses restart at 0).
#pragma once

#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

namespace ingot {

struct DiskCacheCounts {
  uint64_t bytes = 0;  // the entries' file sizes, headers included
  uint64_t entries = 0;
  uint64_t hits = 0;
  uint64_t misses = 0;
};

// flock on <dir>/cache.state, released by the destructor.
class DiskCacheLock {
 public:
  enum class Mode { Exclusive, Shared };
  // Exclusive creates the state file (and the folder) when missing; Shared only opens it.
  // locked() is false when that fails: a read-only folder, or no state yet for Shared.
  DiskCacheLock(const std::string& dir, Mode mode);
  ~DiskCacheLock();
  DiskCacheLock(const DiskCacheLock&) = delete;
  DiskCacheLock& operator=(const DiskCacheLock&) = delete;

  bool locked() const { return fd_ >= 0; }
  // The counts stored in the state file; nullopt when missing or damaged.
  std::optional<DiskCacheCounts> read() const;
  // The stored counts, or (held exclusive) the counts of a scan when there are none.
  DiskCacheCounts read_or_scan() const;
  // False when the state cannot be written (the next reader then scans).
  bool write(const DiskCacheCounts& counts) const;

 private:
  std::string dir_;
  int fd_ = -1;
};

struct DiskCacheFile {
  std::string path;
  uint64_t bytes = 0;
  timespec last_use{};  // the file's mtime: written, or last hit
};

// The entries (<32 hex digits>.bin) in `dir`, least recently used first. With
// `sweep_stale` (under the exclusive lock), also removes the temporary files of writes
// that stopped (a process killed mid-write) more than kStaleTempSeconds ago; younger ones
// belong to writes in progress.
std::vector<DiskCacheFile> scan_disk_cache(const std::string& dir, bool sweep_stale);
inline constexpr int kStaleTempSeconds = 600;

// Whether `path` still names the file open at `fd` (another process may have removed it,
// or renamed another file over it, since it was opened).
bool same_file(int fd, const std::string& path);

// The total of their bytes.
uint64_t total_bytes(const std::vector<DiskCacheFile>& files);

}  // namespace ingot
