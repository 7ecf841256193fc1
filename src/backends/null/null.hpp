// The NULL backend: the template a new backend starts from (docs/adding-a-backend.md). It
// compiles, registers a device that opens only when named (DEV=NULL, Device::get("NULL")),
// and answers every HAL call with a no-op where doing nothing is a correct answer, else
// with an Error saying that the call is not implemented. Each function says what a real
// backend does there; the CPU backend (src/backends/cpu/) is a complete one to compare.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ingot/runtime.hpp"

namespace ingot::null {

// The Error every call a real backend must implement answers: "NULL: Compiler::compile is
// not implemented ...".
Error not_implemented(std::string_view call);

// Buffers: a real allocator asks the driver for memory and copies to and from it.
class NullAllocator final : public Allocator {
 public:
  explicit NullAllocator(Device& device) : Allocator(device) {}
  ~NullAllocator() override;
  void* raw_alloc(size_t bytes) override;
  void raw_free(void* handle, size_t bytes) override;
  void copy_in(void* handle, size_t offset, const void* src, size_t bytes) override;
  void copy_out(void* dst, void* handle, size_t offset, size_t bytes) override;
};

// Source in the device's language to a binary the device loads.
class NullCompiler final : public Compiler {
 public:
  std::string identity() const override;
  std::vector<uint8_t> compile(const std::string& source) override;
};

// The queue's timeline of signals, which host waits and graphs order work by.
class NullQueue final : public Queue {
 public:
  uint64_t signal() override;
  void wait(uint64_t value) override;
  uint64_t completed() const override;
};

class NullDevice final : public Device {
 public:
  NullDevice();
  const DeviceInfo& info() const override { return info_; }
  Allocator& allocator() override { return allocator_; }
  Compiler& compiler() override { return compiler_; }
  Queue& queue() override { return queue_; }
  std::unique_ptr<Program> load(const std::vector<uint8_t>& binary, const std::string& function,
                                int buffer_count) override;

 private:
  DeviceInfo info_;
  NullAllocator allocator_;
  NullCompiler compiler_;
  NullQueue queue_;
};

// One kernel of a binary, loaded.
class NullProgram final : public Program {
 public:
  NullProgram(NullDevice& device, const std::vector<uint8_t>& binary, const std::string& function,
              int buffer_count);

 private:
  double run(std::span<Buffer* const> buffers, const LaunchDims& dims,
             std::span<const ScalarArg> scalars, bool wait) override;
  double run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) override;
};

}  // namespace ingot::null
