#include "runtime/disk_cache.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "ingot/context.hpp"
#include "runtime/disk_cache_entry.hpp"
#include "runtime/disk_cache_folder.hpp"
#include "runtime/write_all.hpp"

namespace ingot {
namespace {

// One warning per process: a read-only cache folder would otherwise warn per kernel.
void warn_once(const std::string& message) {
  static std::atomic<bool> warned = false;
  if (Context::global().debug() >= 1 && !warned.exchange(true))
    std::fprintf(stderr, "ingot: kernel cache disabled: %s\n", message.c_str());
}

uint64_t minus(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

// The whole file open at `fd`, or nullopt when it cannot be read.
std::optional<std::vector<uint8_t>> read_whole(int fd) {
  struct stat info;
  if (::fstat(fd, &info) != 0) return std::nullopt;
  std::vector<uint8_t> bytes(size_t(info.st_size));
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;  // a short file: the size changed under us
    done += size_t(n);
  }
  return bytes;
}

// Counts a lookup in the folder's state. A damaged entry (`damaged`, the descriptor it was
// read through) is removed too, but only while the path still names that file: another
// process may have renamed a good entry over it since.
void count_lookup(const std::string& dir, bool hit, const std::string& path = "",
                  int damaged = -1) {
  DiskCacheLock lock(dir, DiskCacheLock::Mode::Exclusive);
  if (!lock.locked()) return;  // a read-only folder: nothing is counted
  DiskCacheCounts counts = lock.read_or_scan();
  ++(hit ? counts.hits : counts.misses);
  struct stat held;
  if (damaged >= 0 && ::fstat(damaged, &held) == 0 && same_file(damaged, path) &&
      ::unlink(path.c_str()) == 0) {
    counts.bytes = minus(counts.bytes, uint64_t(held.st_size));
    counts.entries = minus(counts.entries, 1);
  }
  lock.write(counts);
}

// Eviction evicts down to 90% of the limit rather than to the limit itself, so that the
// scan it needs (a stat of every entry) runs once per tenth of the limit written, not
// once per store.
uint64_t low_water(uint64_t limit) { return limit - limit / 10; }

// Under the exclusive lock: makes room in `counts` for an entry of `incoming` bytes at
// `path` (replacing the file there) before it is renamed into place, so that the entries
// never exceed `limit`, not even for a moment. When the counts say it would, scans the
// folder and removes least recently used entries until the new one fits under
// low_water(limit). Reading takes no lock: a reader that opened an entry before it was
// removed still reads all of it (the file lives until closed), and a reader that comes
// later misses and recompiles. So the entries in use (just written, or just read) are
// never lost; the newest are the last to go. False when the entry cannot fit at all.
bool make_room(const std::string& dir, const std::string& path, uint64_t incoming, uint64_t limit,
               DiskCacheCounts& counts) {
  struct stat old;
  bool replacing = ::stat(path.c_str(), &old) == 0;
  uint64_t replaced = replacing ? uint64_t(old.st_size) : 0;
  if (minus(counts.bytes, replaced) + incoming <= limit) {
    counts.bytes = minus(counts.bytes, replaced) + incoming;
    counts.entries += replacing ? 0 : 1;
    return true;
  }
  if (incoming > limit) return false;
  std::vector<DiskCacheFile> files = scan_disk_cache(dir, true);
  uint64_t total = minus(total_bytes(files), replaced) + incoming;
  uint64_t entries = files.size() + (replacing ? 0 : 1);
  for (const DiskCacheFile& file : files) {
    if (total <= low_water(limit)) break;
    if (file.path == path) continue;
    if (::unlink(file.path.c_str()) == 0 || errno == ENOENT) {
      total -= file.bytes;
      --entries;
    }
  }
  counts.bytes = total;
  counts.entries = entries;
  return total <= limit;
}

}  // namespace

std::string disk_cache_key(const std::string& identity, const std::string& source) {
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  // The '\0' keeps ("ab", "c") and ("a", "bc") apart.
  XXH3_128bits_update(state, identity.data(), identity.size() + 1);
  XXH3_128bits_update(state, source.data(), source.size());
  XXH128_hash_t hash = XXH3_128bits_digest(state);
  XXH3_freeState(state);
  return fmt::format("{:016x}{:016x}", hash.high64, hash.low64);
}

std::string disk_cache_path(const std::string& identity, const std::string& source) {
  return Context::global().cache_dir() + "/" + disk_cache_key(identity, source) + ".bin";
}

std::optional<std::vector<uint8_t>> disk_cache_load(const std::string& identity,
                                                    const std::string& source) {
  const std::string& dir = Context::global().cache_dir();
  std::string path = disk_cache_path(identity, source);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    count_lookup(dir, false);
    return std::nullopt;
  }
  std::optional<std::vector<uint8_t>> entry = read_whole(fd);
  std::optional<std::span<const uint8_t>> payload;
  if (entry) payload = disk_cache_payload(*entry);
  if (!payload) {
    count_lookup(dir, false, path, fd);
    ::close(fd);
    return std::nullopt;
  }
  // The entry's mtime is its last use, which eviction orders by. (atime is no use:
  // mounts with noatime or relatime do not keep it.)
  ::futimens(fd, nullptr);
  ::close(fd);
  count_lookup(dir, true);
  return std::vector<uint8_t>(payload->begin(), payload->end());
}

bool disk_cache_store(const std::string& identity, const std::string& source,
                      const std::vector<uint8_t>& payload) {
  const std::string& dir = Context::global().cache_dir();
  // Before anything is written: a bad INGOT_CACHE_MAX is the user's error to hear about.
  uint64_t limit = Context::global().cache_max_bytes();
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    warn_once(fmt::format("cannot create {}: {}", dir, error.message()));
    return false;
  }
  std::string path = disk_cache_path(identity, source);
  // mkstemp names the file uniquely across processes; rename() then replaces the entry
  // atomically, so a reader sees either no entry or a whole one. A process killed
  // mid-write leaves the temporary file, which a later scan sweeps (scan_disk_cache).
  std::string temp = path + ".XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    warn_once(fmt::format("cannot write in {}: {}", dir, std::strerror(errno)));
    return false;
  }
  uint8_t header[kDiskCacheHeaderBytes];
  write_disk_cache_header(header, payload);
  bool written =
      write_all(fd, header, sizeof(header)) && write_all(fd, payload.data(), payload.size());
  written = ::close(fd) == 0 && written;
  if (!written) {
    warn_once(fmt::format("cannot write {}: {}", temp, std::strerror(errno)));
    ::unlink(temp.c_str());
    return false;
  }
  // The slow part, writing, is done; the rename and the accounting happen under the lock.
  DiskCacheLock lock(dir, DiskCacheLock::Mode::Exclusive);
  if (!lock.locked()) {
    warn_once(fmt::format("cannot lock {}/cache.state: {}", dir, std::strerror(errno)));
    ::unlink(temp.c_str());
    return false;
  }
  DiskCacheCounts counts = lock.read_or_scan();
  // An entry larger than the whole limit is not kept (make_room says so).
  bool stored = make_room(dir, path, sizeof(header) + payload.size(), limit, counts);
  if (stored && std::rename(temp.c_str(), path.c_str()) != 0) {
    // The counts already hold the entry: too many bytes counted only bring the next scan
    // sooner, which recounts them.
    warn_once(fmt::format("cannot rename {} to {}: {}", temp, path, std::strerror(errno)));
    stored = false;
  }
  if (!stored) ::unlink(temp.c_str());
  lock.write(counts);
  return stored;
}

}  // namespace ingot
