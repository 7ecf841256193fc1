#include "ingot/context.hpp"

#include <fmt/format.h>

#include <algorithm>
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

}  // namespace

Context::Context()
    : debug_(env_int("DEBUG")),
      device_(env_or("DEV", "")),
      beam_(std::max(0, env_int("BEAM"))),
      noopt_(env_int("NOOPT") != 0),
      cache_dir_(env_or("INGOT_CACHE", default_cache_dir())),
      cpu_compiler_(env_or("INGOT_CC", "")),
      metal_fast_math_(env_int("METAL_FAST_MATH") == 1) {}

void Context::set_beam(int width) {
  if (width < 0)
    throw ArgumentError(fmt::format(
        "set_beam: width {} is negative; 0 turns BEAM off, n > 0 times up to n candidates", width));
  beam_ = width;
}

Context& Context::global() {
  static Context context;
  return context;
}

}  // namespace ingot
