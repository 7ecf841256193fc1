// A CUDA kernel: a function of a module loaded from a CUBIN or PTX, launched as a grid of
// blocks on the device's stream, timed by a pair of events around it.
#include <fmt/format.h>

#include <cstring>

#include "backends/cuda/cuda.hpp"

namespace ingot::cuda {
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
    : Program(device, function, buffer_count), cuda_(device.cuda()) {
  const CudaContext& cuda = cuda_;
  std::string what = fmt::format("{} load of '{}'", cuda.name, function);
  if (std::string problem = image_problem(binary); !problem.empty())
    throw Error(fmt::format("{}: {}", what, problem));
  cuda.bind(what);
  // CUDA_ERROR_NO_BINARY_FOR_GPU: a CUBIN of another architecture (from a disk cache
  // shared with another GPU); CUDA_ERROR_UNSUPPORTED_PTX_VERSION: PTX from an NVRTC newer
  // than the driver.
  if (CUresult status = cu().cuModuleLoadData(&module_, binary.data()); status != CUDA_SUCCESS)
    throw cu_error(status, "cuModuleLoadData", what);
  // The module is unloaded again when anything below fails.
  Limits limits{.max_threads_name = "CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK",
                .threadgroup_is_parameter = false,
                .max_threadgroup_arguments = 1,
                .no_partial_groups = "a CUDA grid is whole blocks"};
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
    limits.max_threads = limit;
    int shared = 0;
    status = cu().cuFuncGetAttribute(&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, kernel_);
    if (status != CUDA_SUCCESS)
      throw cu_error(status, "cuFuncGetAttribute", what + ": reading its static shared memory");
    limits.static_threadgroup_bytes = shared;
    // Dynamic shared memory past 48 KB only once the function allows it: up to what the
    // device lets a block opt in to, beside the kernel's static arrays.
    const int64_t dynamic = device.info().dynamic_local_memory_bytes - shared;
    if (dynamic > 0 &&
        (status = cu().cuFuncSetAttribute(kernel_, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                          int(dynamic))) != CUDA_SUCCESS)
      throw cu_error(status, "cuFuncSetAttribute", what + ": allowing its dynamic shared memory");
  };
  try {
    find_kernel();
  } catch (...) {
    cu().cuModuleUnload(module_);
    throw;
  }
  // Each parameter's size, until the index past the last is refused; another error means
  // the driver cannot say, and launches go unchecked as before CUDA 12.4. cuLaunchKernel
  // reads as many arguments as the kernel has parameters, of their sizes: a missing or
  // narrower one would be read from beyond what was passed.
  if (cu().cuFuncGetParamInfo) {
    std::vector<size_t> sizes;
    size_t offset = 0, size = 0;
    CUresult status;
    while ((status = cu().cuFuncGetParamInfo(kernel_, sizes.size(), &offset, &size)) ==
           CUDA_SUCCESS)
      sizes.push_back(size);
    if (status == CUDA_ERROR_INVALID_VALUE) limits.parameter_bytes = std::move(sizes);
  }
  set_limits(std::move(limits));
}

CudaProgram::~CudaProgram() {
  // A lost program's module went with the old context. At exit the driver may be gone
  // before this program: the call then fails, harmlessly.
  // Its launches still queued name it, and run its kernel: on the stream first.
  cuda_.drain_quietly();
  if (!lost() && cu().cuCtxSetCurrent(cuda_.context) == CUDA_SUCCESS) cu().cuModuleUnload(module_);
}

CudaLaunch CudaProgram::prepare(std::span<Buffer* const> buffers, const LaunchDims& dims,
                                std::span<const ScalarArg> scalars) {
  CudaLaunch launch;
  // check() kept both within the device's limits, which are ints.
  for (int d = 0; d < 3; ++d) {
    launch.grid[d] = unsigned(dims.groups()[d]);
    launch.block[d] = unsigned(dims.local[d]);
  }
  launch.shared_bytes = unsigned(dims.dynamic_threadgroup_bytes);
  launch.arguments.resize(buffers.size() + scalars.size());
  launch.parameters.resize(launch.arguments.size());
  for (size_t i = 0; i < launch.arguments.size(); ++i) {
    CudaLaunch::Argument& argument = launch.arguments[i];
    if (i < buffers.size())
      argument.pointer = device_address(*buffers[i]);
    else if (const ScalarArg& scalar = scalars[i - buffers.size()];
             scalar.kind == ScalarArg::Kind::Int)
      argument.integer = scalar.i;
    else
      argument.real = float(scalar.f);
    launch.parameters[i] = &argument;
  }
  return launch;
}

double CudaProgram::run(std::span<Buffer* const> buffers, const LaunchDims& dims,
                        std::span<const ScalarArg> scalars, bool wait) {
  return submit(prepare(buffers, dims, scalars), wait, true);
}

double CudaProgram::run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) {
  CudaLaunch ready;
  for (int d = 0; d < 3; ++d) {
    ready.grid[d] = unsigned(dims.groups()[d]);
    ready.block[d] = unsigned(dims.local[d]);
  }
  // Sized first: the parameters point into it.
  ready.arguments.resize(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelArg& arg = args[i];
    if (arg.kind == KernelArg::Kind::Buffer) {
      ready.arguments[i].pointer = device_address(*arg.buffer);
      ready.parameters.push_back(&ready.arguments[i]);
    } else if (arg.kind == KernelArg::Kind::Bytes) {
      // cuLaunchKernel copies each parameter's bytes before it returns.
      ready.parameters.push_back(const_cast<uint8_t*>(arg.bytes.data()));
    } else {
      ready.shared_bytes = unsigned(arg.threadgroup_bytes);  // check() allows one
    }
  }
  // Bytes arguments point into the caller's memory: launched before this returns.
  return submit(std::move(ready), wait, false);
}

double CudaProgram::submit(CudaLaunch ready, bool wait, bool may_queue) {
  const std::string& what = launch_name_;
  const CudaContext& cuda = cuda_;
  if (may_queue && !wait && CudaSubmitter::enabled()) {
    cuda.enqueue(kernel_, std::move(ready), function(), what);
    return 0;
  }
  cuda.bind(what);
  CudaEvent start, end;
  if (wait) {
    start = cuda.make_event(CU_EVENT_DEFAULT, what + ": timing");
    end = cuda.make_event(CU_EVENT_DEFAULT, what + ": timing");
    if (CUresult status = cu().cuEventRecord(start.get(), cuda.stream); status != CUDA_SUCCESS)
      throw cu_error(status, "cuEventRecord", what);
  }
  cuda.launch(kernel_, ready, function(), what);
  if (!wait) return 0;
  if (CUresult status = cu().cuEventRecord(end.get(), cuda.stream); status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventRecord", what);
  // A fault in the kernel (CUDA_ERROR_ILLEGAL_ADDRESS...) is reported here.
  if (CUresult status = cu().cuEventSynchronize(end.get()); status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventSynchronize", what + ": the kernel did not complete");
  cuda.finished();
  float milliseconds = 0;
  if (CUresult status = cu().cuEventElapsedTime(&milliseconds, start.get(), end.get());
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventElapsedTime", what + ": reading the kernel's time");
  return double(milliseconds) * 1e-3;
}

}  // namespace ingot::cuda
