// Function constants as Metal has them: values by index or by name, defaults through
// is_function_constant_defined, an error naming a constant the function reads without a
// value, and each specialisation a compiled variant of its own.
#include <random>

#include "cts/cts_test.hpp"
#include "metal/msl_kernel_test.hpp"

namespace ingot::test {
namespace {

constexpr const char* kSource = R"(#include <metal_stdlib>
using namespace metal;
constant bool has_bias [[function_constant(0)]];
constant float scale [[function_constant(1)]];
constant int repeat_count [[function_constant(2)]];
constant int repeats = is_function_constant_defined(repeat_count) ? repeat_count : 3;
constant half never_read [[function_constant(5)]];
constant uint2 offsets [[function_constant(6)]];

static float bias_of(device const float* b, uint i) { return has_bias ? b[i] : 0.0f; }

kernel void affine(device const float* x [[buffer(0)]], device const float* b [[buffer(1)]],
                   device float* y [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  float v = x[i];
  for (int r = 0; r < repeats; ++r) v = v * scale;
  y[i] = v + bias_of(b, i);
}
kernel void shifted(device uint* y [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  y[i] = i + offsets.x * offsets.y;
}
kernel void plain(device float* y [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  y[i] = 7;
}
// As llama.cpp's Metal kernels take optional inputs: the argument exists only when its
// constant is true.
kernel void maybe_biased(device const float* x [[buffer(0)]],
                         device const float* bias [[buffer(1), function_constant(has_bias)]],
                         device float* y [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  y[i] = has_bias ? x[i] + bias[i] : x[i];
}
)";

using objc::MTLDataType;
constexpr objc::NSUInteger kBool = MTLDataType::Bool, kFloat = MTLDataType::Float,
                           kInt = MTLDataType::Int, kUInt2 = MTLDataType::UInt + 1;
constexpr size_t kCount = 1000;

class FunctionConstants : public MslKernelTest {
 protected:
  void SetUp() override {
    MslKernelTest::SetUp();
    if (IsSkipped()) return;
    library_ = library(kSource);
    std::mt19937 rng(24);
    std::uniform_real_distribution<float> values(-4.0f, 4.0f);
    x_.resize(kCount), b_.resize(kCount);
    for (size_t i = 0; i < kCount; ++i) x_[i] = values(rng), b_[i] = values(rng);
  }
  void TearDown() override {
    library_ = Owned();
    MslKernelTest::TearDown();
  }
  Owned values() {
    return Owned(objc::send<id>(objc::get_class("MTLFunctionConstantValues"), "new"));
  }
  template <class T>
  void set_at(id values, T value, NSUInteger type, NSUInteger index) {
    objc::send<void>(values, "setConstantValue:type:atIndex:", static_cast<const void*>(&value),
                     type, index);
  }
  template <class T>
  void set_named(id values, T value, NSUInteger type, const char* name) {
    objc::AutoreleasePool pool;
    objc::send<void>(values, "setConstantValue:type:withName:", static_cast<const void*>(&value),
                     type, objc::ns_string(name));
  }
  // affine specialised with `values`, run over x and b; y as it came back.
  std::vector<float> run_affine(id values) {
    Owned fn = function(library_.get(), "affine", values);
    Owned p = pipeline(fn.get());
    Owned x = buffer<float>(kCount, x_), b = buffer<float>(kCount, b_), y = buffer<float>(kCount);
    EXPECT_EQ(run(p.get(), {{x.get(), 0}, {b.get(), 1}, {y.get(), 2}}, MTLSize{kCount, 1, 1},
                  MTLSize{100, 1, 1}, true),
              "");
    return {contents<float>(y), contents<float>(y) + kCount};
  }
  // The host's affine: x * scale^repeats (+ b).
  void expect_affine(const std::vector<float>& y, float scale, int repeats, bool bias) {
    for (size_t i = 0; i < kCount; ++i) {
      float v = x_[i];
      for (int r = 0; r < repeats; ++r) v *= scale;
      ASSERT_EQ(y[i], v + (bias ? b_[i] : 0.0f)) << i;
    }
  }

  Owned library_;
  std::vector<float> x_, b_;
};

TEST_F(FunctionConstants, ValuesByIndexAndByNameSpecialiseTheFunction) {
  Owned v = values();
  set_at(v.get(), true, kBool, 0);
  set_named(v.get(), 2.5f, kFloat, "scale");
  set_at(v.get(), 2, kInt, 2);
  expect_affine(run_affine(v.get()), 2.5f, 2, true);
}

TEST_F(FunctionConstants, IndexComesBeforeName) {
  Owned v = values();
  set_at(v.get(), false, kBool, 0);
  set_named(v.get(), 3.0f, kFloat, "scale");
  set_at(v.get(), 0.5f, kFloat, 1);
  set_named(v.get(), 1, kInt, "repeat_count");
  expect_affine(run_affine(v.get()), 0.5f, 1, false);
}

TEST_F(FunctionConstants, AnUndefinedConstantTakesItsDefault) {
  Owned v = values();
  set_at(v.get(), false, kBool, 0);
  set_at(v.get(), -1.5f, kFloat, 1);
  expect_affine(run_affine(v.get()), -1.5f, 3, false);  // repeats defaults to 3
}

TEST_F(FunctionConstants, TwoSpecialisationsAreTwoVariants) {
  Owned two = values(), three = values();
  for (id v : {two.get(), three.get()}) set_at(v, true, kBool, 0), set_at(v, 1, kInt, 2);
  set_at(two.get(), 2.0f, kFloat, 1);
  set_at(three.get(), 3.0f, kFloat, 1);
  std::vector<float> by_two = run_affine(two.get()), by_three = run_affine(three.get());
  expect_affine(by_two, 2.0f, 1, true);
  expect_affine(by_three, 3.0f, 1, true);
}

TEST_F(FunctionConstants, AMissingValueIsAnErrorNamingTheConstant) {
  Owned v = values();
  set_at(v.get(), true, kBool, 0);
  std::string error;
  Owned fn = function(library_.get(), "affine", v.get(), &error);
  EXPECT_FALSE(fn);
  for (const char* part : {"'affine'", "'scale'", "index 1", "float", "no value"})
    EXPECT_NE(error.find(part), std::string::npos) << part << " not in: " << error;
  set_at(v.get(), 1.0f, kFloat, 1);
  EXPECT_TRUE(function(library_.get(), "affine", v.get()));  // never_read needs none
}

TEST_F(FunctionConstants, AValueOfAnotherTypeIsAnError) {
  Owned v = values();
  set_at(v.get(), true, kBool, 0);
  set_at(v.get(), 2, kInt, 1);  // scale is a float
  std::string error;
  EXPECT_FALSE(function(library_.get(), "affine", v.get(), &error));
  for (const char* part : {"'scale'", "is a float", "MTLDataType 29"})
    EXPECT_NE(error.find(part), std::string::npos) << part << " not in: " << error;
}

TEST_F(FunctionConstants, VectorConstants) {
  Owned v = values();
  uint32_t offsets[2] = {3, 5};
  objc::send<void>(v.get(), "setConstantValue:type:atIndex:", static_cast<const void*>(offsets),
                   kUInt2, NSUInteger(6));
  Owned fn = function(library_.get(), "shifted", v.get());
  Owned p = pipeline(fn.get());
  Owned y = buffer<uint32_t>(64);
  ASSERT_EQ(run(p.get(), {{y.get(), 0}}, MTLSize{2, 1, 1}, MTLSize{32, 1, 1}), "");
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(contents<uint32_t>(y)[i], i + 15) << i;
}

TEST_F(FunctionConstants, AnUnspecialisedFunctionMakesNoPipeline) {
  Owned fn = function(library_.get(), "affine");
  ASSERT_TRUE(fn);  // newFunctionWithName: answers; the pipeline is refused
  std::string error;
  EXPECT_FALSE(pipeline(fn.get(), &error));
  for (const char* part :
       {"'affine'", "'has_bias'", "'scale'", "newFunctionWithName:constantValues:error:"})
    EXPECT_NE(error.find(part), std::string::npos) << part << " not in: " << error;
}

TEST_F(FunctionConstants, AFunctionWithoutConstantsTakesEitherWay) {
  Owned v = values();
  set_at(v.get(), 9.0f, kFloat, 1);  // ignored: plain reads no constant
  for (bool specialised : {false, true}) {
    Owned fn = function(library_.get(), "plain", specialised ? v.get() : nullptr);
    Owned p = pipeline(fn.get());
    Owned y = buffer<float>(32);
    ASSERT_EQ(run(p.get(), {{y.get(), 0}}, MTLSize{1, 1, 1}, MTLSize{32, 1, 1}), "");
    for (int i = 0; i < 32; ++i) ASSERT_EQ(contents<float>(y)[i], 7.0f) << i;
  }
}

TEST_F(FunctionConstants, AnArgumentUnderAFalseConstantNeedsNoBinding) {
  Owned x = buffer<float>(kCount, x_), b = buffer<float>(kCount, b_);
  for (bool bias : {false, true}) {
    Owned v = values();
    set_at(v.get(), bias, kBool, 0);
    Owned fn = function(library_.get(), "maybe_biased", v.get());
    Owned p = pipeline(fn.get());
    Owned y = buffer<float>(kCount);
    std::vector<std::pair<id, NSUInteger>> bound = {{x.get(), 0}, {y.get(), 2}};
    if (bias) {
      // The argument exists: unbound, the dispatch names it.
      std::string error = run(p.get(), bound, MTLSize{kCount, 1, 1}, MTLSize{100, 1, 1}, true);
      EXPECT_NE(error.find("[[buffer(1)]]"), std::string::npos) << error;
      bound.emplace_back(b.get(), 1);
    }
    ASSERT_EQ(run(p.get(), bound, MTLSize{kCount, 1, 1}, MTLSize{100, 1, 1}, true), "");
    for (size_t i = 0; i < kCount; ++i)
      ASSERT_EQ(contents<float>(y)[i], bias ? x_[i] + b_[i] : x_[i]) << i;
  }
}

TEST_F(FunctionConstants, AMissingFunctionIsNilWithAnError) {
  Owned v = values();
  std::string error;
  EXPECT_FALSE(function(library_.get(), "nowhere", v.get(), &error));
  EXPECT_NE(error.find("nowhere"), std::string::npos) << error;
}

TEST_F(FunctionConstants, AnUnknownDataTypeIsAnError) {
  Owned v = values();
  expect_error_containing([&] { set_at(v.get(), 1.0, NSUInteger(58), 0); },
                          {"setConstantValue:type:atIndex:", "MTLDataType 58", "float (3)"});
}

}  // namespace
}  // namespace ingot::test
