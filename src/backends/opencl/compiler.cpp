// The OpenCL compiler: the driver builds OpenCL C for the device, and the program binary it
// returns is what the disk cache keeps and Device::load reads back (on PoCL, the source:
// ClCompiler::keeps_source_ says why).
#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "backends/opencl/opencl.hpp"
#include "runtime/failed_source.hpp"

namespace ingot::opencl {
namespace {

// What starts a binary that holds the source rather than the driver's binary.
constexpr std::string_view kSourceMark = "ingot OpenCL C source\n";
// Programs compile() keeps for their loads: a load follows its compile at once, so a few
// cover threads compiling at the same time.
constexpr size_t kKeptPrograms = 8;

bool holds_source(const std::vector<uint8_t>& binary) {
  return binary.size() >= kSourceMark.size() &&
         std::equal(kSourceMark.begin(), kSourceMark.end(), binary.begin());
}

}  // namespace

ClCompiler::ClCompiler(const ClContext& cl, std::string target)
    : cl_(cl),
      target_(std::move(target)),
      keeps_source_(target_.find("Portable Computing Language") != std::string::npos) {}

// OpenCL C 1.2 is what every current driver builds. No -cl-fast-relaxed-math: its
// assumptions about NaN and infinity would break the op suite's references.
const char* ClCompiler::build_options() { return "-cl-std=CL1.2"; }

ExportedKernel ClCompiler::export_kernel(const std::string& source, const std::string&,
                                         const std::string&) {
  return {".cl", std::vector<uint8_t>(source.begin(), source.end())};
}

// A binary that holds the source is not the driver's binary of the same source: the two
// kinds are cached apart.
std::string ClCompiler::identity() const {
  return fmt::format("{}\n{}{}", target_, build_options(), keeps_source_ ? "\nkept as source" : "");
}

std::vector<uint8_t> ClCompiler::compile(const std::string& source) {
  ClOwned<cl_program> program = build(source);
  if (!keeps_source_) return driver_binary(program.get());
  std::vector<uint8_t> binary(kSourceMark.begin(), kSourceMark.end());
  binary.insert(binary.end(), source.begin(), source.end());
  std::lock_guard lock(built_mutex_);
  built_.emplace_back(source, std::move(program));
  if (built_.size() > kKeptPrograms) built_.pop_front();
  return binary;
}

ClOwned<cl_program> ClCompiler::program_of(const std::vector<uint8_t>& binary,
                                           const std::string& what) {
  if (holds_source(binary)) {
    std::string source(binary.begin() + kSourceMark.size(), binary.end());
    {
      std::lock_guard lock(built_mutex_);
      auto kept = std::find_if(built_.begin(), built_.end(),
                               [&](const auto& entry) { return entry.first == source; });
      if (kept != built_.end()) {
        ClOwned<cl_program> program = std::move(kept->second);
        built_.erase(kept);
        return program;
      }
    }
    return build(source);
  }
  const unsigned char* data = binary.data();
  size_t size = binary.size();
  cl_int binary_status = CL_SUCCESS, status = CL_SUCCESS;
  ClOwned<cl_program> program(cl().clCreateProgramWithBinary(cl_.context, 1, &cl_.device, &size,
                                                             &data, &binary_status, &status));
  if (status != CL_SUCCESS)
    throw cl_error(status, "clCreateProgramWithBinary",
                   fmt::format("{}: the {}-byte binary is not a program for this device (binary "
                               "status {})",
                               what, size, cl_error_name(binary_status)));
  status = cl().clBuildProgram(program.get(), 1, &cl_.device, build_options(), nullptr, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clBuildProgram",
                   fmt::format("{}: the binary does not build\n{}", what,
                               cl_build_log(program.get(), cl_.device)));
  return program;
}

ClOwned<cl_program> ClCompiler::build(const std::string& source) {
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
  return program;
}

std::vector<uint8_t> ClCompiler::driver_binary(cl_program program) {
  size_t size = 0;
  cl_int status =
      cl().clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr);
  std::vector<uint8_t> binary(size);
  unsigned char* data = binary.data();
  if (status == CL_SUCCESS)
    status = cl().clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof data, &data, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clGetProgramInfo", cl_.name + " OpenCL compile: reading the binary");
  if (binary.empty())
    throw Error(cl_.name + " OpenCL compile: the driver built the program but returned no binary");
  return binary;
}

}  // namespace ingot::opencl
