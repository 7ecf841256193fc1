#include "ingot/context.hpp"

#include <fmt/format.h>
#include <unistd.h>

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

// PROFILE=1 (or any number but 0) names a file of this process in the working folder;
// another value is the path itself.
std::string profile_path_from(const std::string& value) {
  if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos) return value;
  return fmt::format("ingot-trace-{}.json", ::getpid());
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
      profile_path_(profile_path_from(env_or("PROFILE", "1"))) {}

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

Context& Context::global() {
  static Context context;
  return context;
}

}  // namespace ingot
