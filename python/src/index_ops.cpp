// ingot.Tensor's indexing methods (take, gather, take_along_axis, scatter_add, index_add,
// one_hot, cumsum, cumprod, sort, argsort, topk) and ingot.embedding, each the C++ op of
// the same name. Keyword names follow PyTorch (dim, index, src) for PyTorch's ops and
// NumPy (axis, indices) for NumPy's; cumsum and cumprod take either.
#include <fmt/format.h>

#include "binding.hpp"

namespace ingot::python {

namespace {

// An index argument: an ingot tensor, or a list or NumPy array of ints, on x's device.
Tensor indices_of(nb::handle value, const Tensor& x) { return as_tensor(value).to(x.device()); }

}  // namespace

void bind_index_ops(nb::module_& m, nb::class_<Tensor>& tensor) {
  tensor.def(
      "take",
      [](const Tensor& x, nb::handle indices, int axis) {
        return x.take(indices_of(indices, x), axis);
      },
      BuildsGraph(), "indices"_a, "axis"_a = 0);
  tensor.def(
      "gather",
      [](const Tensor& x, int dim, nb::handle index) {
        return x.gather(dim, indices_of(index, x));
      },
      BuildsGraph(), "dim"_a, "index"_a);
  tensor.def(
      "take_along_axis",
      [](const Tensor& x, nb::handle indices, int axis) {
        return x.take_along_axis(indices_of(indices, x), axis);
      },
      BuildsGraph(), "indices"_a, "axis"_a);
  tensor.def(
      "scatter_add",
      [](const Tensor& x, int dim, nb::handle index, nb::handle src) {
        return x.scatter_add(dim, indices_of(index, x), operand(src, x, "scatter_add"));
      },
      BuildsGraph(), "dim"_a, "index"_a, "src"_a);
  tensor.def(
      "index_add",
      [](const Tensor& x, int dim, nb::handle index, nb::handle source, double alpha) {
        return x.index_add(dim, indices_of(index, x), operand(source, x, "index_add"), alpha);
      },
      BuildsGraph(), "dim"_a, "index"_a, "source"_a, nb::kw_only(), "alpha"_a = 1.0);
  tensor.def("one_hot", &Tensor::one_hot, BuildsGraph(), "num_classes"_a);
  using Scan = Tensor (Tensor::*)(int) const;
  const std::pair<const char*, Scan> scans[] = {{"cumsum", &Tensor::cumsum},
                                                {"cumprod", &Tensor::cumprod}};
  for (const auto& [name, f] : scans)
    tensor.def(
        name,
        [f, name](const Tensor& x, nb::handle axis, nb::handle dim) {
          nb::handle a = axis_or_dim(axis, dim, name);
          if (a.is_none())
            throw ArgumentError(fmt::format("{}: name the axis (axis= or dim=)", name));
          return (x.*f)(single_axis(a, name));
        },
        BuildsGraph(), "axis"_a = nb::none(), nb::kw_only(), "dim"_a = nb::none());
  tensor.def(
      "sort",
      [](const Tensor& x, int dim, bool descending) {
        auto [values, indices] = x.sort(dim, descending);
        return nb::make_tuple(values, indices);
      },
      BuildsGraph(), "dim"_a = -1, "descending"_a = false);
  tensor.def("argsort", &Tensor::argsort, BuildsGraph(), "dim"_a = -1, "descending"_a = false);
  tensor.def(
      "topk",
      [](const Tensor& x, int64_t k, int dim, bool largest) {
        auto [values, indices] = x.topk(k, dim, largest);
        return nb::make_tuple(values, indices);
      },
      BuildsGraph(), "k"_a, "dim"_a = -1, "largest"_a = true);
  m.def(
      "embedding",
      [](const Tensor& weight, nb::handle indices) {
        return embedding(weight, indices_of(indices, weight));
      },
      BuildsGraph(), "weight"_a, "indices"_a,
      "Rows of weight [num, dim] at the integer indices: shape indices.shape + [dim].");
}

}  // namespace ingot::python
