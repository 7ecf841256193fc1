// The lazy graph behind ingot::Tensor. A node is an operation on source nodes; once
// realized it becomes a Buffer leaf and forgets its sources, so it is never recomputed.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/op.hpp"
#include "ingot/dtype.hpp"
#include "ingot/runtime.hpp"
#include "ingot/shape.hpp"

namespace ingot {

struct LazyNode;
using NodePtr = std::shared_ptr<LazyNode>;

// How a node that requires a gradient was made. Realizing a node clears its `src`, `op`
// and `arg`; reverse-mode differentiation still needs them, so they are kept here until a
// backward pass has used them (tensor/autograd.cpp).
struct GradRecord {
  Op op;
  std::vector<int64_t> arg;
  ConstValue value;
  std::vector<NodePtr> src;
  // A composite op's own gradient (ingot::with_gradient): given the output's gradient, one
  // per source (null where none), in place of `op`'s rule.
  std::function<std::vector<NodePtr>(const NodePtr& grad)> custom = {};
};

// A condition on a node's input that the engine verifies before it computes the node:
// every value of integer tensor `subject` in a range (an index: src/tensor/index_check.cpp).
// `flag` builds the graph that computes, on the device, from the subject, its greatest
// value and -1 - its least, two int64. The engine realizes it (with the subject, so that a
// computed input is made once), reads it and calls `verify` with the least and greatest
// value, which throws the op's Error. Where the subject's range is known on the host
// already (LazyNode::known_range, of it or of the buffer it views) no flag is built or
// computed and nothing waits for the device: a gather by the same index, called again,
// costs no more host time than the gather. So bad input stops the realize before anything
// is computed from it.
struct NodeCheck {
  std::shared_ptr<LazyNode> subject;
  std::function<std::shared_ptr<LazyNode>()> flag;
  std::function<void(int64_t least, int64_t greatest)> verify;
};

struct LazyNode {
  Op op;
  DType dtype;
  Shape shape;
  std::string device;
  std::vector<NodePtr> src;
  std::vector<int64_t> arg;        // axes, permutation, steps, or (begin, end) pairs
  ConstValue value;                // Const, and the fill value of Pad
  std::shared_ptr<Buffer> buffer;  // set once realized
  // A realized integer tensor's least and greatest value, where the host knows them (its
  // data came from the host, or a range check read them): what a range check needs.
  // Dropped by anything that writes its buffer or hands it out (Tensor::buffer).
  std::optional<std::array<int64_t, 2>> known_range;
  // Verified (then dropped) before the node is computed.
  std::vector<std::shared_ptr<const NodeCheck>> checks;
  // Whether a source, at any depth, carried checks when this node was made (they may have
  // been verified since): a realize whose targets have none looks for no checks.
  bool checks_below = false;

  // Autograd: whether gradients flow to this node, how it was made (null for a leaf),
  // whether a backward pass already released that record, and a leaf's accumulated
  // gradient.
  bool requires_grad = false;
  bool grad_released = false;
  std::unique_ptr<GradRecord> grad_record;
  NodePtr grad;

  bool realized() const { return buffer != nullptr; }
};

// A realized buffer, or a chain of movement ops ending at one: a view, which reads memory
// and computes nothing (no kernel needed to realize it).
bool is_view_of_buffer(const LazyNode* n);
// The least and greatest value of `n` where the host knows them: of a realized tensor, or
// of the buffer a view of it reads (its values are among the buffer's, which a pad's fill
// is not).
std::optional<std::array<int64_t, 2>> known_range(const LazyNode& n);
// The first reshape among the movement ops over `n`'s data that merges axes of a permuted
// view (attention's heads put back side by side, [b, h, t, e] -> [b, t, h e]), where only
// reshapes and permutes lie below it; else nullptr. The view's index is a division and a
// remainder there, which the matmul plans cannot tile. (A convolution's windows, with
// their pads and broadcasts below, are read in place by the plans' taps.)
LazyNode* merge_of_permuted(LazyNode* n);

// make_node records how a float node was made when grad mode is on and one of its sources
// requires a gradient. Grad mode is per thread, as PyTorch's: a backward pass or an
// optimizer step turns it off on its own thread only.
bool grad_recording();
void set_grad_recording(bool on);

NodePtr make_node(Op op, DType dtype, Shape shape, std::string device, std::vector<NodePtr> src,
                  std::vector<int64_t> arg = {}, ConstValue value = {});
NodePtr make_buffer_node(std::shared_ptr<Buffer> buffer, DType dtype, Shape shape,
                         std::string device);

}  // namespace ingot
