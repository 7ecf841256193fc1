// The CUDA backend: kernels are CUDA C++ compiled by NVRTC to a CUBIN for the device's
// architecture, loaded as modules of the device's primary context and run on one stream
// per device.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "backends/cuda/api.hpp"
#include "ingot/runtime.hpp"
#include "runtime/event_timeline.hpp"

namespace ingot::cuda {

class CudaContext;

// One launch made ready for the driver: its grid and block, and its arguments in the form
// cuLaunchKernel and kernel nodes read, one slot per argument at the parameter's size.
struct CudaLaunch {
  union Argument {
    CUdeviceptr pointer;
    long long integer;
    float real;
  };
  std::array<unsigned, 3> grid{}, block{};
  std::vector<Argument> arguments;
  std::vector<void*> parameters;  // &arguments[i]: stays valid when the launch is moved
  unsigned shared_bytes = 0;      // dynamic shared memory
};

// Launches queued by any thread and put on the stream, in order, by a thread of the
// context's own. The driver's cuLaunchKernel costs about 5 us of host time on the lent
// H200's machine, as much as an eager softmax's own graph, schedule and key: a program
// that realizes small kernels one after another then does the two side by side instead of
// in turn. Every other operation on the stream first waits until what was queued before
// it is launched (CudaContext::bind), so the stream's order is the callers'.
class CudaSubmitter {
 public:
  explicit CudaSubmitter(const CudaContext& cuda) : cuda_(cuda) {}
  ~CudaSubmitter() { stop(); }
  CudaSubmitter(const CudaSubmitter&) = delete;
  CudaSubmitter& operator=(const CudaSubmitter&) = delete;

  // Whether launches are queued: not under CUDA_LAUNCH_BLOCKING=1, where the driver makes
  // every launch wait so that an error belongs to the call that caused it.
  static bool enabled();
  // Whether the calling thread is a submitter's.
  static bool on_this_thread();
  // Queues `ready`, a launch of `kernel`; the names, of the loaded program (which drains
  // before it unloads), are for the fault bookkeeping and for messages.
  void enqueue(CUfunction kernel, CudaLaunch ready, const std::string& function,
               const std::string& launch_name);
  // Returns once everything queued so far is on the stream; then throws, naming `what`,
  // the first error of those launches, if one failed.
  void drain(std::string_view what);
  // The same where an error cannot be reported (a free, a destructor, exit): it stays for
  // the next drain.
  void drain_quietly() noexcept;
  // Drains, then ends the thread.
  void stop() noexcept;
  // Drops a failed launch's error (its context was started afresh).
  void forget_failures() noexcept;

 private:
  struct Pending {
    CUfunction kernel;
    CudaLaunch ready;
    const std::string* function;
    const std::string* launch_name;
  };
  void run();
  void submit(Pending& launch, uint64_t& bound_generation);
  void wait_for(uint64_t queued) const;

  const CudaContext& cuda_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Pending> pending_;
  std::atomic<uint64_t> queued_{0}, submitted_{0};
  std::atomic<bool> failed_{false};
  bool sleeping_ = false, stopping_ = false;
  std::string error_;   // the first failed launch's, until a drain reports it
  std::thread thread_;  // started by the first enqueue
};

// The CUDA objects every part of one device uses: its primary context and its stream.
// The driver API acts on the calling thread's current context, so every operation binds
// the device's context first: launches come from any thread, and each device has its own.
//
// Faults: a kernel's fault (a sticky error, api.hpp) leaves the context unusable. cu_error
// then marks the context bound on the thread lost (note_fault), naming the kernels
// launched since the last completed wait, one of which faulted; bind() refuses to work in
// a lost context, and reset() replaces it with a fresh one (CudaDevice::recover).
class CudaContext {
 public:
  CudaContext(const std::string& name, CUdevice device);
  ~CudaContext();  // waits for the stream, then destroys it and releases the context
  CudaContext(const CudaContext&) = delete;
  CudaContext& operator=(const CudaContext&) = delete;

  // Makes the context current on the calling thread; throws naming `what`, and the fault,
  // when the context is lost.
  void bind(std::string_view what) const;
  // Waits for all work on the stream; throws naming `what`, with the first error of an
  // earlier asynchronous launch or copy.
  void synchronize(std::string_view what) const;
  // A new event; `flags` CU_EVENT_DEFAULT for timing, else CU_EVENT_DISABLE_TIMING. An
  // event of a context since reset is not destroyed: it went with the context.
  CudaEvent make_event(unsigned flags, std::string_view what) const;

  // Queues a launch for the context's submitter (CudaSubmitter); throws, naming the
  // launch, when the context is lost.
  void enqueue(CUfunction kernel, CudaLaunch ready, const std::string& function,
               const std::string& launch_name) const;
  // Waits, without reporting errors, until the queued launches are on the stream: before
  // an operation that cannot throw (a free, a destructor).
  void drain_quietly() const { submitter_.drain_quietly(); }
  // The submitter's bind: makes the context current on its thread, without waiting for
  // the launches the thread itself is making.
  void bind_submitter(std::string_view what) const;
  // At exit: ends the submitter and waits for the stream, ignoring errors.
  void finish_at_exit() const;

  // Puts `ready`, a launch of `kernel`, on the stream of the context bound on this thread,
  // and records it for a fault's message; throws, naming the launch, where the driver
  // refuses it. The submitter's thread and a caller's launch without queuing share it.
  void launch(CUfunction kernel, const CudaLaunch& ready, const std::string& function,
              const std::string& launch_name) const;
  // A kernel queued on the stream, and every one queued so far done without a fault.
  void launched(const std::string& kernel) const;
  void finished() const;
  // Marks the context lost by a sticky error; returns what the error's message adds: the
  // kernels that may have faulted, and what to do.
  std::string mark_lost() const;
  bool lost() const { return lost_; }
  // Destroys everything of the context (cuDevicePrimaryCtxReset) and opens it afresh,
  // with a new stream. Nothing made in the old one may be used or released afterwards;
  // `generation` tells them apart. Where the driver refuses a fresh context (NVIDIA's
  // keeps a kernel's fault until the process ends), throws Error saying so, then and at
  // every later call.
  void reset();

  const std::string name;  // "CUDA:0", for messages
  const CUdevice device;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  std::atomic<uint64_t> generation = 0;

 private:
  void open();  // retains the primary context and creates the stream
  void check_not_lost(std::string_view what) const;  // throws when lost, naming `what`

  mutable std::atomic<bool> lost_ = false;
  mutable std::mutex faults_mutex_;
  mutable std::vector<std::string> unfinished_;  // kernels launched since the last wait
  mutable std::string fault_;                    // what mark_lost() said
  std::string unrecoverable_;  // why reset() could not open a fresh context, once it failed
  mutable CudaSubmitter submitter_{*this};
};

// Device memory: one cuMemAlloc per allocation, its CUdeviceptr as the handle. Copies are
// queued on the stream after the launches before them; host copies return when done, and
// large ones go through two pinned buffers so that they run at the speed of the bus.
class CudaAllocator final : public Allocator {
 public:
  CudaAllocator(Device& device, const CudaContext& cuda);
  ~CudaAllocator() override;
  // After CudaContext::reset: the cached buffers and staging buffers went with the old
  // context; forgets them without freeing.
  void forget();
  void* raw_alloc(size_t bytes) override;  // a CUdeviceptr
  void raw_free(void* handle, size_t bytes) override;
  void copy_in(void* handle, size_t offset, const void* src, size_t bytes) override;
  void copy_out(void* dst, void* handle, size_t offset, size_t bytes) override;
  void copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                   size_t bytes) override;
  // To another CUDA device, with cuMemcpyPeerAsync.
  bool copy_to_peer(Buffer& dst, const Buffer& src, size_t bytes) override;

 private:
  // A pinned host buffer and the event recorded after the last copy that used it.
  struct Staging {
    void* host = nullptr;
    CudaEvent used;
  };
  // The staging buffers, allocated on the first large copy; false when pinned memory
  // cannot be had, and copies then go straight from pageable memory. The caller holds
  // staging_mutex_.
  bool staging_ready();
  void copy_in_staged(CUdeviceptr dst, const uint8_t* src, size_t bytes);
  void copy_out_staged(uint8_t* dst, CUdeviceptr src, size_t bytes);
  void enqueue_device_copy(CUdeviceptr dst, CUdeviceptr src, size_t bytes);

  const CudaContext& cuda_;
  std::mutex staging_mutex_;  // one staged copy at a time
  std::optional<std::array<Staging, 2>> staging_;
  bool staging_failed_ = false;
};

class CudaCompiler final : public Compiler {
 public:
  // Picks the target for a device of compute capability {major, minor}.
  CudaCompiler(const CudaContext& cuda, std::pair<int, int> capability);
  std::string identity() const override;
  std::vector<uint8_t> compile(const std::string& source) override;
  // The CUBIN for this device's architecture (or PTX where NVRTC is older than the
  // device), as compile() makes it.
  ExportedKernel export_kernel(const std::string& source, const std::string& function,
                               const std::string& symbol) override;
  // NVRTC name expressions: each template instantiation compiled and found by its
  // lowered (mangled) name.
  NamedBinary compile_names(const std::string& source,
                            const std::vector<std::string>& names) override;
  // "ptx": assembled by the driver's JIT (cuLinkAddData, cuLinkComplete) into a CUBIN for
  // the device, which the disk cache keeps, so that the JIT runs once per source.
  std::vector<uint8_t> assemble(const std::string& source, const std::string& language) override;
  std::string assembly_identity(const std::string& language) const override;
  // What `ingot devices` shows: "sm_90 (CUBIN)" or "compute_90 (PTX)".
  std::string target() const;
  // Whether NVRTC builds CUBINs for sm_90, and so sm_90a for kernels that need it.
  bool targets_sm90a() const;

 private:
  const CudaContext& cuda_;
  int device_arch_ = 0;  // 90 for compute capability 9.0
  std::string arch_;     // "sm_90", "compute_90", or empty when NVRTC has none for the device
  std::string no_arch_;  // when arch_ is empty: why
  bool cubin_ = true;    // false: PTX, which the driver compiles for the device at load
  std::vector<std::string> options_;
};

// The timeline: each signal() records an event on the stream, which completes when
// everything submitted before it has; an event is dropped once its value is complete.
class CudaQueue final : public Queue {
 public:
  explicit CudaQueue(const CudaContext& cuda);
  // After CudaContext::reset: every value signaled counts as done (its work went with
  // the old context).
  void forget() { timeline_.forget(); }
  uint64_t signal() override;
  void wait(uint64_t value) override;
  uint64_t completed() const override;

 private:
  const CudaContext& cuda_;
  EventTimeline<CudaEvent> timeline_;
};

class CudaDevice final : public Device {
 public:
  CudaDevice(const std::string& name, CUdevice device);
  const DeviceInfo& info() const override { return info_; }
  Allocator& allocator() override { return allocator_; }
  Compiler& compiler() override { return compiler_; }
  Queue& queue() override { return queue_; }
  std::unique_ptr<Program> load(const std::vector<uint8_t>& binary, const std::string& function,
                                int buffer_count) override;
  bool lost() const override { return cuda_.lost(); }
  // A fresh primary context; the allocator, queue and every buffer and program of the old
  // one are told apart by generation (Device::recover).
  void recover() override;

  const CudaContext& cuda() const { return cuda_; }
  // NCCL's communicator of `group`, all CUDA devices (collective.cpp); nullptr without
  // libnccl, and the group then gets the plain one.
  std::unique_ptr<Communicator> make_communicator(std::span<Device* const> group) override;
  std::unique_ptr<ProcessCarrier> make_process_carrier(ProcessTransport& transport) override;

 private:
  // A CUDA graph of the launches, instantiated once and replayed by one cuGraphLaunch;
  // the default graph where the driver has none.
  std::unique_ptr<Graph> make_graph(std::vector<Graph::Launch> launches,
                                    const Graph::Buffers& buffers) override;

  CudaContext cuda_;  // first: the members below release their objects before it goes
  CudaCompiler compiler_;
  DeviceInfo info_;
  CudaAllocator allocator_;
  CudaQueue queue_;
};

// The device address a kernel is given for `buffer`: its allocation's, plus a view's offset.
inline CUdeviceptr device_address(const Buffer& buffer) {
  return reinterpret_cast<CUdeviceptr>(buffer.handle()) + buffer.offset();
}

// A kernel of a module. Launch ABI: the buffers in order as CUdeviceptr (a view's offset
// added), then the scalars in order, Int as long long and Float as float; the kernel is
// extern "C" __global__. LaunchDims::global counts threads, local is the block.
class CudaProgram final : public Program {
 public:
  CudaProgram(CudaDevice& device, const std::vector<uint8_t>& binary, const std::string& function,
              int buffer_count);
  ~CudaProgram() override;

  // A launch that check() accepted, made ready: what a CUDA graph's kernel node holds.
  static CudaLaunch prepare(std::span<Buffer* const> buffers, const LaunchDims& dims,
                            std::span<const ScalarArg> scalars);
  CUfunction kernel() const { return kernel_; }

 private:
  double run(std::span<Buffer* const> buffers, const LaunchDims& dims,
             std::span<const ScalarArg> scalars, bool wait) override;
  // Buffers and bytes are the parameters in order, threadgroup memory the dynamic shared
  // memory.
  double run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) override;
  // Launches `ready` on the stream, or queues it for the submitter where `may_queue` (its
  // parameters all in `ready`) and no wait is asked for; as run() otherwise.
  double submit(CudaLaunch ready, bool wait, bool may_queue);

  const CudaContext& cuda_;
  // launch_name(), made once: every launch passes it to the checks that may fail.
  const std::string launch_name_ = launch_name();
  CUmodule module_ = nullptr;
  CUfunction kernel_ = nullptr;
};

// Makes the process wait, at exit, for the work queued on every CUDA stream, so that no
// kernel or copy is left running while the process and the driver are torn down.
// Registered once the driver is initialized, so it runs before the driver's own exit.
void synchronize_streams_at_exit();

}  // namespace ingot::cuda
