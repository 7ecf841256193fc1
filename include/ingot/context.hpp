// Configuration: every environment variable ingot reads is read here, once, and each
// has a C++ setter with the same meaning (shared/DESIGN.md "Configuration").
#pragma once

#include <cstdint>
#include <string>

namespace ingot {

class Context {
 public:
  // The process-wide context, initialised from the environment on first use.
  static Context& global();

  int debug() const { return debug_; }                           // DEBUG
  const std::string& default_device() const { return device_; }  // DEV
  int beam() const { return beam_; }                             // BEAM
  bool noopt() const { return noopt_; }                          // NOOPT
  const std::string& cache_dir() const { return cache_dir_; }    // INGOT_CACHE
  // INGOT_CACHE_MAX: the most bytes the kernel cache's entries may take (default 4 GiB).
  // Throws Error naming the variable when its value is not a size (4G, 512M, 100000...).
  uint64_t cache_max_bytes() const;
  // INGOT_CC: the C compiler the CPU backend runs; empty means search clang-19, clang,
  // gcc, cc on PATH.
  const std::string& cpu_compiler() const { return cpu_compiler_; }
  // METAL_FAST_MATH=1: Metal libraries compile with fast math (read when a Metal device
  // opens).
  bool metal_fast_math() const { return metal_fast_math_; }
  // PROFILE: record a Chrome/Perfetto trace (include/ingot/profile.hpp), written to
  // profile_path() at exit. PROFILE=1 names ingot-trace-<pid>.json in the working folder;
  // any other value but 0 is the path itself.
  bool profile() const { return profile_; }
  const std::string& profile_path() const { return profile_path_; }
  // INGOT_MEMORY_LIMIT: the most bytes ingot holds on each device (its buffers in use and
  // its cache of freed ones); 0 means the device's own memory (DeviceInfo::memory_bytes).
  uint64_t memory_limit() const { return memory_limit_; }
  // INGOT_COMPILE_TIMEOUT: the seconds a compiler process may run before it is killed and
  // the compile fails; 0 means no limit.
  double compile_timeout() const { return compile_timeout_; }

  void set_debug(int level) { debug_ = level; }
  void set_default_device(const std::string& name) { device_ = name; }
  // 0 turns BEAM off; n > 0 times up to n candidate kernels. Throws Error when negative.
  void set_beam(int width);
  void set_noopt(bool value) { noopt_ = value; }
  void set_cache_dir(const std::string& dir) { cache_dir_ = dir; }
  // Throws Error when `bytes` is 0.
  void set_cache_max_bytes(uint64_t bytes);
  void set_cpu_compiler(const std::string& path) { cpu_compiler_ = path; }
  void set_metal_fast_math(bool value) { metal_fast_math_ = value; }
  // Turns recording on or off; the events recorded so far are kept.
  void set_profile(bool on) { profile_ = on; }
  // Where the trace goes at exit. Throws Error when empty.
  void set_profile_path(const std::string& path);
  void set_memory_limit(uint64_t bytes) { memory_limit_ = bytes; }
  // Throws ArgumentError unless `seconds` is finite and not negative.
  void set_compile_timeout(double seconds);

 private:
  Context();
  int debug_ = 0;
  std::string device_;
  int beam_ = 0;
  bool noopt_ = false;
  std::string cache_dir_;
  uint64_t cache_max_bytes_ = 0;
  // Why INGOT_CACHE_MAX was refused, thrown when the limit is asked for: the context is
  // read by every layer, and only the cache should fail over a bad limit.
  std::string cache_max_error_;
  std::string cpu_compiler_;
  bool metal_fast_math_ = false;
  bool profile_ = false;
  std::string profile_path_;
  uint64_t memory_limit_ = 0;
  double compile_timeout_ = 120;
};

}  // namespace ingot
