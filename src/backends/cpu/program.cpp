// A CPU kernel: a function of a shared object loaded from memory, run on the pool.
#include <fmt/format.h>

#include <array>
#include <chrono>

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

}  // namespace

CpuProgram::CpuProgram(CpuDevice& device, const std::vector<uint8_t>& binary,
                       const std::string& function, int buffer_count)
    : Program(device, function, buffer_count), pool_(device.pool()) {
  try {
    library_ = Library::load_image(binary, fmt::format("the {}-byte binary", binary.size()));
  } catch (const Error& e) {
    throw Error(fmt::format("CPU load of '{}': {}", function, e.what()));
  }
  kernel_ = library_->find<CpuKernel>(function.c_str());
  if (!kernel_)
    throw Error(
        fmt::format("CPU load: the binary has no function '{}' (is the name spelled as "
                    "in the source, and the function not static?)",
                    function));
}

double CpuProgram::run(std::span<Buffer* const> buffers, const LaunchDims& dims,
                       std::span<const ScalarArg> scalars, bool wait) {
  const auto& [global, local] = dims;
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

}  // namespace ingot::cpu
