// Tolerant comparison of ingot results with the float64 reference, the poison helper,
// and an Error checker. Used by every op test.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "ingot/error.hpp"
#include "ingot/tensor.hpp"
#include "support/device_values.hpp"
#include "support/reference.hpp"

namespace ingot {
// Lets GoogleTest print dtypes by name in failure messages.
inline void PrintTo(DType dtype, std::ostream* os) { *os << dtype_name(dtype); }
}  // namespace ingot

namespace support {

using ingot::DType;

// |got - want| <= atol + rtol * |want|. NaN matches NaN, an infinity matches the same
// infinity.
struct Tol {
  double rtol = 0;
  double atol = 0;
  Tol scaled(double factor) const { return {rtol * factor, atol * factor}; }
  // Arithmetic: float32 1e-5, float64 1e-12, float16 1e-2, bfloat16 2e-2, integers exact.
  static Tol of(DType dtype);
  // Transcendental functions (exp, log, sin, tanh...): float32 is looser.
  static Tol transcendental(DType dtype);
  // A reduction of n elements per output: errors grow like sqrt(n).
  static Tol reduction(DType dtype, int64_t n);
};

// Poisons the allocator cache with t's byte size, realizes and reads t, and compares it
// with `want`: same shape, then every element within `tol`. On failure the message names
// the first mismatching index, both values, the shape, the dtype and the mismatch count.
::testing::AssertionResult close(const ingot::Tensor& got, const ref::Array& want, Tol tol);
// Tolerance from the result's dtype (Tol::of).
::testing::AssertionResult close(const ingot::Tensor& got, const ref::Array& want);

// Runs `fn` (which must build and realize something); succeeds when it throws
// ingot::Error whose message (case-insensitively) contains one of `op_names` and every
// one of `mentions` (e.g. the offending shapes' sizes).
::testing::AssertionResult throws_error(const std::function<void()>& fn,
                                        const std::vector<std::string>& op_names,
                                        const std::vector<std::string>& mentions = {});

// Test name suffix from a device name: "CL:0" -> "CL_0".
std::string sanitize(const std::string& name);

}  // namespace support
