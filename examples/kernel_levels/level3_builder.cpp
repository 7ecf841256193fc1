// Level 3: the sum of a float32 tensor as two kernels built with ingot::KernelBuilder.
//
// Stage 1 runs `groups` threadgroups of `threads` threads. Each thread adds vectors of
// `width` floats into `unroll` accumulators (independent chains, so that the loads of one
// step do not wait for the adds of the last), the threads of a group take neighbouring
// vectors at each step (coalesced on GPUs) and the groups take turns along the tensor. A
// group then adds its threads' sums in threadgroup memory, halving the active threads
// between barriers, and writes one partial. Stage 2 is one group adding the partials and
// the few elements past the last whole vector.
//
// The sizes come from the device's properties: on GPUs eight groups of 256 threads per
// compute unit (on the H100 more bytes in flight than four, 2.97 against 2.87 TB/s) and
// aligned float4 loads; on the CPU, which runs one group an iteration, groups of
// one thread, each summing one contiguous run (what its caches and prefetchers like) in
// vectors of its SIMD width.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

#include "levels.hpp"

namespace kernel_levels {
namespace {

using ingot::BuiltKernel;
using ingot::DType;
using ingot::KernelBuilder;
using ingot::KernelLocalArray;
using ingot::KernelValue;

struct Plan {
  int64_t groups, threads, width, unroll;
};

Plan plan_for(const ingot::DeviceInfo& info) {
  if (!info.threadgroups)
    return {int64_t(info.compute_units) * 8, 1, std::max<int64_t>(4, info.simd_width), 4};
  const int64_t threads = std::min<int64_t>(256, info.max_threads_per_group);
  return {int64_t(info.compute_units) * 8, threads, 4, 4};
}

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Adds array[0..threads) of the group into array[0]; `threads` a power of two.
void add_in_group(KernelBuilder& b, const KernelLocalArray& array, const KernelValue& l,
                  int64_t threads) {
  for (int64_t stride = threads / 2; stride > 0; stride /= 2) {
    b.begin_if(l < double(stride));
    b.store(array, l, b.load(array, l) + b.load(array, l + double(stride)));
    b.end_if();
    b.barrier();
  }
}

// The group's sum of `value` written by its first thread at `out[at]`.
void write_group_sum(KernelBuilder& b, const ingot::KernelBuffer& out, const KernelValue& at,
                     const KernelValue& l, const KernelValue& value, int64_t threads) {
  KernelLocalArray sums = b.local_array("sums", DType::Float32, threads);
  b.store(sums, l, value);
  b.barrier();
  add_in_group(b, sums, l, threads);
  b.begin_if(l == 0.0);
  b.store(out, at, b.load(sums, l));
  b.end_if();
}

BuiltKernel partials_kernel(const std::string& device, const Plan& p, int64_t n) {
  KernelBuilder b("level3_partials", device);
  auto x = b.buffer("x", DType::Float32);
  auto partial = b.buffer("partial", DType::Float32, KernelBuilder::Access::Write);
  const int64_t vectors = n / p.width;
  // Contiguous runs per group where a group is one thread; else interleaved steps.
  const bool runs = p.threads == 1;
  const int64_t per_step = p.groups * p.threads * p.unroll;
  const int64_t steps = ceil_div(vectors, per_step);
  KernelValue g = b.global_range(p.groups), l = b.local_range(p.threads);
  std::vector<KernelValue> acc;
  for (int64_t u = 0; u < p.unroll; ++u)
    acc.push_back(b.accumulator(DType::Float32, 0, int(p.width)));
  KernelValue i = b.reduce_range(steps);
  for (int64_t u = 0; u < p.unroll; ++u) {
    KernelValue v =
        runs ? (g * double(steps) + i) * double(p.unroll) + double(u)
             : ((i * double(p.unroll) + double(u)) * double(p.groups) + g) * double(p.threads) + l;
    b.assign(acc[size_t(u)],
             acc[size_t(u)] + b.load(x, v * double(p.width), int(p.width), v < double(vectors)));
  }
  b.end(i);
  KernelValue total = acc[0];
  for (int64_t u = 1; u < p.unroll; ++u) total = total + acc[size_t(u)];
  write_group_sum(b, partial, g, l, ingot::sum_lanes(total), p.threads);
  return b.build();
}

BuiltKernel total_kernel(const std::string& device, const Plan& p, int64_t n) {
  KernelBuilder b("level3_total", device);
  auto partial = b.buffer("partial", DType::Float32);
  auto x = b.buffer("x", DType::Float32);
  auto out = b.buffer("sum", DType::Float32, KernelBuilder::Access::Write);
  const int64_t tail_start = n / p.width * p.width;
  KernelValue g = b.global_range(1), l = b.local_range(p.threads);
  KernelValue acc = b.accumulator(DType::Float32, 0);
  KernelValue i = b.reduce_range(ceil_div(p.groups, p.threads));
  KernelValue at = i * double(p.threads) + l;
  b.assign(acc, acc + b.load(partial, at, 1, at < double(p.groups)));
  b.end(i);
  KernelValue t = b.reduce_range(ceil_div(p.width, p.threads));
  KernelValue e = t * double(p.threads) + l + double(tail_start);
  b.assign(acc, acc + b.load(x, e, 1, e < double(n)));
  b.end(t);
  write_group_sum(b, out, g, l, acc, p.threads);
  return b.build();
}

struct Kernels {
  BuiltKernel partials, total;
  Plan plan;
};

// The two kernels for `n` elements on `device`, built once.
const Kernels& kernels_for(const std::string& device, int64_t n) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, int64_t>, Kernels> built;
  std::lock_guard<std::mutex> lock(mutex);
  auto key = std::make_pair(device, n);
  auto it = built.find(key);
  if (it != built.end()) return it->second;
  const Plan p = plan_for(ingot::Device::get(device).info());
  return built.emplace(key, Kernels{partials_kernel(device, p, n), total_kernel(device, p, n), p})
      .first->second;
}

}  // namespace

ingot::Tensor sum_with_builder(const ingot::Tensor& x) {
  if (x.dtype() != DType::Float32)
    throw ingot::ArgumentError(
        fmt::format("sum_with_builder: x is {}; it sums float32", ingot::dtype_name(x.dtype())));
  const ingot::Tensor flat = x.reshape({x.numel()});
  const Kernels& k = kernels_for(x.device(), x.numel());
  namespace arg = ingot::arg;
  ingot::Tensor partials = k.partials.run({arg::input(flat), arg::output({k.plan.groups})})[0];
  return k.total.run({arg::input(partials), arg::input(flat), arg::output({1})})[0];
}

}  // namespace kernel_levels
