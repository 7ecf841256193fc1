// The compiled sources and loaded programs of custom kernels. A source (with its defines)
// compiles once per device and process, through the device's disk cache, however many of
// its entry points run; each entry point with each set of function constants loads once.
// Programs live for the process: a launch that has not finished must not outlive its
// program, and the next call with the same kernel skips the load.
#include <fmt/format.h>

#include <cctype>
#include <map>
#include <mutex>
#include <tuple>

#include "ingot/error.hpp"
#include "tensor/custom_kernel_bind.hpp"

namespace ingot {
namespace custom_kernel {
namespace {

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// The bytes that tell two sets of function constants apart.
std::string constants_key(const std::vector<FunctionConstant>& constants) {
  std::string key;
  for (const FunctionConstant& c : constants)
    key += fmt::format("{}|{}|{}|{}\n", c.index ? int64_t(*c.index) : -1, c.name,
                       dtype_name(c.dtype), fmt::join(c.bytes, ","));
  return key;
}

struct Cache {
  std::mutex mutex;
  std::map<std::pair<std::string, std::string>, std::vector<uint8_t>> binaries;  // device, source
  using Key = std::tuple<std::string, std::string, std::string, std::string, int>;
  std::map<Key, std::unique_ptr<Program>> programs;
};

Cache& cache() {
  static Cache instance;
  return instance;
}

}  // namespace

std::string source_with_defines(const CustomKernel& k) {
  if (k.defines.empty()) return k.source;
  std::string source;
  for (const auto& [name, value] : k.defines) {
    if (!is_identifier(name))
      throw Error(fmt::format("{}: define '{}' is not an identifier", kernel_name(k), name));
    if (value.find_first_of("\r\n") != std::string::npos)
      throw Error(fmt::format("{}: define {}'s value spans lines; a define is one line",
                              kernel_name(k), name));
    source += fmt::format("#define {} {}\n", name, value.empty() ? "1" : value);
  }
  // Compiler messages then count the lines of the caller's source.
  return source + "#line 1\n" + k.source;
}

Program& program_for(Device& device, const CustomKernel& k, const std::string& source,
                     int buffer_count) {
  Cache& c = cache();
  std::lock_guard lock(c.mutex);
  Cache::Key key{device.name(), source, k.function, constants_key(k.constants), buffer_count};
  auto it = c.programs.find(key);
  if (it != c.programs.end()) return *it->second;
  auto binary = c.binaries.find({device.name(), source});
  if (binary == c.binaries.end())
    binary =
        c.binaries
            .emplace(std::pair{device.name(), source}, device.compiler().compile_cached(source))
            .first;
  std::unique_ptr<Program> program =
      device.load_specialized(binary->second, k.function, buffer_count, k.constants);
  return *c.programs.emplace(key, std::move(program)).first->second;
}

}  // namespace custom_kernel

CustomKernelCounts custom_kernel_counts() {
  custom_kernel::Cache& c = custom_kernel::cache();
  std::lock_guard lock(c.mutex);
  return {c.binaries.size(), c.programs.size()};
}

}  // namespace ingot
