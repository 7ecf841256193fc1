// The compiled sources and loaded programs of custom kernels. A source (with its defines)
// compiles once per device and process, through the device's disk cache, however many of
// its entry points run; each entry point with each set of function constants loads once.
// Programs live for the process: a launch that has not finished must not outlive its
// program, and the next call with the same kernel skips the load. An assembly source
// (CustomKernel::language) is assembled instead, cached the same way.
#include <fmt/format.h>

#include <map>
#include <mutex>
#include <tuple>

#include "ingot/error.hpp"
#include "tensor/custom_kernel_bind.hpp"

namespace ingot {
namespace custom_kernel {
namespace {

// The bytes that tell two sets of function constants apart.
std::string constants_key(const std::vector<FunctionConstant>& constants) {
  std::string key;
  for (const FunctionConstant& c : constants)
    key += fmt::format("{}|{}|{}|{}\n", c.index ? int64_t(*c.index) : -1, c.name,
                       dtype_name(c.dtype), fmt::join(c.bytes, ","));
  return key;
}

// A compiled source, and for a CUDA template instantiation the symbol NVRTC gave it
// (empty otherwise: the entry point is named as in the source).
struct Compiled {
  std::vector<uint8_t> binary;
  std::string symbol;
};

struct Cache {
  std::mutex mutex;
  // By device and source (and name expression, which is compiled with the source).
  std::map<std::pair<std::string, std::string>, Compiled> compiled;
  using Key = std::tuple<std::string, std::string, std::string, std::string, int>;
  std::map<Key, std::unique_ptr<Program>> programs;
};

Cache& cache() {
  static Cache instance;
  return instance;
}

}  // namespace

std::string source_with_defines(const CustomKernel& k, const std::string& language) {
  if (k.defines.empty()) return k.source;
  if (language == "ptx")
    throw ArgumentError(fmt::format(
        "{}: {} defines given, but PTX has no preprocessor; write the values into the source",
        kernel_name(k), k.defines.size()));
  std::string source;
  for (const auto& [name, value] : k.defines) {
    if (!is_identifier(name))
      throw ArgumentError(
          fmt::format("{}: define '{}' is not an identifier", kernel_name(k), name));
    if (value.find_first_of("\r\n") != std::string::npos)
      throw ArgumentError(fmt::format("{}: define {}'s value spans lines; a define is one line",
                                      kernel_name(k), name));
    source += fmt::format("#define {} {}\n", name, value.empty() ? "1" : value);
  }
  // Compiler messages then count the lines of the caller's source.
  return source + "#line 1\n" + k.source;
}

Program& program_for(Device& device, const CustomKernel& k, const std::string& source,
                     const std::string& language, int buffer_count) {
  Cache& c = cache();
  std::lock_guard lock(c.mutex);
  // The device and the language, which tell a source of one language from the same text
  // in another.
  const std::string where = device.name() + '\0' + language;
  Cache::Key key{where, source, k.function, constants_key(k.constants), buffer_count};
  auto it = c.programs.find(key);
  if (it != c.programs.end()) {
    if (!it->second->lost()) return *it->second;
    c.programs.erase(it);  // loaded before the device was started afresh: loaded again below
  }
  // A CUDA template instantiation is compiled with its name expression, once for each.
  const bool by_name = !is_identifier(k.function);
  const bool assembly = language != device.info().language;
  std::pair<std::string, std::string> compiled_key{where, source};
  if (by_name) compiled_key.second += '\0' + k.function;
  auto compiled = c.compiled.find(compiled_key);
  if (compiled == c.compiled.end()) {
    Compiled fresh;
    if (by_name) {
      Compiler::NamedBinary named = device.compiler().compile_names_cached(source, {k.function});
      fresh = {std::move(named.binary), named.symbols.at(0)};
    } else if (assembly) {
      fresh.binary = device.compiler().assemble_cached(source, language);
    } else {
      fresh.binary = device.compiler().compile_cached(source);
    }
    compiled = c.compiled.emplace(compiled_key, std::move(fresh)).first;
  }
  const std::string& symbol = by_name ? compiled->second.symbol : k.function;
  std::unique_ptr<Program> program =
      device.load_specialized(compiled->second.binary, symbol, buffer_count, k.constants);
  return *c.programs.emplace(key, std::move(program)).first->second;
}

}  // namespace custom_kernel

CustomKernelCounts custom_kernel_counts() {
  custom_kernel::Cache& c = custom_kernel::cache();
  std::lock_guard lock(c.mutex);
  return {c.compiled.size(), c.programs.size()};
}

}  // namespace ingot
