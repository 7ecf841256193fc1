// OpenCL devices: every device of every platform the ICD loader lists, named CL:0, CL:1...
// in that order; their properties, context and queue; and the backend's registration.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "backends/opencl/opencl.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"

namespace ingot::opencl {
namespace {

struct Found {
  cl_platform_id platform;
  cl_device_id device;
};

// All devices in registry order. No loader or no platform means no devices; a platform
// that cannot list its devices contributes none rather than hiding the others.
std::vector<Found> find_devices() {
  if (!cl_api()) {
    if (Context::global().debug() >= 1)
      std::fprintf(stderr, "ingot: no OpenCL devices: %s\n", cl_unavailable_reason().c_str());
    return {};
  }
  cl_uint count = 0;
  cl_int status = cl().clGetPlatformIDs(0, nullptr, &count);
  if (status == CL_PLATFORM_NOT_FOUND_KHR || (status == CL_SUCCESS && count == 0)) return {};
  std::vector<cl_platform_id> platforms(count);
  if (status == CL_SUCCESS) status = cl().clGetPlatformIDs(count, platforms.data(), &count);
  if (status != CL_SUCCESS) throw cl_error(status, "clGetPlatformIDs", "OpenCL enumeration");
  std::vector<Found> found;
  for (cl_platform_id platform : platforms) {
    cl_uint devices = 0;
    if (cl().clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &devices) != CL_SUCCESS)
      continue;
    std::vector<cl_device_id> ids(devices);
    if (cl().clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, devices, ids.data(), &devices) !=
        CL_SUCCESS)
      continue;
    for (cl_device_id id : ids) found.push_back({platform, id});
  }
  return found;
}

std::string device_name(size_t index) { return fmt::format("CL:{}", index); }

std::vector<std::string> enumerate_devices() {
  std::vector<std::string> names;
  size_t count = find_devices().size();
  for (size_t i = 0; i < count; ++i) names.push_back(device_name(i));
  return names;
}

std::unique_ptr<Device> open_device(const std::string& name) {
  std::vector<Found> found = find_devices();
  for (size_t i = 0; i < found.size(); ++i)
    if (device_name(i) == name)
      return std::make_unique<ClDevice>(name, found[i].platform, found[i].device);
  throw Error(fmt::format("OpenCL: no device {}; {} device(s) found", name, found.size()));
}

// Reads one property of a device or platform into `value` (a scalar, or a vector sized by
// the caller), naming the property in the error.
template <class Get, class Handle>
void query(Get get, Handle handle, cl_info param, void* value, size_t size, const char* what,
           const char* call) {
  if (cl_int status = get(handle, param, size, value, nullptr); status != CL_SUCCESS)
    throw cl_error(status, call, fmt::format("OpenCL: reading {}", what));
}

template <class T>
T device_value(cl_device_id device, cl_info param, const char* what) {
  T value{};
  query(cl().clGetDeviceInfo, device, param, &value, sizeof value, what, "clGetDeviceInfo");
  return value;
}

template <class Get, class Handle>
std::string info_string(Get get, Handle handle, cl_info param, const char* what, const char* call) {
  size_t size = 0;
  if (cl_int status = get(handle, param, 0, nullptr, &size); status != CL_SUCCESS)
    throw cl_error(status, call, fmt::format("OpenCL: reading {}", what));
  std::string text(size, '\0');
  query(get, handle, param, text.data(), size, what, call);
  while (!text.empty() && (text.back() == '\0' || text.back() == ' ')) text.pop_back();
  return text;
}

std::string device_string(cl_device_id device, cl_info param, const char* what) {
  return info_string(cl().clGetDeviceInfo, device, param, what, "clGetDeviceInfo");
}

std::string platform_string(cl_platform_id platform, cl_info param, const char* what) {
  return info_string(cl().clGetPlatformInfo, platform, param, what, "clGetPlatformInfo");
}

// Float lanes the code generator puts in one vector: always float4, a 16-byte load or
// store per work-item. What drivers state as preferred does not fit the code ingot
// emits: NVIDIA states 1 (its compiler never widens scalar code, so wide loads must be
// written), PoCL 16 (it vectorizes across work-items itself, and wider types only make
// its kernels slower to build).
constexpr int kSimdWidth = 4;

std::array<int64_t, 3> read_max_item_sizes(cl_device_id device) {
  cl_uint dims =
      device_value<cl_uint>(device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, "work-item dimensions");
  std::vector<size_t> sizes(std::max<cl_uint>(dims, 3), 1);
  query(cl().clGetDeviceInfo, device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizes.data(),
        dims * sizeof(size_t), "work-item sizes", "clGetDeviceInfo");
  return {int64_t(sizes[0]), int64_t(sizes[1]), int64_t(sizes[2])};
}

size_t read_base_align_bytes(cl_device_id device) {
  cl_uint bits = device_value<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, "base alignment");
  return std::max<size_t>(bits / 8, 1);
}

DeviceInfo describe(const std::string& name, cl_platform_id platform, cl_device_id device) {
  bool gpu =
      device_value<cl_device_type>(device, CL_DEVICE_TYPE, "device type") & CL_DEVICE_TYPE_GPU;
  bool fp64 = device_value<cl_bitfield>(device, CL_DEVICE_DOUBLE_FP_CONFIG, "fp64 support") != 0;
  std::string platform_name = platform_string(platform, CL_PLATFORM_NAME, "platform name");
  return DeviceInfo{
      .name = name,
      .product = device_string(device, CL_DEVICE_NAME, "device name") + " (" + platform_name + ")",
      .language = "opencl",
      .no_assembly =
          "OpenCL has no portable assembly: clCreateProgramWithBinary takes only a vendor's "
          "own binaries, so ingot runs OpenCL C",
      // A CPU or accelerator behind OpenCL (PoCL) runs slower than ingot's own CPU backend.
      .emulated = !gpu,
      .is_gpu = gpu,
      .compute_units =
          int(device_value<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS, "compute units")),
      .threadgroups = true,
      .max_threads_per_group =
          int64_t(device_value<size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, "work-group size")),
      .max_group_size = read_max_item_sizes(device),
      // A view is passed as a sub-buffer, which must start at this alignment.
      .view_alignment_bytes = read_base_align_bytes(device),
      .local_memory_bytes =
          int64_t(device_value<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE, "local memory size")),
      .simd_width = kSimdWidth,
      // float32 matmuls in blocks staged through local memory (vload/vstore reach it), on
      // GPUs: a CPU runs a group's threads as loops, where a staged block's barriers cost
      // more than they save (PoCL, 1024^3: 3.7 GFLOP/s staged, 56 with register tiles).
      .staged_matmul = gpu,
      // float64 needs the device's fp64 support (cl_khr_fp64).
      .dtypes = fp64 ? dtypes_except({}) : dtypes_except({DType::Float64}),
      .memory_bytes = device_value<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE, "memory size"),
      .max_buffer_bytes =
          device_value<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, "largest allocation"),
      .extra = {{"OpenCL", device_string(device, CL_DEVICE_VERSION, "device version")},
                {"OpenCL C", device_string(device, CL_DEVICE_OPENCL_C_VERSION, "OpenCL C version")},
                {"platform", platform_string(platform, CL_PLATFORM_VERSION, "platform version")},
                {"driver", device_string(device, CL_DRIVER_VERSION, "driver version")},
                {"fp64", fp64 ? "yes" : "no"}}};
}

// What the compiled binary depends on besides the source and the build options.
std::string compile_target(cl_platform_id platform, cl_device_id device) {
  return fmt::format("{} {}\n{}\n{}", platform_string(platform, CL_PLATFORM_NAME, "platform name"),
                     platform_string(platform, CL_PLATFORM_VERSION, "platform version"),
                     device_string(device, CL_DEVICE_NAME, "device name"),
                     device_string(device, CL_DRIVER_VERSION, "driver version"));
}

// Every queue opened in this process; never shrinks (devices live until exit).
std::mutex g_queues_mutex;
std::vector<cl_command_queue>& open_queues() {
  static auto* queues = new std::vector<cl_command_queue>;
  return *queues;
}

void finish_open_queues() {
  std::lock_guard lock(g_queues_mutex);
  for (cl_command_queue queue : open_queues()) cl().clFinish(queue);
}

}  // namespace

void drain_queues_at_exit() {
  static std::once_flag once;
  std::call_once(once, [] { std::atexit(finish_open_queues); });
}

ClContext::ClContext(const std::string& name, cl_platform_id platform, cl_device_id device)
    : name(name), platform(platform), device(device) {
  const cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                              reinterpret_cast<cl_context_properties>(platform), 0};
  cl_int status = CL_SUCCESS;
  context = cl().clCreateContext(properties, 1, &device, nullptr, nullptr, &status);
  if (status != CL_SUCCESS) throw cl_error(status, "clCreateContext", "opening " + name);
  queue = cl().clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &status);
  if (status != CL_SUCCESS) {
    cl().clReleaseContext(context);
    throw cl_error(status, "clCreateCommandQueue", "opening " + name);
  }
  std::lock_guard lock(g_queues_mutex);
  open_queues().push_back(queue);
}

ClContext::~ClContext() {
  cl().clFinish(queue);
  cl().clReleaseCommandQueue(queue);
  cl().clReleaseContext(context);
}

ClDevice::ClDevice(const std::string& name, cl_platform_id platform, cl_device_id device)
    : cl_(name, platform, device),
      info_(describe(name, platform, device)),
      compiler_(cl_, compile_target(platform, device)),
      allocator_(*this, cl_),
      queue_(cl_) {
  info_.extra.emplace_back("base address alignment",
                           fmt::format("{} bytes", info_.view_alignment_bytes));
}

std::unique_ptr<Program> ClDevice::load(const std::vector<uint8_t>& binary,
                                        const std::string& function, int buffer_count) {
  return std::make_unique<ClProgram>(*this, binary, function, buffer_count);
}

}  // namespace ingot::opencl

namespace ingot {

void register_backend_opencl() {
  // Rank 20: after Metal and CUDA (10), before the CPU backend (100). A device that is
  // not a GPU is marked emulated, so it is never the default.
  register_backend({"CL", 20, opencl::enumerate_devices, opencl::open_device});
}

}  // namespace ingot
