// ingot.Tensor's methods: elementwise, reductions, movement and composite ops, each the
// C++ op of the same name. Keyword names follow PyTorch (dim, keepdim) and NumPy (axis,
// keepdims); either spelling is accepted.
#include <fmt/format.h>

#include "binding.hpp"

namespace ingot::python {

nb::handle axis_or_dim(nb::handle axis, nb::handle dim, const char* op) {
  if (!axis.is_none() && !dim.is_none())
    throw ArgumentError(fmt::format("{}: give axis or dim, not both", op));
  return axis.is_none() ? dim : axis;
}

int single_axis(nb::handle value, const char* op) {
  std::vector<int> axes = axes_arg(value, op);
  if (axes.size() != 1)
    throw ArgumentError(fmt::format("{}: takes one axis, got {}", op, axes.size()));
  return axes[0];
}

namespace {

using Unary = Tensor (Tensor::*)() const;
using Reduction = Tensor (Tensor::*)(const std::vector<int>&, bool) const;
using ArgReduction = Tensor (Tensor::*)(std::optional<int>, bool) const;

bool keepdim_of(bool keepdim, nb::handle keepdims) {
  return keepdims.is_none() ? keepdim : nb::cast<bool>(keepdims);
}

void bind_elementwise(nb::class_<Tensor>& tensor) {
  const std::pair<const char*, Unary> unary[] = {{"neg", &Tensor::neg},
                                                 {"abs", &Tensor::abs},
                                                 {"exp", &Tensor::exp},
                                                 {"exp2", &Tensor::exp2},
                                                 {"log", &Tensor::log},
                                                 {"log2", &Tensor::log2},
                                                 {"sqrt", &Tensor::sqrt},
                                                 {"rsqrt", &Tensor::rsqrt},
                                                 {"sin", &Tensor::sin},
                                                 {"cos", &Tensor::cos},
                                                 {"tanh", &Tensor::tanh},
                                                 {"sigmoid", &Tensor::sigmoid},
                                                 {"relu", &Tensor::relu},
                                                 {"gelu", &Tensor::gelu},
                                                 {"reciprocal", &Tensor::reciprocal},
                                                 {"square", &Tensor::square},
                                                 {"logical_not", &Tensor::logical_not}};
  for (const auto& [name, f] : unary) tensor.def(name, f, BuildsGraph());

  using Binary = Tensor (Tensor::*)(const Tensor&) const;
  const std::pair<const char*, Binary> binary[] = {{"maximum", &Tensor::maximum},
                                                   {"minimum", &Tensor::minimum},
                                                   {"eq", &Tensor::eq},
                                                   {"ne", &Tensor::ne},
                                                   {"lt", &Tensor::lt},
                                                   {"le", &Tensor::le},
                                                   {"gt", &Tensor::gt},
                                                   {"ge", &Tensor::ge},
                                                   {"logical_and", &Tensor::logical_and},
                                                   {"logical_or", &Tensor::logical_or},
                                                   {"logical_xor", &Tensor::logical_xor},
                                                   {"matmul", &Tensor::matmul},
                                                   {"dot", &Tensor::matmul}};
  for (const auto& [name, f] : binary)
    tensor.def(
        name, [f, name](const Tensor& a, nb::handle b) { return (a.*f)(operand(b, a, name)); },
        BuildsGraph(), "other"_a);
  tensor.def(
      "pow", [](const Tensor& a, nb::handle b) { return a.pow(operand(b, a, "pow")); },
      BuildsGraph(), "exponent"_a);

  auto clamp = [](const Tensor& t, std::optional<double> lo, std::optional<double> hi) {
    return t.clamp(lo, hi);
  };
  tensor.def("clamp", clamp, BuildsGraph(), "min"_a = nb::none(), "max"_a = nb::none());
  tensor.def("clip", clamp, BuildsGraph(), "min"_a = nb::none(), "max"_a = nb::none());
  auto astype = [](const Tensor& t, nb::handle dtype) {
    return t.astype(dtype_arg(dtype, "astype"));
  };
  tensor.def("astype", astype, BuildsGraph(), "dtype"_a);
  tensor.def("cast", astype, BuildsGraph(), "dtype"_a);
  tensor.def(
      "bitcast",
      [](const Tensor& t, nb::handle dtype) { return t.bitcast(dtype_arg(dtype, "bitcast")); },
      BuildsGraph(), "dtype"_a);
}

void bind_reductions(nb::class_<Tensor>& tensor) {
  const std::pair<const char*, Reduction> reductions[] = {
      {"sum", &Tensor::sum}, {"prod", &Tensor::prod}, {"max", &Tensor::max},
      {"min", &Tensor::min}, {"mean", &Tensor::mean}, {"any", &Tensor::any},
      {"all", &Tensor::all}};
  for (const auto& [name, f] : reductions)
    tensor.def(
        name,
        [f, name](const Tensor& t, nb::handle axis, bool keepdim, nb::handle dim,
                  nb::handle keepdims) {
          return (t.*f)(axes_arg(axis_or_dim(axis, dim, name), name),
                        keepdim_of(keepdim, keepdims));
        },
        BuildsGraph(), "axis"_a = nb::none(), "keepdim"_a = false, nb::kw_only(),
        "dim"_a = nb::none(), "keepdims"_a = nb::none());

  using Moment = Tensor (Tensor::*)(const std::vector<int>&, bool, int) const;
  const std::pair<const char*, Moment> moments[] = {{"var", &Tensor::var}, {"std", &Tensor::std}};
  for (const auto& [name, f] : moments)
    tensor.def(
        name,
        [f, name](const Tensor& t, nb::handle axis, bool keepdim, int correction, nb::handle dim,
                  nb::handle keepdims) {
          return (t.*f)(axes_arg(axis_or_dim(axis, dim, name), name), keepdim_of(keepdim, keepdims),
                        correction);
        },
        BuildsGraph(), "axis"_a = nb::none(), "keepdim"_a = false, "correction"_a = 1,
        nb::kw_only(), "dim"_a = nb::none(), "keepdims"_a = nb::none());

  const std::pair<const char*, ArgReduction> arg_reductions[] = {{"argmax", &Tensor::argmax},
                                                                 {"argmin", &Tensor::argmin}};
  for (const auto& [name, f] : arg_reductions)
    tensor.def(
        name,
        [f, name](const Tensor& t, nb::handle axis, bool keepdim, nb::handle dim,
                  nb::handle keepdims) {
          nb::handle a = axis_or_dim(axis, dim, name);
          std::optional<int> one;
          if (!a.is_none()) one = single_axis(a, name);
          return (t.*f)(one, keepdim_of(keepdim, keepdims));
        },
        BuildsGraph(), "axis"_a = nb::none(), "keepdim"_a = false, nb::kw_only(),
        "dim"_a = nb::none(), "keepdims"_a = nb::none());
}

void bind_movement(nb::class_<Tensor>& tensor) {
  auto reshape = [](const Tensor& t, const nb::args& shape) {
    return t.reshape(shape_from_args(shape, "reshape"));
  };
  tensor.def("reshape", reshape, BuildsGraph(), "shape"_a);
  tensor.def("view", reshape, BuildsGraph(), "shape"_a);
  tensor.def(
      "permute",
      [](const Tensor& t, const nb::args& dims) {
        Shape order = shape_from_args(dims, "permute");
        return t.permute(std::vector<int>(order.begin(), order.end()));
      },
      BuildsGraph(), "dims"_a);
  tensor.def("transpose", &Tensor::transpose, BuildsGraph(), "dim0"_a = -2, "dim1"_a = -1);
  tensor.def_prop_ro("T", [](const Tensor& t) {
    GraphLock lock;
    return t.T();
  });
  tensor.def(
      "expand",
      [](const Tensor& t, const nb::args& shape) {
        return t.expand(shape_from_args(shape, "expand"));
      },
      BuildsGraph(), "shape"_a);
  tensor.def(
      "broadcast_to",
      [](const Tensor& t, nb::handle shape) {
        return t.broadcast_to(shape_arg(shape, "broadcast_to"));
      },
      BuildsGraph(), "shape"_a);
  tensor.def(
      "pad",
      [](const Tensor& t, nb::handle widths, double value) {
        std::vector<std::pair<int64_t, int64_t>> pads;
        for (nb::handle pair : nb::cast<nb::sequence>(widths)) {
          Shape p = shape_arg(pair, "pad");
          if (p.size() != 2)
            throw ArgumentError(fmt::format(
                "pad: each axis takes a (before, after) pair, got {} numbers", p.size()));
          pads.emplace_back(p[0], p[1]);
        }
        return t.pad(pads, value);
      },
      BuildsGraph(), "pad_width"_a, "value"_a = 0.0,
      "Pads the leading axes, one (before, after) pair each, in order, as numpy.pad does.");
  tensor.def(
      "flip", [](const Tensor& t, nb::handle axis) { return t.flip(axes_arg(axis, "flip")); },
      BuildsGraph(), "axis"_a);
  tensor.def(
      "squeeze",
      [](const Tensor& t, nb::handle axis) {
        std::optional<int> one;
        if (!axis.is_none()) one = single_axis(axis, "squeeze");
        return t.squeeze(one);
      },
      BuildsGraph(), "axis"_a = nb::none());
  tensor.def("unsqueeze", &Tensor::unsqueeze, BuildsGraph(), "axis"_a);
  tensor.def("flatten", &Tensor::flatten, BuildsGraph(), "start_dim"_a = 0, "end_dim"_a = -1);
  tensor.def(
      "repeat",
      [](const Tensor& t, const nb::args& repeats) {
        return t.repeat(shape_from_args(repeats, "repeat"));
      },
      BuildsGraph(), "repeats"_a);
  tensor.def("softmax", &Tensor::softmax, BuildsGraph(), "axis"_a = -1);
  tensor.def("log_softmax", &Tensor::log_softmax, BuildsGraph(), "axis"_a = -1);
}

}  // namespace

void bind_tensor_ops(nb::module_& m, nb::class_<Tensor>& tensor) {
  bind_elementwise(tensor);
  bind_reductions(tensor);
  bind_movement(tensor);

  using Joiner = Tensor (*)(const std::vector<Tensor>&, int);
  const std::pair<const char*, Joiner> joiners[] = {{"cat", &Tensor::cat},
                                                    {"stack", &Tensor::stack}};
  for (const auto& [name, f] : joiners)
    m.def(
        name,
        [f, name](nb::handle tensors, nb::handle axis, nb::handle dim) {
          std::vector<Tensor> list;
          for (nb::handle t : nb::cast<nb::sequence>(tensors)) list.push_back(as_tensor(t));
          nb::handle a = axis_or_dim(axis, dim, name);
          return f(list, a.is_none() ? 0 : single_axis(a, name));
        },
        BuildsGraph(), "tensors"_a, "axis"_a = nb::none(), nb::kw_only(), "dim"_a = nb::none());
  m.def(
      "where",
      [](nb::handle cond, nb::handle a, nb::handle b) {
        Tensor c = as_tensor(cond);
        // A scalar branch takes the type the other branch's tensor gives it.
        const Tensor& like = nb::isinstance<Tensor>(a)   ? tensor_of(a)
                             : nb::isinstance<Tensor>(b) ? tensor_of(b)
                                                         : c;
        return Tensor::where(c, operand(a, like, "where"), operand(b, like, "where"));
      },
      BuildsGraph(), "condition"_a, "x"_a, "y"_a);
}

}  // namespace ingot::python
