// Data-parallel training (docs/multi-gpu.md): one replica of a module per device, each
// running forward and backward on its piece of the batch as ordinary lazy tensors; the
// gradients are then averaged across the replicas with all-reduces, so that every
// replica's optimizer takes the same step and the replicas stay equal.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ingot/nn.hpp"
#include "ingot/process_group.hpp"
#include "ingot/sharded.hpp"

namespace ingot::nn {

class DataParallel {
 public:
  using Factory = std::function<std::shared_ptr<Module>(const std::string& device)>;

  // One replica per device (registry names, each once), made by `make` on that device;
  // the others then take the first's parameter and buffer values, so all start equal.
  // Throws naming the replica whose parameters differ in name or shape from the first's.
  DataParallel(const Factory& make, const std::vector<std::string>& devices);

  const std::vector<std::string>& devices() const { return devices_; }
  size_t size() const { return replicas_.size(); }
  Module& replica(size_t index) const;

  // Every replica's forward on its piece of `input`, which is split along axis 0 (the
  // batch) over the same devices in order; the outputs split the same way.
  ShardedTensor forward(const ShardedTensor& input);
  ShardedTensor operator()(const ShardedTensor& input) { return forward(input); }

  // `losses`: one per replica in the devices' order, each one element, the mean over that
  // replica's piece of the last forward's batch (a loss function's Reduction::Mean).
  // Runs every replica's backward, then gives every replica the gradient of the whole
  // batch's mean loss: each replica's gradients weighted by its share of the batch, put
  // in one flat bucket per dtype and summed across the devices by one all-reduce each.
  // Returns that whole-batch loss, lazily, on the first device.
  Tensor backward(const std::vector<Tensor>& losses);

  void train(bool on = true);
  void eval() { train(false); }

 private:
  std::vector<std::string> devices_;
  std::vector<std::shared_ptr<Module>> replicas_;
  std::vector<int64_t> batch_split_;  // the last forward's, until backward uses it
};

// Data-parallel training across processes (docs/multi-gpu.md, "Across processes and
// hosts"): every rank holds one replica of the model, made equal (from the same seed, or
// broadcast from rank 0 with broadcast_parameters), runs forward and backward on its piece
// of the batch with a mean loss, then calls this: each gradient is weighted by `share`
// (this rank's fraction of the whole batch: its samples over the batch's) and summed
// across the ranks by one all-reduce per dtype, so every rank ends with the gradient of
// the whole batch's mean loss and its optimizer takes the same step. Throws Error where a
// parameter lives on another device than the group's, or the ranks' parameters differ.
void all_reduce_gradients(Module& model, ProcessGroup& group, double share);
// Every rank's parameters and buffers take rank 0's values.
void broadcast_parameters(Module& model, ProcessGroup& group);

}  // namespace ingot::nn
