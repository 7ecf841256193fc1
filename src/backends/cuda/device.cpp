// CUDA devices: every device the driver lists, named CUDA:0, CUDA:1... in its order; their
// properties, primary context and stream; and the backend's registration.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <tuple>

#include "backends/cuda/cuda.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"

namespace ingot::cuda {
namespace {

// How many devices the driver lists: none without libcuda, NVRTC or a GPU.
int device_count() {
  if (!cuda_api()) {
    if (Context::global().debug() >= 1)
      std::fprintf(stderr, "ingot: no CUDA devices: %s\n", cuda_unavailable_reason().c_str());
    return 0;
  }
  int count = 0;
  if (CUresult status = cu().cuDeviceGetCount(&count); status != CUDA_SUCCESS)
    throw cu_error(status, "cuDeviceGetCount", "CUDA enumeration");
  return count;
}

std::string device_name(int index) { return fmt::format("CUDA:{}", index); }

std::vector<std::string> enumerate_devices() {
  std::vector<std::string> names;
  for (int i = 0, count = device_count(); i < count; ++i) names.push_back(device_name(i));
  return names;
}

std::unique_ptr<Device> open_device(const std::string& name) {
  int count = device_count(), index = -1;
  std::string_view number = std::string_view(name).substr(name.find(':') + 1);
  auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), index);
  if (error != std::errc() || end != number.data() + number.size() || index < 0 || index >= count ||
      device_name(index) != name)
    throw Error(fmt::format("CUDA: no device {}; {} device(s) found", name, count));
  CUdevice device = 0;
  if (CUresult status = cu().cuDeviceGet(&device, index); status != CUDA_SUCCESS)
    throw cu_error(status, "cuDeviceGet", "opening " + name);
  return std::make_unique<CudaDevice>(name, device);
}

int attribute(CUdevice device, CUdevice_attribute which, const char* what) {
  int value = 0;
  if (CUresult status = cu().cuDeviceGetAttribute(&value, which, device); status != CUDA_SUCCESS)
    throw cu_error(status, "cuDeviceGetAttribute", fmt::format("CUDA: reading {}", what));
  return value;
}

// Three consecutive attributes: X, Y and Z of a limit.
std::array<int64_t, 3> attributes_xyz(CUdevice device, CUdevice_attribute x, const char* what) {
  return {attribute(device, x, what), attribute(device, x + 1, what),
          attribute(device, x + 2, what)};
}

// Major and minor version, e.g. {9, 0} for an H100.
std::pair<int, int> compute_capability(CUdevice device) {
  return {attribute(device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "compute capability"),
          attribute(device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "compute capability")};
}

std::string product_name(CUdevice device) {
  char name[256] = {};
  if (CUresult status = cu().cuDeviceGetName(name, sizeof name - 1, device); status != CUDA_SUCCESS)
    throw cu_error(status, "cuDeviceGetName", "CUDA: reading the device name");
  return name;
}

uint64_t total_memory(CUdevice device) {
  size_t bytes = 0;
  if (CUresult status = cu().cuDeviceTotalMem_v2(&bytes, device); status != CUDA_SUCCESS)
    throw cu_error(status, "cuDeviceTotalMem_v2", "CUDA: reading the memory size");
  return bytes;
}

// Domain, bus and device as nvidia-smi shows them: "0000:1b:00".
std::string pci_address(CUdevice device) {
  return fmt::format("{:04x}:{:02x}:{:02x}",
                     attribute(device, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, "PCI domain"),
                     attribute(device, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, "PCI bus"),
                     attribute(device, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, "PCI device"));
}

// 12040 -> "12.4".
std::string cuda_version(int version) {
  return fmt::format("{}.{}", version / 1000, version % 1000 / 10);
}

DeviceInfo describe(const std::string& name, CUdevice device, const CudaCompiler& compiler) {
  uint64_t memory = total_memory(device);
  auto [major, minor] = compute_capability(device);
  const CudaApi& api = cu();
  return DeviceInfo{
      .name = name,
      .product = product_name(device),
      .language = "cuda",
      // PTX, which the driver's JIT assembles for the device (CudaCompiler::assemble).
      .assembly = {"ptx"},
      .is_gpu = true,
      .compute_units =
          attribute(device, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "multiprocessor count"),
      .threadgroups = true,
      .max_threads_per_group =
          attribute(device, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "threads per block"),
      .max_group_size = attributes_xyz(device, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, "block size"),
      .max_groups = attributes_xyz(device, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, "grid size"),
      // Static shared memory: kernels are launched with no dynamic shared memory.
      .local_memory_bytes = attribute(device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
                                      "shared memory per block"),
      // A thread loads 16 bytes at once (the table's vectors), as OpenCL's vload4 does.
      .simd_width = 4,
      // Vectors of 16-bit floats load and store as one access of their bytes (the table's
      // ingot_load_float16...), held as float32 lanes.
      .vector_halves = true,
      .shuffle_width = attribute(device, CU_DEVICE_ATTRIBUTE_WARP_SIZE, "warp size"),
      // mma.sync m16n8k16 with float16 and bfloat16 operands: compute capability 8.0 on.
      .matrix_tile = major >= 8 ? 16 : 0,
      .matrix_dtypes = {DType::Float16, DType::BFloat16},
      .staged_matmul = true,
      // wgmma needs sm_90a, whose binaries run on compute capability 9.0 alone.
      .warpgroup_matmul = major == 9 && minor == 0 && compiler.targets_sm90a(),
      .dynamic_local_memory_bytes =
          attribute(device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                    "shared memory a block may opt in to"),
      .memory_bytes = memory,
      // CUDA has no per-allocation limit below the device's memory.
      .max_buffer_bytes = memory,
      .extra = {
          {"compute capability", fmt::format("{}.{}", major, minor)},
          {"driver", fmt::format("CUDA {}", cuda_version(api.driver_version))},
          {"NVRTC", fmt::format("{}.{} ({})", api.nvrtc_major, api.nvrtc_minor, api.nvrtc_library)},
          {"target", compiler.target()},
          {"PCI address", pci_address(device)}}};
}

// Every context open in this process (devices live until exit).
std::mutex g_streams_mutex;
std::vector<const CudaContext*>& open_contexts() {
  static auto* contexts = new std::vector<const CudaContext*>;
  return *contexts;
}

void synchronize_open_streams() {
  std::lock_guard lock(g_streams_mutex);
  for (const CudaContext* cuda : open_contexts()) cuda->finish_at_exit();
}

// The context the calling thread bound last, which a sticky error belongs to.
thread_local const CudaContext* t_bound = nullptr;

bool is_sticky(CUresult code) {
  return code == CUDA_ERROR_ILLEGAL_ADDRESS || code == CUDA_ERROR_LAUNCH_TIMEOUT ||
         code == CUDA_ERROR_ASSERT ||
         (code >= CUDA_ERROR_HARDWARE_STACK_ERROR && code <= CUDA_ERROR_LAUNCH_FAILED);
}

// At most this many kernels are named in a fault's message.
constexpr size_t kNamedKernels = 8;

}  // namespace

std::string note_fault(CUresult code) {
  if (!is_sticky(code) || !t_bound) return "";
  return t_bound->mark_lost();
}

void synchronize_streams_at_exit() {
  static std::once_flag once;
  std::call_once(once, [] { std::atexit(synchronize_open_streams); });
}

CudaContext::CudaContext(const std::string& name, CUdevice device) : name(name), device(device) {
  open();
}

void CudaContext::open() {
  std::string what = "opening " + name;
  // The primary context is the one the CUDA runtime uses too, so ingot's buffers and
  // streams are usable by other CUDA code in the process, and it is not created twice.
  if (CUresult status = cu().cuDevicePrimaryCtxRetain(&context, device); status != CUDA_SUCCESS)
    throw cu_error(status, "cuDevicePrimaryCtxRetain", what);
  // Non-blocking: the stream does not wait for work other code puts on the legacy stream.
  CUresult status = cu().cuCtxSetCurrent(context);
  if (status == CUDA_SUCCESS) status = cu().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING);
  if (status != CUDA_SUCCESS) {
    cu().cuDevicePrimaryCtxRelease_v2(device);
    throw cu_error(status, "cuStreamCreate", what);
  }
  std::lock_guard lock(g_streams_mutex);
  open_contexts().push_back(this);
  synchronize_streams_at_exit();
}

CudaContext::~CudaContext() {
  submitter_.stop();
  {
    std::lock_guard lock(g_streams_mutex);
    std::erase(open_contexts(), this);
  }
  if (!context) return;  // a reset that could not open a fresh one holds no retain
  if (cu().cuCtxSetCurrent(context) == CUDA_SUCCESS) {
    cu().cuStreamSynchronize(stream);
    cu().cuStreamDestroy_v2(stream);
  }
  cu().cuDevicePrimaryCtxRelease_v2(device);
}

void CudaContext::check_not_lost(std::string_view what) const {
  if (!lost_) return;
  std::lock_guard lock(faults_mutex_);
  throw Error(fmt::format("{}: {}", what, fault_));
}

void CudaContext::bind(std::string_view what) const {
  if (!CudaSubmitter::on_this_thread()) submitter_.drain(what);
  bind_submitter(what);
}

void CudaContext::bind_submitter(std::string_view what) const {
  check_not_lost(what);
  t_bound = this;
  if (CUresult status = cu().cuCtxSetCurrent(context); status != CUDA_SUCCESS)
    throw cu_error(status, "cuCtxSetCurrent", what);
}

void CudaContext::enqueue(CUfunction kernel, CudaLaunch ready, const std::string& function,
                          const std::string& launch_name) const {
  check_not_lost(launch_name);
  submitter_.enqueue(kernel, std::move(ready), function, launch_name);
}

void CudaContext::finish_at_exit() const {
  submitter_.stop();
  // Errors are ignored: at exit there is no one left to tell.
  if (context && cu().cuCtxSetCurrent(context) == CUDA_SUCCESS) cu().cuStreamSynchronize(stream);
}

void CudaContext::synchronize(std::string_view what) const {
  bind(what);
  if (CUresult status = cu().cuStreamSynchronize(stream); status != CUDA_SUCCESS)
    throw cu_error(status, "cuStreamSynchronize", what);
  finished();
}

CudaEvent CudaContext::make_event(unsigned flags, std::string_view what) const {
  CUevent event = nullptr;
  if (CUresult status = cu().cuEventCreate(&event, flags); status != CUDA_SUCCESS)
    throw cu_error(status, "cuEventCreate", what);
  return CudaEvent(event, [this, made_in = generation.load()](CUevent owned) {
    if (generation == made_in) cu().cuEventDestroy_v2(owned);
  });
}

void CudaContext::launch(CUfunction kernel, const CudaLaunch& ready, const std::string& function,
                         const std::string& launch_name) const {
  const auto& [blocks, block] = std::tie(ready.grid, ready.block);
  if (CUresult status = cu().cuLaunchKernel(kernel, blocks[0], blocks[1], blocks[2], block[0],
                                            block[1], block[2], ready.shared_bytes, stream,
                                            const_cast<void**>(ready.parameters.data()), nullptr);
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuLaunchKernel",
                   fmt::format("{} with grid {} and block {}", launch_name, blocks, block));
  launched(function);  // a fault surfaces later, at a wait: it names this kernel
}

void CudaContext::launched(const std::string& kernel) const {
  std::lock_guard lock(faults_mutex_);
  if (unfinished_.size() <= kNamedKernels) unfinished_.push_back(kernel);
}

void CudaContext::finished() const {
  std::lock_guard lock(faults_mutex_);
  unfinished_.clear();
}

std::string CudaContext::mark_lost() const {
  std::lock_guard lock(faults_mutex_);
  if (lost_) return fault_;
  std::string kernels;
  for (size_t i = 0; i < std::min(unfinished_.size(), kNamedKernels); ++i)
    kernels += fmt::format("{}'{}'", i ? ", " : "", unfinished_[i]);
  if (unfinished_.size() > kNamedKernels) kernels += " and more";
  std::string culprit = unfinished_.empty() ? "a kernel faulted"
                        : unfinished_.size() == 1
                            ? fmt::format("kernel {} faulted", kernels)
                            : fmt::format(
                                  "one of the kernels launched since the last completed "
                                  "wait faulted: {} (kernels run asynchronously; "
                                  "CUDA_LAUNCH_BLOCKING=1 names the one)",
                                  kernels);
  fault_ = fmt::format(
      "{} on {}, which lost its state: its buffers and loaded kernels are gone. The next "
      "Device::get(\"{}\"), which every tensor operation makes, starts it afresh where the "
      "driver allows; NVIDIA's keeps the fault until the process ends (docs/engine.md, Faults)",
      culprit, name, name);
  lost_ = true;
  return fault_;
}

void CudaContext::reset() {
  if (!unrecoverable_.empty()) throw Error(unrecoverable_);
  // Its launches failed with the context; the next one starts a thread afresh.
  submitter_.stop();
  submitter_.forget_failures();
  {
    std::lock_guard lock(g_streams_mutex);
    std::erase(open_contexts(), this);
  }
  // Destroys the stream, the modules, the events and the memory of the old context; the
  // retain this object held is given back, and open() takes a new one.
  if (CUresult status = cu().cuDevicePrimaryCtxReset_v2(device); status != CUDA_SUCCESS)
    throw cu_error(status, "cuDevicePrimaryCtxReset_v2", "starting " + name + " afresh");
  cu().cuDevicePrimaryCtxRelease_v2(device);
  ++generation;
  context = nullptr;
  stream = nullptr;
  try {
    open();
  } catch (const Error& e) {
    // NVIDIA's driver may keep a kernel's fault for the rest of the process, whatever
    // becomes of the context: then nothing more runs on this device here.
    context = nullptr;
    std::lock_guard lock(faults_mutex_);
    unrecoverable_ = fmt::format(
        "{} cannot start afresh in this process ({}): the driver clears a kernel's fault "
        "only when the process that met it ends; run the work again in a new process. The "
        "fault: {}",
        name, e.what(), fault_);
    throw Error(unrecoverable_);
  }
  std::lock_guard lock(faults_mutex_);
  unfinished_.clear();
  fault_.clear();
  lost_ = false;
}

CudaDevice::CudaDevice(const std::string& name, CUdevice device)
    : cuda_(name, device),
      compiler_(cuda_, compute_capability(device)),
      info_(describe(name, device, compiler_)),
      allocator_(*this, cuda_),
      queue_(cuda_) {}

void CudaDevice::recover() {
  cuda_.reset();
  allocator_.forget();
  queue_.forget();
  next_generation();
}

std::unique_ptr<Program> CudaDevice::load(const std::vector<uint8_t>& binary,
                                          const std::string& function, int buffer_count) {
  return std::make_unique<CudaProgram>(*this, binary, function, buffer_count);
}

}  // namespace ingot::cuda

namespace ingot {

void register_backend_cuda() {
  // Rank 10: after Metal, before OpenCL (20) and the CPU backend (100).
  register_backend({"CUDA", 10, cuda::enumerate_devices, cuda::open_device});
}

}  // namespace ingot
