// The derivative of every primitive op of the lazy graph (core/op.hpp), written with
// Tensor ops so that the backward graph is lazy and fuses like the forward one.
#pragma once

#include <vector>

#include "graph/lazy.hpp"
#include "ingot/tensor.hpp"

namespace ingot::autograd {

// The gradients of the sources of `out`, made as `record` says, given the gradient `g` of
// `out` (its shape and dtype): one per source, undefined where the source does not require
// a gradient.
std::vector<Tensor> source_gradients(const GradRecord& record, const NodePtr& out, const Tensor& g);

}  // namespace ingot::autograd
