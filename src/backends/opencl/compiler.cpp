// The OpenCL compiler: the driver builds OpenCL C for the device, and the program binary it
// returns is what the disk cache keeps and Device::load reads back.
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

#include "backends/opencl/opencl.hpp"
#include "runtime/failed_source.hpp"

namespace ingot::opencl {
namespace {

// PoCL 3.x builds in a kernel cache that all processes share (~/.cache/pocl) and packs the
// files of that cache into the program binary. While another process builds the same source,
// the program's bitcode is briefly absent from the cache, and a binary packed then lacks it:
// loading it later aborts inside PoCL, in every process that finds it in ingot's disk cache.
// Such a binary is recognised by its header (format versions 9 to 12: an 8-byte magic, 28
// bytes of ids, counts and flags, a 41-byte hash as text) followed by an empty first entry.
bool is_truncated_pocl_binary(const std::vector<uint8_t>& binary) {
  constexpr size_t kVersionAt = 16, kFirstEntryAt = 77;
  if (binary.size() < kFirstEntryAt + 8 || std::memcmp(binary.data(), "poclbin", 8) != 0)
    return false;
  uint32_t version;
  uint64_t first_entry_bytes;
  std::memcpy(&version, binary.data() + kVersionAt, sizeof version);
  std::memcpy(&first_entry_bytes, binary.data() + kFirstEntryAt, sizeof first_entry_bytes);
  return version >= 9 && version <= 12 && first_entry_bytes == 0;
}

// Whether the platform is a PoCL 3.x (compile_target names the platform version), the
// only one whose binaries the check above reads. PoCL 5's successful binaries also start
// with an empty entry: on the H100 machine's PoCL 5.0 the check refused every build.
bool packs_a_shared_cache(const std::string& target) {
  return target.find("PoCL 3.") != std::string::npos;
}

}  // namespace

ClCompiler::ClCompiler(const ClContext& cl, std::string target)
    : cl_(cl), target_(std::move(target)) {}

// OpenCL C 1.2 is what every current driver builds. No -cl-fast-relaxed-math: its
// assumptions about NaN and infinity would break the op suite's references.
const char* ClCompiler::build_options() { return "-cl-std=CL1.2"; }

ExportedKernel ClCompiler::export_kernel(const std::string& source, const std::string&,
                                         const std::string&) {
  return {".cl", std::vector<uint8_t>(source.begin(), source.end())};
}

std::string ClCompiler::identity() const { return fmt::format("{}\n{}", target_, build_options()); }

std::vector<uint8_t> ClCompiler::compile(const std::string& source) {
  // A build racing another process's is rare; three in a row mean something else is wrong.
  constexpr int kTries = 3;
  for (int attempt = 1;; ++attempt) {
    std::vector<uint8_t> binary = build(source);
    if (!packs_a_shared_cache(target_) || !is_truncated_pocl_binary(binary)) return binary;
    if (attempt == kTries)
      throw Error(fmt::format(
          "{} OpenCL compile: PoCL returned a binary without its program {} times in a row: "
          "its kernel cache in {} is being rebuilt by other processes (ingot gives each "
          "process a PoCL cache of its own unless POCL_CACHE_DIR names a shared one; unset "
          "it, or clear that folder)",
          cl_.name, kTries,
          std::getenv("POCL_CACHE_DIR") ? std::getenv("POCL_CACHE_DIR") : "~/.cache/pocl"));
  }
}

std::vector<uint8_t> ClCompiler::build(const std::string& source) {
  const char* text = source.c_str();
  size_t length = source.size();
  cl_int status = CL_SUCCESS;
  ClOwned<cl_program> program(
      cl().clCreateProgramWithSource(cl_.context, 1, &text, &length, &status));
  if (status != CL_SUCCESS)
    throw cl_error(status, "clCreateProgramWithSource", cl_.name + " OpenCL compile");
  status = cl().clBuildProgram(program.get(), 1, &cl_.device, build_options(), nullptr, nullptr);
  if (status != CL_SUCCESS) {
    throw Error(fmt::format(
        "{} OpenCL compile failed: clBuildProgram with \"{}\" returned {} ({}); the source is "
        "kept at {}\n{}",
        cl_.name, build_options(), cl_error_name(status), status, keep_failed_source(source, ".cl"),
        cl_build_log(program.get(), cl_.device)));
  }
  size_t size = 0;
  status =
      cl().clGetProgramInfo(program.get(), CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr);
  std::vector<uint8_t> binary(size);
  unsigned char* data = binary.data();
  if (status == CL_SUCCESS)
    status = cl().clGetProgramInfo(program.get(), CL_PROGRAM_BINARIES, sizeof data, &data, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clGetProgramInfo", cl_.name + " OpenCL compile: reading the binary");
  if (binary.empty())
    throw Error(cl_.name + " OpenCL compile: the driver built the program but returned no binary");
  return binary;
}

}  // namespace ingot::opencl
