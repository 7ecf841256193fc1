// ingot._ingot.nn: the functions of include/ingot/nn.hpp (python/ingot/nn/ builds the
// modules on them). Names and keywords follow torch.nn.functional; a size is an int or a
// pair, a reduction "mean", "sum" or "none", an absent tensor None.
#include <fmt/format.h>

#include "binding.hpp"

namespace ingot::python {

namespace {

namespace nn = ingot::nn;

Tensor optional_tensor(nb::handle value) { return value.is_none() ? Tensor() : as_tensor(value); }

nn::Size2 size2(nb::handle value, const char* op, const char* name) {
  if (nb::isinstance<nb::int_>(value)) return {int_arg(value, op, name)};
  if (nb::isinstance<nb::tuple>(value) || nb::isinstance<nb::list>(value)) {
    nb::sequence s = nb::borrow<nb::sequence>(value);
    if (nb::len(s) == 2) return {int_arg(s[0], op, name), int_arg(s[1], op, name)};
  }
  throw ArgumentError(fmt::format("{}: {} must be an int or a pair of ints, got {}", op, name,
                                  python_type_name(value)));
}

std::optional<nn::Size2> optional_size2(nb::handle value, const char* op, const char* name) {
  if (value.is_none()) return std::nullopt;
  return size2(value, op, name);
}

nn::Reduction reduction_arg(const std::string& value, const char* op) {
  if (value == "mean") return nn::Reduction::Mean;
  if (value == "sum") return nn::Reduction::Sum;
  if (value == "none") return nn::Reduction::None;
  throw ArgumentError(
      fmt::format("{}: reduction '{}' is none of 'mean', 'sum', 'none'", op, value));
}

void bind_conv(nb::module_& m) {
  m.def(
      "conv2d",
      [](const Tensor& x, const Tensor& w, nb::handle bias, nb::handle stride, nb::handle padding,
         nb::handle dilation, int64_t groups) {
        const char* op = "conv2d";
        return nn::conv2d(x, w, optional_tensor(bias), size2(stride, op, "stride"),
                          size2(padding, op, "padding"), size2(dilation, op, "dilation"), groups);
      },
      BuildsGraph(), "input"_a, "weight"_a, "bias"_a = nb::none(), "stride"_a = 1, "padding"_a = 0,
      "dilation"_a = 1, "groups"_a = 1);
  m.def(
      "conv1d",
      [](const Tensor& x, const Tensor& w, nb::handle bias, int64_t stride, int64_t padding,
         int64_t dilation, int64_t groups) {
        return nn::conv1d(x, w, optional_tensor(bias), stride, padding, dilation, groups);
      },
      BuildsGraph(), "input"_a, "weight"_a, "bias"_a = nb::none(), "stride"_a = 1, "padding"_a = 0,
      "dilation"_a = 1, "groups"_a = 1);
  m.def(
      "conv_transpose2d",
      [](const Tensor& x, const Tensor& w, nb::handle bias, nb::handle stride, nb::handle padding,
         nb::handle output_padding, int64_t groups, nb::handle dilation) {
        const char* op = "conv_transpose2d";
        return nn::conv_transpose2d(
            x, w, optional_tensor(bias), size2(stride, op, "stride"), size2(padding, op, "padding"),
            size2(output_padding, op, "output_padding"), size2(dilation, op, "dilation"), groups);
      },
      BuildsGraph(), "input"_a, "weight"_a, "bias"_a = nb::none(), "stride"_a = 1, "padding"_a = 0,
      "output_padding"_a = 0, "groups"_a = 1, "dilation"_a = 1);
  m.def(
      "max_pool2d",
      [](const Tensor& x, nb::handle kernel, nb::handle stride, nb::handle padding,
         nb::handle dilation) {
        const char* op = "max_pool2d";
        return nn::max_pool2d(x, size2(kernel, op, "kernel_size"),
                              optional_size2(stride, op, "stride"), size2(padding, op, "padding"),
                              size2(dilation, op, "dilation"));
      },
      BuildsGraph(), "input"_a, "kernel_size"_a, "stride"_a = nb::none(), "padding"_a = 0,
      "dilation"_a = 1);
  m.def(
      "avg_pool2d",
      [](const Tensor& x, nb::handle kernel, nb::handle stride, nb::handle padding,
         bool count_include_pad) {
        const char* op = "avg_pool2d";
        return nn::avg_pool2d(x, size2(kernel, op, "kernel_size"),
                              optional_size2(stride, op, "stride"), size2(padding, op, "padding"),
                              count_include_pad);
      },
      BuildsGraph(), "input"_a, "kernel_size"_a, "stride"_a = nb::none(), "padding"_a = 0,
      nb::kw_only(), "count_include_pad"_a = true);
}

void bind_layers(nb::module_& m) {
  m.def(
      "linear",
      [](const Tensor& x, const Tensor& w, nb::handle bias) {
        return nn::linear(x, w, optional_tensor(bias));
      },
      BuildsGraph(), "input"_a, "weight"_a, "bias"_a = nb::none());
  m.def(
      "layer_norm",
      [](const Tensor& x, nb::handle shape, nb::handle weight, nb::handle bias, double eps) {
        return nn::layer_norm(x, shape_arg(shape, "layer_norm"), optional_tensor(weight),
                              optional_tensor(bias), eps);
      },
      BuildsGraph(), "input"_a, "normalized_shape"_a, "weight"_a = nb::none(),
      "bias"_a = nb::none(), "eps"_a = 1e-5);
  m.def(
      "rms_norm",
      [](const Tensor& x, nb::handle shape, nb::handle weight, std::optional<double> eps) {
        return nn::rms_norm(x, shape_arg(shape, "rms_norm"), optional_tensor(weight), eps);
      },
      BuildsGraph(), "input"_a, "normalized_shape"_a, "weight"_a = nb::none(),
      "eps"_a = nb::none());
  m.def(
      "batch_norm",
      [](const Tensor& x, nb::handle mean, nb::handle var, nb::handle weight, nb::handle bias,
         bool training, double eps) {
        return nn::batch_norm(x, optional_tensor(mean), optional_tensor(var),
                              optional_tensor(weight), optional_tensor(bias), training, eps);
      },
      BuildsGraph(), "input"_a, "running_mean"_a, "running_var"_a, "weight"_a = nb::none(),
      "bias"_a = nb::none(), "training"_a = false, nb::kw_only(), "eps"_a = 1e-5);
  m.def("updated_running_stats", &nn::updated_running_stats, BuildsGraph(), "input"_a,
        "running_mean"_a, "running_var"_a, "momentum"_a);
  m.def("dropout", &nn::dropout, BuildsGraph(), "input"_a, "p"_a = 0.5, "training"_a = true);
  m.def(
      "scaled_dot_product_attention",
      [](const Tensor& q, const Tensor& k, const Tensor& v, nb::handle mask, bool causal,
         std::optional<double> scale) {
        return nn::scaled_dot_product_attention(q, k, v, optional_tensor(mask), causal, scale);
      },
      BuildsGraph(), "query"_a, "key"_a, "value"_a, "attn_mask"_a = nb::none(), nb::kw_only(),
      "is_causal"_a = false, "scale"_a = nb::none());
}

void bind_losses(nb::module_& m) {
  using Loss = Tensor (*)(const Tensor&, const Tensor&, nn::Reduction);
  const std::pair<const char*, Loss> losses[] = {
      {"cross_entropy", &nn::cross_entropy},
      {"mse_loss", &nn::mse_loss},
      {"binary_cross_entropy", &nn::binary_cross_entropy},
      {"binary_cross_entropy_with_logits", &nn::binary_cross_entropy_with_logits}};
  for (const auto& [name, f] : losses)
    m.def(
        name,
        [f, name](const Tensor& input, nb::handle target, const std::string& reduction) {
          return f(input, as_tensor(target), reduction_arg(reduction, name));
        },
        BuildsGraph(), "input"_a, "target"_a, nb::kw_only(), "reduction"_a = "mean");
}

// Converts the Python arguments, then draws (realizing) without the GIL.
template <class F, class... Numbers>
Tensor init_call(F f, nb::handle shape, nb::handle dtype, nb::handle device, const char* name,
                 Numbers... numbers) {
  Shape s = shape_arg(shape, name);
  DType d = optional_dtype_arg(dtype, name).value_or(DType::Float32);
  std::string dev = device_arg(device, name);
  Evaluating evaluating;
  return f(s, numbers..., d, dev);
}

void bind_init(nb::module_& m) {
  using Scaled = Tensor (*)(const Shape&, double, DType, const std::string&);
  const std::pair<const char*, Scaled> scaled[] = {{"kaiming_uniform", &nn::init::kaiming_uniform},
                                                   {"kaiming_normal", &nn::init::kaiming_normal}};
  for (const auto& [name, f] : scaled)
    m.def(
        name,
        [f, name](nb::handle shape, double a, nb::handle dtype, nb::handle device) {
          return init_call(f, shape, dtype, device, name, a);
        },
        "shape"_a, "a"_a = 0.0, nb::kw_only(), "dtype"_a = nb::none(), "device"_a = nb::none());
  const std::pair<const char*, Scaled> glorot[] = {{"xavier_uniform", &nn::init::xavier_uniform},
                                                   {"xavier_normal", &nn::init::xavier_normal}};
  for (const auto& [name, f] : glorot)
    m.def(
        name,
        [f, name](nb::handle shape, double gain, nb::handle dtype, nb::handle device) {
          return init_call(f, shape, dtype, device, name, gain);
        },
        "shape"_a, "gain"_a = 1.0, nb::kw_only(), "dtype"_a = nb::none(), "device"_a = nb::none());
  using Ranged = Tensor (*)(const Shape&, double, double, DType, const std::string&);
  const std::tuple<const char*, Ranged, const char*, const char*, double, double> ranged[] = {
      {"uniform", &nn::init::uniform, "a", "b", 0.0, 1.0},
      {"normal", &nn::init::normal, "mean", "std", 0.0, 1.0}};
  for (const auto& [name, f, first, second, first_default, second_default] : ranged)
    m.def(
        name,
        [f, name](nb::handle shape, double x, double y, nb::handle dtype, nb::handle device) {
          return init_call(f, shape, dtype, device, name, x, y);
        },
        "shape"_a, nb::arg(first) = first_default, nb::arg(second) = second_default, nb::kw_only(),
        "dtype"_a = nb::none(), "device"_a = nb::none());
  m.def(
      "fans", [](nb::handle shape) { return nn::init::fans(shape_arg(shape, "fans")); }, "shape"_a);
}

}  // namespace

void bind_nn(nb::module_& m) {
  nb::module_ nn_module = m.def_submodule("nn", "ingot::nn's functions");
  bind_conv(nn_module);
  bind_layers(nn_module);
  bind_losses(nn_module);
  nb::module_ init = nn_module.def_submodule("init", "ingot::nn::init: new tensors, realized");
  bind_init(init);
}

}  // namespace ingot::python
