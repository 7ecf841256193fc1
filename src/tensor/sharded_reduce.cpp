// Reductions on sharded tensors. Over axes other than the split one every device reduces
// its shard and the result stays split (its axis renumbered); over the split axis each
// device's result is a part of the answer, and an all-reduce combines the parts on every
// device, leaving the result replicated.
#include <algorithm>

#include "tensor/frontend.hpp"
#include "tensor/sharded_internal.hpp"

namespace ingot {

namespace {

using ReduceFn = Tensor (Tensor::*)(const std::vector<int>&, bool) const;

bool reduces_split_axis(const ShardedTensor& t, const std::vector<int>& axes, const char* name) {
  if (!t.axis()) return false;
  std::vector<int> reduced = frontend::normalize_axes(axes, t.ndim(), name);
  return std::find(reduced.begin(), reduced.end(), *t.axis()) != reduced.end();
}

ShardedTensor reduce(const ShardedTensor& t, const std::vector<int>& axes, bool keepdim,
                     ReduceFn fn, ReduceOp combine, const char* name) {
  std::vector<Tensor> parts;
  for (const Tensor& s : t.shards()) parts.push_back((s.*fn)(axes, keepdim));
  if (reduces_split_axis(t, axes, name))
    return ShardedTensor::from_shards(sharded::all_reduce(parts, t.devices(), combine),
                                      std::nullopt);
  std::optional<int> axis = t.axis();
  if (axis && !keepdim) {
    std::vector<int> reduced = frontend::normalize_axes(axes, t.ndim(), name);
    axis = *axis -
           int(std::count_if(reduced.begin(), reduced.end(), [&](int a) { return a < *t.axis(); }));
  }
  return ShardedTensor::from_shards(std::move(parts), axis);
}

}  // namespace

ShardedTensor ShardedTensor::sum(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, axes, keepdim, &Tensor::sum, ReduceOp::Sum, "sum");
}
ShardedTensor ShardedTensor::prod(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, axes, keepdim, &Tensor::prod, ReduceOp::Prod, "prod");
}
ShardedTensor ShardedTensor::max(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, axes, keepdim, &Tensor::max, ReduceOp::Max, "max");
}
ShardedTensor ShardedTensor::min(const std::vector<int>& axes, bool keepdim) const {
  return reduce(*this, axes, keepdim, &Tensor::min, ReduceOp::Min, "min");
}

ShardedTensor ShardedTensor::mean(const std::vector<int>& axes, bool keepdim) const {
  if (!reduces_split_axis(*this, axes, "mean"))
    return reduce(*this, axes, keepdim, &Tensor::mean, ReduceOp::Sum, "mean");
  int64_t count = 1;
  for (int a : frontend::normalize_axes(axes, ndim(), "mean")) count *= shape_[a];
  return sum(axes, keepdim) / double(count);
}

}  // namespace ingot
