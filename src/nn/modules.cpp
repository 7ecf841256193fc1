// The modules: parameters made by the initialisers PyTorch uses for each layer, forward
// passes through the functions of layers.cpp, conv.cpp and pool.cpp.
#include <cmath>
#include <string>
#include <tuple>

#include "ingot/error.hpp"
#include "ingot/nn.hpp"
#include "nn/describe.hpp"

namespace ingot::nn {

namespace {

// uniform(+-1 / sqrt(fan_in)): PyTorch's bias of Linear and Conv2d.
Tensor bias_for(int64_t out, int64_t fan_in, DType dtype, const std::string& device) {
  const double bound = fan_in > 0 ? 1 / std::sqrt(static_cast<double>(fan_in)) : 0;
  return init::uniform({out}, -bound, bound, dtype, device);
}

// A parameter: realized (a leaf holding its buffer) and requiring gradients.
Tensor trained(Tensor t) { return t.realize().requires_grad_(); }

// The defined entries of `named`.
NamedTensors defined(NamedTensors named) {
  std::erase_if(named, [](const auto& p) { return !p.second.defined(); });
  return named;
}

}  // namespace

std::vector<Tensor> Module::parameters() const {
  std::vector<Tensor> out;
  for (auto& [name, t] : named_parameters()) out.push_back(t);
  return out;
}

Linear::Linear(int64_t in_features, int64_t out_features, bool has_bias, DType dtype,
               const std::string& device)
    : weight(trained(
          init::kaiming_uniform({out_features, in_features}, std::sqrt(5.0), dtype, device))) {
  if (has_bias) bias = trained(bias_for(out_features, in_features, dtype, device));
}
Tensor Linear::forward(const Tensor& input) { return linear(input, weight, bias); }
NamedTensors Linear::named_parameters() const {
  return defined({{"weight", weight}, {"bias", bias}});
}

Conv2d::Conv2d(int64_t in_channels, int64_t out_channels, Size2 kernel, Size2 stride, Size2 padding,
               Size2 dilation, int64_t groups, bool has_bias, DType dtype,
               const std::string& device)
    : stride(stride), padding(padding), dilation(dilation), groups(groups) {
  if (groups < 1 || in_channels % groups != 0 || out_channels % groups != 0)
    throw ArgumentError("Conv2d: " + std::to_string(groups) + " groups must divide both the " +
                        std::to_string(in_channels) + " input and the " +
                        std::to_string(out_channels) + " output channels");
  const Shape shape = {out_channels, in_channels / groups, kernel.h, kernel.w};
  weight = trained(init::kaiming_uniform(shape, std::sqrt(5.0), dtype, device));
  if (has_bias) bias = trained(bias_for(out_channels, init::fans(shape).first, dtype, device));
}
Tensor Conv2d::forward(const Tensor& input) {
  return conv2d(input, weight, bias, stride, padding, dilation, groups);
}
NamedTensors Conv2d::named_parameters() const {
  return defined({{"weight", weight}, {"bias", bias}});
}

LayerNorm::LayerNorm(Shape normalized_shape, double eps, bool affine, DType dtype,
                     const std::string& device)
    : normalized_shape(std::move(normalized_shape)), eps(eps) {
  if (affine) {
    weight = trained(Tensor::ones(this->normalized_shape, dtype, device));
    bias = trained(Tensor::zeros(this->normalized_shape, dtype, device));
  }
}
Tensor LayerNorm::forward(const Tensor& input) {
  return layer_norm(input, normalized_shape, weight, bias, eps);
}
NamedTensors LayerNorm::named_parameters() const {
  return defined({{"weight", weight}, {"bias", bias}});
}

RMSNorm::RMSNorm(Shape normalized_shape, std::optional<double> eps, bool affine, DType dtype,
                 const std::string& device)
    : normalized_shape(std::move(normalized_shape)), eps(eps) {
  if (affine) weight = trained(Tensor::ones(this->normalized_shape, dtype, device));
}
Tensor RMSNorm::forward(const Tensor& input) {
  return rms_norm(input, normalized_shape, weight, eps);
}
NamedTensors RMSNorm::named_parameters() const { return defined({{"weight", weight}}); }

BatchNorm2d::BatchNorm2d(int64_t channels, double eps, double momentum, bool affine, DType dtype,
                         const std::string& device)
    : eps(eps),
      momentum(momentum),
      running_mean(Tensor::zeros({channels}, dtype, device).realize()),
      running_var(Tensor::ones({channels}, dtype, device).realize()),
      num_batches_tracked(Tensor::zeros({}, DType::Int64, device).realize()) {
  if (affine) {
    weight = trained(Tensor::ones({channels}, dtype, device));
    bias = trained(Tensor::zeros({channels}, dtype, device));
  }
}
Tensor BatchNorm2d::forward(const Tensor& input) {
  if (input.ndim() != 4)
    throw ArgumentError("BatchNorm2d: expects an [N, C, H, W] input, got shape " +
                        nn_text::shape_text(input.shape()));
  Tensor out = batch_norm(input, running_mean, running_var, weight, bias, training(), eps);
  if (training()) {
    // Realized now, so that the statistics never hold on to the batch's graph.
    std::tie(running_mean, running_var) =
        updated_running_stats(input, running_mean, running_var, momentum);
    num_batches_tracked = num_batches_tracked + Tensor::scalar(1, DType::Int64, input.device());
    Tensor::realize_all({running_mean, running_var, num_batches_tracked});
  }
  return out;
}
NamedTensors BatchNorm2d::named_parameters() const {
  return defined({{"weight", weight}, {"bias", bias}});
}
NamedTensors BatchNorm2d::named_buffers() const {
  return {{"running_mean", running_mean},
          {"running_var", running_var},
          {"num_batches_tracked", num_batches_tracked}};
}

Embedding::Embedding(int64_t num_embeddings, int64_t dim, DType dtype, const std::string& device)
    : weight(trained(init::normal({num_embeddings, dim}, 0, 1, dtype, device))) {}
Tensor Embedding::forward(const Tensor& input) { return embedding(weight, input); }
NamedTensors Embedding::named_parameters() const { return {{"weight", weight}}; }

Dropout::Dropout(double p) : p(p) {
  if (!(p >= 0 && p <= 1))
    throw ArgumentError("Dropout: probability " + std::to_string(p) + " must lie in [0, 1]");
}
Tensor Dropout::forward(const Tensor& input) { return dropout(input, p, training()); }

Tensor Sequential::forward(const Tensor& input) {
  Tensor x = input;
  for (const auto& layer : layers) x = layer->forward(x);
  return x;
}

namespace {
// Each layer's entries named "<index>.<name>".
template <class Get>
NamedTensors prefixed(const std::vector<std::shared_ptr<Module>>& layers, Get get) {
  NamedTensors out;
  for (size_t i = 0; i < layers.size(); ++i)
    for (auto& [name, t] : get(*layers[i])) out.emplace_back(std::to_string(i) + "." + name, t);
  return out;
}
}  // namespace

NamedTensors Sequential::named_parameters() const {
  return prefixed(layers, [](const Module& m) { return m.named_parameters(); });
}
NamedTensors Sequential::named_buffers() const {
  return prefixed(layers, [](const Module& m) { return m.named_buffers(); });
}
void Sequential::train(bool on) {
  Module::train(on);
  for (const auto& layer : layers) layer->train(on);
}

}  // namespace ingot::nn
