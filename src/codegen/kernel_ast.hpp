// The kernel codegen lowers, as the scheduler hands it over: the fused graph of one
// kernel, from its output down to the buffers it reads (its inputs), immutable once built.
// Codegen reads nothing else of the graph; the live nodes, their buffers and their
// realization stay with the scheduler and the engine.
#pragma once

#include <deque>
#include <utility>
#include <vector>

#include "core/op.hpp"

namespace ingot::codegen {

struct AstNode {
  Op op;  // Buffer: the kernel's input `input`, a contiguous, row-major buffer
  DType dtype;
  Shape shape;
  std::vector<const AstNode*> src;
  std::vector<int64_t> arg;  // axes, permutation, steps, or (begin, end) pairs
  ConstValue value;          // Const, and the fill value of Pad
  int input = -1;

  bool is_input() const { return op == Op::Buffer; }
};

class KernelAst {
 public:
  KernelAst() = default;
  KernelAst(KernelAst&&) = default;  // the nodes stay where they are
  KernelAst(const KernelAst&) = delete;
  KernelAst& operator=(const KernelAst&) = delete;

  // Adds a node whose sources were added before; the last node added is the output.
  const AstNode* add(AstNode node) {
    nodes_.push_back(std::move(node));
    return &nodes_.back();
  }
  // Adds the next input: a buffer of `dtype` holding `shape`.
  const AstNode* add_input(DType dtype, Shape shape) {
    const int input = static_cast<int>(inputs_.size());
    inputs_.push_back(
        add({.op = Op::Buffer, .dtype = dtype, .shape = std::move(shape), .input = input}));
    return inputs_.back();
  }

  const AstNode* output() const { return &nodes_.back(); }
  const AstNode* input(int i) const { return inputs_[static_cast<size_t>(i)]; }

 private:
  std::deque<AstNode> nodes_;  // a deque: adding a node moves none of the others
  std::vector<const AstNode*> inputs_;
};

}  // namespace ingot::codegen
