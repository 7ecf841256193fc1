// The OpenCL compiler: the driver builds OpenCL C for the device, and the program binary it
// returns is what the disk cache keeps and Device::load reads back.
#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "backends/opencl/opencl.hpp"
#include "ingot/context.hpp"
#include "runtime/write_all.hpp"

namespace ingot {
namespace {

// Writes a source that failed to build to a new file, in the cache folder when possible,
// so that it can be read and built by hand; returns its path, or why there is none.
std::string keep_source(const std::string& source) {
  std::filesystem::path cache = Context::global().cache_dir();
  std::error_code ignored;  // an uncreatable cache folder makes its mkstemps fail below
  std::filesystem::create_directories(cache, ignored);
  for (const std::filesystem::path& dir : {cache, std::filesystem::temp_directory_path(ignored)}) {
    std::string path = (dir / "failed-XXXXXX.cl").string();
    int fd = ::mkstemps(path.data(), 3);
    if (fd < 0) continue;
    bool written = write_all(fd, source.data(), source.size());
    ::close(fd);
    if (written) return path;
  }
  return fmt::format("(nowhere: cannot write it to {} or the temporary folder: {})", cache.string(),
                     std::strerror(errno));
}

}  // namespace

ClCompiler::ClCompiler(const ClContext& cl, std::string target)
    : cl_(cl), target_(std::move(target)) {}

// OpenCL C 1.2 is what every current driver builds. No -cl-fast-relaxed-math: its
// assumptions about NaN and infinity would break the op suite's references.
const char* ClCompiler::build_options() { return "-cl-std=CL1.2"; }

std::string ClCompiler::identity() const { return fmt::format("{}\n{}", target_, build_options()); }

std::vector<uint8_t> ClCompiler::compile(const std::string& source) {
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
        cl_.name, build_options(), cl_error_name(status), status, keep_source(source),
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

}  // namespace ingot
