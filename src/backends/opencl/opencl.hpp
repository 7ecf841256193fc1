// The OpenCL backend: kernels are OpenCL C built by the driver (clBuildProgram), stored as
// the driver's program binaries, and run on one in-order command queue per device.
#pragma once

#include <array>
#include <deque>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "backends/opencl/api.hpp"
#include "ingot/runtime.hpp"
#include "runtime/event_timeline.hpp"

namespace ingot::opencl {

// The OpenCL objects every part of one device uses: its context and its queue, in order
// and with profiling, so that a launch can report its own GPU time.
// Makes the process wait, at exit, for the work queued on every OpenCL device. PoCL
// builds a kernel for its launch size in a worker thread at the first launch, and its
// compiler's globals are created by that build; called after the process's first launch
// has completed, the handler is registered after them and so runs before they are
// destroyed, and no launch is left running into a torn-down compiler.
void drain_queues_at_exit();

class ClContext {
 public:
  ClContext(const std::string& name, cl_platform_id platform, cl_device_id device);
  ~ClContext();  // waits for the queue, then releases it and the context
  ClContext(const ClContext&) = delete;
  ClContext& operator=(const ClContext&) = delete;

  const std::string name;  // "CL:0", for messages
  const cl_platform_id platform;
  const cl_device_id device;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
};

class ClAllocator final : public Allocator {
 public:
  ClAllocator(Device& device, const ClContext& cl);
  ~ClAllocator() override;
  void* raw_alloc(size_t bytes) override;  // a cl_mem
  void raw_free(void* handle, size_t bytes) override;
  void copy_in(void* handle, size_t offset, const void* src, size_t bytes) override;
  void copy_out(void* dst, void* handle, size_t offset, size_t bytes) override;
  void copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                   size_t bytes) override;

 private:
  const ClContext& cl_;
};

class ClCompiler final : public Compiler {
 public:
  // `target` names the platform, device and driver; identity() adds the build options.
  ClCompiler(const ClContext& cl, std::string target);
  std::string identity() const override;
  std::vector<uint8_t> compile(const std::string& source) override;
  // The OpenCL C source itself: a driver's binary runs only on that driver and device.
  ExportedKernel export_kernel(const std::string& source, const std::string& function,
                               const std::string& symbol) override;
  static const char* build_options();

  // The program a binary of compile() stands for: the driver's own binary is loaded; a
  // binary that holds the source (see keeps_source_) is the program compile() just built,
  // or is built again when it comes from the disk cache. Throws Error when neither builds.
  ClOwned<cl_program> program_of(const std::vector<uint8_t>& binary, const std::string& what);

 private:
  // One clBuildProgram of `source`: the program, or an Error holding the build log.
  ClOwned<cl_program> build(const std::string& source);
  // The binary the driver returns for a built program.
  std::vector<uint8_t> driver_binary(cl_program program);

  const ClContext& cl_;
  std::string target_;
  // PoCL compiles a kernel for its launch's work-group size at the first launch, whatever
  // the program came from; asked for a program binary, it first compiles every kernel for
  // any size as well, which doubled the time of a first launch. Its binaries are therefore
  // never asked for: compile() returns the source, marked, and keeps the program it built
  // for the load that follows (a few, in case loads come later or not at all).
  const bool keeps_source_;
  std::mutex built_mutex_;
  std::deque<std::pair<std::string, ClOwned<cl_program>>> built_;
};

// The timeline: each signal() enqueues a marker whose event completes when everything
// submitted before it has; an event is released once its value is known complete.
class ClQueue final : public Queue {
 public:
  explicit ClQueue(const ClContext& cl);
  uint64_t signal() override;
  void wait(uint64_t value) override;
  uint64_t completed() const override;

 private:
  const ClContext& cl_;
  // Each value's marker event, shared so that a wait holds it while others retire it.
  EventTimeline<std::shared_ptr<_cl_event>> timeline_;
};

class ClDevice final : public Device {
 public:
  ClDevice(const std::string& name, cl_platform_id platform, cl_device_id device);
  const DeviceInfo& info() const override { return info_; }
  Allocator& allocator() override { return allocator_; }
  Compiler& compiler() override { return compiler_; }
  Queue& queue() override { return queue_; }
  std::unique_ptr<Program> load(const std::vector<uint8_t>& binary, const std::string& function,
                                int buffer_count) override;

  const ClContext& cl() const { return cl_; }
  ClCompiler& cl_compiler() { return compiler_; }

 private:
  ClContext cl_;  // first: the members below release their objects before it goes
  DeviceInfo info_;
  ClCompiler compiler_;
  ClAllocator allocator_;
  ClQueue queue_;
};

// A kernel of a program binary. Launch ABI: the buffers in order as cl_mem (a view as a
// sub-buffer), then the scalars in order, Int as cl_long and Float as cl_float.
class ClProgram final : public Program {
 public:
  ClProgram(ClDevice& device, const std::vector<uint8_t>& binary, const std::string& function,
            int buffer_count);

 private:
  double run(std::span<Buffer* const> buffers, const LaunchDims& dims,
             std::span<const ScalarArg> scalars, bool wait) override;
  double run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) override;
  // Sets the arguments with `set_args(set_arg, views)` and enqueues the kernel: the part
  // of a launch both ABIs share.
  template <class SetArgs>
  double enqueue(const LaunchDims& dims, bool wait, const std::string& abi, SetArgs set_args);
  // The cl_mem to pass for buffer `index`: its allocation, or a new sub-buffer for a view,
  // which is then added to `views` for the caller to release.
  cl_mem argument(size_t index, Buffer* buffer, std::vector<ClOwned<cl_mem>>& views) const;

  const ClContext& cl_;
  ClOwned<cl_program> program_;
  ClOwned<cl_kernel> kernel_;  // after program_: released before it
  // Arguments are state of the cl_kernel: one launch sets and enqueues them at a time.
  std::mutex launch_mutex_;
};

}  // namespace ingot::opencl
