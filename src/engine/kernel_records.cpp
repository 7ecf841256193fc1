#include "engine/kernel_records.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ingot/cached_kernels.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "runtime/disk_cache.hpp"

namespace ingot {
namespace fs = std::filesystem;
namespace {

constexpr const char* kSourceLine = "source:";

fs::path records_dir(const std::string& cache_dir) { return fs::path(cache_dir) / "kernels"; }

// "key: value" lines, then the source after kSourceLine.
CachedKernel parse_record(const fs::path& path) {
  std::ifstream file(path);
  CachedKernel kernel;
  std::string line;
  while (std::getline(file, line) && line != kSourceLine) {
    size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon), value = line.substr(colon + 2);
    if (key == "name") kernel.name = value;
    if (key == "device") kernel.device = value;
    if (key == "product") kernel.product = value;
    if (key == "opts") kernel.opts = value;
    if (key == "binary bytes")
      std::from_chars(value.data(), value.data() + value.size(), kernel.binary_bytes);
  }
  std::stringstream source;
  source << file.rdbuf();
  kernel.source = source.str();
  std::error_code error;
  auto written = fs::last_write_time(path, error);
  if (!error)
    kernel.last_use = std::chrono::duration_cast<std::chrono::seconds>(
                          std::chrono::file_clock::to_sys(written).time_since_epoch())
                          .count();
  return kernel;
}

}  // namespace

std::vector<CachedKernel> cached_kernels(const std::string& cache_dir) {
  std::vector<CachedKernel> kernels;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(records_dir(cache_dir), error))
    if (entry.path().extension() == ".txt") kernels.push_back(parse_record(entry.path()));
  std::stable_sort(kernels.begin(), kernels.end(), [](const auto& a, const auto& b) {
    return a.last_use != b.last_use ? a.last_use > b.last_use : a.name < b.name;
  });
  return kernels;
}

std::vector<CachedKernel> cached_kernels_named(const std::string& cache_dir,
                                               const std::string& name) {
  std::vector<CachedKernel> all = cached_kernels(cache_dir), named;
  std::copy_if(all.begin(), all.end(), std::back_inserter(named),
               [&](const CachedKernel& k) { return k.name == name; });
  if (!named.empty()) return named;
  if (all.empty())
    throw Error(
        fmt::format("no kernel named '{}': the cache {} records no kernels (run a "
                    "program with INGOT_CACHE={} first)",
                    name, cache_dir, cache_dir));
  std::vector<std::string> names;
  for (const CachedKernel& k : all)
    if (std::find(names.begin(), names.end(), k.name) == names.end()) names.push_back(k.name);
  constexpr size_t kShown = 12;
  std::string listed = fmt::format(
      "{}", fmt::join(names.begin(), names.begin() + std::min(names.size(), kShown), ", "));
  if (names.size() > kShown) listed += fmt::format(" and {} more", names.size() - kShown);
  throw Error(
      fmt::format("no kernel named '{}' in the cache {}; it holds {} (`ingot kernels` "
                  "lists them all)",
                  name, cache_dir, listed));
}

size_t clear_kernel_records(const std::string& cache_dir) {
  size_t removed = 0;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(records_dir(cache_dir), error))
    if (entry.path().extension() == ".txt" && fs::remove(entry.path(), error)) ++removed;
  return removed;
}

namespace engine {

void record_kernel(Device& device, const ir::Kernel& kernel, const std::string& source,
                   size_t binary_bytes) {
  const std::string& cache_dir = Context::global().cache_dir();
  fs::path dir = records_dir(cache_dir);
  fs::path path = dir / (disk_cache_key(device.compiler().identity(), source) + ".txt");
  std::error_code error;
  if (fs::exists(path, error)) {
    fs::last_write_time(path, fs::file_time_type::clock::now(), error);
    return;
  }
  fs::create_directories(dir, error);
  // Written aside and renamed into place, so that a reader never sees half a record.
  fs::path temp = path;
  temp += fmt::format(".{}", ::getpid());
  {
    std::ofstream file(temp);
    file << "name: " << kernel.name << "\ndevice: " << device.name()
         << "\nproduct: " << device.info().product << "\nopts: " << kernel.opts
         << "\nbinary bytes: " << binary_bytes << "\n"
         << kSourceLine << "\n"
         << source;
    if (!file) return;
  }
  fs::rename(temp, path, error);
  if (error) fs::remove(temp, error);
}

}  // namespace engine
}  // namespace ingot
