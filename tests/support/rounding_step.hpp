// The relative rounding step of a floating dtype (2^-mantissa bits), 0 for integers: how
// far one rounding may move a value, which collective and reduction references scale.
#pragma once

#include "ingot/dtype.hpp"

namespace ingot::test {

inline double rounding_step(DType dtype) {
  switch (dtype) {
    case DType::Float16:
      return 0x1p-10;
    case DType::BFloat16:
      return 0x1p-7;
    case DType::Float32:
      return 0x1p-23;
    case DType::Float64:
      return 0x1p-52;
    default:
      return 0;
  }
}

}  // namespace ingot::test
