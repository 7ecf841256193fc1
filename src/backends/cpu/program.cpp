// A CPU kernel: a function of a shared object loaded from memory, run on the pool.
#include <dlfcn.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "backends/cpu/cpu.hpp"
#include "ingot/error.hpp"
#include "runtime/write_all.hpp"

namespace ingot {
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

// The product of three launch sizes, each at least `min`; throws on nonsense.
int64_t volume(const std::array<int64_t, 3>& size, int64_t min, const char* what,
               const std::string& function) {
  int64_t product = 1;
  for (int64_t n : size) {
    if (n < min || __builtin_mul_overflow(product, n, &product)) {
      throw Error(
          fmt::format("CPU launch of '{}': {} size [{}, {}, {}] is invalid (each must be "
                      ">= {} and the product fit in 64 bits)",
                      function, what, size[0], size[1], size[2], min));
    }
  }
  return product;
}

}  // namespace

CpuProgram::CpuProgram(CpuDevice& device, const std::vector<uint8_t>& binary,
                       const std::string& function, int buffer_count)
    : device_(device), function_(function), buffer_count_(buffer_count) {
  if (buffer_count < 0)
    throw Error(
        fmt::format("CPU load of '{}': buffer_count {} is negative", function, buffer_count));
  // dlopen needs a file. A memfd keeps the binary off the disk; it stays open until
  // dlclose, because glibc recognises an already-loaded library by its path and a
  // closed fd's number (so its /proc/self/fd path) would be handed to the next load.
  fd_ = ::memfd_create("ingot-kernel", MFD_CLOEXEC);
  if (fd_ >= 0) {
    file_ = "/proc/self/fd/" + std::to_string(fd_);
  } else {
    file_ = (std::filesystem::temp_directory_path() / "ingot-kernel-XXXXXX").string();
    fd_ = ::mkstemp(file_.data());
    if (fd_ < 0)
      throw Error(fmt::format("CPU load of '{}': cannot create a file for the binary: {}", function,
                              std::strerror(errno)));
  }
  if (!write_all(fd_, binary.data(), binary.size())) {
    std::string reason = std::strerror(errno);
    unload();
    throw Error(fmt::format("CPU load of '{}': cannot write the {}-byte binary to {}: {}", function,
                            binary.size(), file_, reason));
  }
  library_ = ::dlopen(file_.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library_) {
    std::string reason = ::dlerror();
    unload();
    throw Error(fmt::format("CPU load of '{}': the binary ({} bytes) does not load: {}", function,
                            binary.size(), reason));
  }
  kernel_ = reinterpret_cast<CpuKernel>(::dlsym(library_, function.c_str()));
  if (!kernel_) {
    unload();
    throw Error(
        fmt::format("CPU load: the binary has no function '{}' (is the name spelled as "
                    "in the source, and the function not static?)",
                    function));
  }
}

CpuProgram::~CpuProgram() { unload(); }

void CpuProgram::unload() {
  if (library_) ::dlclose(library_);
  library_ = nullptr;
  if (fd_ >= 0) {
    ::close(fd_);
    if (!file_.starts_with("/proc/")) ::unlink(file_.c_str());
  }
  fd_ = -1;
}

double CpuProgram::launch(std::span<Buffer* const> buffers, const LaunchDims& dims,
                          std::span<const ScalarArg> scalars, bool wait) {
  if (buffers.size() != size_t(buffer_count_)) {
    throw Error(fmt::format("CPU launch of '{}': {} buffers given; the kernel takes {}", function_,
                            buffers.size(), buffer_count_));
  }
  int64_t total = volume(dims.global, 0, "global", function_);
  int64_t grain = volume(dims.local, 1, "local", function_);
  auto start = std::chrono::steady_clock::now();

  ArgArray<char*> bufs(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    Buffer* buffer = buffers[i];
    if (!buffer || &buffer->device() != &device_) {
      throw Error(fmt::format("CPU launch of '{}': buffer {} is {}; it must be a CPU buffer",
                              function_, i,
                              buffer ? "on " + buffer->device().name() : std::string("null")));
    }
    bufs.data()[i] = static_cast<char*>(buffer->handle()) + buffer->offset();
  }
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
  device_.pool().parallel_for(total, grain, run_range, &context);
  // CPU launches are synchronous: the work is done here whether or not `wait` is set.
  if (!wait) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace ingot
