// The hardware abstraction layer (HAL): Device, Allocator, Buffer, Compiler, Program,
// Queue and Graph. A backend implements the virtual functions of these classes in one
// folder under src/backends/<name>/ (docs/adding-a-backend.md); everything above the HAL
// talks only to this header.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ingot/dtype.hpp"
#include "ingot/error.hpp"

namespace ingot {

class Device;
class Allocator;
class Communicator;
class ProcessCarrier;
class ProcessTransport;

// Every dtype but `excluded`, in kAllDTypes' order: what a device computes in.
inline std::vector<DType> dtypes_except(std::initializer_list<DType> excluded) {
  std::vector<DType> dtypes;
  for (DType dtype : kAllDTypes)
    if (std::find(excluded.begin(), excluded.end(), dtype) == excluded.end())
      dtypes.push_back(dtype);
  return dtypes;
}

// What a device is and what it allows; the optimizer reads the limits.
struct DeviceInfo {
  std::string name;      // registry name, e.g. "CPU", "CL:0"
  std::string product;   // human-readable hardware name
  std::string language;  // the renderer's language table: "c", "opencl", "cuda", "metal"
  // The assembly languages a kernel written by hand may also be in (Compiler::assemble):
  // "ptx" on CUDA, "asm" (the host's assembly) on the CPU; none where the device's API
  // loads no assembly, and `no_assembly` then says why, for the message refusing one.
  std::vector<std::string> assembly;
  std::string no_assembly;
  bool emulated = false;  // never chosen as the default device unless named
  bool is_gpu = false;
  int compute_units = 1;
  // Whether the device runs LaunchDims::local as threadgroups: threads that run together
  // and share local memory and barriers (GPUs, and OpenCL or Metal on a CPU). The code
  // generator plans threadgroups (LOCAL, GROUP, a 3-D grid) only where they exist. False
  // where local is only how many iterations one thread takes at a time (the CPU backend):
  // no limit below applies to it, and global need not be a multiple of it.
  bool threadgroups = false;
  // The launch limits Program::launch checks, where the device runs threadgroups: the most
  // threads of one threadgroup, the largest threadgroup extent in each dimension (CUDA's
  // MAX_BLOCK_DIM_X/Y/Z, OpenCL's CL_DEVICE_MAX_WORK_ITEM_SIZES, Metal's
  // maxThreadsPerThreadgroup) and the most threadgroups in each dimension (CUDA's
  // MAX_GRID_DIM_X/Y/Z). A kernel may allow fewer threads than the device
  // (Program::Limits).
  int64_t max_threads_per_group = 1;
  static constexpr int64_t kUnlimited = std::numeric_limits<int64_t>::max();
  std::array<int64_t, 3> max_group_size{kUnlimited, kUnlimited, kUnlimited};
  std::array<int64_t, 3> max_groups{kUnlimited, kUnlimited, kUnlimited};
  // The most arguments, buffers and scalars together, one kernel takes (Metal's 31 buffer
  // bindings).
  int64_t max_kernel_arguments = kUnlimited;
  // A buffer passed to a kernel must start this many bytes, or a multiple, into its
  // allocation (OpenCL passes a view as a sub-buffer: CL_DEVICE_MEM_BASE_ADDR_ALIGN).
  size_t view_alignment_bytes = 1;
  int64_t local_memory_bytes = 0;
  int simd_width = 1;  // float32 lanes of one vector register or one SIMD group
  // The language computes float32 exp, exp2, log, log2, tanh, sqrt, max and min,
  // reciprocals and comparisons on vectors at vector speed (the C prelude's functions),
  // so vector plans may hold them; elsewhere a vector plan applies them lane by lane.
  bool vector_math = false;
  // The language loads float16 and bfloat16 vectors as float32 ones and stores them back
  // rounded (the C prelude's helpers), so vector plans may hold 16-bit floats; elsewhere
  // they are computed element by element.
  bool vector_halves = false;
  // Threads of a SIMD group (a warp) that exchange registers with shuffles, which the
  // last steps of a GROUP reduction use; 0 where the language has no shuffles.
  int shuffle_width = 0;
  // The edge of the square SIMD-group matrices the language multiplies (Metal's 8x8
  // simdgroup matrices, CUDA's 16x16 tiles of mma instructions), which the TC opt uses
  // for matmuls; 0 where there are none. matrix_dtypes: the element types they multiply
  // exactly (CUDA's float32 tensor cores round to TF32: float32 is not among them).
  int matrix_tile = 0;
  std::vector<DType> matrix_dtypes;
  // The language renders what the STAGE opt's matmul needs: vector accesses to
  // threadgroup memory and raw copies of 16-bit elements through it.
  bool staged_matmul = false;
  // Hopper's warpgroup matrix products (wgmma, the WGMMA opt's matmul) on matrix_dtypes,
  // whose operand tiles lie in dynamic threadgroup memory of up to
  // dynamic_local_memory_bytes (LaunchDims::dynamic_threadgroup_bytes; 0: none).
  bool warpgroup_matmul = false;
  int64_t dynamic_local_memory_bytes = 0;
  // The element types the device computes in (tinygrad's supported_dtypes): every one
  // unless the backend leaves some out (Metal has no float64, nor has an OpenCL device
  // without fp64).
  std::vector<DType> dtypes = dtypes_except({});
  uint64_t memory_bytes = 0;
  uint64_t max_buffer_bytes = 0;
  // Further properties shown by `ingot devices` (compiler, driver version...).
  std::vector<std::pair<std::string, std::string>> extra;

  bool supports(DType dtype) const {
    return std::find(dtypes.begin(), dtypes.end(), dtype) != dtypes.end();
  }
};

// Bytes on a device. Buffers are shared_ptr-owned; when the last owner lets go, the
// memory returns to the allocator's cache of freed buffers. A view shares its base's
// memory at a byte offset. A buffer made before its device was started afresh
// (Device::recover) is lost: its memory went with the old state, and handle(), and so
// every use, throws Error.
class Buffer {
 public:
  Buffer(Allocator* allocator, void* handle, size_t bytes);
  Buffer(std::shared_ptr<Buffer> base, size_t offset, size_t bytes);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  size_t bytes() const { return bytes_; }
  size_t offset() const { return offset_; }  // bytes from the start of the base allocation
  void* handle() const;                      // the backend's object (pointer, CUdeviceptr...)
  bool lost() const;
  Allocator& allocator() const { return *allocator_; }
  Device& device() const;

  void copy_in(const void* src, size_t bytes, size_t at = 0);
  void copy_out(void* dst, size_t bytes, size_t at = 0) const;

 private:
  Allocator* allocator_;
  void* handle_ = nullptr;
  size_t bytes_ = 0;
  size_t offset_ = 0;
  std::shared_ptr<Buffer> base_;
  uint64_t generation_ = 0;  // the device's when the memory was allocated
};

// Allocation with an LRU cache of freed buffers in front of the backend: a freed
// buffer is kept for reuse by the next request of the same size, and the cache is
// flushed when the backend runs out of memory. Out of memory is an Error naming the
// device, the bytes asked, the bytes in use and the limit, after which the allocator and
// the device work as before: nothing was taken.
class Allocator {
 public:
  explicit Allocator(Device& device) : device_(device) {}
  // Backends call flush_cache() in their own destructor: by the time this one runs,
  // the backend's raw_free no longer exists.
  virtual ~Allocator();

  std::shared_ptr<Buffer> alloc(size_t bytes);
  Device& device() const { return device_; }

  // Copies between buffers, possibly of different devices. Same-device copies use
  // the backend; across devices the bytes go through the host.
  static void transfer(Buffer& dst, const Buffer& src, size_t bytes);

  // The freed-buffer cache: its capacity in bytes, what it holds, and a flush.
  void set_cache_limit(size_t bytes);
  size_t cached_bytes() const;
  size_t cached_count() const;
  void flush_cache();
  // Forgets the cache and the bytes held without freeing them: the backend calls it when
  // its memory is gone with the device's state (Device::recover).
  void forget_all();
  // How many times alloc was answered from the cache, and by the backend.
  size_t cache_hits() const { return hits_; }
  size_t backend_allocs() const { return backend_allocs_; }
  // The bytes this allocator holds from the backend: its buffers in use and its cache.
  // The buffers in use are held_bytes() - cached_bytes().
  size_t held_bytes() const { return held_; }
  // The most bytes it may hold: Context::memory_limit() (INGOT_MEMORY_LIMIT) where set,
  // else the device's memory; 0 where neither says. An allocation past it is refused
  // before the backend is asked: Linux overcommits host memory, so the CPU's allocation
  // beyond it would "succeed" and the process be killed on first touch.
  uint64_t memory_limit() const;

  // Backend interface.
  virtual void* raw_alloc(size_t bytes) = 0;  // returns nullptr when out of memory
  virtual void raw_free(void* handle, size_t bytes) = 0;
  virtual void copy_in(void* handle, size_t offset, const void* src, size_t bytes) = 0;
  virtual void copy_out(void* dst, void* handle, size_t offset, size_t bytes) = 0;
  // Device-local copy; the default goes through the host.
  virtual void copy_device(void* dst, size_t dst_offset, void* src, size_t src_offset,
                           size_t bytes);
  // Copies `bytes` from `src` (of this allocator) to `dst` of another device without the
  // host where the backend can (CUDA's peer copies), returning when done; false when it
  // cannot, and transfer() then goes through the host.
  virtual bool copy_to_peer(Buffer& dst, const Buffer& src, size_t bytes);

 private:
  friend class Buffer;
  void release(void* handle, size_t bytes);
  // Drops least recently freed buffers until the cache fits its limit; the caller holds
  // mutex_ and frees what is returned after unlocking.
  std::vector<std::pair<size_t, void*>> evict_over_limit();
  // The backend's allocation of `size` bytes within memory_limit(), or nullptr.
  void* allocate_within_limit(size_t size);
  // Returns memory to the backend.
  void free_to_backend(void* handle, size_t size);
  [[noreturn]] void out_of_memory(size_t bytes) const;

  Device& device_;
  mutable std::mutex mutex_;
  // Most recently freed at the front; the map finds entries of one size.
  std::list<std::pair<size_t, void*>> lru_;
  std::multimap<size_t, std::list<std::pair<size_t, void*>>::iterator> by_size_;
  size_t cached_bytes_ = 0;
  // The default (cache_limit()) until set_cache_limit.
  size_t cache_limit_ = 0;
  bool cache_limit_set_ = false;
  size_t cache_limit() const;
  // Atomic so that the accessors above may read them while other threads allocate.
  std::atomic<size_t> hits_ = 0;
  std::atomic<size_t> backend_allocs_ = 0;
  std::atomic<size_t> held_ = 0;
};

// A kernel as an exported library (include/ingot/export.hpp) carries it: what the
// library's runtime loads on the target with no compiler of ingot's.
struct ExportedKernel {
  std::string extension;  // of its file: ".o", ".cubin", ".ptx", ".cl", ".metal"
  std::vector<uint8_t> bytes;
};

// Source to binary, with a content-addressed disk cache in front (runtime/disk_cache).
class Compiler {
 public:
  virtual ~Compiler() = default;
  // Everything besides the source that changes the binary: compiler path and version,
  // flags, target. Part of the cache key.
  virtual std::string identity() const = 0;
  // Compiles `source`; throws Error holding the compiler's log on failure.
  virtual std::vector<uint8_t> compile(const std::string& source) = 0;
  // Looks the binary up in the disk cache, compiling and storing it on a miss.
  std::vector<uint8_t> compile_cached(const std::string& source);

  // A binary whose entry points are named by expressions of the language (CUDA's template
  // instantiations, "scale<float, 4>"), with the name each has in the binary (its mangled
  // symbol), in the order of the expressions.
  struct NamedBinary {
    std::vector<uint8_t> binary;
    std::vector<std::string> symbols;
  };
  // Compiles `source`, instantiating `names`. Throws Error naming the first one where the
  // language has no such names (every language but CUDA, the default).
  virtual NamedBinary compile_names(const std::string& source,
                                    const std::vector<std::string>& names);
  // compile_names behind the disk cache.
  NamedBinary compile_names_cached(const std::string& source,
                                   const std::vector<std::string>& names);

  // Assembles `source`, written in `language` (one of DeviceInfo::assembly), into the kind
  // of binary compile() makes, which Device::load reads; throws Error holding the
  // assembler's log on failure. The default, for a device without assembly, throws Error.
  virtual std::vector<uint8_t> assemble(const std::string& source, const std::string& language);
  // identity() for assemble(): the assembler, its version, flags and target.
  virtual std::string assembly_identity(const std::string& language) const;
  // assemble behind the disk cache, the language part of the key.
  std::vector<uint8_t> assemble_cached(const std::string& source, const std::string& language);

  // `source`, whose entry point is `function`, in the form an exported library carries
  // (ExportedKernel); where the kernel becomes a symbol of the library (the CPU's object
  // file), the symbol is `symbol`. Throws Error holding the compiler's log on failure. The
  // default, for a device that cannot be exported to, throws Error.
  virtual ExportedKernel export_kernel(const std::string& source, const std::string& function,
                                       const std::string& symbol);
};

// The launch geometry. On GPUs: threadgroups of `local` threads, `global` threads in
// all. The CPU runs global[0]*global[1]*global[2] iterations split across its cores.
struct LaunchDims {
  std::array<int64_t, 3> global{1, 1, 1};
  std::array<int64_t, 3> local{1, 1, 1};
  // Whether `global` may leave the last threadgroup of a dimension partial, as Metal's
  // dispatchThreads:threadsPerThreadgroup: launches; otherwise global must be a multiple
  // of local. A device that cannot launch partial threadgroups refuses it (Program::check).
  bool partial_groups = false;
  // Threadgroup memory the launch reserves beyond what the kernel declares itself, for a
  // kernel that declares its array dynamic (CUDA's dynamic shared memory, which may pass
  // the static 48 KB up to the device's opt-in limit).
  int64_t dynamic_threadgroup_bytes = 0;
  // A grid of no threads, which runs nothing.
  bool empty() const { return global[0] == 0 || global[1] == 0 || global[2] == 0; }
  // The threadgroups in each dimension, of a launch Program::check accepted (the partial
  // last one counted).
  std::array<int64_t, 3> groups() const {
    std::array<int64_t, 3> groups;
    for (int d = 0; d < 3; ++d) groups[d] = (global[d] + local[d] - 1) / local[d];
    return groups;
  }
};

// A scalar kernel argument.
struct ScalarArg {
  enum class Kind { Int, Float } kind = Kind::Int;
  int64_t i = 0;
  double f = 0;
  static ScalarArg of_int(int64_t v) { return {Kind::Int, v, 0}; }
  static ScalarArg of_float(double v) { return {Kind::Float, 0, v}; }
};

// One argument of a launch in the kernel's own order (Program::launch with arguments), for
// kernels written by hand: a buffer, bytes passed by value (a scalar of the width the kernel
// declares, or a struct), or a length of threadgroup memory the launch provides.
// Where each lands in each language:
//   C (CPU):  void f(void* const* args, int64_t start, int64_t end): args[i] points at
//             argument i: a buffer's memory, the bytes, or scratch memory of the length,
//             one per run of [start, end) (the CPU runs no threadgroups).
//   OpenCL C: every argument is a parameter in order: a buffer a __global pointer, bytes a
//             by-value parameter, threadgroup memory a __local pointer.
//   CUDA:     buffers and bytes are the parameters in order (a struct by value);
//             threadgroup memory is the dynamic shared memory (extern __shared__), one.
//   MSL:      buffers and bytes take [[buffer(0)]] up in their order (bytes through
//             setBytes); threadgroup memory takes [[threadgroup(0)]] up in its order.
struct KernelArg {
  enum class Kind { Buffer, Bytes, Threadgroup };
  Kind kind = Kind::Buffer;
  Buffer* buffer = nullptr;        // Kind::Buffer
  std::span<const uint8_t> bytes;  // Kind::Bytes; the caller keeps them until launch returns
  size_t threadgroup_bytes = 0;    // Kind::Threadgroup
  std::string_view name;           // for messages; may be empty

  static KernelArg of_buffer(Buffer* buffer, std::string_view name = {}) {
    return {Kind::Buffer, buffer, {}, 0, name};
  }
  static KernelArg of_bytes(std::span<const uint8_t> bytes, std::string_view name = {}) {
    return {Kind::Bytes, nullptr, bytes, 0, name};
  }
  static KernelArg of_threadgroup(size_t bytes, std::string_view name = {}) {
    return {Kind::Threadgroup, nullptr, {}, bytes, name};
  }
};

// One loaded kernel. The backend loads it and runs it (run()); launch() checks every
// launch first, with the same messages on every device, so a backend only computes.
class Program {
 public:
  virtual ~Program() = default;
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  // Checks the launch (check()), then runs the kernel on `buffers`. When `wait` is set,
  // returns after completion with the kernel's time in seconds; otherwise returns 0 and
  // the launch is ordered on the device's queue. A grid of no threads runs nothing.
  double launch(std::span<Buffer* const> buffers, const LaunchDims& dims,
                std::span<const ScalarArg> scalars, bool wait);
  // Throws Error, naming the kernel, the value at fault and what is valid, unless this
  // kernel can run the launch: buffer_count() buffers of its device, at offsets the device
  // can pass; scalars as its parameters take them, where the backend knows them (Limits);
  // and a grid within the device's and the kernel's limits. Device::capture checks each
  // launch of a graph with it.
  void check(std::span<Buffer* const> buffers, const LaunchDims& dims,
             std::span<const ScalarArg> scalars) const;
  // The same for a kernel written by hand, with its arguments in its own order (KernelArg
  // says how each language receives them): buffer_count() of them buffers of this device;
  // bytes and threadgroup memory within the limits of the device and its API.
  double launch(std::span<const KernelArg> args, const LaunchDims& dims, bool wait);
  void check(std::span<const KernelArg> args, const LaunchDims& dims) const;

  Device& device() const { return device_; }
  const std::string& function() const { return function_; }
  int buffer_count() const { return buffer_count_; }
  // Loaded before its device was started afresh (Device::recover): the backend's object
  // is gone, and a launch throws Error. Load it again.
  bool lost() const;

 protected:
  // What the backend learns about a kernel when it loads it, which launches are checked
  // against besides the device's limits.
  struct Limits {
    // The most threads of one threadgroup of this kernel (its registers may allow fewer
    // than the device), and the API's name for that figure, for messages.
    int64_t max_threads = DeviceInfo::kUnlimited;
    std::string max_threads_name;
    // How many parameters the kernel has, buffers and scalars together, where the driver
    // says (OpenCL's CL_KERNEL_NUM_ARGS)...
    std::optional<size_t> parameters;
    // ...and each one's size in bytes, where it says that too (CUDA's cuFuncGetParamInfo):
    // a buffer is an 8-byte pointer, an Int scalar 8 bytes and a Float 4.
    std::optional<std::vector<size_t>> parameter_bytes;
    // Launches with KernelArgs. The most bytes one Bytes argument may have (Metal's
    // setBytes takes under 4 KiB), and the API's name for that figure.
    size_t max_bytes_argument = std::numeric_limits<size_t>::max();
    std::string max_bytes_name;
    // Whether threadgroup memory is a parameter of the kernel (OpenCL's __local
    // arguments) or set beside them (Metal's setThreadgroupMemoryLength, CUDA's dynamic
    // shared memory); how many Threadgroup arguments a launch may have; the threadgroup
    // memory the kernel declares itself, which the device's limit leaves less room beside;
    // and the multiple every length is rounded up to (Metal: 16).
    bool threadgroup_is_parameter = true;
    size_t max_threadgroup_arguments = std::numeric_limits<size_t>::max();
    int64_t static_threadgroup_bytes = 0;
    size_t threadgroup_granule = 1;
    // Whether the device launches partial threadgroups (LaunchDims::partial_groups), and
    // if not, why, for the message.
    bool partial_groups = false;
    std::string no_partial_groups;
  };

  // Throws Error unless buffer_count is 0 to the device's max_kernel_arguments.
  Program(Device& device, std::string function, int buffer_count);
  void set_limits(Limits limits) { limits_ = std::move(limits); }
  // "CUDA:0 launch of 'f'": how messages about a launch begin.
  std::string launch_name() const;

  // The backend's launch, of one that check() accepted and whose grid is not empty; as
  // launch() otherwise.
  virtual double run(std::span<Buffer* const> buffers, const LaunchDims& dims,
                     std::span<const ScalarArg> scalars, bool wait) = 0;
  // The same for KernelArgs; a threadgroup length as given (the backend rounds it up to
  // its granule).
  virtual double run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) = 0;

 private:
  void check_not_lost() const;
  void check_arguments(std::span<Buffer* const> buffers, std::span<const ScalarArg> scalars) const;
  void check_buffer(size_t index, const Buffer* buffer, std::string_view name) const;
  void check_kernel_args(std::span<const KernelArg> args) const;
  void check_grid(const LaunchDims& dims) const;

  Device& device_;
  std::string function_;
  int buffer_count_;
  Limits limits_;
  uint64_t generation_;  // the device's when it was loaded
};

// Ordered submission with a timeline: signal() returns a value that wait() blocks on;
// waiting for a value that was never signaled throws Error instead of hanging.
class Queue {
 public:
  virtual ~Queue() = default;
  virtual uint64_t signal() = 0;
  virtual void wait(uint64_t value) = 0;
  virtual uint64_t completed() const = 0;
  void synchronize() { wait(signal()); }
};

// A captured list of launches replayed with little host work.
class Graph {
 public:
  // A graph does not keep its buffers alive: the caller owns them. Replaying a graph
  // after one of its buffers was freed throws Error instead of touching freed memory.
  struct Launch {
    Program* program;
    std::vector<std::weak_ptr<Buffer>> buffers;
    LaunchDims dims;
    std::vector<ScalarArg> scalars;
  };

  // For one replay, `bound` in place of `captured` wherever a launch uses `captured` (the
  // JIT binds its caller's inputs so). `bound` must be of the graph's device, at least as
  // large, and start as a whole allocation does for kernels that load aligned vectors
  // (Graph::bindable).
  struct Binding {
    const Buffer* captured;
    std::shared_ptr<Buffer> bound;
  };

  // The buffers of every launch, alive for as long as this object is, with `bindings`
  // applied. Throws Error naming `what`, the launch and the buffer when one was freed.
  class Buffers {
   public:
    Buffers(const std::vector<Launch>& launches, std::string_view what,
            std::span<const Binding> bindings = {});
    std::span<Buffer* const> of(size_t launch) const { return pointers_[launch]; }
    const std::vector<std::shared_ptr<Buffer>>& held() const { return held_; }

   private:
    std::vector<std::shared_ptr<Buffer>> held_;
    std::vector<std::vector<Buffer*>> pointers_;
  };

  virtual ~Graph() = default;
  // Submits the launches again, in order, without a host wait, on the captured buffers but
  // for the `bindings` of this replay. Every buffer and binding is checked first, so a
  // graph with a freed buffer or a bad binding throws Error having submitted nothing.
  void replay(std::span<const Binding> bindings = {});
  // Whether `buffer` may be bound in place of a captured one of `bytes`: of this graph's
  // device, large enough, and at an offset kernels may assume aligned (kBindAlignment and
  // the device's view alignment).
  bool bindable(const Buffer& buffer, size_t bytes) const;
  static constexpr size_t kBindAlignment = 256;
  const std::vector<Launch>& launches() const { return launches_; }
  Device& device() const { return device_; }

 protected:
  Graph(Device& device, std::vector<Launch> launches);
  // The backend's replay, with every launch's buffers alive.
  virtual void submit(const Buffers& buffers) = 0;

 private:
  Device& device_;
  std::vector<Launch> launches_;
};

// A value for one of a Metal kernel's function constants ([[function_constant(index)]]),
// named by its index or, where `index` is empty, by its name; `bytes` hold the value as
// `dtype` (its first dtype_size(dtype) bytes).
struct FunctionConstant {
  std::optional<uint32_t> index;
  std::string name;
  DType dtype = DType::Int32;
  std::array<uint8_t, 8> bytes{};
};

class Device {
 public:
  virtual ~Device() = default;

  // Finds an opened device by name ("CPU", "CL:1"); "" means the default device (DEV,
  // else the fastest real device that opens). Throws Error naming the available ones.
  static Device& get(const std::string& name = "");
  // The names of the devices that open on this machine.
  static std::vector<std::string> available();
  static std::string default_name();

  virtual const DeviceInfo& info() const = 0;
  // Faults: a GPU kernel that faults (CUDA's illegal address) leaves the device's state
  // unusable. The backend then reports lost(), and recover() starts it afresh, which
  // Device::get does before it hands a lost device out: every buffer and program of the
  // old state is lost (Buffer::lost, Program::lost) and throws Error when used, never
  // touching what is gone. Backends without such faults are never lost.
  virtual bool lost() const { return false; }
  virtual void recover() {}
  // How many times the device was started afresh.
  uint64_t generation() const { return generation_; }
  const std::string& name() const { return info().name; }
  virtual Allocator& allocator() = 0;
  virtual Compiler& compiler() = 0;
  virtual Queue& queue() = 0;
  // Loads `function` from a binary made by this device's compiler.
  virtual std::unique_ptr<Program> load(const std::vector<uint8_t>& binary,
                                        const std::string& function, int buffer_count) = 0;
  // Loads `function` specialised with Metal function constants. Without constants, as
  // load(); a device whose language has none throws Error naming the function.
  virtual std::unique_ptr<Program> load_specialized(const std::vector<uint8_t>& binary,
                                                    const std::string& function, int buffer_count,
                                                    std::span<const FunctionConstant> constants);
  // A graph of `launches`, each checked first as Program::launch checks it (its program
  // one of this device's, its buffers alive).
  std::unique_ptr<Graph> capture(std::vector<Graph::Launch> launches);
  void synchronize() { queue().synchronize(); }
  // The backend's own communicator (include/ingot/collective.hpp) for `group`, devices of
  // this backend in the group's order, this one first and none twice; nullptr (the
  // default) where it has none, or its library is missing, and Communicator::get then
  // makes the plain one. CUDA's is NCCL's. Throws Error where the library is there but
  // fails to join the devices.
  virtual std::unique_ptr<Communicator> make_communicator(std::span<Device* const> group);
  // The backend's own carrier of a process group's collectives (include/ingot/
  // process_group.hpp) on this device, joining the other ranks through `transport`;
  // nullptr (the default) where it has none, and the group then uses the plain carrier.
  // CUDA's is NCCL's (ncclCommInitRank). Every rank must call it, as it is collective.
  virtual std::unique_ptr<ProcessCarrier> make_process_carrier(ProcessTransport& transport);

 protected:
  // Called by recover(): the state made from now on is new.
  void next_generation() { ++generation_; }
  // The backend's graph of launches that capture() checked, whose buffers `buffers` holds
  // alive. The default, for a device without graphs of its own, submits the launches
  // again one by one at each replay, without a host wait.
  virtual std::unique_ptr<Graph> make_graph(std::vector<Graph::Launch> launches,
                                            const Graph::Buffers& buffers);

 private:
  std::atomic<uint64_t> generation_ = 0;
};

// Backend registration: a backend lists the device names it opens and opens them.
// `rank` orders kinds for the default device (lower is preferred).
struct BackendEntry {
  std::string kind;  // "CPU", "CL", "CUDA", "METAL"
  int rank;
  std::function<std::vector<std::string>()> enumerate;  // names; empty when unavailable
  std::function<std::unique_ptr<Device>(const std::string& name)> open;
  // Devices that open only when named (Device::get("NULL"), DEV=NULL): neither
  // Device::available() nor the default device considers them. The template backend.
  bool only_when_named = false;
};
void register_backend(BackendEntry entry);

}  // namespace ingot
