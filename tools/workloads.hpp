// Inputs whose exact results are known, shared by `ingot demo` and the benchmarks.
#pragma once

#include <cstdint>
#include <string>

#include "ingot/tensor.hpp"

namespace ingot::workloads {

// `count` float32 elements (a multiple of 8) cycling through 0, 1, ..., 7. A load from
// a wrong index changes the sum, unlike with a tensor of ones, and every value and the
// total are small integers that float32 holds exactly.
inline Tensor cyclic(int64_t count, const std::string& device) {
  return Tensor::arange(0, 8, 1, DType::Float32, device)
      .reshape({1, 8})
      .expand({count / 8, 8})
      .reshape({count})
      .contiguous();
}

// The exact sum of cyclic(count): count / 8 periods of 0 + 1 + ... + 7.
inline double cyclic_sum(int64_t count) { return 28.0 * static_cast<double>(count / 8); }

}  // namespace ingot::workloads
