// What the files of ShardedTensor share: building one from parts, the split arithmetic,
// reslicing replicas, and the two collectives the ops insert (all-reduce, all-gather),
// each queued after the shards' own work without waiting on the host.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ingot/collective.hpp"
#include "ingot/sharded.hpp"

namespace ingot {

struct ShardedAccess {
  static ShardedTensor make(std::vector<Tensor> shards, std::vector<std::string> devices,
                            std::optional<int> axis, Shape shape) {
    return ShardedTensor(std::move(shards), std::move(devices), axis, std::move(shape));
  }
};

namespace sharded {

// "[METAL:0, METAL:1]", for messages.
std::string devices_str(const std::vector<std::string>& devices);
// Throws naming `op` and both lists unless a and b are held by the same devices in order.
void check_same_devices(const ShardedTensor& a, const ShardedTensor& b, const char* op);
// The extents of `parts` consecutive pieces of `extent`, the first extent % parts longer.
std::vector<int64_t> even_split(int64_t extent, size_t parts);
// Piece d of each replica: its slice [offset_d, offset_d + split[d]) along `axis`. An axis
// of extent 1 broadcasts, so it is left whole.
std::vector<Tensor> pieces(const std::vector<Tensor>& replicas, int axis,
                           const std::vector<int64_t>& split);
// The same values split along `axis` with the extents `split`, held as `like` holds them
// (devices); a split tensor is all-gathered first unless it is split so already.
ShardedTensor split_like(const ShardedTensor& t, int axis, const std::vector<int64_t>& split);
// Every device's shard replaced by fn(device index, shard), layout and devices kept (the
// global shape is recomputed from the shards).
ShardedTensor per_shard(const ShardedTensor& t,
                        const std::function<Tensor(size_t, const Tensor&)>& fn,
                        std::optional<int> axis);

// The collectives. `parts` holds one tensor per device of `devices`, of equal shapes.
// In the result, every device holds the reduction of all the parts.
std::vector<Tensor> all_reduce(const std::vector<Tensor>& parts,
                               const std::vector<std::string>& devices, ReduceOp op);
// Every device holds the shards concatenated along `axis` (they may differ in extent there).
std::vector<Tensor> all_gather(const std::vector<Tensor>& shards,
                               const std::vector<std::string>& devices, int axis);

}  // namespace sharded
}  // namespace ingot
