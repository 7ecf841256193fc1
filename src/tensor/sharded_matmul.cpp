// matmul of sharded tensors. Each device multiplies its pieces; which pieces, and what
// the result is, follows from where the operands are split:
//   a split along rows (or a batch axis) @ b replicated   -> split along the same axis
//   a replicated @ b split along columns (or a batch axis) -> split along the same axis
//   a and b split along the contraction axis, or one split there and the other
//   replicated (sliced in place to match)                  -> partial sums, all-reduced
//   both split otherwise                                    -> b all-gathered, then above.
// A replicated operand with a batch axis the split one pairs with is sliced to match.
#include "ingot/error.hpp"
#include "tensor/frontend.hpp"
#include "tensor/sharded_internal.hpp"

namespace ingot {

namespace {

struct Operands {
  const ShardedTensor& a;
  const ShardedTensor& b;
  int contraction_a() const { return a.ndim() - 1; }
  int contraction_b() const { return b.ndim() == 1 ? 0 : b.ndim() - 2; }
  int out_ndim() const {
    if (a.ndim() == 1) return b.ndim() - 1;
    if (b.ndim() == 1) return a.ndim() - 1;
    return std::max(a.ndim(), b.ndim());
  }
};

// The global shapes must multiply before any piece does: a piece sliced from a wrong
// shape could multiply and give a wrong answer silently.
void check_shapes(const Operands& ops) {
  const Shape &a = ops.a.shape(), &b = ops.b.shape();
  const std::string shapes = "matmul: shapes " + shape_str(a) + " and " + shape_str(b);
  if (a.empty() || b.empty())
    throw ArgumentError(shapes + ": both operands need at least one axis");
  if (a[ops.contraction_a()] != b[ops.contraction_b()])
    throw ArgumentError(shapes + " do not multiply: a's last axis (" +
                        std::to_string(a[ops.contraction_a()]) + ") must equal b's " +
                        (b.size() == 1 ? "only" : "second-to-last") + " axis (" +
                        std::to_string(b[ops.contraction_b()]) + ")");
  if (a.size() > 2 && b.size() > 2)
    frontend::broadcast_shapes(Shape(a.begin(), a.end() - 2), Shape(b.begin(), b.end() - 2),
                               "matmul (batch axes)");
}

std::vector<Tensor> multiply(const std::vector<Tensor>& lhs, const std::vector<Tensor>& rhs) {
  std::vector<Tensor> out;
  for (size_t d = 0; d < lhs.size(); ++d) out.push_back(lhs[d].matmul(rhs[d]));
  return out;
}

// Both contribute a piece of the contraction: every device's product is a partial sum.
ShardedTensor contract_split(const ShardedTensor& a, const ShardedTensor& b, bool split_from_a) {
  const Operands ops{a, b};
  const std::vector<int64_t> split = split_from_a ? a.split() : b.split();
  std::vector<Tensor> lhs = sharded::split_like(a, ops.contraction_a(), split).shards();
  std::vector<Tensor> rhs = sharded::split_like(b, ops.contraction_b(), split).shards();
  return ShardedTensor::from_shards(
      sharded::all_reduce(multiply(lhs, rhs), a.devices(), ReduceOp::Sum), std::nullopt);
}

// `split` split along a non-contraction axis, `other` replicated: the result's split axis,
// and the axis of `other` paired with it (a broadcast batch axis), if any.
std::pair<int, std::optional<int>> result_axis(const Operands& ops, bool split_is_a) {
  const int out_n = ops.out_ndim();
  if (split_is_a) {
    const int axis = *ops.a.axis();
    if (ops.b.ndim() == 1) return {axis, std::nullopt};
    const int out = axis + out_n - ops.a.ndim();
    if (axis == ops.a.ndim() - 2) return {out, std::nullopt};
    const int paired = out - (out_n - ops.b.ndim());
    return {out, paired >= 0 ? std::optional<int>(paired) : std::nullopt};
  }
  const int axis = *ops.b.axis();
  if (ops.a.ndim() == 1) return {axis < ops.contraction_b() ? axis : axis - 1, std::nullopt};
  const int out = axis + out_n - ops.b.ndim();
  if (axis == ops.b.ndim() - 1) return {out, std::nullopt};
  const int paired = out - (out_n - ops.a.ndim());
  return {out, paired >= 0 ? std::optional<int>(paired) : std::nullopt};
}

ShardedTensor keep_split(const ShardedTensor& a, const ShardedTensor& b, bool split_is_a) {
  const ShardedTensor& split = split_is_a ? a : b;
  const ShardedTensor& other = split_is_a ? b : a;
  const auto [axis, paired] = result_axis(Operands{a, b}, split_is_a);
  std::vector<Tensor> matched =
      paired ? sharded::pieces(other.shards(), *paired, split.split()) : other.shards();
  std::vector<Tensor> out =
      split_is_a ? multiply(split.shards(), matched) : multiply(matched, split.shards());
  return ShardedTensor::from_shards(std::move(out), axis);
}

}  // namespace

ShardedTensor ShardedTensor::matmul(const ShardedTensor& other) const {
  sharded::check_same_devices(*this, other, "matmul");
  const Operands ops{*this, other};
  check_shapes(ops);
  const bool a_split = axis_.has_value(), b_split = other.axis().has_value();
  const bool a_contracts = a_split && *axis_ == ops.contraction_a();
  const bool b_contracts = b_split && *other.axis() == ops.contraction_b();
  if (a_contracts && (!b_split || b_contracts)) return contract_split(*this, other, true);
  if (b_contracts && !a_split) return contract_split(*this, other, false);
  if (a_split && b_split) return matmul(other.replicated());
  if (a_split) return keep_split(*this, other, true);
  if (b_split) return keep_split(*this, other, false);
  return ShardedTensor::from_shards(multiply(shards_, other.shards()), std::nullopt);
}

}  // namespace ingot
