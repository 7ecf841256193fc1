#include "ingot/context.hpp"

#include <cstdlib>
#include <string>

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
      beam_(env_int("BEAM")),
      noopt_(env_int("NOOPT") != 0),
      cache_dir_(env_or("INGOT_CACHE", default_cache_dir())),
      cpu_compiler_(env_or("INGOT_CC", "")),
      metal_fast_math_(env_int("METAL_FAST_MATH") == 1) {}

Context& Context::global() {
  static Context context;
  return context;
}

}  // namespace ingot
