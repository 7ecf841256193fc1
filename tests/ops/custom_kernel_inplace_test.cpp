// Outputs that are not new: an in-place saxpy (vector types on GPUs), an atomic histogram
// into zeroed bins, a kernel run twice accumulating into one tensor, lazy tensors built
// from the old contents that keep them, and in-place tensors the kernel cannot write (a
// view, a tensor on another device), refused with the tensor left as it was.
#include "ops/custom_kernel_support.hpp"

namespace support {
namespace {

namespace arg = ingot::arg;
using ingot::CustomKernel;

// saxpy(float a, x, y): y = a * x + y in place, four elements a thread (a float4 on GPUs).
const Sources kSaxpy = {
    {"c", R"(#include <stdint.h>
void saxpy(void* const* args, int64_t start, int64_t end) {
  float a = *(const float*)args[0];
  const float* x = args[1];
  float* y = args[2];
  for (int64_t i = 4 * start; i < 4 * end; ++i) y[i] = a * x[i] + y[i];
}
)"},
    {"opencl", R"(__kernel void saxpy(float a, __global const float4* x, __global float4* y) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
)"},
    {"cuda", R"(extern "C" __global__ void saxpy(float a, const float4* x, float4* y) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 xi = x[i], yi = y[i];
  y[i] = make_float4(a * xi.x + yi.x, a * xi.y + yi.y, a * xi.z + yi.z, a * xi.w + yi.w);
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
kernel void saxpy(constant float& a [[buffer(0)]], device const float4* x [[buffer(1)]],
                  device float4* y [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  y[i] = a * x[i] + y[i];
}
)"},
};

// histogram(values, bins, uint n): bins[values[i]] += 1 for i < n, with atomics.
const Sources kHistogram = {
    {"c", R"(#include <stdint.h>
void histogram(void* const* args, int64_t start, int64_t end) {
  const int32_t* values = args[0];
  int32_t* bins = args[1];
  uint32_t n = *(const uint32_t*)args[2];
  for (int64_t i = start; i < end && i < n; ++i)
    __atomic_fetch_add(&bins[values[i]], 1, __ATOMIC_RELAXED);
}
)"},
    {"opencl", R"(__kernel void histogram(__global const int* values, __global int* bins, uint n) {
  size_t i = get_global_id(0);
  if (i < n) atomic_inc(&bins[values[i]]);
}
)"},
    {"cuda", R"(extern "C" __global__ void histogram(const int* values, int* bins, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[values[i]], 1);
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
kernel void histogram(device const int* values [[buffer(0)]],
                      device atomic_int* bins [[buffer(1)]], constant uint& n [[buffer(2)]],
                      uint i [[thread_position_in_grid]]) {
  if (i < n) atomic_fetch_add_explicit(&bins[values[i]], 1, memory_order_relaxed);
}
)"},
};

constexpr int64_t kBins = 37;

class CustomKernelInPlace : public CustomKernelTest {
 protected:
  CustomKernel saxpy(float a, const Tensor& x, Tensor& y) const {
    return {.source = source_of(kSaxpy),
            .function = "saxpy",
            .args = {arg::f32(a), arg::input(x), arg::inout(y).named("y")},
            .dims = threads(x.numel() / 4)};
  }

  CustomKernel histogram(const Tensor& values, ingot::KernelArgument bins) const {
    const int64_t n = values.numel(), threads_count = (n + 63) / 64 * 64;
    return {.source = source_of(kHistogram),
            .function = "histogram",
            .args = {arg::input(values), std::move(bins).named("bins"), arg::u32(n)},
            .dims = threads(threads_count)};
  }

  // Random bin numbers, as int32.
  Array bin_values(int64_t n) { return random({n}, ints(0, kBins - 1), I32); }

  static std::vector<int32_t> counts(const Array& values, std::vector<int32_t> bins) {
    for (double v : values.data) ++bins[size_t(v)];
    return bins;
  }

  static std::vector<float> saxpy_reference(float a, const Array& x, const Array& y) {
    std::vector<float> want(x.data.size());
    for (size_t i = 0; i < want.size(); ++i) want[i] = a * float(x.data[i]) + float(y.data[i]);
    return want;
  }

  static void expect_near(const std::vector<float>& got, const std::vector<float>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], 1e-5) << i;
  }
};

TEST_P(CustomKernelInPlace, SaxpyWritesTheTensorsOwnMemory) {
  const int64_t n = 64 * 4 * 5;
  Array x = random({n}), y0 = random({n});
  const float a = std::uniform_real_distribution<float>(-2, 2)(rng_);
  Tensor y = tensor(y0);
  const ingot::Buffer* memory = y.buffer().get();
  std::vector<Tensor> out = ingot::run_custom_kernel(saxpy(a, tensor(x), y));
  // Nothing else referred to y: the kernel wrote its memory, and returned y itself.
  EXPECT_EQ(y.buffer().get(), memory);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].node(), y.node());
  expect_near(y.to_vector<float>(), saxpy_reference(a, x, y0));
}

TEST_P(CustomKernelInPlace, LazyTensorsOfTheOldContentsKeepThem) {
  const int64_t n = 64 * 4 * 3;
  Array x = random({n}), y0 = random({n});
  const float a = std::uniform_real_distribution<float>(-2, 2)(rng_);
  Tensor y = tensor(y0);
  Tensor doubled = y * 2.0;  // lazy: computed after the kernel
  Tensor alias = y;          // another handle of the old contents
  const ingot::Buffer* memory = y.buffer().get();
  ingot::run_custom_kernel(saxpy(a, tensor(x), y));
  EXPECT_NE(y.buffer().get(), memory) << "the kernel wrote a copy, and y was rebound to it";
  expect_near(y.to_vector<float>(), saxpy_reference(a, x, y0));
  std::vector<float> old(y0.data.begin(), y0.data.end()), old_doubled;
  for (float v : old) old_doubled.push_back(2 * v);
  expect_near(doubled.to_vector<float>(), old_doubled);
  expect_near(alias.to_vector<float>(), old);
}

TEST_P(CustomKernelInPlace, ComputedTensorIsRealizedThenUpdated) {
  const int64_t n = 64 * 4 * 2;
  Array x = random({n}), b = random({n});
  Tensor y = tensor(b) + 1.0;  // lazy: realized by the call, then written in place
  ingot::run_custom_kernel(saxpy(3, tensor(x), y));
  std::vector<float> want(size_t(n), 0);
  for (size_t i = 0; i < want.size(); ++i) want[i] = 3 * float(x.data[i]) + (float(b.data[i]) + 1);
  expect_near(y.to_vector<float>(), want);
}

TEST_P(CustomKernelInPlace, AtomicHistogramIntoZeroedBins) {
  Array values = bin_values(5000);
  poison_next_output(kBins * 4);
  Tensor bins =
      ingot::run_custom_kernel(histogram(tensor(values, I32), arg::zeros({kBins}, I32))).at(0);
  EXPECT_TRUE(output_was_poisoned());
  EXPECT_EQ(bins.to_vector<int32_t>(), counts(values, std::vector<int32_t>(kBins, 0)));
}

TEST_P(CustomKernelInPlace, TwoRunsAccumulateIntoOneTensor) {
  Array first = bin_values(3001), second = bin_values(1999);
  std::vector<int32_t> start(kBins);
  for (int32_t& v : start) v = int32_t(std::uniform_int_distribution<int>(0, 100)(rng_));
  Tensor bins = Tensor::from_vector(start, {kBins}, dev());
  const ingot::Buffer* memory = bins.buffer().get();
  ingot::run_custom_kernel(histogram(tensor(first, I32), arg::inout(bins)));
  ingot::run_custom_kernel(histogram(tensor(second, I32), arg::inout(bins)));
  EXPECT_EQ(bins.buffer().get(), memory);
  EXPECT_EQ(bins.to_vector<int32_t>(), counts(second, counts(first, start)));
}

TEST_P(CustomKernelInPlace, ViewIsRefusedAndLeftAsItWas) {
  Array x = random({64 * 4}), base = random({2, 64 * 4});
  Tensor whole = tensor(base);
  Tensor row = whole.reshape({2 * 64 * 4}).reshape({2, 64 * 4}).permute({1, 0});
  expect_error(saxpy(1, tensor(x), row), {"saxpy", "argument 2 ('y')", "is a view", "contiguous"});
  EXPECT_EQ(whole.to_vector<float>(), std::vector<float>(base.data.begin(), base.data.end()));
  expect_device_works();
}

TEST_P(CustomKernelInPlace, TensorOnAnotherDeviceIsRefused) {
  if (dev() == "CPU") GTEST_SKIP() << "needs a device besides the CPU";
  Array x = random({64 * 4}), y0 = random({64 * 4});
  Tensor y =
      Tensor::from_vector(std::vector<float>(y0.data.begin(), y0.data.end()), {64 * 4}, "CPU");
  CustomKernel k = saxpy(1, tensor(x), y);
  k.device = dev();
  expect_error(k, {"saxpy", "argument 2 ('y')", "is on CPU", dev()});
  EXPECT_EQ(y.device(), "CPU");
  EXPECT_EQ(y.to_vector<float>(), std::vector<float>(y0.data.begin(), y0.data.end()));
  expect_device_works();
}

TEST_P(CustomKernelInPlace, FailedLaunchLeavesTheTensorUnchanged) {
  Array x = random({64 * 4}), y0 = random({64 * 4});
  Tensor y = tensor(y0);
  Tensor alias = y;  // so that the call would have written a copy
  CustomKernel k = saxpy(1, tensor(x), y);
  k.function = "no_such_kernel";
  expect_error(k, {"no_such_kernel"});
  EXPECT_EQ(y.node(), alias.node());
  EXPECT_EQ(y.to_vector<float>(), std::vector<float>(y0.data.begin(), y0.data.end()));
  expect_device_works();
}

INGOT_ON_ALL_DEVICES(CustomKernelInPlace);

}  // namespace
}  // namespace support
