// Compiler::compile_cached, compile_names_cached and assemble_cached: the disk cache in
// front of every backend's compiler.
#include <fmt/format.h>

#include "core/trace.hpp"
#include "ingot/runtime.hpp"
#include "runtime/disk_cache.hpp"

namespace ingot {
namespace {

// What names a compile with name expressions in the cache: the source, then each
// expression after a NUL, which no source or expression holds.
std::string names_key(const std::string& source, const std::vector<std::string>& names) {
  std::string key = source;
  for (const std::string& name : names) key += '\0' + name;
  return key;
}

// The payload of such an entry: each symbol ending in a NUL, an empty one ending the list,
// then the binary.
std::vector<uint8_t> pack(const Compiler::NamedBinary& named) {
  std::vector<uint8_t> payload;
  for (const std::string& symbol : named.symbols) {
    payload.insert(payload.end(), symbol.begin(), symbol.end());
    payload.push_back(0);
  }
  payload.push_back(0);
  payload.insert(payload.end(), named.binary.begin(), named.binary.end());
  return payload;
}

// The entry unpacked, or nothing when it does not hold `count` symbols.
std::optional<Compiler::NamedBinary> unpack(const std::vector<uint8_t>& payload, size_t count) {
  Compiler::NamedBinary named;
  size_t at = 0;
  while (at < payload.size() && payload[at] != 0) {
    size_t end = at;
    while (end < payload.size() && payload[end] != 0) ++end;
    if (end == payload.size()) return std::nullopt;
    named.symbols.emplace_back(payload.begin() + long(at), payload.begin() + long(end));
    at = end + 1;
  }
  if (at == payload.size() || named.symbols.size() != count) return std::nullopt;
  named.binary.assign(payload.begin() + long(at) + 1, payload.end());
  return named;
}

// The disk cache in front of `make`, which turns `source` into a binary: the entry of
// (`id`, `source`) when there is one, else what `make` returns, stored.
template <class Make>
std::vector<uint8_t> cached(const std::string& id, const std::string& source, Make make) {
  trace::Span span("compile", "compile");
  if (auto cached = disk_cache_load(id, source)) {
    span.text("disk cache", "hit");
    return std::move(*cached);
  }
  span.text("disk cache", "miss");
  std::vector<uint8_t> binary = make();
  disk_cache_store(id, source, binary);  // best effort: a failure only costs a recompile
  return binary;
}

}  // namespace

std::vector<uint8_t> Compiler::compile_cached(const std::string& source) {
  return cached(identity(), source, [&] { return compile(source); });
}

std::vector<uint8_t> Compiler::assemble(const std::string&, const std::string& language) {
  throw Error(fmt::format(
      "the compiler assembles no '{}': the device takes kernels in its own language only",
      language));
}

std::string Compiler::assembly_identity(const std::string&) const { return identity(); }

ExportedKernel Compiler::export_kernel(const std::string&, const std::string& function,
                                       const std::string&) {
  throw Error(fmt::format(
      "the compiler cannot export kernel '{}': this device has no exported libraries", function));
}

std::vector<uint8_t> Compiler::assemble_cached(const std::string& source,
                                               const std::string& language) {
  // The language named in the key, whatever the backend's identity says.
  return cached(fmt::format("{}\nassembly: {}", assembly_identity(language), language), source,
                [&] { return assemble(source, language); });
}

Compiler::NamedBinary Compiler::compile_names(const std::string&,
                                              const std::vector<std::string>& names) {
  throw Error(fmt::format(
      "'{}' names no entry point of the source: only CUDA finds kernels by an expression "
      "(a template instantiation); name a kernel function of the source",
      names.empty() ? "" : names[0]));
}

Compiler::NamedBinary Compiler::compile_names_cached(const std::string& source,
                                                     const std::vector<std::string>& names) {
  trace::Span span("compile", "compile");
  std::string id = identity(), key = names_key(source, names);
  if (auto cached = disk_cache_load(id, key)) {
    if (auto named = unpack(*cached, names.size())) {
      span.text("disk cache", "hit");
      return std::move(*named);
    }
  }
  span.text("disk cache", "miss");
  NamedBinary named = compile_names(source, names);
  disk_cache_store(id, key, pack(named));
  return named;
}

}  // namespace ingot
