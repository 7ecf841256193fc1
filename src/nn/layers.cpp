// Linear, the normalizations and dropout as functions of their parameters.
#include <cmath>
#include <limits>
#include <string>

#include "ingot/error.hpp"
#include "ingot/nn.hpp"
#include "nn/describe.hpp"

namespace ingot::nn {

namespace {

// The trailing axes `normalized` covers, after checking that input's shape ends with it
// and that weight and bias (where defined) have that shape.
std::vector<int> trailing_axes(const Tensor& input, const Shape& normalized, const Tensor& weight,
                               const Tensor& bias, const char* op) {
  const size_t n = normalized.size(), rank = input.shape().size();
  if (n == 0 || n > rank ||
      !std::equal(normalized.begin(), normalized.end(), input.shape().end() - n))
    throw ArgumentError(std::string(op) + ": input of shape " + nn_text::shape_text(input.shape()) +
                        " does not end with the normalized shape " +
                        nn_text::shape_text(normalized));
  for (const Tensor* t : {&weight, &bias})
    if (t->defined() && t->shape() != normalized)
      throw ArgumentError(std::string(op) + ": weight and bias must have the normalized shape " +
                          nn_text::shape_text(normalized) + ", got " +
                          nn_text::shape_text(t->shape()));
  std::vector<int> axes;
  for (size_t i = 0; i < n; ++i) axes.push_back(static_cast<int>(rank - n + i));
  return axes;
}

Tensor affine(Tensor x, const Tensor& weight, const Tensor& bias) {
  if (weight.defined()) x = x * weight;
  if (bias.defined()) x = x + bias;
  return x;
}

double machine_epsilon(DType dtype) {
  switch (dtype) {
    case DType::Float16:
      return 0.0009765625;
    case DType::BFloat16:
      return 0.0078125;
    case DType::Float64:
      return std::numeric_limits<double>::epsilon();
    default:
      return std::numeric_limits<float>::epsilon();
  }
}

}  // namespace

Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  if (weight.ndim() != 2 || input.ndim() < 1 || input.shape().back() != weight.shape()[1])
    throw ArgumentError("linear: input " + nn_text::shape_text(input.shape()) + " and weight " +
                        nn_text::shape_text(weight.shape()) +
                        ": the weight must be [out, in] with in the input's last axis");
  if (bias.defined() && bias.shape() != Shape{weight.shape()[0]})
    throw ArgumentError("linear: bias of shape " + nn_text::shape_text(bias.shape()) +
                        " must be [" + std::to_string(weight.shape()[0]) +
                        "], one value per output");
  Tensor out = input.matmul(weight.T());
  return bias.defined() ? out + bias : out;
}

Tensor layer_norm(const Tensor& input, const Shape& normalized_shape, const Tensor& weight,
                  const Tensor& bias, double eps) {
  std::vector<int> axes = trailing_axes(input, normalized_shape, weight, bias, "layer_norm");
  Tensor x = input.astype(float_result(input.dtype()));
  Tensor centered = x - x.mean(axes, true);
  Tensor normalized = centered * (centered.square().mean(axes, true) + eps).rsqrt();
  return affine(normalized, weight, bias);
}

Tensor rms_norm(const Tensor& input, const Shape& normalized_shape, const Tensor& weight,
                std::optional<double> eps) {
  std::vector<int> axes = trailing_axes(input, normalized_shape, weight, Tensor(), "rms_norm");
  Tensor x = input.astype(float_result(input.dtype()));
  const double e = eps.value_or(machine_epsilon(x.dtype()));
  return affine(x * (x.square().mean(axes, true) + e).rsqrt(), weight, Tensor());
}

Tensor batch_norm(const Tensor& input, const Tensor& running_mean, const Tensor& running_var,
                  const Tensor& weight, const Tensor& bias, bool training, double eps) {
  if (input.ndim() < 2)
    throw ArgumentError("batch_norm: input of shape " + nn_text::shape_text(input.shape()) +
                        " needs at least [N, C]");
  const int64_t channels = input.shape()[1];
  for (const Tensor* t : {&running_mean, &running_var, &weight, &bias})
    if (t->defined() && t->shape() != Shape{channels})
      throw ArgumentError("batch_norm: input of shape " + nn_text::shape_text(input.shape()) +
                          " has " + std::to_string(channels) +
                          " channels (axis 1), but a statistic or parameter has shape " +
                          nn_text::shape_text(t->shape()));
  // Every axis but the channels', and the per-channel shape [1, C, 1, ...].
  std::vector<int> axes = {0};
  Shape per_channel(static_cast<size_t>(input.ndim()), 1);
  per_channel[1] = channels;
  for (int a = 2; a < input.ndim(); ++a) axes.push_back(a);
  Tensor x = input.astype(float_result(input.dtype()));
  Tensor mean, var;
  if (training) {
    mean = x.mean(axes, true);
    var = x.var(axes, true, 0);
  } else {
    if (!running_mean.defined() || !running_var.defined())
      throw ArgumentError("batch_norm: evaluation needs running_mean and running_var");
    mean = running_mean.reshape(per_channel);
    var = running_var.reshape(per_channel);
  }
  Tensor normalized = (x - mean) * (var + eps).rsqrt();
  return affine(normalized, weight.defined() ? weight.reshape(per_channel) : weight,
                bias.defined() ? bias.reshape(per_channel) : bias);
}

std::pair<Tensor, Tensor> updated_running_stats(const Tensor& input, const Tensor& running_mean,
                                                const Tensor& running_var, double momentum) {
  std::vector<int> axes = {0};
  for (int a = 2; a < input.ndim(); ++a) axes.push_back(a);
  NoGrad statistics;  // no gradient flows into the running statistics
  Tensor x = input.astype(running_mean.dtype());
  return {running_mean * (1 - momentum) + x.mean(axes) * momentum,
          running_var * (1 - momentum) + x.var(axes, false, 1) * momentum};
}

Tensor dropout(const Tensor& input, double p, bool training) {
  if (!(p >= 0 && p <= 1))
    throw ArgumentError("dropout: probability " + std::to_string(p) + " must lie in [0, 1]");
  if (!training || p == 0) return input;
  if (p == 1) return input.zeros_like();
  Tensor keep = input.rand_like().ge(Tensor::scalar(p, DType::Float32, input.device()));
  return Tensor::where(keep, input / (1 - p), input.zeros_like());
}

}  // namespace ingot::nn
