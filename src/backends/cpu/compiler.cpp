// The CPU compiler: runs the host's C compiler to turn one C source, or one source of the
// host's assembly, into a shared object.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "backends/cpu/cpu.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "runtime/link_command.hpp"
#include "runtime/process.hpp"
#include "runtime/sanitizer_flags.hpp"

namespace ingot::cpu {
namespace {

// -ffp-contract=fast allows fused multiply-adds, which the GPUs use too; no -ffast-math,
// whose reassociation and NaN assumptions would break the op suite's references.
// -fwrapv: integer tensors wrap on overflow, as in PyTorch, instead of being undefined.
// -fno-builtin-pow*: gcc vectorizes pow(x, 0.5) as a square root, which gives NaN for
// pow(-inf, 0.5) (IEEE: +inf; ingot_fuzz seed 1815 on the H100 machine's gcc).
// Every step compiles to an object (-c) only, linked by runtime/link_command.hpp.
const std::vector<std::string> kCommonFlags = {"-x",
                                               "c",
                                               "-std=c11",
                                               "-O3",
                                               "-ffp-contract=fast",
                                               "-fPIC",
                                               "-fno-math-errno",
                                               "-fwrapv",
                                               "-fno-builtin-powf",
                                               "-fno-builtin-pow",
                                               "-c"};
std::vector<std::string> with(std::vector<std::string> flags, std::vector<std::string> more) {
  flags.insert(flags.end(), more.begin(), more.end());
  return flags;
}
// A sanitizer build instruments the kernels too (runtime/sanitizer_flags.hpp).
const std::vector<std::string> kFlags =
    with_kernel_sanitizer_flags(with(kCommonFlags, {"-march=native"}));

// Assembly goes through the C preprocessor first, as a .S file would (so that defines
// work); --noexecstack: a source without a .note.GNU-stack section would otherwise ask
// for an executable stack, which a newer glibc refuses to load.
const std::vector<std::string> kAssemblyFlags = {"-x", "assembler-with-cpp", "-fPIC",
                                                 "-Wa,--noexecstack", "-c"};

// A fresh folder for one compile: in the cache folder when possible, so that a failing
// source is kept beside the cache; else in the system's temporary folder.
std::filesystem::path make_build_dir() {
  std::filesystem::path cache = Context::global().cache_dir();
  std::filesystem::path temp = std::filesystem::temp_directory_path();
  std::error_code ignored;  // an uncreatable cache folder makes its mkdtemp fail below
  std::filesystem::create_directories(cache, ignored);
  for (std::string pattern :
       {(cache / "build-XXXXXX").string(), (temp / "ingot-build-XXXXXX").string()}) {
    if (mkdtemp(pattern.data())) return pattern;
  }
  throw Error(fmt::format("CPU compiler: cannot create a build folder in {} or {}: {}",
                          cache.string(), temp.string(), std::strerror(errno)));
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

CpuCompiler::Found CpuCompiler::found() const {
  std::lock_guard lock(mutex_);
  const std::string& requested = Context::global().cpu_compiler();
  if (found_ && found_->requested == requested) return *found_;
  std::string path = find_c_compiler();
  ProcessResult version = run_compiler({path, "--version"}, "the CPU compiler's --version");
  if (version.exit_code != 0) {
    throw Error(fmt::format("the CPU backend's C compiler {} fails `--version` (it {}): {}", path,
                            version.ending(), version.output));
  }
  found_ = Found{requested, path, first_line(version.output)};
  return *found_;
}

std::string CpuCompiler::describe() const {
  try {
    Found cc = found();
    return cc.path + " (" + cc.version + ")";
  } catch (const Error& e) {
    return e.what();
  }
}

std::string CpuCompiler::identity() const {
  Found cc = found();
  // -march=native makes the binary depend on the host CPU: its model and features.
  static const std::string host = cpuinfo_field("model name") + "\n" + cpuinfo_field("flags");
  return fmt::format("{}\n{}\n{}\n{}", cc.path, cc.version, fmt::join(kFlags, " "), host);
}

std::string CpuCompiler::assembly_identity(const std::string&) const {
  Found cc = found();
  return fmt::format("{}\n{}\n{}", cc.path, cc.version, fmt::join(kAssemblyFlags, " "));
}

std::vector<uint8_t> CpuCompiler::compile(const std::string& source) {
  return build(source, "kernel.c", kFlags, Output::kSharedObject, "compile");
}

ExportedKernel CpuCompiler::export_kernel(const std::string& source, const std::string& function,
                                          const std::string& symbol) {
  // The renderer's kernels are named by their shapes, so that two kernels of one library
  // may share a name: each is renamed where it is defined. No sanitizer (the program
  // linking it has no sanitizer runtime) and no -march=native (it runs on other machines).
  return {".o", build(source, "kernel.c", with(kCommonFlags, {"-D" + function + "=" + symbol}),
                      Output::kObject, "export")};
}

std::vector<uint8_t> CpuCompiler::assemble(const std::string& source, const std::string& language) {
  if (language != "asm")
    throw Error(fmt::format("CPU assembly: the CPU assembles 'asm', not '{}'", language));
  return build(source, "kernel.S", kAssemblyFlags, Output::kSharedObject, "assembly");
}

std::vector<uint8_t> CpuCompiler::build(const std::string& source, const std::string& file_name,
                                        const std::vector<std::string>& flags, Output output,
                                        const std::string& what) {
  Found cc = found();
  std::filesystem::path dir = make_build_dir();
  std::filesystem::path source_path = dir / file_name, object_path = dir / "kernel.o",
                        shared_path = dir / "kernel.so";
  if (!(std::ofstream(source_path, std::ios::binary) << source))
    throw Error(fmt::format("CPU {}: cannot write the source to {}", what, source_path.string()));
  // On a failure the folder stays, so the source can be read and compiled by hand.
  auto run = [&](std::vector<std::string> argv, const std::string& step) {
    ProcessResult result = run_compiler(
        argv, fmt::format("CPU {} (the source is kept at {})", what, source_path.string()));
    if (result.exit_code != 0) {
      throw Error(fmt::format("CPU {} failed: {} {}; the source is kept at {}\n{}", what, step,
                              result.ending(), source_path.string(), result.output));
    }
  };
  std::vector<std::string> compile = {cc.path};
  compile.insert(compile.end(), flags.begin(), flags.end());
  compile.insert(compile.end(), {"-o", object_path.string(), source_path.string()});
  run(compile, cc.path);
  std::filesystem::path binary_path = object_path;
  if (output == Output::kSharedObject) {
    std::vector<std::string> link = link_command(cc.path, kernel_sanitizer_flags(), {"-lm"},
                                                 object_path.string(), shared_path.string());
    run(link, link.at(0));
    binary_path = shared_path;
  }
  std::ifstream file(binary_path, std::ios::binary);
  std::vector<uint8_t> binary((std::istreambuf_iterator<char>(file)),
                              std::istreambuf_iterator<char>());
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
  if (binary.empty())
    throw Error(fmt::format("CPU {}: {} reported success but wrote no {}", what, cc.path,
                            binary_path.string()));
  return binary;
}

}  // namespace ingot::cpu
