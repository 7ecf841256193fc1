// The reference's reductions, and matmul and softmax written with them as ingot defines
// them (docs/engine.md): a matmul is the sum of broadcast products, a softmax the
// exponentials of the shifted input over their sum.
#include <algorithm>
#include <cmath>

#include "fuzz/reference.hpp"
#include "fuzz/reference_support.hpp"

namespace fuzz {
namespace {

// Sums and products of integers accumulate in 64 bits, as in PyTorch.
DType accumulate_type(DType dt) {
  if (dt == DType::Bool || ingot::is_signed_int(dt)) return DType::Int64;
  if (ingot::is_unsigned_int(dt)) return DType::UInt64;
  return dt;
}

// Integer-valued floats whose every partial sum or product stays below 2^(mantissa bits)
// are summed exactly in any order.
bool exact_in_any_order(const std::vector<Bound>& g, double largest_partial, DType dt) {
  for (const Bound& b : g)
    if (!b.is_exact() || b.v != std::trunc(b.v)) return false;
  return largest_partial <= 1 / epsilon_of(dt);
}

// Sum of a group in any order: each partial sum may round, so the error is bounded by
// n epsilons of the sum of magnitudes (and is unknown where a partial sum could overflow).
Bound sum_of(const std::vector<Bound>& g, DType dt) {
  Bound s = Bound::exact(0);
  double magnitudes = 0;
  for (const Bound& b : g) {
    s = add(s, b);
    if (std::isfinite(b.magnitude())) magnitudes += b.magnitude();
  }
  if (!ingot::is_float(dt)) return round_to(s, dt, {});
  if (magnitudes > max_finite_of(dt)) return Bound::unknown();
  double n = static_cast<double>(g.size());
  return round_to(s, dt,
                  {.rel = 1,
                   .abs = n * magnitudes,
                   .exact_when_representable = exact_in_any_order(g, magnitudes, dt)});
}

// Product of a group in any order. Where the factors above 1 multiply past the type's
// range, some order overflows to infinity (which later small factors cannot undo), so the
// result is unknown. Partial products below the normal numbers lose absolute precision
// (up to the smallest normal, flushed on some GPUs), which later large factors magnify:
// an absolute slack of n smallest normals times the product of those factors.
Bound product_of(const std::vector<Bound>& g, DType dt) {
  Bound p = Bound::exact(1);
  double magnitude = 1;
  for (const Bound& b : g) {
    p = mul(p, b);
    magnitude *= std::max(1.0, b.magnitude());
  }
  if (!ingot::is_float(dt)) return round_to(p, dt, {});
  if (magnitude > max_finite_of(dt)) return Bound::unknown();
  double n = static_cast<double>(g.size());
  return round_to(p, dt,
                  {.rel = n + 1,
                   .abs = n * min_normal_of(dt) * magnitude / epsilon_of(dt),
                   .exact_when_representable = exact_in_any_order(g, magnitude, dt)});
}

// The first index of the largest element, NaN counting as the largest; unknown where two
// elements' intervals overlap at the top and they are not exactly equal.
Bound first_best(const std::vector<Bound>& g) {
  double top = -std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < g.size(); ++i) {
    if (g[i].is_unknown()) return Bound::unknown();
    if (g[i].is_nan()) return Bound::exact(static_cast<double>(i));
    top = std::max(top, g[i].lo);
  }
  std::vector<size_t> candidates;
  for (size_t i = 0; i < g.size(); ++i)
    if (g[i].hi >= top) candidates.push_back(i);
  if (candidates.empty()) return Bound::unknown();
  for (size_t i : candidates)
    if (!g[i].is_exact() || g[i].v != g[candidates[0]].v)
      return candidates.size() == 1 ? Bound::exact(static_cast<double>(i)) : Bound::unknown();
  return Bound::exact(static_cast<double>(candidates[0]));
}

template <class F>
IArray reduce(const IArray& x, const std::vector<int>& axes_in, bool keepdim, DType dt, F f) {
  std::vector<int> axes = x.normalized_axes(axes_in);
  std::vector<Bound> out;
  for (const std::vector<Bound>& g : x.groups(axes)) out.push_back(f(g));
  return IArray(x.reduced_shape(axes, keepdim), dt, std::move(out));
}

template <class Combine>
Bound fold(const std::vector<Bound>& g, Bound init, Combine c) {
  if (g.empty()) return init;
  Bound acc = g[0];
  for (size_t i = 1; i < g.size(); ++i) acc = c(acc, g[i]);
  return acc;
}

IArray arg_reduce(const IArray& x, std::optional<int> axis, bool keepdim, bool want_max) {
  if (!axis) {
    IArray r = arg_reduce(x.reshape({-1}), 0, false, want_max);
    return keepdim ? r.reshape(Shape(static_cast<size_t>(x.ndim()), 1)) : r;
  }
  // The smallest element is the largest of the negated ones (NaN stays NaN).
  IArray y = want_max ? x : map(x, x.dtype, [](const Bound& b) { return fuzz::neg(b); });
  return reduce(y, {*axis}, keepdim, DType::Int64, first_best);
}

int64_t extent_of(const IArray& x, const std::vector<int>& axes) {
  int64_t n = 1;
  for (int a : x.normalized_axes(axes)) n *= x.shape[a];
  return n;
}

}  // namespace

std::vector<int> IArray::normalized_axes(const std::vector<int>& axes) const {
  std::vector<int> out;
  if (ndim() == 0) return out;  // axis 0 or -1 of a 0-d tensor: nothing to reduce
  if (axes.empty())
    for (int i = 0; i < ndim(); ++i) out.push_back(i);
  for (int a : axes) out.push_back(a < 0 ? a + ndim() : a);
  std::sort(out.begin(), out.end());
  return out;
}

Shape IArray::reduced_shape(const std::vector<int>& axes, bool keepdim) const {
  Shape s;
  for (int d = 0; d < ndim(); ++d) {
    bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced)
      s.push_back(shape[d]);
    else if (keepdim)
      s.push_back(1);
  }
  return s;
}

std::vector<std::vector<Bound>> IArray::groups(const std::vector<int>& axes) const {
  std::vector<int> order;
  int64_t extent = 1;
  for (int d = 0; d < ndim(); ++d)
    if (std::find(axes.begin(), axes.end(), d) == axes.end()) order.push_back(d);
  for (int a : axes) {
    order.push_back(a);
    extent *= shape[a];
  }
  int64_t outputs = ref::numel_of(reduced_shape(axes, false));
  IArray rows = moved([&](const ref::Array& a) { return a.permute(order); });
  std::vector<std::vector<Bound>> out(static_cast<size_t>(outputs));
  for (int64_t o = 0; o < outputs; ++o)
    out[o].assign(rows.e.begin() + o * extent, rows.e.begin() + (o + 1) * extent);
  return out;
}

IArray IArray::sum(const std::vector<int>& axes, bool keepdim) const {
  DType dt = accumulate_type(dtype);
  return reduce(astype(dt), axes, keepdim, dt,
                [&](const std::vector<Bound>& g) { return sum_of(g, dt); });
}
IArray IArray::prod(const std::vector<int>& axes, bool keepdim) const {
  DType dt = accumulate_type(dtype);
  return reduce(astype(dt), axes, keepdim, dt,
                [&](const std::vector<Bound>& g) { return product_of(g, dt); });
}
// An empty group never reaches a result (the generator reduces no empty extent with max
// or min, and a softmax over one is empty): unknown.
IArray IArray::max(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, axes, keepdim, dtype, [](const std::vector<Bound>& g) {
    return fold(g, Bound::unknown(), fuzz::maximum);
  });
}
IArray IArray::min(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, axes, keepdim, dtype, [](const std::vector<Bound>& g) {
    return fold(g, Bound::unknown(), fuzz::minimum);
  });
}
IArray IArray::any(const std::vector<int>& axes, bool keepdim) const {
  return reduce(astype(DType::Bool), axes, keepdim, DType::Bool,
                [](const std::vector<Bound>& g) { return fold(g, Bound::exact(0), either); });
}
IArray IArray::all(const std::vector<int>& axes, bool keepdim) const {
  return reduce(astype(DType::Bool), axes, keepdim, DType::Bool,
                [](const std::vector<Bound>& g) { return fold(g, Bound::exact(1), both); });
}

IArray IArray::mean(const std::vector<int>& axes, bool keepdim) const {
  IArray x = astype(ingot::float_result(dtype));
  return x.sum(axes, keepdim) / static_cast<double>(extent_of(*this, axes));
}
IArray IArray::var(const std::vector<int>& axes, bool keepdim, int correction) const {
  IArray x = astype(ingot::float_result(dtype));
  IArray centered = x - x.mean(axes, true);
  double n = static_cast<double>(extent_of(*this, axes));
  return centered.square().sum(axes, keepdim) / std::max(n - correction, 0.0);
}
IArray IArray::std(const std::vector<int>& axes, bool keepdim, int correction) const {
  return var(axes, keepdim, correction).sqrt();
}
IArray IArray::argmax(std::optional<int> axis, bool keepdim) const {
  return arg_reduce(*this, axis, keepdim, true);
}
IArray IArray::argmin(std::optional<int> axis, bool keepdim) const {
  return arg_reduce(*this, axis, keepdim, false);
}

IArray IArray::matmul(const IArray& o) const {
  DType dt = ingot::promote_types(dtype, o.dtype);
  IArray a = ndim() == 1 ? unsqueeze(0) : *this;
  IArray b = o.ndim() == 1 ? o.unsqueeze(1) : o;
  // out[..., i, j] = sum_k a[..., i, 1, k] * b^T[..., 1, j, k]
  IArray x = a.astype(dt).unsqueeze(-2);
  IArray y = b.astype(dt).transpose(-1, -2).unsqueeze(-3);
  IArray out = (x * y).sum({-1}).astype(dt);
  if (ndim() == 1) out = out.squeeze(-2);
  if (o.ndim() == 1) out = out.squeeze(-1);
  return out;
}

IArray IArray::softmax(int axis) const {
  IArray x = astype(ingot::float_result(dtype));
  IArray m = x.max({axis}, true);
  return (x - m).exp() / (x - m).exp().sum({axis}, true);
}

IArray IArray::log_softmax(int axis) const {
  IArray x = astype(ingot::float_result(dtype));
  IArray m = x.max({axis}, true);
  return x - m - (x - m).exp().sum({axis}, true).log();
}

}  // namespace fuzz
