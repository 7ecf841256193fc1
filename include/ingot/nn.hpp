// ingot::nn: neural-network layers over the Tensor API. The functions (convolution,
// pooling, attention, normalization, losses, dropout) are written with Tensor ops only,
// so they stay lazy, fuse like any other ops and need no gradient rules of their own;
// the modules hold parameters and call them. docs/nn.md describes each and how
// convolution lowers.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ingot/tensor.hpp"

namespace ingot::nn {

// A size per spatial axis (height, width): one number for both, or {h, w}.
struct Size2 {
  int64_t h, w;
  Size2(int64_t both) : h(both), w(both) {}  // NOLINT(google-explicit-constructor)
  Size2(int64_t h_, int64_t w_) : h(h_), w(w_) {}
};

// ---- convolution and pooling; inputs are [N, C, H, W] (or [C, H, W] unbatched) ----
// weight [C_out, C_in / groups, kh, kw]; bias [C_out] or undefined.
Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
              Size2 stride = 1, Size2 padding = 0, Size2 dilation = 1, int64_t groups = 1);
// input [N, C, L] (or [C, L]); weight [C_out, C_in / groups, k].
Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
              int64_t stride = 1, int64_t padding = 0, int64_t dilation = 1, int64_t groups = 1);
// weight [C_in, C_out / groups, kh, kw]; the gradient of conv2d with respect to its input:
// output size (H - 1) * stride - 2 * padding + dilation * (kh - 1) + output_padding + 1.
Tensor conv_transpose2d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
                        Size2 stride = 1, Size2 padding = 0, Size2 output_padding = 0,
                        Size2 dilation = 1, int64_t groups = 1);
// The stride defaults to the kernel size. Padding is at most half the kernel (PyTorch's rule).
Tensor max_pool2d(const Tensor& input, Size2 kernel, std::optional<Size2> stride = std::nullopt,
                  Size2 padding = 0, Size2 dilation = 1);
// count_include_pad: the padding's zeros count in each window's mean (PyTorch's default).
Tensor avg_pool2d(const Tensor& input, Size2 kernel, std::optional<Size2> stride = std::nullopt,
                  Size2 padding = 0, bool count_include_pad = true);

// ---- layers as functions ----
// input [..., in]; weight [out, in]; bias [out] or undefined: input @ weight^T + bias.
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor());
// Normalizes over the trailing axes `normalized_shape` (biased variance), then scales and
// shifts by weight and bias (each of that shape, or undefined).
Tensor layer_norm(const Tensor& input, const Shape& normalized_shape,
                  const Tensor& weight = Tensor(), const Tensor& bias = Tensor(),
                  double eps = 1e-5);
// x / sqrt(mean(x^2) + eps) * weight; eps defaults to the dtype's machine epsilon.
Tensor rms_norm(const Tensor& input, const Shape& normalized_shape, const Tensor& weight = Tensor(),
                std::optional<double> eps = std::nullopt);
// input [N, C, ...]: normalizes each channel with the batch's statistics (training) or
// with running_mean and running_var (each [C]).
Tensor batch_norm(const Tensor& input, const Tensor& running_mean, const Tensor& running_var,
                  const Tensor& weight = Tensor(), const Tensor& bias = Tensor(),
                  bool training = false, double eps = 1e-5);
// The running statistics moved toward input's batch statistics by `momentum` (the
// variance unbiased): what a BatchNorm training step keeps, as PyTorch; no gradient
// flows into them.
std::pair<Tensor, Tensor> updated_running_stats(const Tensor& input, const Tensor& running_mean,
                                                const Tensor& running_var, double momentum);
// In training, zeroes each element with probability p and scales the rest by 1 / (1 - p)
// (the counter-based generator: Tensor::manual_seed makes it repeat).
Tensor dropout(const Tensor& input, double p = 0.5, bool training = true);

// softmax(q k^T * scale + mask) v. q [..., L, E], k [..., S, E], v [..., S, Ev], the
// leading axes broadcasting. mask: bool (true takes part) or additive float, broadcasting
// to [..., L, S]; causal: query i sees keys j <= i. scale defaults to 1 / sqrt(E).
Tensor scaled_dot_product_attention(const Tensor& q, const Tensor& k, const Tensor& v,
                                    const Tensor& mask = Tensor(), bool causal = false,
                                    std::optional<double> scale = std::nullopt);

// ---- losses ----
enum class Reduction { Mean, Sum, None };
// logits [N, C] (or [C], or [N, C, d...]) and integer class targets [N] ([], [N, d...]).
// A target outside [0, C) selects no class: its loss is 0 (not checked on the device).
Tensor cross_entropy(const Tensor& logits, const Tensor& target,
                     Reduction reduction = Reduction::Mean);
Tensor mse_loss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean);
// input: probabilities in [0, 1]; each log is clamped at -100, as PyTorch does.
Tensor binary_cross_entropy(const Tensor& input, const Tensor& target,
                            Reduction reduction = Reduction::Mean);
Tensor binary_cross_entropy_with_logits(const Tensor& logits, const Tensor& target,
                                        Reduction reduction = Reduction::Mean);

// ---- initialisers: new realized tensors from the seeded generator ----
namespace init {
// fan_in = shape[1] * receptive field, fan_out = shape[0] * receptive field (shape[2:]).
std::pair<int64_t, int64_t> fans(const Shape& shape);
Tensor uniform(const Shape& shape, double lo, double hi, DType dtype = DType::Float32,
               const std::string& device = "");
Tensor normal(const Shape& shape, double mean, double std, DType dtype = DType::Float32,
              const std::string& device = "");
// He initialisation for a leaky ReLU of slope a (gain sqrt(2 / (1 + a^2))), over fan_in.
// a = sqrt(5) gives PyTorch's Linear and Conv2d default: uniform(+-1 / sqrt(fan_in)).
Tensor kaiming_uniform(const Shape& shape, double a = 0, DType dtype = DType::Float32,
                       const std::string& device = "");
Tensor kaiming_normal(const Shape& shape, double a = 0, DType dtype = DType::Float32,
                      const std::string& device = "");
// Glorot: uniform(+-gain * sqrt(6 / (fan_in + fan_out))), normal(0, gain * sqrt(2 / ...)).
Tensor xavier_uniform(const Shape& shape, double gain = 1, DType dtype = DType::Float32,
                      const std::string& device = "");
Tensor xavier_normal(const Shape& shape, double gain = 1, DType dtype = DType::Float32,
                     const std::string& device = "");
}  // namespace init

// ---- modules ----
using NamedTensors = std::vector<std::pair<std::string, Tensor>>;

// A layer: parameters (trained: realized, requires_grad) and buffers (state such as
// running statistics), by name, and a training flag. Parameters are handles: an
// optimizer updating them updates the module.
class Module {
 public:
  virtual ~Module() = default;
  virtual Tensor forward(const Tensor& input) = 0;
  Tensor operator()(const Tensor& input) { return forward(input); }
  virtual NamedTensors named_parameters() const { return {}; }
  virtual NamedTensors named_buffers() const { return {}; }
  std::vector<Tensor> parameters() const;
  virtual void train(bool on = true) { training_ = on; }
  void eval() { train(false); }
  bool training() const { return training_; }

 private:
  bool training_ = true;
};

// y = x @ weight^T + bias; weight [out, in] and bias kaiming_uniform(a = sqrt(5)) as PyTorch.
class Linear : public Module {
 public:
  Linear(int64_t in_features, int64_t out_features, bool bias = true, DType dtype = DType::Float32,
         const std::string& device = "");
  Tensor forward(const Tensor& input) override;
  NamedTensors named_parameters() const override;
  Tensor weight, bias;
};

class Conv2d : public Module {
 public:
  Conv2d(int64_t in_channels, int64_t out_channels, Size2 kernel, Size2 stride = 1,
         Size2 padding = 0, Size2 dilation = 1, int64_t groups = 1, bool bias = true,
         DType dtype = DType::Float32, const std::string& device = "");
  Tensor forward(const Tensor& input) override;
  NamedTensors named_parameters() const override;
  Tensor weight, bias;
  Size2 stride, padding, dilation;
  int64_t groups;
};

class LayerNorm : public Module {
 public:
  explicit LayerNorm(Shape normalized_shape, double eps = 1e-5, bool affine = true,
                     DType dtype = DType::Float32, const std::string& device = "");
  Tensor forward(const Tensor& input) override;
  NamedTensors named_parameters() const override;
  Shape normalized_shape;
  double eps;
  Tensor weight, bias;
};

class RMSNorm : public Module {
 public:
  explicit RMSNorm(Shape normalized_shape, std::optional<double> eps = std::nullopt,
                   bool affine = true, DType dtype = DType::Float32,
                   const std::string& device = "");
  Tensor forward(const Tensor& input) override;
  NamedTensors named_parameters() const override;
  Shape normalized_shape;
  std::optional<double> eps;
  Tensor weight;
};

// Batch statistics in training (the running ones updated with `momentum`, the variance
// unbiased, as PyTorch), running statistics in evaluation.
class BatchNorm2d : public Module {
 public:
  explicit BatchNorm2d(int64_t channels, double eps = 1e-5, double momentum = 0.1,
                       bool affine = true, DType dtype = DType::Float32,
                       const std::string& device = "");
  Tensor forward(const Tensor& input) override;
  NamedTensors named_parameters() const override;
  NamedTensors named_buffers() const override;
  double eps, momentum;
  Tensor weight, bias, running_mean, running_var, num_batches_tracked;
};

// Rows of `weight` [num_embeddings, dim] looked up by integer indices (ingot::embedding):
// input [...] gives [..., dim]. The weight is initialised normal(0, 1), as PyTorch's.
class Embedding : public Module {
 public:
  Embedding(int64_t num_embeddings, int64_t dim, DType dtype = DType::Float32,
            const std::string& device = "");
  Tensor forward(const Tensor& input) override;
  NamedTensors named_parameters() const override;
  Tensor weight;
};

class Dropout : public Module {
 public:
  explicit Dropout(double p = 0.5);
  Tensor forward(const Tensor& input) override;
  double p;
};

// Parameterless layers, for Sequential.
class ReLU : public Module {
 public:
  Tensor forward(const Tensor& input) override { return input.relu(); }
};
class GELU : public Module {
 public:
  Tensor forward(const Tensor& input) override { return input.gelu(); }
};
class Flatten : public Module {  // all axes but the first
 public:
  Tensor forward(const Tensor& input) override { return input.flatten(1); }
};
class MaxPool2d : public Module {
 public:
  explicit MaxPool2d(Size2 kernel, std::optional<Size2> stride = std::nullopt, Size2 padding = 0)
      : kernel(kernel), stride(stride), padding(padding) {}
  Tensor forward(const Tensor& input) override {
    return max_pool2d(input, kernel, stride, padding);
  }
  Size2 kernel;
  std::optional<Size2> stride;
  Size2 padding;
};
class AvgPool2d : public Module {
 public:
  explicit AvgPool2d(Size2 kernel, std::optional<Size2> stride = std::nullopt, Size2 padding = 0)
      : kernel(kernel), stride(stride), padding(padding) {}
  Tensor forward(const Tensor& input) override {
    return avg_pool2d(input, kernel, stride, padding);
  }
  Size2 kernel;
  std::optional<Size2> stride;
  Size2 padding;
};

// Its layers in order; parameters named "<index>.<name>" ("0.weight").
class Sequential : public Module {
 public:
  Sequential() = default;
  explicit Sequential(std::vector<std::shared_ptr<Module>> layers) : layers(std::move(layers)) {}
  Tensor forward(const Tensor& input) override;
  NamedTensors named_parameters() const override;
  NamedTensors named_buffers() const override;
  void train(bool on = true) override;
  std::vector<std::shared_ptr<Module>> layers;
};

}  // namespace ingot::nn
