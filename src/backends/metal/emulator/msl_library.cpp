// MslLibrary::compile: the MSL source, read by parse_msl, is compiled as C++ with the
// header in front (precompiled, msl_precompiled.cpp) and one pair of entries per kernel
// behind, by the host's clang into a shared object (kept in the disk cache under the
// compiler's identity and the header's hash), and loaded.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>

#include "backends/metal/emulator/msl_internal.hpp"
#include "ingot/error.hpp"
#include "runtime/disk_cache.hpp"
#include "runtime/failed_source.hpp"
#include "runtime/library.hpp"
#include "runtime/link_command.hpp"
#include "runtime/process.hpp"
#include "runtime/sanitizer_flags.hpp"

namespace ingot::metal_emulator {
namespace {

// clang only: the header relies on its properties (-fdeclspec), _Float16 and __bf16.
const char* const kCompilers[] = {"clang++-19", "clang++"};

// -ffp-contract=fast: Metal fuses multiply-adds too. -fwrapv: signed integers wrap on
// overflow, as on Apple's GPUs (the op suite's IntegerWrapAround), where C++ leaves it
// undefined (UBSan reported it in the sanitizer build). Without fast math NaN and infinity
// keep their meaning (Metal's fastMathEnabled=NO); -w: MSL compiled as C++ draws warnings
// (unknown attributes) that say nothing about the user's code.
// -march=<the host's CPU>: kernels run on this host only; the CPU is named (not "native")
// so that a cache folder shared with another CPU keeps apart what each can run.
// A sanitizer build instruments the kernels too (runtime/sanitizer_flags.hpp).
// These flags compile the header and the libraries alike: a precompiled header is used
// only with the flags it was made with.
std::vector<std::string> flags(bool fast_math, const std::string& cpu) {
  std::vector<std::string> f = with_kernel_sanitizer_flags(
      {"-std=c++20", "-O2", "-fPIC", "-fdeclspec", "-fno-exceptions", "-fno-rtti", "-w",
       "-ffp-contract=fast", "-fno-math-errno", "-fwrapv"});
  if (!cpu.empty()) f.push_back("-march=" + cpu);
  if (fast_math) f.emplace_back("-ffast-math");
  return f;
}

struct Compiler {
  std::string path, version;
  std::string cpu;  // what -march=native means to it here; "" when it does not say
};

// The CPU clang picks for -march=native, read from the command line it would run.
std::string native_cpu(const std::string& compiler) {
  ProcessResult r = run_compiler(
      {compiler, "-march=native", "-###", "-x", "c++", "-c", "/dev/null", "-o", "/dev/null"},
      "emulated Metal: asking clang++ for its CPU");
  const std::string key = "\"-target-cpu\" \"";
  size_t at = r.output.find(key);
  if (r.exit_code != 0 || at == std::string::npos) return "";
  at += key.size();
  return r.output.substr(at, r.output.find('"', at) - at);
}

const Compiler& compiler() {
  static const Compiler found = [] {
    for (const char* name : kCompilers) {
      std::string path = find_executable(name);
      if (path.empty()) continue;
      ProcessResult v = run_compiler({path, "--version"}, "emulated Metal: clang++ --version");
      if (v.exit_code == 0)
        return Compiler{path, v.output.substr(0, v.output.find('\n')), native_cpu(path)};
    }
    throw Error(fmt::format(
        "the emulated Metal compiles MSL with clang++ and found none ({} on PATH); install "
        "it, e.g. apt-get install clang-19",
        fmt::join(kCompilers, ", ")));
  }();
  return found;
}

}  // namespace

bool can_run_kernels() {
  try {
    compiler();
    return true;
  } catch (const Error&) {
    return false;
  }
}

namespace {

// The C++ the compiler sees after the header: the function constants' values, the user's
// source under its own line numbers, then the entries.
std::string translation_unit(const ParsedSource& parsed, const MslConstantValues& values) {
  std::string text;
  for (const MslFunctionConstant& c : parsed.constants) {
    auto value = values.find(c.name);
    bool defined = value != values.end();
    text += fmt::format("#define ingot_msl_fc_value_{} {}\n#define ingot_msl_fc_defined_{} {}\n",
                        c.name, defined ? constant_literal(value->second) : c.type + "()", c.name,
                        defined);
  }
  text += "\n#line 1 \"program_source\"\n" + parsed.text + "\n#line 1 \"ingot_msl_entries\"\n";
  text += fmt::format("extern \"C\" {{ unsigned long {}[{}] = {{}}; }}\n", INGOT_MSL_TG_BYTES,
                      std::max(parsed.threadgroup_slots, 1));
  text +=
      fmt::format("extern \"C\" const bool ingot_msl_matrix_lanes = {};\n", parsed.matrix_lanes);
  text += fmt::format(
      "extern \"C\" IngotMslThread** {}(IngotMslFrames* f) {{\n"
      "  ingot_msl::frames = f;\n  return &ingot_msl::current;\n}}\n",
      INGOT_MSL_BIND_HOST_THREAD);
  for (size_t i = 0; i < parsed.kernels.size(); ++i) {
    const ParsedKernel& k = parsed.kernels[i];
    std::string tags = fmt::format("{}", fmt::join(k.arguments, ", "));
    if (k.coroutine) {
      text += fmt::format(
          "extern \"C\" void* {0}{1}(IngotMslThread* t) {{\n"
          "  return ingot_msl::start<{2}>(&{3}, t);\n}}\n",
          INGOT_MSL_ENTRY_LANE, i, tags, k.qualified_name);
      continue;
    }
    text += fmt::format(
        "extern \"C\" void {0}{1}(IngotMslThread* t) {{\n"
        "  ingot_msl::current = t;\n  ingot_msl::call<{2}>(&{3}, t);\n}}\n"
        "extern \"C\" void {4}{1}(IngotMslThread* t) {{\n"
        "  ingot_msl::current = t;\n  ingot_msl::run_group<{2}>(&{3}, t);\n}}\n",
        INGOT_MSL_ENTRY_THREAD, i, tags, k.qualified_name, INGOT_MSL_ENTRY_GROUP);
  }
  return text;
}

// Compiles `source` behind the precompiled header, or behind the header's text where the
// cache folder cannot hold a precompiled one.
std::vector<uint8_t> build(const std::string& unit, const std::vector<std::string>& options,
                           const std::string& identity) {
  const Compiler& cc = compiler();
  std::string pch = precompiled_header(cc.path, identity, options);
  std::string source = pch.empty() ? msl_header() + unit : unit;
  std::string dir = (std::filesystem::temp_directory_path() / "ingot-msl-XXXXXX").string();
  if (!mkdtemp(dir.data()))
    throw Error(fmt::format("MSL compile: cannot create a build folder: {}", std::strerror(errno)));
  std::string cpp = dir + "/library.cpp", object = dir + "/library.o", so = dir + "/library.so";
  std::ofstream(cpp, std::ios::binary) << source;
  // Compiled with -c, then linked (runtime/link_command.hpp: one clang process, not two).
  std::vector<std::string> argv = {cc.path, "-x", "c++", "-c"};
  argv.insert(argv.end(), options.begin(), options.end());
  if (!pch.empty()) argv.insert(argv.end(), {"-include-pch", pch});
  argv.insert(argv.end(), {"-o", object, cpp});
  std::error_code ignored;
  ProcessResult result;
  try {
    result = run_compiler(argv, "MSL compile");
    if (result.exit_code == 0)
      result = run_compiler(link_command(cc.path, kernel_sanitizer_flags(), {"-lm"}, object, so),
                            "MSL link");
  } catch (const Error&) {
    std::filesystem::remove_all(dir, ignored);  // a compiler past its time limit
    throw;
  }
  std::ifstream file(so, std::ios::binary);
  std::vector<uint8_t> binary((std::istreambuf_iterator<char>(file)),
                              std::istreambuf_iterator<char>());
  std::filesystem::remove_all(dir, ignored);
  if (result.exit_code != 0 || binary.empty()) {
    std::string log =
        result.output.size() > 16384 ? result.output.substr(0, 16384) + "\n..." : result.output;
    throw Error(fmt::format("MSL compile failed: {} {} (the C++ it compiled is kept at {})\n{}",
                            cc.path, result.ending(), keep_failed_source(source, ".cpp"), log));
  }
  return binary;
}

class Library final : public LoadedLibrary {
 public:
  Library(const std::vector<uint8_t>& binary, std::vector<ParsedKernel> kernels,
          const MslConstantValues& values)
      : library_(load_image(binary)) {
    auto* tg_bytes = symbol<const unsigned long*>(INGOT_MSL_TG_BYTES);
    for (size_t i = 0; i < kernels.size(); ++i) {
      ParsedKernel& k = kernels[i];
      k.info.static_threadgroup_bytes = tg_bytes[k.threadgroup_slot];
      drop_absent(k, values);
      KernelEntries e;
      if (k.coroutine) {
        e.lane = symbol<void* (*)(IngotMslThread*)>(fmt::format("{}{}", INGOT_MSL_ENTRY_LANE, i));
        e.bind = symbol<IngotMslThread** (*)(IngotMslFrames*)>(INGOT_MSL_BIND_HOST_THREAD);
      } else {
        e.thread =
            symbol<void (*)(IngotMslThread*)>(fmt::format("{}{}", INGOT_MSL_ENTRY_THREAD, i));
        e.group = symbol<void (*)(IngotMslThread*)>(fmt::format("{}{}", INGOT_MSL_ENTRY_GROUP, i));
      }
      e.synchronizes = k.synchronizes;
      functions_[k.info.name] = {k.info, e};
    }
  }

  const MslFunctionInfo* function(const std::string& name) const override {
    auto it = functions_.find(name);
    return it == functions_.end() ? nullptr : &it->second.first;
  }
  std::vector<std::string> function_names() const override {
    std::vector<std::string> names;
    for (const auto& [name, f] : functions_) names.push_back(name);
    return names;
  }
  const KernelEntries* entries(const std::string& name) const override {
    auto it = functions_.find(name);
    return it == functions_.end() ? nullptr : &it->second.second;
  }

 private:
  // A parameter whose function constant is false or undefined is no argument of this
  // specialisation: nothing needs to be bound at its index.
  static void drop_absent(ParsedKernel& k, const MslConstantValues& values) {
    auto present = [&](const std::string& kind, int index) {
      auto condition = k.conditions.find(kind + std::to_string(index));
      if (condition == k.conditions.end()) return true;
      auto value = values.find(condition->second);
      return value != values.end() &&
             std::any_of(value->second.bytes.begin(), value->second.bytes.end(),
                         [](unsigned char b) { return b != 0; });
    };
    std::erase_if(k.info.buffer_indices, [&](int index) { return !present("buffer", index); });
    std::erase_if(k.info.threadgroup_indices,
                  [&](int index) { return !present("threadgroup", index); });
  }

  static ingot::Library load_image(const std::vector<uint8_t>& binary) {
    try {
      return ingot::Library::load_image(binary, "the compiled MSL library");
    } catch (const Error& e) {
      throw Error(fmt::format("MSL load: {}", e.what()));
    }
  }

  // An entry the library was compiled with.
  template <class T>
  T symbol(const std::string& name) const {
    return library_.require<T>(name.c_str(), "the MSL library lacks its entry");
  }

  ingot::Library library_;
  std::map<std::string, std::pair<MslFunctionInfo, KernelEntries>> functions_;
};

}  // namespace

std::shared_ptr<MslLibrary> MslLibrary::compile(const std::string& source, bool fast_math,
                                                const MslConstantValues& values) {
  ParsedSource parsed = parse_msl(source);
  std::string unit = translation_unit(parsed, values);
  std::vector<std::string> options = flags(fast_math, compiler().cpu);
  std::string identity =
      fmt::format("msl\n{}\n{}\n{}", compiler().path, compiler().version, fmt::join(options, " "));
  // The unit leaves the header out: its hash stands for it in the library's key.
  std::string library_identity =
      fmt::format("{}\nheader {}", identity, disk_cache_key(identity, msl_header()));
  std::optional<std::vector<uint8_t>> binary = disk_cache_load(library_identity, unit);
  if (!binary) {
    binary = build(unit, options, identity);
    disk_cache_store(library_identity, unit, *binary);
  }
  return std::make_shared<Library>(*binary, std::move(parsed.kernels), values);
}

}  // namespace ingot::metal_emulator
