// The op-suite fixture: parameterized over every device in Device::available() (so a
// backend added later joins automatically), with a per-test seeded RNG, random inputs
// in per-op value ranges, and one generic runner that evaluates the same expression on
// ingot tensors and on the float64 reference.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "ingot/runtime.hpp"
#include "ingot/tensor.hpp"
#include "support/compare.hpp"
#include "support/reference.hpp"

namespace support {

using ingot::DType;
using ingot::Shape;
using ingot::Tensor;
using ref::Array;

// Short dtype names for the test tables.
constexpr DType F16 = DType::Float16, BF16 = DType::BFloat16, F32 = DType::Float32,
                F64 = DType::Float64, I8 = DType::Int8, I16 = DType::Int16, I32 = DType::Int32,
                I64 = DType::Int64, U8 = DType::UInt8, U16 = DType::UInt16, U32 = DType::UInt32,
                U64 = DType::UInt64, B = DType::Bool;

// Where random inputs come from.
struct Domain {
  double lo = -3;
  double hi = 3;
  // |x| in [lo, hi] with a random sign (denominators, prod factors).
  bool away_from_zero = false;
  // Integer-valued (so comparisons see ties); integer dtypes always are.
  bool integers = false;
};
inline Domain range(double lo, double hi) { return {lo, hi, false, false}; }
inline Domain nonzero(double lo, double hi) { return {lo, hi, true, false}; }
inline Domain ints(double lo, double hi) { return {lo, hi, false, true}; }

// Host bytes of `a`'s values stored as `dtype` (values must be representable).
std::vector<uint8_t> encode(const Array& a, DType dtype);

// One way of producing an input of some shape: a base tensor of `base` shape, then a
// view (permute, slice with steps, flip, pad, expand...) applied to ingot and reference alike.
struct Layout {
  std::string name;
  Shape base;
  std::function<Tensor(const Tensor&)> t;
  std::function<Array(const Array&)> r;
};
template <class F>
Layout layout(std::string name, Shape base, F f) {
  return {std::move(name), std::move(base), f, f};
}
inline Layout contiguous(std::string name, Shape base) {
  return layout(std::move(name), std::move(base), [](const auto& x) { return x; });
}
// The layouts every elementwise op runs on: contiguous odd sizes, scalar, size-1 dims,
// zero-size, and non-contiguous views. `pad_value` must lie inside the op's domain.
std::vector<Layout> unary_layouts(double pad_value);
// Pairs of operand layouts whose results broadcast: same shapes, {3,1}+{1,5},
// {5}+{2,3,5}, scalar forms, zero-size, and views on either side.
std::vector<std::pair<Layout, Layout>> binary_layouts(double pad_value);

inline const std::string& device_of(const std::string& p) { return p; }
template <class T>
const std::string& device_of(const std::tuple<std::string, T>& p) {
  return std::get<0>(p);
}

template <class Param = std::string>
class OpTestT : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "." + info->name();
    rng_.seed(std::hash<std::string>()(name));
    rotation_ = std::hash<std::string>()(name + " cases");
  }

  const std::string& dev() const { return device_of(this->GetParam()); }

  // Whether this device computes in `dtype` (Metal has no float64).
  bool supports(DType dtype) const { return ingot::Device::get(dev()).info().supports(dtype); }
  // An emulated device (PoCL, the emulated Metal) compiles every kernel on this machine's
  // CPU, which dominates CI's time: the dtype-by-layout matrices run their non-float32
  // dtypes on fewer layouts there, and sample their cases (runs_case). Every dtype runs
  // every layout on the CPU.
  bool emulated() const { return ingot::Device::get(dev()).info().emulated; }
  // Whether case `index` of a value table runs for `dtype` here. The CPU and real GPUs run
  // every case; the emulated Metal runs float32's every fourth case and other dtypes'
  // every sixth, PoCL half as many (a PoCL kernel costs about 2.5 of the emulator's), from
  // an offset that rotates with the test's name, so that the tests of one table pick
  // different cases. Every third and fourth, a fresh clone's plain ctest spent 3032 CPU
  // seconds on its kernels' compiles, 863 on PoCL's and 524 on the emulated Metal's: 26
  // of CI's minutes (docs/testing.md). INGOT_TEST_EVERY_CASE=1 runs every case everywhere.
  bool runs_case(size_t index, DType dtype) const {
    static const bool every_case = [] {
      const char* value = std::getenv("INGOT_TEST_EVERY_CASE");
      return value && std::string(value) == "1";
    }();
    const ingot::DeviceInfo& info = ingot::Device::get(dev()).info();
    if (every_case || !info.emulated) return true;
    size_t stride = (dtype == DType::Float32 ? 4 : 6) * (info.language == "opencl" ? 2 : 1);
    return (index + rotation_) % stride == 0;
  }

  // Random values in `d`, already rounded to `dtype` (integer dtypes: uniform integers
  // in [lo, hi]; bool: half true).
  Array random(const Shape& shape, Domain d = {}, DType dtype = DType::Float32) {
    std::uniform_real_distribution<double> u(d.lo, d.hi);
    std::bernoulli_distribution coin(0.5);
    bool integral = d.integers || ingot::is_int(dtype);
    std::uniform_int_distribution<int64_t> ui(static_cast<int64_t>(std::ceil(d.lo)),
                                              static_cast<int64_t>(std::floor(d.hi)));
    std::vector<double> v(static_cast<size_t>(ref::numel_of(shape)));
    for (double& x : v) {
      if (dtype == DType::Bool) {
        x = coin(rng_);
        continue;
      }
      x = integral ? static_cast<double>(ui(rng_)) : u(rng_);
      if (d.away_from_zero && coin(rng_)) x = -x;
      x = ref::cast_value(x, dtype);
    }
    return Array(shape, std::move(v));
  }

  Tensor tensor(const Array& a, DType dtype = DType::Float32) const {
    std::vector<uint8_t> bytes = encode(a, dtype);
    return Tensor::from_data(bytes.data(), dtype, a.shape, dev());
  }

  // Evaluates f on tensors made from `inputs` (as `dtype`, on this device) and on the
  // reference arrays, and compares. Tolerance: `tol`, else from the result's dtype.
  template <class F, class... A>
  ::testing::AssertionResult check_as(DType dtype, std::optional<Tol> tol, F f,
                                      const A&... inputs) {
    Tensor got = f(tensor(inputs, dtype)...);
    Array want = f(inputs...);
    return close(got, want, tol ? *tol : Tol::of(got.dtype()));
  }
  // Float32 inputs, tolerance from the result's dtype.
  template <class F, class... A>
  ::testing::AssertionResult check(F f, const A&... inputs) {
    return check_as(DType::Float32, std::nullopt, f, inputs...);
  }

  std::mt19937_64 rng_;
  size_t rotation_ = 0;
};
using OpTest = OpTestT<std::string>;

struct DeviceName {
  std::string operator()(const ::testing::TestParamInfo<std::string>& info) const {
    return sanitize(info.param);
  }
  template <class T>
  std::string operator()(const ::testing::TestParamInfo<std::tuple<std::string, T>>& info) const {
    return sanitize(std::get<0>(info.param)) + "_" + sanitize(std::get<1>(info.param).name);
  }
};

// Fails the test for each of `parts` that `message` (an Error's) does not contain.
inline void expect_mentions(const std::string& message, const std::vector<std::string>& parts) {
  for (const std::string& part : parts)
    EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

// A matmul with a bias, a ReLU and a row sum beside it: a program of three kernels or so,
// for Tensor and for the reference's Array alike.
template <class T>
std::vector<T> bias_relu_layer(const T& x, const T& w, const T& b) {
  T h = (x.matmul(w) + b).relu();
  return {h, h.sum({1}) * 0.5};
}

}  // namespace support

// Instantiates a device-parameterized suite on every device that opens.
#define INGOT_ON_ALL_DEVICES(Suite)                                                         \
  INSTANTIATE_TEST_SUITE_P(Devices, Suite, ::testing::ValuesIn(ingot::Device::available()), \
                           ::support::DeviceName())
// Instantiates a (device, case) suite: every case on every device.
#define INGOT_CASES_ON_ALL_DEVICES(Suite, cases)                                               \
  INSTANTIATE_TEST_SUITE_P(Devices, Suite,                                                     \
                           ::testing::Combine(::testing::ValuesIn(ingot::Device::available()), \
                                              ::testing::ValuesIn(cases)),                     \
                           ::support::DeviceName())
