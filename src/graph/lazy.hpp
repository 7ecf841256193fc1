// The lazy graph behind ingot::Tensor. A node is an operation on source nodes; once
// realized it becomes a Buffer leaf and forgets its sources, so it is never recomputed.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/op.hpp"
#include "ingot/dtype.hpp"
#include "ingot/runtime.hpp"
#include "ingot/shape.hpp"

namespace ingot {

struct LazyNode {
  Op op;
  DType dtype;
  Shape shape;
  std::string device;
  std::vector<std::shared_ptr<LazyNode>> src;
  std::vector<int64_t> arg;        // axes, permutation, steps, or (begin, end) pairs
  ConstValue value;                // Const, and the fill value of Pad
  std::shared_ptr<Buffer> buffer;  // set once realized

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
