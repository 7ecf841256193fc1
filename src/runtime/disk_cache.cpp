#include "runtime/disk_cache.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <xxhash.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "ingot/context.hpp"
#include "runtime/write_all.hpp"

namespace ingot {
namespace {

constexpr char kMagic[6] = {'I', 'N', 'G', 'O', 'T', '1'};
// magic, then payload length and XXH64 of the payload, both little-endian 64-bit.
constexpr size_t kHeaderBytes = sizeof(kMagic) + 8 + 8;

void put_u64(uint8_t* out, uint64_t value) {
  for (int i = 0; i < 8; ++i) out[i] = uint8_t(value >> (8 * i));
}

uint64_t get_u64(const uint8_t* in) {
  uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value |= uint64_t(in[i]) << (8 * i);
  return value;
}

// One warning per process: a read-only cache folder would otherwise warn per kernel.
void warn_once(const std::string& message) {
  static std::atomic<bool> warned = false;
  if (Context::global().debug() >= 1 && !warned.exchange(true))
    std::fprintf(stderr, "ingot: kernel cache disabled: %s\n", message.c_str());
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
  std::ifstream file(disk_cache_path(identity, source), std::ios::binary);
  if (!file) return std::nullopt;
  std::vector<uint8_t> entry((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
  if (entry.size() < kHeaderBytes || std::memcmp(entry.data(), kMagic, sizeof(kMagic)) != 0)
    return std::nullopt;
  uint64_t length = get_u64(entry.data() + sizeof(kMagic));
  uint64_t checksum = get_u64(entry.data() + sizeof(kMagic) + 8);
  if (length != entry.size() - kHeaderBytes) return std::nullopt;
  if (XXH64(entry.data() + kHeaderBytes, length, 0) != checksum) return std::nullopt;
  return std::vector<uint8_t>(entry.begin() + kHeaderBytes, entry.end());
}

bool disk_cache_store(const std::string& identity, const std::string& source,
                      const std::vector<uint8_t>& payload) {
  const std::string& dir = Context::global().cache_dir();
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    warn_once(fmt::format("cannot create {}: {}", dir, error.message()));
    return false;
  }
  std::string path = disk_cache_path(identity, source);
  // mkstemp names the file uniquely across processes; rename() then replaces the entry
  // atomically, so a reader sees either no entry or a whole one.
  std::string temp = path + ".XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    warn_once(fmt::format("cannot write in {}: {}", dir, std::strerror(errno)));
    return false;
  }
  uint8_t header[kHeaderBytes];
  std::memcpy(header, kMagic, sizeof(kMagic));
  put_u64(header + sizeof(kMagic), payload.size());
  put_u64(header + sizeof(kMagic) + 8, XXH64(payload.data(), payload.size(), 0));
  bool written =
      write_all(fd, header, kHeaderBytes) && write_all(fd, payload.data(), payload.size());
  written = ::close(fd) == 0 && written;
  if (!written || std::rename(temp.c_str(), path.c_str()) != 0) {
    warn_once(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
    ::unlink(temp.c_str());
    return false;
  }
  return true;
}

}  // namespace ingot
