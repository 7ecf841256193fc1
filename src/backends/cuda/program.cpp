// A CUDA kernel: a function of a module loaded from a CUBIN or PTX, launched as a grid of
// blocks on the device's stream, timed by a pair of events around it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstring>
#include <tuple>

#include "backends/cuda/cuda.hpp"

namespace ingot {
namespace {

// cuModuleLoadData takes no size: it reads an ELF image by its headers and PTX up to a
// NUL. Anything else would be read past its end, so the image is checked first; returns
// what is wrong with it, or nothing.
std::string image_problem(const std::vector<uint8_t>& binary) {
  if (binary.empty()) return "the binary is empty";
  constexpr size_t kElfHeaderBytes = 64;
  constexpr uint8_t kElfMagic[] = {0x7f, 'E', 'L', 'F'};
  if (binary.size() >= sizeof kElfMagic &&
      std::memcmp(binary.data(), kElfMagic, sizeof kElfMagic) == 0) {
    if (binary.size() < kElfHeaderBytes || binary[4] != 2)
      return fmt::format("the {}-byte binary is not a 64-bit ELF image (a CUBIN)", binary.size());
    // The program and section header tables: offset, entry size and count in ELF64.
    auto read = [&](size_t at, size_t bytes) {
      uint64_t value = 0;
      std::memcpy(&value, binary.data() + at, bytes);
      return value;
    };
    auto table_fits = [&](size_t offset_at, size_t entry_at, size_t count_at) {
      uint64_t offset = read(offset_at, 8), bytes = read(entry_at, 2) * read(count_at, 2);
      return offset <= binary.size() && bytes <= binary.size() - offset;
    };
    if (!table_fits(0x20, 0x36, 0x38) || !table_fits(0x28, 0x3A, 0x3C))
      return fmt::format("the {}-byte CUBIN is truncated: its header tables reach past its end",
                         binary.size());
    return "";
  }
  if (binary.back() != 0)
    return fmt::format(
        "the {}-byte binary is neither a CUBIN (an ELF image) nor PTX (text ending in a NUL)",
        binary.size());
  return "";
}

}  // namespace

CudaProgram::CudaProgram(CudaDevice& device, const std::vector<uint8_t>& binary,
                         const std::string& function, int buffer_count)
    : device_(device), function_(function), buffer_count_(buffer_count) {
  const CudaContext& cuda = device.cuda();
  std::string what = fmt::format("{} load of '{}'", cuda.name, function);
  if (buffer_count < 0)
    throw Error(fmt::format("{}: buffer_count {} is negative", what, buffer_count));
  if (std::string problem = image_problem(binary); !problem.empty())
    throw Error(fmt::format("{}: {}", what, problem));
  cuda.bind(what);
  // CUDA_ERROR_NO_BINARY_FOR_GPU: a CUBIN of another architecture (from a disk cache
  // shared with another GPU); CUDA_ERROR_UNSUPPORTED_PTX_VERSION: PTX from an NVRTC newer
  // than the driver.
  if (CUresult status = cu().cuModuleLoadData(&module_, binary.data()); status != CUDA_SUCCESS)
    throw cu_error(status, "cuModuleLoadData", what);
  // The module is unloaded again when anything below fails.
  auto find_kernel = [&] {
    CUresult status = cu().cuModuleGetFunction(&kernel_, module_, function.c_str());
    if (status == CUDA_ERROR_NOT_FOUND)
      throw Error(fmt::format(
          "{} load: the binary has no kernel '{}' (is the name spelled as in the source, and the "
          "function declared extern \"C\" __global__?)",
          cuda.name, function));
    if (status != CUDA_SUCCESS) throw cu_error(status, "cuModuleGetFunction", what);
    int limit = 0;
    status = cu().cuFuncGetAttribute(&limit, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, kernel_);
    if (status != CUDA_SUCCESS)
      throw cu_error(status, "cuFuncGetAttribute", what + ": reading its block size limit");
    kernel_block_limit_ = limit;
  };
  try {
    find_kernel();
  } catch (...) {
    cu().cuModuleUnload(module_);
    throw;
  }
  // Each parameter's size, until the index past the last is refused; another error means
  // the driver cannot say, and launches go unchecked as before CUDA 12.4.
  if (cu().cuFuncGetParamInfo) {
    std::vector<size_t> sizes;
    size_t offset = 0, size = 0;
    CUresult status;
    while ((status = cu().cuFuncGetParamInfo(kernel_, sizes.size(), &offset, &size)) ==
           CUDA_SUCCESS)
      sizes.push_back(size);
    if (status == CUDA_ERROR_INVALID_VALUE) parameter_sizes_ = std::move(sizes);
  }
}

CudaProgram::~CudaProgram() {
  // At exit the driver may be gone before this program: the call then fails, harmlessly.
  if (cu().cuCtxSetCurrent(device_.cuda().context) == CUDA_SUCCESS) cu().cuModuleUnload(module_);
}

void CudaProgram::check_arguments(std::span<Buffer* const> buffers,
                                  std::span<const ScalarArg> scalars, std::string_view what) const {
  if (buffers.size() != size_t(buffer_count_)) {
    throw Error(fmt::format("{}: {} buffers given; the kernel takes {}", what, buffers.size(),
                            buffer_count_));
  }
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (!buffers[i] || &buffers[i]->device() != &device_) {
      throw Error(fmt::format("{}: buffer {} is {}; it must be a {} buffer", what, i,
                              buffers[i] ? "on " + buffers[i]->device().name() : "null",
                              device_.name()));
    }
  }
  // cuLaunchKernel reads as many arguments as the kernel has parameters, of their sizes:
  // a missing or narrower one would be read from beyond what was passed.
  if (!parameter_sizes_) return;
  const std::vector<size_t>& sizes = *parameter_sizes_;
  auto abi = [&] {
    return fmt::format(
        "the kernel's parameters are {} bytes in size; the ABI is {} buffers as 8-byte "
        "pointers, then each Int scalar as long long (8 bytes) and each Float as float (4)",
        sizes, buffer_count_);
  };
  if (buffers.size() + scalars.size() != sizes.size()) {
    throw Error(fmt::format("{}: {} scalars given after {} buffers; {}", what, scalars.size(),
                            buffers.size(), abi()));
  }
  for (size_t i = 0; i < sizes.size(); ++i) {
    bool is_buffer = i < buffers.size();
    ScalarArg::Kind kind = is_buffer ? ScalarArg::Kind::Int : scalars[i - buffers.size()].kind;
    size_t bytes = kind == ScalarArg::Kind::Float ? sizeof(float) : sizeof(int64_t);
    if (sizes[i] != bytes) {
      throw Error(
          fmt::format("{}: argument {} is {} of {} bytes, but the kernel's parameter {} "
                      "has {}; {}",
                      what, i,
                      is_buffer                        ? "a buffer"
                      : kind == ScalarArg::Kind::Float ? "a Float scalar"
                                                       : "an Int scalar",
                      bytes, i, sizes[i], abi()));
    }
  }
}

std::array<unsigned, 3> CudaProgram::grid(const LaunchDims& dims, std::string_view what) const {
  const auto& [global, local] = dims;
  auto fail = [&](const std::string& why) {
    return Error(fmt::format("{} with global {} and local {}: {}", what, global, local, why));
  };
  const char* axis = "XYZ";
  std::array<unsigned, 3> blocks{};
  int64_t block = 1;
  for (int d = 0; d < 3; ++d) {
    if (global[d] < 0 || local[d] < 1)
      throw fail(fmt::format("dimension {} is invalid (global must be >= 0, local >= 1)", d));
    if (local[d] > device_.max_block()[d])
      throw fail(
          fmt::format("local size {} in dimension {} exceeds the device's {} "
                      "(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_{}; the maxima are {})",
                      local[d], d, device_.max_block()[d], axis[d], device_.max_block()));
    if (global[d] % local[d] != 0)
      throw fail(
          fmt::format("global size {} in dimension {} is not a multiple of the local size {}",
                      global[d], d, local[d]));
    int64_t count = global[d] / local[d];
    if (count > device_.max_grid()[d])
      throw fail(fmt::format(
          "{} blocks in dimension {} exceed the device's {} (CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_{}; "
          "the maxima are {})",
          count, d, device_.max_grid()[d], axis[d], device_.max_grid()));
    blocks[d] = unsigned(count);
    block *= local[d];  // each factor is at most a device limit: no overflow
  }
  int64_t device_limit = device_.info().max_threads_per_group;
  if (block > std::min(device_limit, kernel_block_limit_))
    throw fail(
        fmt::format("a block of {} threads is too large: at most {} "
                    "(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK) "
                    "and {} for this kernel (CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)",
                    block, device_limit, kernel_block_limit_));
  return blocks;
}

CudaLaunch CudaProgram::prepare(std::span<Buffer* const> buffers, const LaunchDims& dims,
                                std::span<const ScalarArg> scalars, std::string_view what) const {
  check_arguments(buffers, scalars, what);
  CudaLaunch launch;
  launch.grid = grid(dims, what);
  for (int d = 0; d < 3; ++d) launch.block[d] = unsigned(dims.local[d]);
  launch.arguments.resize(buffers.size() + scalars.size());
  launch.parameters.resize(launch.arguments.size());
  for (size_t i = 0; i < launch.arguments.size(); ++i) {
    CudaLaunch::Argument& argument = launch.arguments[i];
    if (i < buffers.size())
      argument.pointer = reinterpret_cast<CUdeviceptr>(buffers[i]->handle()) + buffers[i]->offset();
    else if (const ScalarArg& scalar = scalars[i - buffers.size()];
             scalar.kind == ScalarArg::Kind::Int)
      argument.integer = scalar.i;
    else
      argument.real = float(scalar.f);
    launch.parameters[i] = &argument;
  }
  return launch;
}

double CudaProgram::launch(std::span<Buffer* const> buffers, const LaunchDims& dims,
                           std::span<const ScalarArg> scalars, bool wait) {
  std::string what = fmt::format("{} launch of '{}'", device_.name(), function_);
  CudaLaunch ready = prepare(buffers, dims, scalars, what);
  if (ready.empty()) return 0;  // CUDA refuses empty grids
  const CudaContext& cuda = device_.cuda();
  cuda.bind(what);
  CudaEvent start, end;
  if (wait) {
    start = cuda.make_event(CU_EVENT_DEFAULT, what + ": timing");
    end = cuda.make_event(CU_EVENT_DEFAULT, what + ": timing");
    if (CUresult status = cu().cuEventRecord(start.get(), cuda.stream); status != CUDA_SUCCESS)
      throw cu_error(status, "cuEventRecord", what);
  }
  const auto& [blocks, block] = std::tie(ready.grid, ready.block);
  if (CUresult status =
          cu().cuLaunchKernel(kernel_, blocks[0], blocks[1], blocks[2], block[0], block[1],
                              block[2], 0, cuda.stream, ready.parameters.data(), nullptr);
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuLaunchKernel",
                   fmt::format("{} with grid {} and block {}", what, blocks, block));
  if (!wait) return 0;
  if (CUresult status = cu().cuEventRecord(end.get(), cuda.stream); status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventRecord", what);
  // A fault in the kernel (CUDA_ERROR_ILLEGAL_ADDRESS...) is reported here.
  if (CUresult status = cu().cuEventSynchronize(end.get()); status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventSynchronize", what + ": the kernel did not complete");
  float milliseconds = 0;
  if (CUresult status = cu().cuEventElapsedTime(&milliseconds, start.get(), end.get());
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventElapsedTime", what + ": reading the kernel's time");
  return double(milliseconds) * 1e-3;
}

}  // namespace ingot
