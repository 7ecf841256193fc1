// Writes and builds an exported library (engine/aot_export.hpp) with the host's C compiler
// and archiver, at export time: the target needs neither.
#include <fmt/format.h>

#include <fstream>

#include "engine/aot_export.hpp"
#include "engine/aot_sources.hpp"
#include "ingot/error.hpp"
#include "runtime/process.hpp"

namespace ingot::engine {
namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& path, const void* data, size_t bytes) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes)))
    throw Error(fmt::format("export_function: cannot write {}", path.string()));
}

void write_text(const fs::path& path, const std::string& text) {
  write_file(path, text.data(), text.size());
}

const char* runtime_text(const std::string& name) {
  for (size_t i = 0; i < kAotRuntimeFileCount; ++i)
    if (name == kAotRuntimeFiles[i].name) return kAotRuntimeFiles[i].text;
  throw Error(fmt::format("export_function: the runtime has no file {}", name));
}

std::string find_archiver() {
  for (const char* name : {"ar", "llvm-ar-19", "llvm-ar"})
    if (std::string path = find_executable(name); !path.empty()) return path;
  throw Error(
      "export_function: no archiver to make the static library: looked for ar, llvm-ar-19 and "
      "llvm-ar on PATH; install one, e.g. apt-get install binutils");
}

void run_tool(const std::vector<std::string>& argv, const std::string& what) {
  ProcessResult result = run_compiler(argv, what);
  if (result.exit_code != 0)
    throw Error(fmt::format("export_function: {} failed: {} {}\n{}", what, argv.front(),
                            result.ending(), result.output));
}

}  // namespace

AotFiles write_aot_library(const AotFunction& function, const fs::path& out_dir) {
  AotPlan plan = plan_aot(function);
  const std::string& name = function.name;
  const fs::path src = out_dir / "src";
  std::error_code error;
  fs::create_directories(src, error);
  if (error)
    throw Error(
        fmt::format("export_function: cannot create {}: {}", src.string(), error.message()));

  AotFiles files{out_dir / (name + ".h"), out_dir / ("lib" + name + ".a"), {"-lm", "-lpthread"}};
  write_text(out_dir / "ingot_aot.h", runtime_text("ingot_aot.h"));
  write_text(files.header, aot_header(function));
  const std::string device_file = aot_device_file(*function.device);
  for (const std::string& file :
       {std::string("ingot_aot_runtime.h"), std::string("ingot_aot_runtime.c"), device_file})
    write_text(src / file, runtime_text(file));
  if (device_file != "ingot_aot_cpu.c") files.link_flags.push_back("-ldl");

  const fs::path folder = fs::absolute(src);
  if (!plan.weights.empty())
    write_file(folder / aot_weights_file(function), plan.weights.data(), plan.weights.size());
  std::vector<std::string> objects;
  for (const AotPlan::Kernel& kernel : plan.kernels) {
    fs::path path = folder / aot_kernel_file(kernel);
    write_file(path, kernel.code.bytes.data(), kernel.code.bytes.size());
    if (kernel.code.extension == ".o") objects.push_back(path.string());
  }
  write_text(src / (name + ".c"), aot_source(function, plan));
  write_text(src / (name + "_data.S"), aot_data_source(function, plan, folder));

  const std::string cc = find_c_compiler();
  const fs::path object = src / (name + ".o"), data_object = src / (name + "_data.o");
  run_tool({cc, "-std=gnu11", "-O2", "-fPIC", "-I", out_dir.string(), "-I", src.string(), "-c",
            (src / (name + ".c")).string(), "-o", object.string()},
           fmt::format("compiling {}.c", name));
  run_tool({cc, "-fPIC", "-c", (src / (name + "_data.S")).string(), "-o", data_object.string()},
           fmt::format("assembling {}_data.S", name));
  objects.insert(objects.begin(), {object.string(), data_object.string()});
  fs::remove(files.library, error);
  std::vector<std::string> archive = {find_archiver(), "rcs", files.library.string()};
  archive.insert(archive.end(), objects.begin(), objects.end());
  run_tool(archive, fmt::format("archiving lib{}.a", name));
  return files;
}

}  // namespace ingot::engine
