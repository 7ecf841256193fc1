// Level 2: the sum as a kernel of one's own in the device's language, run with
// ingot::run_custom_kernel. One kernel, run twice: first many threadgroups each reduce a
// strided share of x to one partial sum, then one threadgroup reduces the partials. The
// kernel is the same algorithm in each language; only the spelling differs.
#include <stdexcept>
#include <string>

#include "levels.hpp"

namespace kernel_levels {
namespace {

namespace arg = ingot::arg;

// GPU kernels: each thread adds float4s at a stride of the whole grid (16-byte loads, many
// in flight), then the threadgroup halves its partial sums in threadgroup memory. The
// count's last n % 4 elements are added by thread 0 of group 0.
const char* const kOpenCL = R"(
__kernel void partial_sums(__global const float* x, __global float* partials, uint n,
                           __local float* scratch) {
  uint lid = get_local_id(0), size = get_local_size(0);
  uint group = get_group_id(0), threads = size * get_num_groups(0);
  uint n4 = n / 4;
  __global const float4* x4 = (__global const float4*)x;
  float4 acc = (float4)(0.0f);
  for (uint i = group * size + lid; i < n4; i += threads) acc += x4[i];
  float sum = (acc.x + acc.y) + (acc.z + acc.w);
  if (group == 0 && lid == 0)
    for (uint i = n4 * 4; i < n; ++i) sum += x[i];
  scratch[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint active = size / 2; active > 0; active /= 2) {
    if (lid < active) scratch[lid] += scratch[lid + active];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partials[group] = scratch[0];
}
)";

const char* const kCuda = R"(
extern "C" __global__ void partial_sums(const float* x, float* partials, unsigned n) {
  extern __shared__ float scratch[];
  unsigned lid = threadIdx.x, size = blockDim.x, group = blockIdx.x;
  unsigned threads = size * gridDim.x, n4 = n / 4;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
  for (unsigned i = group * size + lid; i < n4; i += threads) {
    float4 v = __ldg(&x4[i]);
    acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
  }
  float sum = (acc.x + acc.y) + (acc.z + acc.w);
  if (group == 0 && lid == 0)
    for (unsigned i = n4 * 4; i < n; ++i) sum += x[i];
  scratch[lid] = sum;
  __syncthreads();
  for (unsigned active = size / 2; active > 0; active /= 2) {
    if (lid < active) scratch[lid] += scratch[lid + active];
    __syncthreads();
  }
  if (lid == 0) partials[group] = scratch[0];
}
)";

const char* const kMetal = R"(#include <metal_stdlib>
using namespace metal;
kernel void partial_sums(device const float* x [[buffer(0)]], device float* partials [[buffer(1)]],
                         constant uint& n [[buffer(2)]], threadgroup float* scratch [[threadgroup(0)]],
                         uint lid [[thread_position_in_threadgroup]],
                         uint size [[threads_per_threadgroup]],
                         uint group [[threadgroup_position_in_grid]],
                         uint groups [[threadgroups_per_grid]]) {
  uint threads = size * groups, n4 = n / 4;
  device const float4* x4 = (device const float4*)x;
  float4 acc = float4(0.0f);
  for (uint i = group * size + lid; i < n4; i += threads) acc += x4[i];
  float sum = (acc.x + acc.y) + (acc.z + acc.w);
  if (group == 0 && lid == 0)
    for (uint i = n4 * 4; i < n; ++i) sum += x[i];
  scratch[lid] = sum;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint active = size / 2; active > 0; active /= 2) {
    if (lid < active) scratch[lid] += scratch[lid + active];
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  if (lid == 0) partials[group] = scratch[0];
}
)";

// The CPU: iteration i sums the i-th chunk of x; sixteen independent sums a step, which
// the C compiler turns into vector adds (a single running sum could not be reordered).
const char* const kC = R"(
#include <stdint.h>
void partial_sums(void* const* args, int64_t start, int64_t end) {
  const float* x = (const float*)args[0];
  float* partials = (float*)args[1];
  int64_t n = *(const int64_t*)args[2], chunk = *(const int64_t*)args[3];
  for (int64_t i = start; i < end; ++i) {
    int64_t lo = i * chunk, hi = lo + chunk < n ? lo + chunk : n, at = lo;
    float acc[16] = {0};
    for (; at + 16 <= hi; at += 16)
      for (int k = 0; k < 16; ++k) acc[k] += x[at + k];
    float sum = 0;
    for (int k = 0; k < 16; ++k) sum += acc[k];
    for (; at < hi; ++at) sum += x[at];
    partials[i] = sum;
  }
}
)";

// One pass over `x` on a GPU-style device: `groups` threadgroups of `size` threads.
ingot::Tensor gpu_pass(const std::string& source, const ingot::Tensor& x, int64_t groups,
                       int64_t size) {
  return ingot::run_custom_kernel(
             {.source = source,
              .function = "partial_sums",
              .args = {arg::input(x), arg::output({groups}), arg::u32(x.numel()),
                       arg::threadgroup(static_cast<size_t>(size) * sizeof(float))},
              .dims = {{groups * size, 1, 1}, {size, 1, 1}},
              .device = x.device()})
      .front();
}

// One pass on the CPU: `chunks` iterations, each summing a chunk of x.
ingot::Tensor cpu_pass(const ingot::Tensor& x, int64_t chunks) {
  int64_t chunk = (x.numel() + chunks - 1) / chunks;
  return ingot::run_custom_kernel(
             {.source = kC,
              .function = "partial_sums",
              .args = {arg::input(x), arg::output({chunks}), arg::i64(x.numel()), arg::i64(chunk)},
              .dims = {{chunks, 1, 1}, {1, 1, 1}},
              .device = x.device()})
      .front();
}

}  // namespace

ingot::Tensor sum_in_device_language(const ingot::Tensor& x) {
  const ingot::DeviceInfo& info = ingot::Device::get(x.device()).info();
  if (info.language == "c") {
    // A few chunks per core balance the cores; the partials are then summed by one.
    int64_t chunks =
        std::max<int64_t>(1, std::min<int64_t>(x.numel() / 4096, 64LL * info.compute_units));
    return cpu_pass(cpu_pass(x, chunks), 1).reshape({1});
  }
  const char* source = info.language == "cuda"     ? kCuda
                       : info.language == "metal"  ? kMetal
                       : info.language == "opencl" ? kOpenCL
                                                   : nullptr;
  if (!source) throw std::runtime_error("no level-2 kernel in the language " + info.language);
  // A power of two no larger than the device allows, so that the halving loop is exact.
  int64_t size = 256;
  while (size > info.max_threads_per_group) size /= 2;
  // Enough threadgroups to fill every compute unit several times over, no more than the
  // second pass (one threadgroup of `size` threads, each adding its share) reduces well.
  int64_t groups = std::min<int64_t>(std::max<int64_t>(1, (x.numel() + size - 1) / size),
                                     8LL * info.compute_units);
  ingot::Tensor partials = gpu_pass(source, x, groups, size);
  return gpu_pass(source, partials, 1, size);
}

}  // namespace kernel_levels
