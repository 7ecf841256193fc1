// Initialisers: uniform and normal draws from the seeded counter-based generator, scaled
// by the fans as He and Glorot prescribe; realized at once, so a parameter is a buffer.
#include <cmath>
#include <string>

#include "ingot/error.hpp"
#include "ingot/nn.hpp"
#include "nn/describe.hpp"

namespace ingot::nn::init {

std::pair<int64_t, int64_t> fans(const Shape& shape) {
  if (shape.size() < 2)
    throw ArgumentError("init: fans need a shape of at least [out, in], got " +
                        nn_text::shape_text(shape));
  int64_t field = 1;
  for (size_t i = 2; i < shape.size(); ++i) field *= shape[i];
  return {shape[1] * field, shape[0] * field};
}

Tensor uniform(const Shape& shape, double lo, double hi, DType dtype, const std::string& device) {
  return (Tensor::rand(shape, dtype, device) * (hi - lo) + lo).astype(dtype).realize();
}

Tensor normal(const Shape& shape, double mean, double std, DType dtype, const std::string& device) {
  return (Tensor::randn(shape, dtype, device) * std + mean).astype(dtype).realize();
}

namespace {
double leaky_relu_gain(double a) { return std::sqrt(2 / (1 + a * a)); }
}  // namespace

Tensor kaiming_uniform(const Shape& shape, double a, DType dtype, const std::string& device) {
  const double bound = leaky_relu_gain(a) * std::sqrt(3.0 / static_cast<double>(fans(shape).first));
  return uniform(shape, -bound, bound, dtype, device);
}

Tensor kaiming_normal(const Shape& shape, double a, DType dtype, const std::string& device) {
  return normal(shape, 0, leaky_relu_gain(a) / std::sqrt(static_cast<double>(fans(shape).first)),
                dtype, device);
}

Tensor xavier_uniform(const Shape& shape, double gain, DType dtype, const std::string& device) {
  auto [in, out] = fans(shape);
  const double bound = gain * std::sqrt(6.0 / static_cast<double>(in + out));
  return uniform(shape, -bound, bound, dtype, device);
}

Tensor xavier_normal(const Shape& shape, double gain, DType dtype, const std::string& device) {
  auto [in, out] = fans(shape);
  return normal(shape, 0, gain * std::sqrt(2.0 / static_cast<double>(in + out)), dtype, device);
}

}  // namespace ingot::nn::init
