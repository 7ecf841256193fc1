// The kernels in the compiled-kernel cache (INGOT_CACHE), as `ingot kernels` lists them.
// The engine records each kernel it builds beside the cache's binaries: its name, device,
// opts and source; the record's time is the kernel's last use by a process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ingot {

struct CachedKernel {
  std::string name;
  std::string device;   // "CPU", "CL:0"...
  std::string product;  // the device's hardware name
  std::string opts;
  std::string source;
  uint64_t binary_bytes = 0;
  int64_t last_use = 0;  // seconds since the epoch
};

// Every kernel recorded under `cache_dir` (a Context::cache_dir()), most recently used
// first; none when the folder holds no records.
std::vector<CachedKernel> cached_kernels(const std::string& cache_dir);

// The kernels of that name, most recently used first. Throws Error naming the folder and
// the names it holds when there is none.
std::vector<CachedKernel> cached_kernels_named(const std::string& cache_dir,
                                               const std::string& name);

// Removes every kernel record under `cache_dir` (`ingot cache clear`); returns how many.
size_t clear_kernel_records(const std::string& cache_dir);

}  // namespace ingot
