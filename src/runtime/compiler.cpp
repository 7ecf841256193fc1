// Compiler::compile_cached: the disk cache in front of every backend's compiler.
#include "core/trace.hpp"
#include "ingot/runtime.hpp"
#include "runtime/disk_cache.hpp"

namespace ingot {

std::vector<uint8_t> Compiler::compile_cached(const std::string& source) {
  trace::Span span("compile", "compile");
  std::string id = identity();
  if (auto cached = disk_cache_load(id, source)) {
    span.text("disk cache", "hit");
    return std::move(*cached);
  }
  span.text("disk cache", "miss");
  std::vector<uint8_t> binary = compile(source);
  disk_cache_store(id, source, binary);  // best effort: a failure only costs a recompile
  return binary;
}

}  // namespace ingot
