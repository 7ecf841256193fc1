// The collectives ShardedTensor inserts. Each realizes its inputs (which queues their
// kernels on every device and waits for none), then hands their buffers to the group's
// Communicator, which queues its work after them: the host waits nowhere.
#include <algorithm>
#include <numeric>

#include "ingot/runtime.hpp"
#include "tensor/frontend.hpp"
#include "tensor/sharded_internal.hpp"

namespace ingot::sharded {
using frontend::wrap;

namespace {

std::vector<Buffer*> buffers_of(const std::vector<Tensor>& realized) {
  std::vector<Buffer*> buffers;
  for (const Tensor& t : realized) buffers.push_back(t.node()->buffer.get());
  return buffers;
}

}  // namespace

std::vector<Tensor> all_reduce(const std::vector<Tensor>& parts,
                               const std::vector<std::string>& devices, ReduceOp op) {
  // The all-reduce writes in place, so each part gets a buffer of its own that no other
  // tensor sees (a part may be a view of, or be, a tensor the caller holds).
  std::vector<Tensor> own;
  for (const Tensor& p : parts)
    own.push_back(wrap(make_node(Op::Contiguous, p.dtype(), p.shape(), p.device(), {p.node()})));
  Tensor::realize_all(own);
  Communicator::get(devices).all_reduce(buffers_of(own), size_t(own.front().numel()),
                                        own.front().dtype(), op);
  return own;
}

std::vector<Tensor> all_gather(const std::vector<Tensor>& shards,
                               const std::vector<std::string>& devices, int axis) {
  // The communicator concatenates equal flat pieces, so each shard is laid out with the
  // split axis first and padded to the longest shard; each device then cuts the padding
  // out of what it received.
  const int ndim = shards.front().ndim();
  std::vector<int> axis_first{axis};
  for (int i = 0; i < ndim; ++i)
    if (i != axis) axis_first.push_back(i);
  std::vector<int> restore(ndim);
  for (int i = 0; i < ndim; ++i) restore[axis_first[i]] = i;

  std::vector<int64_t> extents;
  for (const Tensor& s : shards) extents.push_back(s.shape()[axis]);
  const int64_t longest = *std::max_element(extents.begin(), extents.end());
  std::vector<Tensor> in;
  for (const Tensor& s : shards) {
    Tensor moved = s.permute(axis_first);
    if (moved.shape()[0] < longest) moved = moved.pad({{0, longest - moved.shape()[0]}});
    in.push_back(moved.contiguous());
  }
  Tensor::realize_all(in);

  const Tensor& first = in.front();
  const size_t count = size_t(first.numel());
  Shape gathered = first.shape();
  gathered[0] *= int64_t(shards.size());
  std::vector<Tensor> out;
  for (const std::string& d : devices) {
    auto buffer =
        Device::get(d).allocator().alloc(count * shards.size() * dtype_size(first.dtype()));
    out.push_back(wrap(make_buffer_node(std::move(buffer), first.dtype(), gathered, d)));
  }
  Communicator::get(devices).all_gather(buffers_of(in), buffers_of(out), count, first.dtype());

  const bool even =
      std::all_of(extents.begin(), extents.end(), [&](int64_t e) { return e == longest; });
  for (Tensor& whole : out) {
    if (!even) {
      std::vector<Tensor> pieces;
      for (size_t d = 0; d < extents.size(); ++d) {
        const auto start = int64_t(d) * longest;
        pieces.push_back(whole.slice({{start, start + extents[d], 1}}));
      }
      whole = Tensor::cat(pieces, 0);
    }
    whole = whole.permute(restore);
  }
  return out;
}

}  // namespace ingot::sharded
