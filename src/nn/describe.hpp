// How the nn layer's error messages name shapes and tensors, as the front end's do:
// "(2, 3)" and "float32 tensor of shape (2, 3)".
#pragma once

#include <string>

#include "ingot/tensor.hpp"

namespace ingot::nn_text {

inline std::string shape_text(const Shape& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + ")";
}

inline std::string describe(const Tensor& t) {
  return std::string(dtype_name(t.dtype())) + " tensor of shape " + shape_text(t.shape());
}

}  // namespace ingot::nn_text
