// The Metal compiler: MSL source to an MTLLibrary with newLibraryWithSource:options:error:.
// The binary the disk cache keeps is the source itself (Metal has no stable binary short
// of a metallib built by Apple's offline tools); the libraries made from it are kept for
// the life of the process, so each source compiles once per process.
#include <fmt/format.h>

#include "backends/metal/metal.hpp"
#include "ingot/context.hpp"
#include "runtime/failed_source.hpp"

namespace ingot::metal {
namespace {

using objc::id;
using objc::NSUInteger;
using objc::send;

// MTLLanguageVersion3_1 (major << 16 | minor): bfloat, and macOS 14 or later.
constexpr NSUInteger kLanguageVersion = (3 << 16) | 1;

}  // namespace

MetalCompiler::MetalCompiler(MetalContext& metal)
    : metal_(metal), fast_math_(Context::global().metal_fast_math()) {}

std::string MetalCompiler::identity() const {
  // The source is the binary: what compiles it can change without a new cache entry.
  return fmt::format("MSL source, language version 3.1, fast math {}", fast_math_ ? "on" : "off");
}

std::vector<uint8_t> MetalCompiler::compile(const std::string& source) {
  library(source);  // compile errors belong to compile(), with Metal's message
  return std::vector<uint8_t>(source.begin(), source.end());
}

ExportedKernel MetalCompiler::export_kernel(const std::string& source, const std::string&,
                                            const std::string&) {
  return {".metal", compile(source)};
}

id MetalCompiler::library(const std::string& source) {
  std::lock_guard lock(mutex_);
  if (auto it = libraries_.find(source); it != libraries_.end()) return it->second.get();
  objc::AutoreleasePool pool;
  objc::Owned options(send<id>(objc::get_class("MTLCompileOptions"), "new"));
  send<void>(options.get(), "setLanguageVersion:", kLanguageVersion);
  send<void>(options.get(), "setFastMathEnabled:", fast_math_);
  id error = nullptr;
  objc::Owned library(send<id>(metal_.device.get(), "newLibraryWithSource:options:error:",
                               objc::ns_string(source), options.get(), &error));
  if (!library)
    throw Error(fmt::format("{} MSL compile failed; the source is kept at {}\n{}", metal_.name,
                            keep_failed_source(source, ".metal"), objc::error_text(error)));
  return libraries_.emplace(source, std::move(library)).first->second.get();
}

}  // namespace ingot::metal
