// `ingot kernels` and `ingot kernels show NAME`: the kernels the cache records
// (include/ingot/cached_kernels.hpp).
#include <fmt/chrono.h>
#include <fmt/core.h>

#include <ctime>

#include "cli_commands.hpp"
#include "ingot/cached_kernels.hpp"

namespace ingot::cli {
namespace {

std::string local_time(int64_t seconds) {
  std::time_t t = seconds;
  std::tm tm{};
  localtime_r(&t, &tm);
  return fmt::format("{:%Y-%m-%d %H:%M:%S}", tm);
}

std::string trimmed(const std::string& opts) {
  size_t end = opts.find_last_not_of(' ');
  return end == std::string::npos ? "none" : opts.substr(0, end + 1);
}

}  // namespace

int list_kernels(const std::string& cache_dir) {
  std::vector<CachedKernel> kernels = cached_kernels(cache_dir);
  if (kernels.empty()) {
    fmt::print("no kernels recorded in {}\n", cache_dir);
    return 0;
  }
  fmt::print("{:<8} {:<32} {:>10}  {:<19}  {}\n", "device", "name", "binary", "last use", "opts");
  for (const CachedKernel& k : kernels)
    fmt::print("{:<8} {:<32} {:>10}  {:<19}  {}\n", k.device, k.name,
               fmt::format("{} B", k.binary_bytes), local_time(k.last_use), trimmed(k.opts));
  fmt::print("{} kernels in {}\n", kernels.size(), cache_dir);
  return 0;
}

int show_kernel(const std::string& cache_dir, const std::string& name) {
  std::vector<CachedKernel> kernels = cached_kernels_named(cache_dir, name);
  for (size_t i = 0; i < kernels.size(); ++i) {
    const CachedKernel& k = kernels[i];
    if (i > 0) fmt::print("\n");
    fmt::print("// {} on {} ({}): {} bytes of binary, last used {}\n// opts: {}\n", k.name,
               k.device, k.product, k.binary_bytes, local_time(k.last_use), trimmed(k.opts));
    fmt::print("{}\n", k.source);
  }
  return 0;
}

}  // namespace ingot::cli
