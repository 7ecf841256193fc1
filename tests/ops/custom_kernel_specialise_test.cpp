// Kernels specialised at compile time: defines on every device (each set of values a
// source, and a cache entry, of its own), and Metal's function constants by index and by
// name (one source, one program per set of values); a constant the kernel uses without a
// value is an error, never a silent 0.
#include "ops/custom_kernel_support.hpp"

namespace support {
namespace {

namespace arg = ingot::arg;
using ingot::CustomKernel;

// scale_shift(x, out): out[i] = x[i] * SCALE + SHIFT, both defined at compile time.
const Sources kScaleShift = {
    {"c", R"(#include <stdint.h>
void scale_shift(void* const* args, int64_t start, int64_t end) {
  const float* x = args[0];
  float* out = args[1];
  for (int64_t i = start; i < end; ++i) out[i] = x[i] * SCALE + SHIFT;
}
)"},
    {"opencl", R"(__kernel void scale_shift(__global const float* x, __global float* out) {
  size_t i = get_global_id(0);
  out[i] = x[i] * SCALE + SHIFT;
}
)"},
    {"cuda", R"(extern "C" __global__ void scale_shift(const float* x, float* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[i] * SCALE + SHIFT;
}
)"},
    {"metal", R"(#include <metal_stdlib>
using namespace metal;
kernel void scale_shift(device const float* x [[buffer(0)]], device float* out [[buffer(1)]],
                        uint i [[thread_position_in_grid]]) {
  out[i] = x[i] * SCALE + SHIFT;
}
)"},
};

// affine_fc(x, y, bias): y = x * scale (+ bias where has_bias), both function constants.
const char* const kAffineConstants = R"(#include <metal_stdlib>
using namespace metal;
constant float scale [[function_constant(0)]];
constant bool has_bias [[function_constant(1)]];
kernel void affine_fc(device const float* x [[buffer(0)]], device float* y [[buffer(1)]],
                      constant float& bias [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  float v = x[i] * scale;
  if (has_bias) v += bias;
  y[i] = v;
}
)";

class CustomKernelSpecialise : public CustomKernelTest {
 protected:
  std::vector<float> scale_shift(const Array& x, const std::string& scale,
                                 const std::string& shift) {
    CustomKernel k{.source = source_of(kScaleShift),
                   .function = "scale_shift",
                   .args = {arg::input(tensor(x)), arg::output({x.numel()})},
                   .dims = threads(x.numel()),
                   .defines = {{"SCALE", scale}, {"SHIFT", shift}}};
    return ingot::run_custom_kernel(k).at(0).to_vector<float>();
  }

  CustomKernel affine(const Array& x, float bias,
                      std::vector<ingot::FunctionConstant> constants) const {
    return {.source = kAffineConstants,
            .function = "affine_fc",
            .args = {arg::input(tensor(x)), arg::output({x.numel()}), arg::f32(bias)},
            .dims = threads(x.numel()),
            .constants = std::move(constants)};
  }
};

TEST_P(CustomKernelSpecialise, DefinesMakeTwoKernels) {
  const int64_t n = 64 * 3;
  Array x = random({n});
  std::uniform_int_distribution<int> u(-9, 9);
  const int scale = u(rng_), shift = u(rng_);
  const ingot::CustomKernelCounts before = ingot::custom_kernel_counts();
  std::vector<float> first = scale_shift(x, std::to_string(scale) + ".0f", std::to_string(shift));
  std::vector<float> second = scale_shift(x, "0.5f", "(-1)");
  std::vector<float> again = scale_shift(x, std::to_string(scale) + ".0f", std::to_string(shift));
  const ingot::CustomKernelCounts after = ingot::custom_kernel_counts();
  EXPECT_EQ(after.sources, before.sources + 2);
  EXPECT_EQ(after.programs, before.programs + 2);
  for (int64_t i = 0; i < n; ++i) {
    float xi = float(x.data[size_t(i)]);
    ASSERT_NEAR(first[size_t(i)], xi * float(scale) + float(shift), 1e-5) << i;
    ASSERT_NEAR(second[size_t(i)], xi * 0.5f - 1, 1e-6) << i;
  }
  EXPECT_EQ(again, first);
}

TEST_P(CustomKernelSpecialise, UndefinedMacroIsACompileError) {
  Array x = random({64});
  CustomKernel k{.source = source_of(kScaleShift),
                 .function = "scale_shift",
                 .args = {arg::input(tensor(x)), arg::output({64})},
                 .dims = threads(64),
                 .defines = {{"SCALE", "2.0f"}}};
  expect_error(k, {"SHIFT"});
  k.defines = {{"not a name", "1"}};
  expect_error(k, {"scale_shift", "define 'not a name' is not an identifier"});
  expect_device_works();
}

TEST_P(CustomKernelSpecialise, MetalFunctionConstantsByIndexAndName) {
  if (language() != "metal") GTEST_SKIP() << "function constants are Metal's";
  const int64_t n = 64 * 2;
  Array x = random({n});
  std::uniform_real_distribution<float> u(-2, 2);
  const float scale = u(rng_), bias = u(rng_);
  const ingot::CustomKernelCounts before = ingot::custom_kernel_counts();
  CustomKernel with_bias =
      affine(x, bias,
             {ingot::function_constant(0, F32, scale), ingot::function_constant("has_bias", B, 1)});
  CustomKernel without = affine(
      x, bias, {ingot::function_constant("scale", F32, -0.5), ingot::function_constant(1, B, 0)});
  poison_next_output(n * 4);
  std::vector<float> biased = ingot::run_custom_kernel(with_bias).at(0).to_vector<float>();
  EXPECT_TRUE(output_was_poisoned());
  std::vector<float> plain = ingot::run_custom_kernel(without).at(0).to_vector<float>();
  ingot::run_custom_kernel(with_bias);
  const ingot::CustomKernelCounts after = ingot::custom_kernel_counts();
  EXPECT_EQ(after.sources, before.sources + 1);
  EXPECT_EQ(after.programs, before.programs + 2);
  for (int64_t i = 0; i < n; ++i) {
    float xi = float(x.data[size_t(i)]);
    ASSERT_NEAR(biased[size_t(i)], xi * scale + bias, 1e-5) << i;
    ASSERT_NEAR(plain[size_t(i)], xi * -0.5f, 1e-6) << i;
  }
}

TEST_P(CustomKernelSpecialise, FunctionConstantWithoutAValueIsAnError) {
  Array x = random({64});
  if (language() != "metal") {
    CustomKernel k{.source = source_of(kScaleShift),
                   .function = "scale_shift",
                   .args = {arg::input(tensor(x)), arg::output({64})},
                   .dims = threads(64),
                   .defines = {{"SCALE", "1"}, {"SHIFT", "0"}},
                   .constants = {ingot::function_constant(0, F32, 1)}};
    expect_error(k, {"scale_shift", "function constants are Metal's"});
    return expect_device_works();
  }
  expect_error(affine(x, 1, {ingot::function_constant(0, F32, 2)}), {"affine_fc", "has_bias"});
  expect_error(affine(x, 1, {}), {"affine_fc", "scale"});
  expect_error(
      affine(x, 1, {ingot::function_constant(0, F32, 2), ingot::function_constant(1, I32, 1)}),
      {"affine_fc", "has_bias"});
  expect_device_works();
}

// A CUDA kernel template, instantiated and found by NVRTC name expressions.
const char* const kScaleTemplate = R"(template <typename T, int K>
__global__ void scale_k(const T* x, T* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[i] * T(K);
}
)";

TEST_P(CustomKernelSpecialise, CudaTemplateInstantiationsByName) {
  const int64_t n = 64 * 2;
  Array x = random({n});
  CustomKernel k{.source = kScaleTemplate,
                 .function = "scale_k<float, 3>",
                 .args = {arg::input(tensor(x)), arg::output({n})},
                 .dims = threads(n)};
  if (language() != "cuda") {
    expect_error(k, {"scale_k<float, 3>", "template instantiations by name are CUDA's"});
    return expect_device_works();
  }
  const ingot::CustomKernelCounts before = ingot::custom_kernel_counts();
  std::vector<float> three = ingot::run_custom_kernel(k).at(0).to_vector<float>();
  k.function = "scale_k<float, -2>";
  std::vector<float> minus_two = ingot::run_custom_kernel(k).at(0).to_vector<float>();
  EXPECT_EQ(ingot::custom_kernel_counts().programs, before.programs + 2);
  for (int64_t i = 0; i < n; ++i) {
    float xi = float(x.data[size_t(i)]);
    ASSERT_EQ(three[size_t(i)], xi * 3) << i;
    ASSERT_EQ(minus_two[size_t(i)], xi * -2) << i;
  }
  k.function = "scale_k<float>";  // no such instantiation
  expect_error(k, {"scale_k<float>"});
  expect_device_works();
}

INGOT_ON_ALL_DEVICES(CustomKernelSpecialise);

}  // namespace
}  // namespace support
