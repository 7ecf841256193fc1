// ShardedTensor: making one (shard, replicate, from placed pieces), its properties, and
// moving between layouts and to one device.
#include <algorithm>
#include <numeric>

#include "ingot/error.hpp"
#include "tensor/frontend.hpp"
#include "tensor/sharded_internal.hpp"

namespace ingot {
using namespace frontend;

namespace {

// Registry names of `devices`, checked: at least one, each once, each opening.
std::vector<std::string> checked_devices(const std::vector<std::string>& devices, const char* op) {
  if (devices.empty())
    throw ArgumentError(std::string(op) + ": the device list is empty; name one or more devices");
  std::vector<std::string> names;
  for (const std::string& d : devices) {
    std::string name = device_name(d);
    if (std::find(names.begin(), names.end(), name) != names.end())
      throw ArgumentError(std::string(op) + ": device " + name + " is named twice in " +
                          sharded::devices_str(devices) + "; name each device once");
    names.push_back(name);
  }
  return names;
}

void check_defined(const Tensor& t, const char* op) {
  if (!t.defined()) throw ArgumentError(std::string(op) + ": the tensor is undefined");
}

}  // namespace

ShardedTensor::ShardedTensor(std::vector<Tensor> shards, std::vector<std::string> devices,
                             std::optional<int> axis, Shape shape)
    : shards_(std::move(shards)),
      devices_(std::move(devices)),
      axis_(axis),
      shape_(std::move(shape)) {}

ShardedTensor ShardedTensor::shard(const Tensor& t, const std::vector<std::string>& devices,
                                   int axis) {
  check_defined(t, "shard");
  std::vector<std::string> names = checked_devices(devices, "shard");
  if (t.ndim() == 0)
    throw ArgumentError("shard: a 0-d tensor has no axis to split; replicate it instead");
  int a = normalize_axis(axis, t.ndim(), "shard");
  const int64_t extent = t.shape()[a];
  if (extent < static_cast<int64_t>(names.size()))
    throw ArgumentError("shard: axis " + std::to_string(a) + " of shape " + shape_str(t.shape()) +
                        " has " + std::to_string(extent) + " elements, fewer than the " +
                        std::to_string(names.size()) + " devices " + sharded::devices_str(names) +
                        "; each device needs at least one");
  // Sliced where `t` is, so each device receives its piece only.
  std::vector<Tensor> placed = sharded::pieces(std::vector<Tensor>(names.size(), t), a,
                                               sharded::even_split(extent, names.size()));
  for (size_t d = 0; d < names.size(); ++d) placed[d] = placed[d].to(names[d]);
  return ShardedAccess::make(std::move(placed), names, a, t.shape());
}

ShardedTensor ShardedTensor::replicate(const Tensor& t, const std::vector<std::string>& devices) {
  check_defined(t, "replicate");
  std::vector<std::string> names = checked_devices(devices, "replicate");
  std::vector<Tensor> copies;
  for (const std::string& d : names) copies.push_back(t.to(d));
  return ShardedAccess::make(std::move(copies), names, std::nullopt, t.shape());
}

ShardedTensor ShardedTensor::from_shards(std::vector<Tensor> shards, std::optional<int> axis) {
  if (shards.empty()) throw ArgumentError("from_shards: no tensors; give one per device");
  std::vector<std::string> devices;
  for (const Tensor& s : shards) {
    check_defined(s, "from_shards");
    devices.push_back(s.device());
  }
  devices = checked_devices(devices, "from_shards");
  const Tensor& first = shards.front();
  std::optional<int> a;
  if (axis) {
    if (first.ndim() == 0) throw ArgumentError("from_shards: 0-d tensors have no axis to split");
    a = normalize_axis(*axis, first.ndim(), "from_shards");
  }
  Shape shape = first.shape();
  for (size_t d = 1; d < shards.size(); ++d) {
    const Shape& s = shards[d].shape();
    bool fits = s.size() == shape.size() && shards[d].dtype() == first.dtype();
    for (size_t i = 0; fits && i < s.size(); ++i) fits = (a && int(i) == *a) || s[i] == shape[i];
    if (!fits)
      throw ArgumentError("from_shards: tensor " + std::to_string(d) + " (" + shape_str(s) + ", " +
                          dtype_name(shards[d].dtype()) + ") does not fit tensor 0 (" +
                          shape_str(shape) + ", " + dtype_name(first.dtype()) + "); " +
                          (a ? "pieces may differ only along axis " + std::to_string(*a)
                             : std::string("replicas must be equal")));
    if (a) shape[*a] += s[*a];
  }
  return ShardedAccess::make(std::move(shards), std::move(devices), a, std::move(shape));
}

DType ShardedTensor::dtype() const {
  if (shards_.empty()) throw ArgumentError("sharded tensor: use of an empty ShardedTensor");
  return shards_.front().dtype();
}

int64_t ShardedTensor::numel() const { return shape_numel(shape_); }

std::vector<int64_t> ShardedTensor::split() const {
  std::vector<int64_t> extents;
  if (axis_)
    for (const Tensor& s : shards_) extents.push_back(s.shape()[*axis_]);
  return extents;
}

ShardedTensor ShardedTensor::reshard(int axis) const {
  if (ndim() == 0) throw ArgumentError("reshard: a 0-d tensor has no axis to split");
  int a = normalize_axis(axis, ndim(), "reshard");
  if (shape_[a] < static_cast<int64_t>(devices_.size()))
    throw ArgumentError("reshard: axis " + std::to_string(a) + " of shape " + shape_str(shape_) +
                        " is shorter than the " + std::to_string(devices_.size()) +
                        " devices; each device needs at least one element");
  return sharded::split_like(*this, a, sharded::even_split(shape_[a], devices_.size()));
}

ShardedTensor ShardedTensor::replicated() const {
  if (!axis_) return *this;
  return ShardedAccess::make(sharded::all_gather(shards_, devices_, *axis_), devices_, std::nullopt,
                             shape_);
}

Tensor ShardedTensor::to(const std::string& device) const {
  std::string name = device_name(device);
  if (!axis_) {
    auto held = std::find(devices_.begin(), devices_.end(), name);
    return shards_[held == devices_.end() ? 0 : held - devices_.begin()].to(name);
  }
  // Each shard is computed on its own device first (queued on all of them at once): left
  // lazy, the one already on `name` would fuse into the concatenation's kernel, where a
  // matmul loses its plans and runs over the whole output.
  Tensor::realize_all(shards_);
  std::vector<Tensor> moved;
  for (const Tensor& s : shards_) moved.push_back(s.to(name));
  return Tensor::cat(moved, *axis_);
}

ShardedTensor& ShardedTensor::realize() {
  Tensor::realize_all(shards_);
  return *this;
}

ShardedTensor Tensor::shard(const std::vector<std::string>& devices, int axis) const {
  return ShardedTensor::shard(*this, devices, axis);
}

ShardedTensor Tensor::replicate(const std::vector<std::string>& devices) const {
  return ShardedTensor::replicate(*this, devices);
}

}  // namespace ingot
