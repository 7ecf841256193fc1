// The CPU backend: kernels are C compiled into shared objects by the host's C compiler,
// loaded from memory (runtime/library.hpp) and run on a pool of threads. All work is synchronous.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ingot/runtime.hpp"
#include "runtime/library.hpp"
#include "runtime/thread_pool.hpp"

namespace ingot::cpu {

// A field of /proc/cpuinfo for the first core ("model name", "flags"), or "".
std::string cpuinfo_field(const std::string& key);

class CpuAllocator final : public Allocator {
 public:
  explicit CpuAllocator(Device& device);
  ~CpuAllocator() override;
  void* raw_alloc(size_t bytes) override;
  void raw_free(void* handle, size_t bytes) override;
  void copy_in(void* handle, size_t offset, const void* src, size_t bytes) override;
  void copy_out(void* dst, void* handle, size_t offset, size_t bytes) override;
  void copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                   size_t bytes) override;
};

class CpuCompiler final : public Compiler {
 public:
  std::string identity() const override;
  std::vector<uint8_t> compile(const std::string& source) override;
  // "asm": the host's assembly (a .S file), assembled by the same compiler into the same
  // kind of shared object.
  std::vector<uint8_t> assemble(const std::string& source, const std::string& language) override;
  std::string assembly_identity(const std::string& language) const override;
  // An object file for the exported library, `function` renamed `symbol`, compiled for the
  // architecture's baseline rather than this machine's CPU: the library runs elsewhere.
  ExportedKernel export_kernel(const std::string& source, const std::string& function,
                               const std::string& symbol) override;
  // The compiler's path and version, or why there is none; shown by `ingot devices`.
  std::string describe() const;

 private:
  enum class Output { kObject, kSharedObject };
  // Compiles `source`, written to `file_name`, with `flags` (and -c) into an object file,
  // then for kSharedObject links it into a shared object (runtime/link_command.hpp); `what`
  // ("compile", "assembly") names the step in messages.
  std::vector<uint8_t> build(const std::string& source, const std::string& file_name,
                             const std::vector<std::string>& flags, Output output,
                             const std::string& what);

  struct Found {
    std::string requested;  // INGOT_CC when it was looked up; a change looks again
    std::string path;
    std::string version;  // the first line of `--version`
  };
  // Finds the compiler (once per INGOT_CC value); throws Error when there is none.
  Found found() const;

  mutable std::mutex mutex_;
  mutable std::optional<Found> found_;
};

class CpuQueue final : public Queue {
 public:
  uint64_t signal() override { return ++signaled_; }
  void wait(uint64_t value) override;
  uint64_t completed() const override { return signaled_; }

 private:
  // Every launch has finished when it returns, so a value is complete once signaled.
  std::atomic<uint64_t> signaled_ = 0;
};

class CpuDevice final : public Device {
 public:
  CpuDevice();
  const DeviceInfo& info() const override { return info_; }
  Allocator& allocator() override { return allocator_; }
  Compiler& compiler() override { return compiler_; }
  Queue& queue() override { return queue_; }
  ThreadPool& pool() { return pool_; }
  std::unique_ptr<Program> load(const std::vector<uint8_t>& binary, const std::string& function,
                                int buffer_count) override;

 private:
  CpuCompiler compiler_;  // first: info_ describes it
  DeviceInfo info_;
  CpuAllocator allocator_;
  CpuQueue queue_;
  ThreadPool pool_;
};

// The kernel ABI the C renderer emits: bufs[i] points at buffer i (its offset applied),
// iargs and fargs hold the Int and Float scalar arguments in order, and the kernel runs
// the global iterations [start, end).
using CpuKernel = void (*)(char* const* bufs, const int64_t* iargs, const double* fargs,
                           int64_t start, int64_t end);

// The ABI of a kernel written by hand, launched with KernelArgs: args[i] points at
// argument i (a buffer's memory, the bytes, or threadgroup scratch memory).
using CpuArgsKernel = void (*)(void* const* args, int64_t start, int64_t end);

class CpuProgram final : public Program {
 public:
  CpuProgram(CpuDevice& device, const std::vector<uint8_t>& binary, const std::string& function,
             int buffer_count);

 private:
  double run(std::span<Buffer* const> buffers, const LaunchDims& dims,
             std::span<const ScalarArg> scalars, bool wait) override;
  double run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) override;

  ThreadPool& pool_;
  std::optional<Library> library_;
  CpuKernel kernel_ = nullptr;
  CpuArgsKernel args_kernel_ = nullptr;
};

}  // namespace ingot::cpu
