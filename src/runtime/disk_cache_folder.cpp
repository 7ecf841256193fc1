#include "runtime/disk_cache_folder.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>

#include "runtime/little_endian.hpp"

namespace ingot {
namespace {

constexpr char kStateName[] = "cache.state";
constexpr char kMagic[8] = {'I', 'N', 'G', 'O', 'T', 'C', 'S', '\0'};
constexpr size_t kStateBytes = sizeof(kMagic) + 4 * 8 + 8;

bool is_hex_key(const char* name) {
  for (int i = 0; i < 32; ++i)
    if (!std::isxdigit(static_cast<unsigned char>(name[i])) || std::isupper(name[i])) return false;
  return true;
}

// <32 hex>.bin, and what mkstemp makes of it: <32 hex>.bin.XXXXXX.
bool is_entry_name(const char* name) {
  return std::strlen(name) == 36 && is_hex_key(name) && std::strcmp(name + 32, ".bin") == 0;
}
bool is_temp_name(const char* name) {
  return std::strlen(name) == 43 && is_hex_key(name) && std::strncmp(name + 32, ".bin.", 5) == 0;
}

bool older(const timespec& a, const timespec& b) {
  return a.tv_sec != b.tv_sec ? a.tv_sec < b.tv_sec : a.tv_nsec < b.tv_nsec;
}

}  // namespace

DiskCacheLock::DiskCacheLock(const std::string& dir, Mode mode) : dir_(dir) {
  std::string path = dir + "/" + kStateName;
  bool exclusive = mode == Mode::Exclusive;
  if (exclusive) {
    std::error_code ignored;  // an uncreatable folder makes the open below fail
    std::filesystem::create_directories(dir, ignored);
  }
  for (int attempt = 0; attempt < 3; ++attempt) {
    int fd = exclusive ? ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666)
                       : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    // The folder may have been removed (a user's rm -rf) between our open and flock: a
    // lock on a removed file locks nothing the next process sees.
    if (::flock(fd, exclusive ? LOCK_EX : LOCK_SH) == 0 && same_file(fd, path)) {
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
}

DiskCacheLock::~DiskCacheLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

std::optional<DiskCacheCounts> DiskCacheLock::read() const {
  uint8_t state[kStateBytes];
  if (fd_ < 0 || ::pread(fd_, state, kStateBytes, 0) != ssize_t(kStateBytes) ||
      std::memcmp(state, kMagic, sizeof(kMagic)) != 0 ||
      get_u64(state + kStateBytes - 8) != XXH64(state, kStateBytes - 8, 0))
    return std::nullopt;
  const uint8_t* at = state + sizeof(kMagic);
  return DiskCacheCounts{get_u64(at), get_u64(at + 8), get_u64(at + 16), get_u64(at + 24)};
}

DiskCacheCounts DiskCacheLock::read_or_scan() const {
  if (std::optional<DiskCacheCounts> counts = read()) return *counts;
  std::vector<DiskCacheFile> files = scan_disk_cache(dir_, true);
  return DiskCacheCounts{total_bytes(files), files.size(), 0, 0};
}

bool DiskCacheLock::write(const DiskCacheCounts& counts) const {
  uint8_t state[kStateBytes];
  std::memcpy(state, kMagic, sizeof(kMagic));
  uint8_t* at = state + sizeof(kMagic);
  for (uint64_t value : {counts.bytes, counts.entries, counts.hits, counts.misses}) {
    put_u64(at, value);
    at += 8;
  }
  put_u64(at, XXH64(state, kStateBytes - 8, 0));
  // 48 bytes at offset 0: a short write leaves a state whose checksum fails, which the
  // next reader rebuilds from a scan.
  return fd_ >= 0 && ::pwrite(fd_, state, kStateBytes, 0) == ssize_t(kStateBytes);
}

std::vector<DiskCacheFile> scan_disk_cache(const std::string& dir, bool sweep_stale) {
  std::vector<DiskCacheFile> files;
  DIR* folder = ::opendir(dir.c_str());
  if (!folder) return files;
  timespec now{};
  ::clock_gettime(CLOCK_REALTIME, &now);
  while (const dirent* item = ::readdir(folder)) {
    bool entry = is_entry_name(item->d_name);
    if (!entry && !(sweep_stale && is_temp_name(item->d_name))) continue;
    struct stat info;
    if (::fstatat(::dirfd(folder), item->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0 ||
        !S_ISREG(info.st_mode))
      continue;
    if (entry)
      files.push_back({dir + "/" + item->d_name, uint64_t(info.st_size), info.st_mtim});
    else if (now.tv_sec - info.st_mtim.tv_sec > kStaleTempSeconds)
      ::unlinkat(::dirfd(folder), item->d_name, 0);
  }
  ::closedir(folder);
  std::sort(files.begin(), files.end(),
            [](const auto& a, const auto& b) { return older(a.last_use, b.last_use); });
  return files;
}

bool same_file(int fd, const std::string& path) {
  struct stat held, named;
  return ::fstat(fd, &held) == 0 && ::stat(path.c_str(), &named) == 0 &&
         held.st_dev == named.st_dev && held.st_ino == named.st_ino;
}

uint64_t total_bytes(const std::vector<DiskCacheFile>& files) {
  uint64_t total = 0;
  for (const DiskCacheFile& file : files) total += file.bytes;
  return total;
}

}  // namespace ingot
