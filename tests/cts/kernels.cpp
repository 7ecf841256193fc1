// The kernel table in C, OpenCL C, CUDA and MSL, the per-language preludes, and the per-process
// cache of compiled and loaded kernels.
#include "cts/kernels.hpp"

#include <map>
#include <mutex>
#include <stdexcept>

namespace ingot::test {
namespace {

struct Language {
  std::string_view name;  // DeviceInfo::language
  std::string_view Kernel::*source;
  std::string_view prelude;
  std::string_view undeclared;  // does not compile: uses UNDECLARED
};

const Language kLanguages[] = {
    {"c", &Kernel::c, R"(#include <math.h>
#include <stdint.h>
#define KERNEL(name)                                                                   \
  void name(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, \
            int64_t end)
)",
     "KERNEL(broken) { ((float*)bufs[0])[start] = UNDECLARED; }\n"},
    {"opencl", &Kernel::opencl, "",
     "__kernel void broken(__global float* out) { out[0] = UNDECLARED; }\n"},
    {"cuda", &Kernel::cuda,
     R"(/* The thread's index along x in the whole grid, as OpenCL's get_global_id(0). */
__device__ size_t global_id_x() { return blockIdx.x * (size_t)blockDim.x + threadIdx.x; }
)",
     "extern \"C\" __global__ void broken(float* out) { out[0] = UNDECLARED; }\n"},
    {"metal", &Kernel::metal, "#include <metal_stdlib>\nusing namespace metal;\n",
     "kernel void broken(device float* out [[buffer(0)]]) { out[0] = UNDECLARED; }\n"},
};

const Language* find_language(const std::string& name) {
  for (const Language& language : kLanguages)
    if (language.name == name) return &language;
  return nullptr;
}

}  // namespace

const std::vector<Kernel>& kernel_table() {
  static const std::vector<Kernel> table = {
      {"axpb", 3,
       R"(/* out = a * f + b + k, with the scalars (Int k, Float f) */
KERNEL(axpb) {
  float* out = (float*)bufs[0];
  const float* a = (const float*)bufs[1];
  const float* b = (const float*)bufs[2];
  for (int64_t i = start; i < end; ++i) out[i] = a[i] * (float)fargs[0] + b[i] + (float)iargs[0];
}
)",
       R"(__kernel void axpb(__global float* out, __global const float* a, __global const float* b,
                   long k, float f) {
  size_t i = get_global_id(0);
  out[i] = a[i] * f + b[i] + (float)k;
}
)",
       R"(extern "C" __global__ void axpb(float* out, const float* a, const float* b, long long k,
                                float f) {
  size_t i = global_id_x();
  out[i] = a[i] * f + b[i] + (float)k;
}
)",
       R"(kernel void axpb(device float* out [[buffer(0)]], device const float* a [[buffer(1)]],
                 device const float* b [[buffer(2)]], constant long& k [[buffer(3)]],
                 constant float& f [[buffer(4)]], uint i [[thread_position_in_grid]]) {
  out[i] = a[i] * f + b[i] + (float)k;
}
)"},
      {"sqrt2", 2,
       R"(/* out = sqrt(in) * 2 */
KERNEL(sqrt2) {
  float* out = (float*)bufs[0];
  const float* in = (const float*)bufs[1];
  for (int64_t i = start; i < end; ++i) out[i] = sqrtf(in[i]) * 2.0f;
}
)",
       R"(__kernel void sqrt2(__global float* out, __global const float* in) {
  size_t i = get_global_id(0);
  out[i] = sqrt(in[i]) * 2.0f;
}
)",
       R"(extern "C" __global__ void sqrt2(float* out, const float* in) {
  size_t i = global_id_x();
  out[i] = sqrtf(in[i]) * 2.0f;
}
)",
       R"(kernel void sqrt2(device float* out [[buffer(0)]], device const float* in [[buffer(1)]],
                  uint i [[thread_position_in_grid]]) {
  out[i] = sqrt(in[i]) * 2.0f;
}
)"},
      // Which work-items ran, and how often: work-item (x, y, z) of a grid gx * gy * gz has
      // the index i = x + gx * (y + gy * z), writes ids[i] = x | y << 20 | z << 40 and adds
      // one to counts[i]. Scalars (Int gx, Int gy).
      {"ids", 2,
       R"(KERNEL(ids) {
  int64_t* ids = (int64_t*)bufs[0];
  int32_t* counts = (int32_t*)bufs[1];
  int64_t gx = iargs[0], gy = iargs[1];
  for (int64_t i = start; i < end; ++i) {
    int64_t x = i % gx, y = i / gx % gy, z = i / (gx * gy);
    ids[i] = x | y << 20 | z << 40;
    counts[i] += 1;
  }
}
)",
       R"(/* The position comes from group and local ids, so the groups must tile the grid. */
long position(uint dim) { return get_group_id(dim) * get_local_size(dim) + get_local_id(dim); }

__kernel void ids(__global long* ids, __global int* counts, long gx, long gy) {
  long x = position(0), y = position(1), z = position(2);
  long i = x + gx * (y + gy * z);
  ids[i] = x | y << 20 | z << 40;
  atomic_inc(&counts[i]);
}
)",
       R"(/* The position comes from block and thread ids, so the blocks must tile the grid. */
__device__ long long position(unsigned block, unsigned size, unsigned thread) {
  return (long long)block * size + thread;
}

extern "C" __global__ void ids(long long* ids, int* counts, long long gx, long long gy) {
  long long x = position(blockIdx.x, blockDim.x, threadIdx.x);
  long long y = position(blockIdx.y, blockDim.y, threadIdx.y);
  long long z = position(blockIdx.z, blockDim.z, threadIdx.z);
  long long i = x + gx * (y + gy * z);
  ids[i] = x | y << 20 | z << 40;
  atomicAdd(&counts[i], 1);
}
)",
       R"(/* The position comes from threadgroup and thread ids, so the groups must tile the grid. */
kernel void ids(device long* ids [[buffer(0)]], device atomic_int* counts [[buffer(1)]],
                constant long& gx [[buffer(2)]], constant long& gy [[buffer(3)]],
                uint3 group [[threadgroup_position_in_grid]],
                uint3 size [[threads_per_threadgroup]],
                uint3 local [[thread_position_in_threadgroup]]) {
  long x = (long)group.x * size.x + local.x;
  long y = (long)group.y * size.y + local.y;
  long z = (long)group.z * size.z + local.z;
  long i = x + gx * (y + gy * z);
  ids[i] = x | y << 20 | z << 40;
  atomic_fetch_add_explicit(&counts[i], 1, memory_order_relaxed);
}
)"},
      // Writes back its scalars (Int, Float, Int, Float), to check their order and width.
      {"scalars", 2,
       R"(KERNEL(scalars) {
  int64_t* ints = (int64_t*)bufs[0];
  float* floats = (float*)bufs[1];
  if (start > 0) return;
  ints[0] = iargs[0];
  ints[1] = iargs[1];
  floats[0] = (float)fargs[0];
  floats[1] = (float)fargs[1];
}
)",
       R"(__kernel void scalars(__global long* ints, __global float* floats, long i0, float f0,
                      long i1, float f1) {
  ints[0] = i0;
  ints[1] = i1;
  floats[0] = f0;
  floats[1] = f1;
}
)",
       R"(extern "C" __global__ void scalars(long long* ints, float* floats, long long i0, float f0,
                                   long long i1, float f1) {
  ints[0] = i0;
  ints[1] = i1;
  floats[0] = f0;
  floats[1] = f1;
}
)",
       R"(kernel void scalars(device long* ints [[buffer(0)]], device float* floats [[buffer(1)]],
                    constant long& i0 [[buffer(2)]], constant float& f0 [[buffer(3)]],
                    constant long& i1 [[buffer(4)]], constant float& f1 [[buffer(5)]]) {
  ints[0] = i0;
  ints[1] = i1;
  floats[0] = f0;
  floats[1] = f1;
}
)"},
      // The inclusive prefix sum of in within each group of (Int group_size) work-items.
      {"group_scan", 2,
       R"(/* No work-groups on the CPU: global iteration g sums group g serially. */
KERNEL(group_scan) {
  int32_t* out = (int32_t*)bufs[0];
  const int32_t* in = (const int32_t*)bufs[1];
  int64_t size = iargs[0];
  for (int64_t g = start; g < end; ++g) {
    int32_t sum = 0;
    for (int64_t i = g * size; i < (g + 1) * size; ++i) out[i] = sum += in[i];
  }
}
)",
       R"(/* Hillis-Steele in local memory; the group size is the launch's local size. */
__kernel void group_scan(__global int* out, __global const int* in, long group_size) {
  __local int partial[SCAN_MAX_GROUP];
  int lid = get_local_id(0), size = get_local_size(0);
  size_t gid = get_global_id(0);
  partial[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int step = 1; step < size; step <<= 1) {
    int add = lid >= step ? partial[lid - step] : 0;
    barrier(CLK_LOCAL_MEM_FENCE); /* every read of this step before any write */
    partial[lid] += add;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[gid] = partial[lid];
}
)",
       R"(/* Hillis-Steele in shared memory; the group size is the launch's block size. */
extern "C" __global__ void group_scan(int* out, const int* in, long long group_size) {
  __shared__ int partial[SCAN_MAX_GROUP];
  int lid = threadIdx.x, size = blockDim.x;
  size_t gid = global_id_x();
  partial[lid] = in[gid];
  __syncthreads();
  for (int step = 1; step < size; step <<= 1) {
    int add = lid >= step ? partial[lid - step] : 0;
    __syncthreads(); /* every read of this step before any write */
    partial[lid] += add;
    __syncthreads();
  }
  out[gid] = partial[lid];
}
)",
       R"(/* Hillis-Steele in threadgroup memory; the group size is the launch's threadgroup. */
kernel void group_scan(device int* out [[buffer(0)]], device const int* in [[buffer(1)]],
                       constant long& group_size [[buffer(2)]],
                       uint lid [[thread_position_in_threadgroup]],
                       uint size [[threads_per_threadgroup]], uint gid [[thread_position_in_grid]]) {
  threadgroup int partial[SCAN_MAX_GROUP];
  partial[lid] = in[gid];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint step = 1; step < size; step <<= 1) {
    int add = lid >= step ? partial[lid - step] : 0;
    threadgroup_barrier(mem_flags::mem_threadgroup); /* every read of this step before any write */
    partial[lid] += add;
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  out[gid] = partial[lid];
}
)"},
      // Nothing at all: the cost of a launch, and a launch that cannot go wrong by itself.
      {"empty", 0, "KERNEL(empty) {}\n", "__kernel void empty(void) {}\n",
       "extern \"C\" __global__ void empty() {}\n", "kernel void empty() {}\n"},
  };
  return table;
}

const std::string* kernel_source(const std::string& language) {
  static const std::map<std::string, std::string, std::less<>> sources = [] {
    std::map<std::string, std::string, std::less<>> all;
    for (const Language& language : kLanguages) {
      std::string source = "#define SCAN_MAX_GROUP " + std::to_string(kScanMaxGroup) + "\n";
      source += language.prelude;
      for (const Kernel& kernel : kernel_table()) (source += '\n') += kernel.*language.source;
      all.emplace(language.name, std::move(source));
    }
    return all;
  }();
  auto it = sources.find(language);
  return it == sources.end() ? nullptr : &it->second;
}

std::string undeclared_identifier_source(const std::string& language) {
  const Language* found = find_language(language);
  if (!found) throw std::logic_error("no broken source in " + language);
  std::string source(found->prelude);
  source += found->undeclared;
  source.replace(source.find("UNDECLARED"), std::string_view("UNDECLARED").size(), kUndeclared);
  return source;
}

LaunchDims group_dims(const Device& device, int64_t groups, int64_t group_size) {
  if (!device.info().threadgroups) return linear_dims(groups);
  return linear_dims(groups * group_size, group_size);
}

namespace {

struct Loaded {
  std::vector<uint8_t> binary;
  std::map<std::string, std::unique_ptr<Program>, std::less<>> programs;
};

// Leaked like the devices themselves (src/runtime/registry.cpp): programs must not be
// unloaded at exit after a driver has torn itself down.
std::mutex& cache_mutex() {
  static auto* mutex = new std::mutex;
  return *mutex;
}

Loaded& loaded(Device& device) {
  static auto* by_device = new std::map<Device*, Loaded>;
  auto [it, inserted] = by_device->try_emplace(&device);
  if (inserted) {
    try {
      it->second.binary = device.compiler().compile_cached(*kernel_source(device.info().language));
    } catch (...) {
      by_device->erase(it);  // the next test tries again and reports the error itself
      throw;
    }
  }
  return it->second;
}

}  // namespace

const std::vector<uint8_t>& kernel_binary(Device& device) {
  std::lock_guard lock(cache_mutex());
  return loaded(device).binary;
}

Program& kernel(Device& device, std::string_view name) {
  std::lock_guard lock(cache_mutex());
  Loaded& cache = loaded(device);
  if (auto it = cache.programs.find(name); it != cache.programs.end()) return *it->second;
  for (const Kernel& entry : kernel_table()) {
    if (entry.name != name) continue;
    auto program = device.load(cache.binary, std::string(name), entry.buffers);
    return *cache.programs.emplace(std::string(name), std::move(program)).first->second;
  }
  throw std::logic_error("no kernel '" + std::string(name) + "' in tests/cts/kernels.cpp");
}

}  // namespace ingot::test
