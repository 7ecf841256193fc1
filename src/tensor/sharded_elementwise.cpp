// Elementwise ops on sharded tensors: each device applies the op to its shard. A binary
// op's result is split where an operand is split along an axis that survives broadcasting;
// the other operand is brought to that split: a replica is sliced in place, a tensor split
// otherwise is all-gathered first, and one that broadcasts along the axis is used whole.
#include "ingot/error.hpp"
#include "tensor/frontend.hpp"
#include "tensor/sharded_internal.hpp"

namespace ingot {
using sharded::per_shard;

namespace {

using BinaryFn = std::function<Tensor(const Tensor&, const Tensor&)>;

// The result's split axis and extents: those of the first operand split along an axis it
// does not broadcast.
std::optional<std::pair<int, std::vector<int64_t>>> result_split(const ShardedTensor& a,
                                                                 const ShardedTensor& b,
                                                                 const Shape& out) {
  for (const ShardedTensor* t : {&a, &b}) {
    if (!t->axis()) continue;
    const int axis = *t->axis() + int(out.size()) - t->ndim();
    if (t->shape()[*t->axis()] == out[axis]) return std::make_pair(axis, t->split());
  }
  return std::nullopt;
}

// `t`'s shards as an operand of a result split along `axis` (of `out_ndim` axes) as `split`.
std::vector<Tensor> operand_shards(const ShardedTensor& t, int out_ndim, int axis,
                                   const std::vector<int64_t>& split) {
  const int own = axis - (out_ndim - t.ndim());
  if (own < 0 || t.shape()[own] == 1) return t.replicated().shards();
  return sharded::split_like(t, own, split).shards();
}

ShardedTensor binary(const ShardedTensor& a, const ShardedTensor& b, const BinaryFn& fn,
                     const char* name) {
  sharded::check_same_devices(a, b, name);
  const Shape out = frontend::broadcast_shapes(a.shape(), b.shape(), name);
  auto split = result_split(a, b, out);
  std::vector<Tensor> lhs, rhs;
  if (split) {
    lhs = operand_shards(a, int(out.size()), split->first, split->second);
    rhs = operand_shards(b, int(out.size()), split->first, split->second);
  } else {
    lhs = a.replicated().shards();
    rhs = b.replicated().shards();
  }
  std::vector<Tensor> shards;
  for (size_t d = 0; d < lhs.size(); ++d) shards.push_back(fn(lhs[d], rhs[d]));
  return ShardedAccess::make(std::move(shards), a.devices(),
                             split ? std::optional<int>(split->first) : std::nullopt, out);
}

ShardedTensor with_tensor(const ShardedTensor& a, const Tensor& b, const BinaryFn& fn,
                          const char* name) {
  return binary(a, ShardedTensor::replicate(b, a.devices()), fn, name);
}

ShardedTensor with_tensor(const Tensor& a, const ShardedTensor& b, const BinaryFn& fn,
                          const char* name) {
  return binary(ShardedTensor::replicate(a, b.devices()), b, fn, name);
}

ShardedTensor unary(const ShardedTensor& t, Tensor (Tensor::*op)() const) {
  return per_shard(
      t, [op](size_t, const Tensor& s) { return (s.*op)(); }, t.axis());
}

const BinaryFn kAdd = [](const Tensor& x, const Tensor& y) { return x + y; };
const BinaryFn kSub = [](const Tensor& x, const Tensor& y) { return x - y; };
const BinaryFn kMul = [](const Tensor& x, const Tensor& y) { return x * y; };
const BinaryFn kDiv = [](const Tensor& x, const Tensor& y) { return x / y; };

}  // namespace

ShardedTensor ShardedTensor::neg() const { return unary(*this, &Tensor::neg); }
ShardedTensor ShardedTensor::abs() const { return unary(*this, &Tensor::abs); }
ShardedTensor ShardedTensor::exp() const { return unary(*this, &Tensor::exp); }
ShardedTensor ShardedTensor::log() const { return unary(*this, &Tensor::log); }
ShardedTensor ShardedTensor::sqrt() const { return unary(*this, &Tensor::sqrt); }
ShardedTensor ShardedTensor::square() const { return unary(*this, &Tensor::square); }
ShardedTensor ShardedTensor::reciprocal() const { return unary(*this, &Tensor::reciprocal); }
ShardedTensor ShardedTensor::relu() const { return unary(*this, &Tensor::relu); }
ShardedTensor ShardedTensor::sigmoid() const { return unary(*this, &Tensor::sigmoid); }
ShardedTensor ShardedTensor::tanh() const { return unary(*this, &Tensor::tanh); }
ShardedTensor ShardedTensor::gelu() const { return unary(*this, &Tensor::gelu); }

ShardedTensor ShardedTensor::astype(DType dtype) const {
  return per_shard(
      *this, [dtype](size_t, const Tensor& s) { return s.astype(dtype); }, axis_);
}

ShardedTensor ShardedTensor::map(const std::function<Tensor(const Tensor&)>& elementwise,
                                 const char* name) const {
  return per_shard(
      *this,
      [&](size_t d, const Tensor& s) {
        Tensor r = elementwise(s);
        if (!r.defined() || r.shape() != s.shape() || r.device() != s.device())
          throw ArgumentError(std::string(name) + ": the function made " +
                              (r.defined() ? shape_str(r.shape()) + " on " + r.device()
                                           : std::string("an undefined tensor")) +
                              " from shard " + std::to_string(d) + " " + shape_str(s.shape()) +
                              " on " + s.device() +
                              "; an elementwise function keeps the shape and the device");
        return r;
      },
      axis_);
}

ShardedTensor ShardedTensor::maximum(const ShardedTensor& other) const {
  return binary(
      *this, other, [](const Tensor& x, const Tensor& y) { return x.maximum(y); }, "maximum");
}
ShardedTensor ShardedTensor::minimum(const ShardedTensor& other) const {
  return binary(
      *this, other, [](const Tensor& x, const Tensor& y) { return x.minimum(y); }, "minimum");
}
ShardedTensor ShardedTensor::pow(const ShardedTensor& exponent) const {
  return binary(
      *this, exponent, [](const Tensor& x, const Tensor& y) { return x.pow(y); }, "pow");
}

ShardedTensor operator+(const ShardedTensor& a, const ShardedTensor& b) {
  return binary(a, b, kAdd, "add");
}
ShardedTensor operator-(const ShardedTensor& a, const ShardedTensor& b) {
  return binary(a, b, kSub, "sub");
}
ShardedTensor operator*(const ShardedTensor& a, const ShardedTensor& b) {
  return binary(a, b, kMul, "mul");
}
ShardedTensor operator/(const ShardedTensor& a, const ShardedTensor& b) {
  return binary(a, b, kDiv, "div");
}
ShardedTensor operator+(const ShardedTensor& a, const Tensor& b) {
  return with_tensor(a, b, kAdd, "add");
}
ShardedTensor operator-(const ShardedTensor& a, const Tensor& b) {
  return with_tensor(a, b, kSub, "sub");
}
ShardedTensor operator*(const ShardedTensor& a, const Tensor& b) {
  return with_tensor(a, b, kMul, "mul");
}
ShardedTensor operator/(const ShardedTensor& a, const Tensor& b) {
  return with_tensor(a, b, kDiv, "div");
}
ShardedTensor operator+(const Tensor& a, const ShardedTensor& b) {
  return with_tensor(a, b, kAdd, "add");
}
ShardedTensor operator-(const Tensor& a, const ShardedTensor& b) {
  return with_tensor(a, b, kSub, "sub");
}
ShardedTensor operator*(const Tensor& a, const ShardedTensor& b) {
  return with_tensor(a, b, kMul, "mul");
}
ShardedTensor operator/(const Tensor& a, const ShardedTensor& b) {
  return with_tensor(a, b, kDiv, "div");
}
ShardedTensor operator+(const ShardedTensor& a, double b) {
  return per_shard(
      a, [b](size_t, const Tensor& s) { return s + b; }, a.axis());
}
ShardedTensor operator-(const ShardedTensor& a, double b) {
  return per_shard(
      a, [b](size_t, const Tensor& s) { return s - b; }, a.axis());
}
ShardedTensor operator*(const ShardedTensor& a, double b) {
  return per_shard(
      a, [b](size_t, const Tensor& s) { return s * b; }, a.axis());
}
ShardedTensor operator/(const ShardedTensor& a, double b) {
  return per_shard(
      a, [b](size_t, const Tensor& s) { return s / b; }, a.axis());
}
ShardedTensor operator+(double a, const ShardedTensor& b) {
  return per_shard(
      b, [a](size_t, const Tensor& s) { return a + s; }, b.axis());
}
ShardedTensor operator-(double a, const ShardedTensor& b) {
  return per_shard(
      b, [a](size_t, const Tensor& s) { return a - s; }, b.axis());
}
ShardedTensor operator*(double a, const ShardedTensor& b) {
  return per_shard(
      b, [a](size_t, const Tensor& s) { return a * s; }, b.axis());
}
ShardedTensor operator/(double a, const ShardedTensor& b) {
  return per_shard(
      b, [a](size_t, const Tensor& s) { return a / s; }, b.axis());
}

}  // namespace ingot
