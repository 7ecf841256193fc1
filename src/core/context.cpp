#include "ingot/context.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
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

// A variable that does not parse keeps its default, with a line on stderr saying so: the
// context is made on first use, where an exception would end the program.
void warn_ignored(const char* name, const std::string& value, const char* valid) {
  std::fprintf(stderr, "ingot: ignoring %s=%s: %s\n", name, value.c_str(), valid);
}

// INGOT_MEMORY_LIMIT: bytes, or a number followed by K, M or G (KiB, MiB, GiB).
uint64_t env_bytes(const char* name, uint64_t fallback) {
  std::string value = env_or(name, "");
  if (value.empty()) return fallback;
  char* end = nullptr;
  double number = std::strtod(value.c_str(), &end);
  std::string suffix(end);
  int shift = suffix.empty()  ? 0
              : suffix == "K" ? 10
              : suffix == "M" ? 20
              : suffix == "G" ? 30
                              : -1;
  double bytes = std::ldexp(number, std::max(shift, 0));
  if (end == value.c_str() || shift < 0 || !(bytes >= 0) || bytes >= 0x1p64) {
    warn_ignored(name, value, "give bytes, or a number followed by K, M or G");
    return fallback;
  }
  return uint64_t(bytes);
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
      cpu_compiler_(env_or("INGOT_CC", "")),
      metal_fast_math_(env_int("METAL_FAST_MATH") == 1),
      profile_(env_or("PROFILE", "0") != "0"),
      profile_path_(profile_path_from(env_or("PROFILE", "1"))),
      memory_limit_(env_bytes("INGOT_MEMORY_LIMIT", 0)),
      compile_timeout_(env_seconds("INGOT_COMPILE_TIMEOUT", 120)) {}

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
