// The lazy graph behind ingot::Tensor. A node is an operation on source nodes; once
// realized it becomes a Buffer leaf and forgets its sources, so it is never recomputed.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/op.hpp"
#include "ingot/dtype.hpp"
#include "ingot/runtime.hpp"
#include "ingot/shape.hpp"

namespace ingot {

struct LazyNode;

// A condition on a node's inputs that the engine verifies before it computes the node
// (an index in range: src/tensor/index_check.cpp). `flag` is a small tensor computed on
// the device from the inputs; the engine realizes it (with `subject`, the input it reads,
// so that a computed input is made once), then `verify` reads it and throws the op's
// Error. So bad input stops the realize before anything is computed from it.
struct NodeCheck {
  std::shared_ptr<LazyNode> subject;
  std::shared_ptr<LazyNode> flag;
  std::function<void(const Buffer& flag)> verify;
};

struct LazyNode {
  Op op;
  DType dtype;
  Shape shape;
  std::string device;
  std::vector<std::shared_ptr<LazyNode>> src;
  std::vector<int64_t> arg;        // axes, permutation, steps, or (begin, end) pairs
  ConstValue value;                // Const, and the fill value of Pad
  std::shared_ptr<Buffer> buffer;  // set once realized
  // Verified (then dropped) before the node is computed.
  std::vector<std::shared_ptr<const NodeCheck>> checks;

  bool realized() const { return buffer != nullptr; }
};

// A realized buffer, or a chain of movement ops ending at one: a view, which reads memory
// and computes nothing (no kernel needed to realize it).
bool is_view_of_buffer(const LazyNode* n);

using NodePtr = std::shared_ptr<LazyNode>;

NodePtr make_node(Op op, DType dtype, Shape shape, std::string device, std::vector<NodePtr> src,
                  std::vector<int64_t> arg = {}, ConstValue value = {});
NodePtr make_buffer_node(std::shared_ptr<Buffer> buffer, DType dtype, Shape shape,
                         std::string device);

}  // namespace ingot
