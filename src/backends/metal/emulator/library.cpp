// Compiling MSL: compile options, libraries and their functions, compute pipeline states.
// The kernel engine (msl_engine.hpp) compiles the source; this file gives it Metal's
// Objective-C shape: errors through NSError out-parameters, nil for a missing function.
#include <fmt/format.h>

#include "backends/metal/emulator/objects.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

// The MTLLanguageVersion values (major << 16 | minor) from 2.0 to 3.2.
bool known_language_version(NSUInteger version) {
  NSUInteger major = version >> 16, minor = version & 0xffff;
  return (major == 2 && minor <= 4) || (major == 3 && minor <= 2);
}

id new_library(MTLDevice&, id source, id options, id* error) {
  auto* text = as<NSString>(source, "newLibraryWithSource:options:error: (the source)");
  bool fast_math = true;  // Metal's default without options
  if (options) {
    auto* compile_options =
        as<MTLCompileOptions>(options, "newLibraryWithSource:options:error: (the options)");
    fast_math = compile_options->fast_math;
  }
  try {
    return (new MTLLibrary(MslLibrary::compile(text->text, fast_math), text->text, fast_math))
        ->as_id();
  } catch (const Error& e) {
    set_error(error, fmt::format("Compilation failed: \n\n{}", e.what()));
    return nullptr;
  }
}

id new_pipeline(MTLDevice&, id descriptor, NSUInteger options, id* reflection, id* error) {
  auto* desc = as<MTLComputePipelineDescriptor>(
      descriptor, "newComputePipelineStateWithDescriptor:options:reflection:error:");
  if (reflection)
    throw Error(
        "emulated Metal: newComputePipelineStateWithDescriptor:options:reflection:error: asks "
        "for reflection, which the emulator does not produce (pass nil)");
  if (options != 0)
    throw Error(fmt::format(
        "emulated Metal: newComputePipelineStateWithDescriptor:options:reflection:error: with "
        "options 0x{:x}; the emulator knows MTLPipelineOptionNone (0) only",
        options));
  if (!desc->function) {
    set_error(error, "the pipeline descriptor has no compute function");
    return nullptr;
  }
  const MTLFunction& function = *desc->function.get();
  if (!function.specialised && !function.info.constants.empty()) {
    std::string names;
    for (const MslFunctionConstant& c : function.info.constants)
      names += fmt::format("{}'{}' (index {})", names.empty() ? "" : ", ", c.name, c.index);
    set_error(error, fmt::format("function '{}' uses function constants {} and was not "
                                 "specialised: make it with newFunctionWithName:constantValues:"
                                 "error:",
                                 function.info.name, names));
    return nullptr;
  }
  return (new MTLComputePipelineState(function, desc->supports_indirect))->as_id();
}

}  // namespace

MTLCompileOptions::MTLCompileOptions() : Object(class_named("MTLCompileOptions")) {}
MTLLibrary::MTLLibrary(std::shared_ptr<MslLibrary> library, std::string source, bool fast_math)
    : Object(class_named("MTLLibrary")),
      library(std::move(library)),
      source(std::move(source)),
      fast_math(fast_math) {}
MTLFunction::MTLFunction(std::shared_ptr<MslLibrary> library, const MslFunctionInfo& info,
                         bool specialised)
    : Object(class_named("MTLFunction")),
      library(std::move(library)),
      info(info),
      specialised(specialised) {}
MTLComputePipelineDescriptor::MTLComputePipelineDescriptor()
    : Object(class_named("MTLComputePipelineDescriptor")) {}
MTLComputePipelineState::MTLComputePipelineState(const MTLFunction& function,
                                                 bool supports_indirect)
    : Object(class_named("MTLComputePipelineState")),
      library(function.library),
      info(function.info),
      supports_indirect(supports_indirect) {}

void define_library_classes() {
  const ClassInfo* base = &define_class("NSObject", nullptr);
  ClassInfo& options = define_class("MTLCompileOptions", base);
  def_class(
      options, "new", +[]() -> id { return (new MTLCompileOptions)->as_id(); });
  def(
      options, "setLanguageVersion:", +[](MTLCompileOptions& self, NSUInteger version) {
        if (!known_language_version(version))
          throw Error(fmt::format(
              "emulated Metal: setLanguageVersion:{} (0x{:x}) is no MTLLanguageVersion; they are "
              "major << 16 | minor, from 2.0 to 3.2",
              version, version));
        self.language_version = version;
      });
  def(
      options, "languageVersion",
      +[](MTLCompileOptions& self) -> NSUInteger { return self.language_version; });
  def(
      options, "setFastMathEnabled:", +[](MTLCompileOptions& self, bool enabled) {
        self.fast_math = enabled;
      });
  def(
      options, "fastMathEnabled", +[](MTLCompileOptions& self) -> bool { return self.fast_math; });

  ClassInfo& device = define_class("MTLDevice", base);
  def(device, "newLibraryWithSource:options:error:", new_library);
  def(device, "newComputePipelineStateWithDescriptor:options:reflection:error:", new_pipeline);

  ClassInfo& library = define_class("MTLLibrary", base);
  def(
      library, "newFunctionWithName:", +[](MTLLibrary& self, id name) -> id {
        auto* text = as<NSString>(name, "newFunctionWithName:");
        const MslFunctionInfo* info = self.library->function(text->text);
        return info ? (new MTLFunction(self.library, *info, false))->as_id() : nullptr;  // nil
      });

  ClassInfo& function = define_class("MTLFunction", base);
  def(
      function, "name", +[](MTLFunction& self) -> id {
        return (new NSString(self.info.name))->autorelease()->as_id();
      });

  ClassInfo& descriptor = define_class("MTLComputePipelineDescriptor", base);
  def_class(
      descriptor, "new", +[]() -> id { return (new MTLComputePipelineDescriptor)->as_id(); });
  def(
      descriptor, "setComputeFunction:", +[](MTLComputePipelineDescriptor& self, id function) {
        self.function =
            Ref<MTLFunction>(function ? as<MTLFunction>(function, "setComputeFunction:") : nullptr);
      });
  def(
      descriptor,
      "setSupportIndirectCommandBuffers:", +[](MTLComputePipelineDescriptor& self, bool supports) {
        self.supports_indirect = supports;
      });

  ClassInfo& pipeline = define_class("MTLComputePipelineState", base);
  def(
      pipeline, "maxTotalThreadsPerThreadgroup", +[](MTLComputePipelineState& self) -> NSUInteger {
        return NSUInteger(self.info.max_total_threads);
      });
  def(
      pipeline, "threadExecutionWidth",
      +[](MTLComputePipelineState&) -> NSUInteger { return kSimdWidth; });
  def(
      pipeline, "staticThreadgroupMemoryLength", +[](MTLComputePipelineState& self) -> NSUInteger {
        return self.info.static_threadgroup_bytes;
      });
}

}  // namespace ingot::metal_emulator
