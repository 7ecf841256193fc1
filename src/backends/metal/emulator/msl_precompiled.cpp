// The MSL header precompiled by clang, once per header text, compiler and flags, and kept
// in the cache folder: parsing and compiling the header's inline functions took about 40%
// of each library's compile, the op suite compiles thousands of libraries, and each test
// runs in a process of its own, so only a file outlives a process.
#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "backends/metal/emulator/msl_internal.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "runtime/disk_cache.hpp"
#include "runtime/process.hpp"
#include "runtime/write_all.hpp"

namespace ingot::metal_emulator {
namespace {

// Writes `text` to `path` through a uniquely named file renamed into place, so that
// another process never sees it half written. False when the folder cannot be written.
bool write_atomically(const std::string& path, const std::string& text) {
  std::string temp = path + ".XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return false;
  bool written = write_all(fd, text.data(), text.size());
  written = ::close(fd) == 0 && written;
  if (written && std::rename(temp.c_str(), path.c_str()) == 0) return true;
  std::remove(temp.c_str());
  return false;
}

}  // namespace

std::string precompiled_header(const std::string& compiler, const std::string& identity,
                               const std::vector<std::string>& options) {
  const std::string& dir = Context::global().cache_dir();
  std::string base = dir + "/" + disk_cache_key(identity, msl_header());
  std::string header = base + ".msl.hpp", pch = base + ".pch";
  std::error_code error;
  if (std::filesystem::exists(pch, error) && std::filesystem::exists(header, error)) return pch;
  std::filesystem::create_directories(dir, error);
  // The header's name is recorded in the PCH and checked when it is used, so the header
  // stays beside it. Two processes may write both at once: their content is the same,
  // and the PCH records no timestamp (-fno-pch-timestamp) for a rewrite to invalidate.
  if (error || !write_atomically(header, msl_header())) return "";
  std::string temp = pch + ".XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return "";
  ::close(fd);
  std::vector<std::string> argv = {compiler, "-x", "c++-header"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.insert(argv.end(), {"-Xclang", "-fno-pch-timestamp", "-o", temp, header});
  ProcessResult result;
  try {
    result = run_compiler(argv, fmt::format("MSL compile: precompiling the MSL header {}", header));
  } catch (const Error&) {
    std::remove(temp.c_str());  // a compiler past its time limit
    throw;
  }
  if (result.exit_code != 0) {
    std::remove(temp.c_str());
    throw Error(fmt::format("MSL compile: precompiling the MSL header {} failed ({} {})\n{}",
                            header, compiler, result.ending(), result.output));
  }
  if (std::rename(temp.c_str(), pch.c_str()) != 0) {
    std::remove(temp.c_str());
    return "";
  }
  return pch;
}

}  // namespace ingot::metal_emulator
