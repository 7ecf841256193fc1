// A CPU kernel: a function of a shared object loaded from memory, run on the pool.
#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <span>
#include <tuple>

#include "backends/cpu/cpu.hpp"
#include "ingot/error.hpp"
#include "runtime/library.hpp"

namespace ingot::cpu {
namespace {

// An array of launch arguments that lives on the stack for the usual few, so a launch
// does not allocate.
template <class T>
class ArgArray {
 public:
  explicit ArgArray(size_t n) {
    if (n > small_.size()) large_.resize(n);
  }
  T* data() { return large_.empty() ? small_.data() : large_.data(); }

 private:
  std::array<T, 16> small_{};
  std::vector<T> large_;
};

struct LaunchContext {
  CpuKernel kernel;
  char* const* bufs;
  const int64_t* iargs;
  const double* fargs;
};

void run_range(void* context, int64_t begin, int64_t end) {
  auto* launch = static_cast<LaunchContext*>(context);
  launch->kernel(launch->bufs, launch->iargs, launch->fargs, begin, end);
}

// A launch with KernelArgs: the pointers of every argument but threadgroup memory, which
// each run of a range gets fresh, as a threadgroup would.
struct ArgsLaunchContext {
  CpuArgsKernel kernel;
  std::span<const KernelArg> args;
  std::span<void* const> pointers;
};

void run_args_range(void* context, int64_t begin, int64_t end) {
  auto* launch = static_cast<ArgsLaunchContext*>(context);
  ArgArray<void*> pointers(launch->args.size());
  // max_align_t elements, so that the scratch is aligned for any type.
  std::vector<std::vector<std::max_align_t>> scratch;
  for (size_t i = 0; i < launch->args.size(); ++i) {
    const KernelArg& arg = launch->args[i];
    if (arg.kind == KernelArg::Kind::Threadgroup) {
      size_t units =
          (arg.threadgroup_bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
      pointers.data()[i] = scratch.emplace_back(std::max<size_t>(units, 1)).data();
    } else {
      pointers.data()[i] = launch->pointers[i];
    }
  }
  launch->kernel(pointers.data(), begin, end);
}

}  // namespace

CpuProgram::CpuProgram(CpuDevice& device, const std::vector<uint8_t>& binary,
                       const std::string& function, int buffer_count)
    : Program(device, function, buffer_count), pool_(device.pool()) {
  try {
    library_ = Library::load_image(binary, fmt::format("the {}-byte binary", binary.size()));
  } catch (const Error& e) {
    throw Error(fmt::format("CPU load of '{}': {}", function, e.what()));
  }
  // One symbol, called with the ABI of the launch: the renderer's or a hand-written one's.
  kernel_ = library_->find<CpuKernel>(function.c_str());
  args_kernel_ = library_->find<CpuArgsKernel>(function.c_str());
  if (!kernel_)
    throw Error(
        fmt::format("CPU load: the binary has no function '{}' (is the name spelled as "
                    "in the source, and the function not static?)",
                    function));
}

double CpuProgram::run(std::span<Buffer* const> buffers, const LaunchDims& dims,
                       std::span<const ScalarArg> scalars, bool wait) {
  const auto& [global, local] = std::tie(dims.global, dims.local);
  auto start = std::chrono::steady_clock::now();
  ArgArray<char*> bufs(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i)
    bufs.data()[i] = static_cast<char*>(buffers[i]->handle()) + buffers[i]->offset();
  ArgArray<int64_t> iargs(scalars.size());
  ArgArray<double> fargs(scalars.size());
  size_t ints = 0, floats = 0;
  for (const ScalarArg& scalar : scalars) {
    if (scalar.kind == ScalarArg::Kind::Int) {
      iargs.data()[ints++] = scalar.i;
    } else {
      fargs.data()[floats++] = scalar.f;
    }
  }

  LaunchContext context{kernel_, bufs.data(), iargs.data(), fargs.data()};
  // check() made sure that neither product overflows.
  pool_.parallel_for(global[0] * global[1] * global[2], local[0] * local[1] * local[2], run_range,
                     &context);
  // CPU launches are synchronous: the work is done here whether or not `wait` is set.
  if (!wait) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double CpuProgram::run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) {
  const auto& [global, local] = std::tie(dims.global, dims.local);
  auto start = std::chrono::steady_clock::now();
  ArgArray<void*> pointers(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelArg& arg = args[i];
    if (arg.kind == KernelArg::Kind::Buffer)
      pointers.data()[i] = static_cast<char*>(arg.buffer->handle()) + arg.buffer->offset();
    else if (arg.kind == KernelArg::Kind::Bytes)
      // The kernel reads them through a pointer and never writes them.
      pointers.data()[i] = const_cast<uint8_t*>(arg.bytes.data());
  }
  ArgsLaunchContext context{args_kernel_, args, {pointers.data(), args.size()}};
  pool_.parallel_for(global[0] * global[1] * global[2], local[0] * local[1] * local[2],
                     run_args_range, &context);
  if (!wait) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace ingot::cpu
