// The split arithmetic of ShardedTensor: how an extent divides over devices, slicing
// replicas into pieces, and moving a tensor to another split.
#include <numeric>

#include "ingot/error.hpp"
#include "tensor/frontend.hpp"
#include "tensor/sharded_internal.hpp"

namespace ingot::sharded {

std::string devices_str(const std::vector<std::string>& devices) {
  std::string s = "[";
  for (size_t i = 0; i < devices.size(); ++i) s += (i ? ", " : "") + devices[i];
  return s + "]";
}

void check_same_devices(const ShardedTensor& a, const ShardedTensor& b, const char* op) {
  if (a.devices() != b.devices())
    throw ArgumentError(std::string(op) + ": the operands are held by different devices, " +
                        devices_str(a.devices()) + " and " + devices_str(b.devices()) +
                        "; both must be held by the same devices in the same order");
}

std::vector<int64_t> even_split(int64_t extent, size_t parts) {
  const auto k = static_cast<int64_t>(parts);
  std::vector<int64_t> split(parts, extent / k);
  for (int64_t d = 0; d < extent % k; ++d) ++split[d];
  return split;
}

std::vector<Tensor> pieces(const std::vector<Tensor>& replicas, int axis,
                           const std::vector<int64_t>& split) {
  std::vector<Tensor> out;
  int64_t start = 0;
  for (size_t d = 0; d < replicas.size(); ++d) {
    const Tensor& r = replicas[d];
    if (r.shape()[axis] == 1) {
      out.push_back(r);
    } else {
      std::vector<Slice> slices(axis + 1);
      slices[axis] = {start, start + split[d], 1};
      out.push_back(r.slice(slices));
    }
    start += split[d];
  }
  return out;
}

ShardedTensor split_like(const ShardedTensor& t, int axis, const std::vector<int64_t>& split) {
  if (t.axis() == axis && t.split() == split) return t;
  ShardedTensor whole = t.replicated();
  return ShardedAccess::make(pieces(whole.shards(), axis, split), t.devices(), axis, t.shape());
}

ShardedTensor per_shard(const ShardedTensor& t,
                        const std::function<Tensor(size_t, const Tensor&)>& fn,
                        std::optional<int> axis) {
  std::vector<Tensor> shards;
  for (size_t d = 0; d < t.shards().size(); ++d) shards.push_back(fn(d, t.shards()[d]));
  return ShardedTensor::from_shards(std::move(shards), axis);
}

}  // namespace ingot::sharded
