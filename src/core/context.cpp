#include "ingot/context.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "ingot/error.hpp"

namespace ingot {
namespace {

std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value && *value ? std::string(value) : fallback;
}

int env_int(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? std::atoi(value) : 0;
}

std::string default_cache_dir() {
  std::string home = env_or("HOME", "/tmp");
  return env_or("XDG_CACHE_HOME", home + "/.cache") + "/ingot";
}

// PROFILE=1 (or any number but 0) names a file of this process in the working folder;
// another value is the path itself.
std::string profile_path_from(const std::string& value) {
  if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos) return value;
  return fmt::format("ingot-trace-{}.json", ::getpid());
}

constexpr uint64_t kDefaultCacheMax = uint64_t(4) << 30;

// A size in bytes: digits, then optionally a binary unit K, M, G or T (powers of 1024),
// optionally followed by "B" or "iB" ("4G", "4GiB", "512m", "100000"). Empty when the
// text is no such size, or 0, or more than 2^64 - 1 bytes.
std::optional<uint64_t> parse_byte_size(const std::string& text) {
  uint64_t number = 0;
  const char* end = text.data() + text.size();
  auto [rest, error] = std::from_chars(text.data(), end, number);
  if (error != std::errc() || number == 0) return std::nullopt;
  std::string unit(rest, end);
  std::transform(unit.begin(), unit.end(), unit.begin(), [](char c) { return std::toupper(c); });
  int shift = 0;
  if (!unit.empty() && unit[0] != 'B') {
    size_t at = std::string("KMGT").find(unit[0]);
    if (at == std::string::npos) return std::nullopt;
    shift = 10 * int(at + 1);
    unit.erase(0, 1);
  }
  if (unit != "" && unit != "B" && !(shift > 0 && unit == "IB")) return std::nullopt;
  if (number > (UINT64_MAX >> shift)) return std::nullopt;
  return number << shift;
}

// A variable that does not parse keeps its default, with a line on stderr saying so: the
// context is made on first use, where an exception would end the program.
void warn_ignored(const char* name, const std::string& value, const char* valid) {
  std::fprintf(stderr, "ingot: ignoring %s=%s: %s\n", name, value.c_str(), valid);
}

// INGOT_MEMORY_LIMIT: a size as parse_byte_size reads it.
uint64_t env_bytes(const char* name, uint64_t fallback) {
  std::string value = env_or(name, "");
  if (value.empty()) return fallback;
  if (std::optional<uint64_t> bytes = parse_byte_size(value)) return *bytes;
  warn_ignored(name, value, "give bytes, or a number followed by K, M, G or T (powers of 1024)");
  return fallback;
}

double env_seconds(const char* name, double fallback) {
  std::string value = env_or(name, "");
  if (value.empty()) return fallback;
  char* end = nullptr;
  double seconds = std::strtod(value.c_str(), &end);
  if (*end != '\0' || !std::isfinite(seconds) || seconds < 0) {
    warn_ignored(name, value, "give seconds, 0 or more (0: no limit)");
    return fallback;
  }
  return seconds;
}

}  // namespace

Context::Context()
    : debug_(env_int("DEBUG")),
      device_(env_or("DEV", "")),
      beam_(std::max(0, env_int("BEAM"))),
      noopt_(env_int("NOOPT") != 0),
      cache_dir_(env_or("INGOT_CACHE", default_cache_dir())),
      cache_max_bytes_(kDefaultCacheMax),
      cpu_compiler_(env_or("INGOT_CC", "")),
      metal_fast_math_(env_int("METAL_FAST_MATH") == 1),
      profile_(env_or("PROFILE", "0") != "0"),
      profile_path_(profile_path_from(env_or("PROFILE", "1"))),
      memory_limit_(env_bytes("INGOT_MEMORY_LIMIT", 0)),
      compile_timeout_(env_seconds("INGOT_COMPILE_TIMEOUT", 120)) {
  std::string cache_max = env_or("INGOT_CACHE_MAX", "");
  if (cache_max.empty()) return;
  if (std::optional<uint64_t> bytes = parse_byte_size(cache_max))
    cache_max_bytes_ = *bytes;
  else
    cache_max_error_ = fmt::format(
        "INGOT_CACHE_MAX={} is not a size: give a positive number of bytes, optionally with "
        "a unit K, M, G or T (powers of 1024), e.g. 4G, 512M or 100000",
        cache_max);
}

uint64_t Context::cache_max_bytes() const {
  if (!cache_max_error_.empty()) throw Error(cache_max_error_);
  return cache_max_bytes_;
}

void Context::set_cache_max_bytes(uint64_t bytes) {
  if (bytes == 0)
    throw ArgumentError(
        "set_cache_max_bytes: the limit is 0 bytes; give the most bytes the kernel cache may "
        "take (more than 0)");
  cache_max_bytes_ = bytes;
  cache_max_error_.clear();
}

void Context::set_profile_path(const std::string& path) {
  if (path.empty())
    throw ArgumentError("set_profile_path: the path is empty; give the file the trace goes to");
  profile_path_ = path;
}

void Context::set_beam(int width) {
  if (width < 0)
    throw ArgumentError(fmt::format(
        "set_beam: width {} is negative; 0 turns BEAM off, n > 0 times up to n candidates", width));
  beam_ = width;
}

void Context::set_compile_timeout(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0)
    throw ArgumentError(
        fmt::format("set_compile_timeout: {} seconds; give 0 or more (0: no limit)", seconds));
  compile_timeout_ = seconds;
}

Context& Context::global() {
  static Context context;
  return context;
}

}  // namespace ingot
