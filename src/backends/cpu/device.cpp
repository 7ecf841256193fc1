// The CPU device: what the host offers, and the backend's registration.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "backends/cpu/cpu.hpp"
#include "ingot/error.hpp"

namespace ingot::cpu {
namespace {

uint64_t physical_memory() {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

// The memory limit of the process's control group, where one is set (a container's):
// cgroup v2's memory.max or v1's memory.limit_in_bytes, in the group /proc/self/cgroup
// names or at the root of the mount (a container sees its own group there); the smallest.
// "max", and v1's huge number for no limit, leave the physical memory in force.
uint64_t cgroup_memory_limit() {
  std::vector<std::string> files = {"/sys/fs/cgroup/memory.max",
                                    "/sys/fs/cgroup/memory/memory.limit_in_bytes"};
  std::ifstream groups("/proc/self/cgroup");
  for (std::string line; std::getline(groups, line);) {
    std::string path = line.substr(line.rfind(':') + 1);
    if (line.starts_with("0::")) files.push_back("/sys/fs/cgroup" + path + "/memory.max");
    if (line.find(":memory:") != std::string::npos)
      files.push_back("/sys/fs/cgroup/memory" + path + "/memory.limit_in_bytes");
  }
  uint64_t limit = UINT64_MAX;
  for (const std::string& file : files) {
    uint64_t value = 0;
    if (std::ifstream(file) >> value && value > 0) limit = std::min(limit, value);
  }
  return limit;
}

// The memory ingot may hold on the host: the physical memory, or less where the control
// group allows less.
uint64_t host_memory() { return std::min(physical_memory(), cgroup_memory_limit()); }

int hardware_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

int simd_width() {
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx512f")) return 16;
  if (__builtin_cpu_supports("avx2")) return 8;
#endif
  return 4;  // SSE and NEON: four float32 lanes
}

DeviceInfo host_info(const CpuCompiler& compiler) {
  std::string product = cpuinfo_field("model name");
  uint64_t memory = host_memory();
  int threads = hardware_threads();
  return DeviceInfo{
      .name = "CPU",
      .product = product.empty() ? std::string("host CPU") : product,
      .language = "c",
      .assembly = {"asm"},
      .compute_units = threads,
      .max_threads_per_group = 1,
      .simd_width = simd_width(),
      .vector_math = true,
      .vector_halves = true,
      .memory_bytes = memory,
      .max_buffer_bytes = memory,
      .extra = {{"compiler", compiler.describe()}, {"threads", std::to_string(threads)}}};
}

}  // namespace

std::string cpuinfo_field(const std::string& key) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    auto colon = line.find(':');
    if (colon == std::string::npos || line.compare(0, key.size(), key) != 0) continue;
    if (line.find_first_not_of(" \t", key.size()) != colon) continue;  // "flags" vs "flagsx"
    auto value = line.find_first_not_of(' ', colon + 1);
    return value == std::string::npos ? "" : line.substr(value);
  }
  return "";
}

CpuDevice::CpuDevice()
    : info_(host_info(compiler_)), allocator_(*this), pool_(info_.compute_units) {}

std::unique_ptr<Program> CpuDevice::load(const std::vector<uint8_t>& binary,
                                         const std::string& function, int buffer_count) {
  return std::make_unique<CpuProgram>(*this, binary, function, buffer_count);
}

}  // namespace ingot::cpu

namespace ingot {

void register_backend_cpu() {
  // Rank 100: every GPU backend ranks lower and is preferred as the default device.
  register_backend({"CPU", 100, [] { return std::vector<std::string>{"CPU"}; },
                    [](const std::string&) { return std::make_unique<cpu::CpuDevice>(); }});
}

}  // namespace ingot
