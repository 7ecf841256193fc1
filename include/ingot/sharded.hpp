// ingot::ShardedTensor: one logical tensor held by an ordered list of devices, either split
// along one axis (each device holds a contiguous piece, its shard) or replicated (each
// device holds all of it). Ops run on every device on its own shard, as ordinary lazy
// Tensors, and insert the collectives (include/ingot/collective.hpp) their result needs:
// an all-reduce for a reduction or a matmul over the split axis, an all-gather where two
// operands' layouts differ. docs/multi-gpu.md has the rules.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ingot/tensor.hpp"

namespace ingot {

class ShardedTensor {
 public:
  ShardedTensor() = default;

  // Splits `t` along `axis` over `devices` (registry names, each once): device d holds the
  // d-th of consecutive pieces; where the extent n does not divide by the k devices, the
  // first n % k pieces are one longer (NumPy's array_split). Every device gets at least
  // one element: the extent must be at least k. Same as Tensor::shard.
  static ShardedTensor shard(const Tensor& t, const std::vector<std::string>& devices, int axis);
  // A copy of `t` on every device. Same as Tensor::replicate.
  static ShardedTensor replicate(const Tensor& t, const std::vector<std::string>& devices);
  // From tensors already placed, one per device in order (each on a different device): the
  // pieces of a tensor split along `axis` (equal shapes but on that axis), or, without an
  // axis, replicas (equal shapes), which are trusted to hold equal values.
  static ShardedTensor from_shards(std::vector<Tensor> shards, std::optional<int> axis);

  // ---- properties ----
  const std::vector<Tensor>& shards() const { return shards_; }
  const std::vector<std::string>& devices() const { return devices_; }
  // The split axis; nullopt when replicated.
  std::optional<int> axis() const { return axis_; }
  bool is_replicated() const { return !axis_.has_value(); }
  // The global shape.
  const Shape& shape() const { return shape_; }
  DType dtype() const;
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t numel() const;
  // Each shard's extent along the split axis (empty when replicated).
  std::vector<int64_t> split() const;

  // ---- layout ----
  // Split along `axis` instead: a replicated tensor slices its copies (no transfer); a
  // split one is all-gathered first.
  ShardedTensor reshard(int axis) const;
  // Every device holding all of it (an all-gather when split).
  ShardedTensor replicated() const;
  // The whole tensor on one device (each shard copied there and concatenated).
  Tensor to(const std::string& device) const;
  // Queues every device's work, then waits for none of it: the shards compute
  // concurrently, and reading one waits for its device only.
  ShardedTensor& realize();
  template <class T>
  std::vector<T> to_vector() const {
    return to(devices_.front()).to_vector<T>();
  }

  // ---- elementwise: per shard; operands of other layouts are resliced or gathered ----
  ShardedTensor operator-() const { return neg(); }
  ShardedTensor neg() const;
  ShardedTensor abs() const;
  ShardedTensor exp() const;
  ShardedTensor log() const;
  ShardedTensor sqrt() const;
  ShardedTensor square() const;
  ShardedTensor reciprocal() const;
  ShardedTensor relu() const;
  ShardedTensor sigmoid() const;
  ShardedTensor tanh() const;
  ShardedTensor gelu() const;
  ShardedTensor astype(DType dtype) const;
  ShardedTensor maximum(const ShardedTensor& other) const;
  ShardedTensor minimum(const ShardedTensor& other) const;
  ShardedTensor pow(const ShardedTensor& exponent) const;
  // Any elementwise function of one tensor (no reduction, no movement), run on each shard;
  // its result must keep the shard's shape and device, which is checked.
  ShardedTensor map(const std::function<Tensor(const Tensor&)>& elementwise,
                    const char* name = "map") const;

  // ---- reductions; empty `axes` means all axes ----
  // Over other axes the result stays split; over the split axis each device reduces its
  // shard and an all-reduce combines them, leaving the result replicated.
  ShardedTensor sum(const std::vector<int>& axes = {}, bool keepdim = false) const;
  ShardedTensor prod(const std::vector<int>& axes = {}, bool keepdim = false) const;
  ShardedTensor max(const std::vector<int>& axes = {}, bool keepdim = false) const;
  ShardedTensor min(const std::vector<int>& axes = {}, bool keepdim = false) const;
  ShardedTensor mean(const std::vector<int>& axes = {}, bool keepdim = false) const;

  // ---- movement: the split axis must map onto one axis of the result ----
  ShardedTensor reshape(const Shape& shape) const;
  ShardedTensor permute(const std::vector<int>& order) const;
  ShardedTensor transpose(int a = -2, int b = -1) const;

  // Rows-split @ replicated stays split by rows, replicated @ columns-split by columns;
  // both split along the contraction axis (or one split there and the other replicated)
  // multiply their pieces and all-reduce; anything else all-gathers the right operand.
  ShardedTensor matmul(const ShardedTensor& other) const;

 private:
  ShardedTensor(std::vector<Tensor> shards, std::vector<std::string> devices,
                std::optional<int> axis, Shape shape);
  friend struct ShardedAccess;

  std::vector<Tensor> shards_;
  std::vector<std::string> devices_;
  std::optional<int> axis_;
  Shape shape_;
};

// Binary elementwise ops with broadcasting: a plain Tensor is copied to every device
// first, a scalar joins each shard.
ShardedTensor operator+(const ShardedTensor& a, const ShardedTensor& b);
ShardedTensor operator-(const ShardedTensor& a, const ShardedTensor& b);
ShardedTensor operator*(const ShardedTensor& a, const ShardedTensor& b);
ShardedTensor operator/(const ShardedTensor& a, const ShardedTensor& b);
ShardedTensor operator+(const ShardedTensor& a, const Tensor& b);
ShardedTensor operator-(const ShardedTensor& a, const Tensor& b);
ShardedTensor operator*(const ShardedTensor& a, const Tensor& b);
ShardedTensor operator/(const ShardedTensor& a, const Tensor& b);
ShardedTensor operator+(const Tensor& a, const ShardedTensor& b);
ShardedTensor operator-(const Tensor& a, const ShardedTensor& b);
ShardedTensor operator*(const Tensor& a, const ShardedTensor& b);
ShardedTensor operator/(const Tensor& a, const ShardedTensor& b);
ShardedTensor operator+(const ShardedTensor& a, double b);
ShardedTensor operator-(const ShardedTensor& a, double b);
ShardedTensor operator*(const ShardedTensor& a, double b);
ShardedTensor operator/(const ShardedTensor& a, double b);
ShardedTensor operator+(double a, const ShardedTensor& b);
ShardedTensor operator-(double a, const ShardedTensor& b);
ShardedTensor operator*(double a, const ShardedTensor& b);
ShardedTensor operator/(double a, const ShardedTensor& b);

}  // namespace ingot
