// Reverse-mode differentiation over the lazy graph (docs/autograd.md): the Tensor methods
// that mark, read and clear gradients, detach, assign, the no-grad scope, and backward,
// which walks the recorded graph from the output to the leaves and applies the rules of
// autograd_rules.cpp.
#include <unordered_map>
#include <unordered_set>

#include "ingot/error.hpp"
#include "tensor/autograd_rules.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

namespace {

const LazyNode& node_of(const Tensor& t, const char* op) {
  if (!t.defined())
    throw ArgumentError(std::string(op) + ": undefined (default-constructed) tensor");
  return *t.node();
}

std::string described(const LazyNode& n) {
  return std::string(dtype_name(n.dtype)) + " tensor of shape " + shape_str(n.shape) + " on " +
         n.device;
}

void check_not_released(const LazyNode& n) {
  if (n.requires_grad && !n.grad_record && n.grad_released)
    throw Error("backward: the graph of a " + described(n) +
                " was already released by an earlier backward(); pass retain_graph = true to "
                "the first backward to go through it again, or compute the output anew");
}

void check_like(const Tensor& t, const LazyNode& like, const char* op, const char* what) {
  if (t.shape() != like.shape || t.device() != like.device)
    throw ArgumentError(std::string(op) + ": " + what + " is a " + described(*t.node()) +
                        "; it must match the " + described(like));
}

// The gradient backward starts from: `grad` cast to the output's dtype, or ones for a
// one-element output.
Tensor seed_gradient(const Tensor& out, const Tensor& grad) {
  if (grad.defined()) {
    check_like(grad, *out.node(), "backward", "the gradient");
    return grad.astype(out.dtype());
  }
  if (out.numel() != 1)
    throw Error("backward: the output is a " + described(*out.node()) +
                ", not a scalar; pass a gradient of that shape (backward(grad)), or reduce "
                "the output to one element first");
  return Tensor::ones(out.shape(), out.dtype(), out.device());
}

// The nodes that gradients flow through, each after every node computed from it: a
// depth-first post-order from `root`, reversed, with no recursion (graphs can be deep).
std::vector<NodePtr> backward_order(const NodePtr& root) {
  std::vector<NodePtr> post;
  std::unordered_set<const LazyNode*> seen{root.get()};
  std::vector<std::pair<NodePtr, size_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    const GradRecord* record = node->grad_record.get();
    if (record && next < record->src.size()) {
      const NodePtr& s = record->src[next++];
      if (s->requires_grad && seen.insert(s.get()).second) {
        check_not_released(*s);
        stack.emplace_back(s, 0);
      }
      continue;
    }
    post.push_back(node);
    stack.pop_back();
  }
  return {post.rbegin(), post.rend()};
}

void add_to(std::unordered_map<const LazyNode*, Tensor>& grads, const LazyNode* n,
            const Tensor& g) {
  auto [it, fresh] = grads.try_emplace(n, g);
  if (!fresh) it->second = it->second + g;
}

}  // namespace

NoGrad::NoGrad() : previous_(grad_recording()) { set_grad_recording(false); }
NoGrad::~NoGrad() { set_grad_recording(previous_); }
bool is_grad_enabled() { return grad_recording(); }
void set_grad_enabled(bool on) { set_grad_recording(on); }

Tensor& Tensor::requires_grad_(bool on) {
  const LazyNode& n = node_of(*this, "requires_grad_");
  if (on && !is_float(n.dtype))
    throw ArgumentError(
        "requires_grad_: only floating-point tensors can require gradients; "
        "this is a " +
        described(n));
  if (!on && n.grad_record)
    throw ArgumentError("requires_grad_(false): the " + described(n) +
                        " is computed from tensors that require grad (not a leaf); use detach()");
  node_->requires_grad = on;
  return *this;
}

bool Tensor::requires_grad() const { return node_of(*this, "requires_grad").requires_grad; }

Tensor Tensor::grad() const { return Tensor(node_of(*this, "grad").grad); }

void Tensor::set_grad(const Tensor& grad) {
  const LazyNode& n = node_of(*this, "set_grad");
  if (grad.defined()) {
    check_like(grad, n, "set_grad", "the gradient");
    if (grad.dtype() != n.dtype)
      throw ArgumentError(std::string("set_grad: the gradient is ") + dtype_name(grad.dtype()) +
                          "; it must be " + dtype_name(n.dtype) + " as the tensor");
  }
  node_->grad = grad.node();
}

void Tensor::backward(const Tensor& grad, bool retain_graph) const {
  const LazyNode& root = node_of(*this, "backward");
  check_not_released(root);
  if (!root.requires_grad)
    throw Error("backward: the " + described(root) +
                " does not require grad: no tensor it was computed from has requires_grad "
                "set, or it was computed under NoGrad");
  NoGrad no_grad;
  std::unordered_map<const LazyNode*, Tensor> grads;
  grads.emplace(&root, seed_gradient(*this, grad));
  std::vector<NodePtr> order = backward_order(node_);
  std::vector<std::pair<NodePtr, Tensor>> leaves;
  for (const NodePtr& n : order) {
    auto it = grads.find(n.get());
    if (it == grads.end()) continue;
    Tensor g = std::move(it->second);
    grads.erase(it);
    if (!n->grad_record) {
      leaves.emplace_back(n, g);
      continue;
    }
    const GradRecord& record = *n->grad_record;
    std::vector<Tensor> source_grads = autograd::source_gradients(record, n, g);
    for (size_t i = 0; i < source_grads.size(); ++i)
      if (source_grads[i].defined()) add_to(grads, record.src[i].get(), source_grads[i]);
  }
  // Nothing is changed before every rule has run, so an error leaves the graph and the
  // leaves as they were.
  std::vector<Tensor> updated;
  for (auto& [leaf, g] : leaves) {
    leaf->grad = leaf->grad ? (Tensor(leaf->grad) + g).node() : g.node();
    updated.emplace_back(leaf->grad);
  }
  if (!retain_graph) {
    for (const NodePtr& n : order) {
      if (!n->grad_record) continue;
      n->grad_record.reset();
      n->grad_released = true;
    }
  }
  Tensor::realize_all(updated);
  // The output is realized too: it is usually a scalar loss the caller reads next, and
  // reading it after an optimizer has assigned new parameter values would otherwise
  // compute it from those. On its own rather than with the gradients, where the
  // intermediates it shares with them would become kernels' outputs of their own.
  if (!node_->realized()) Tensor(node_).realize();
}

Tensor with_gradient(const Tensor& value, const std::vector<Tensor>& inputs,
                     GradientFunction backward) {
  const LazyNode& v = node_of(value, "with_gradient");
  std::vector<NodePtr> sources;
  bool any = false;
  for (const Tensor& t : inputs) {
    sources.push_back(t.defined() ? t.node() : make_node(Op::Const, v.dtype, {}, v.device, {}));
    any |= t.defined() && t.requires_grad();
  }
  if (!is_grad_enabled() || !any || !is_float(v.dtype)) return value;
  // An identity view of `value` carries the record: its sources for the backward walk are
  // the inputs, not the graph that computed the values.
  NodePtr out = make_node(Op::Reshape, v.dtype, v.shape, v.device, {value.node()},
                          std::vector<int64_t>(v.shape.begin(), v.shape.end()));
  out->requires_grad = true;
  out->grad_record = std::make_unique<GradRecord>(GradRecord{
      .op = Op::Reshape,
      .src = sources,
      .custom = [backward = std::move(backward), inputs](const NodePtr& grad) {
        std::vector<Tensor> given = backward(Tensor(grad));
        if (given.size() != inputs.size())
          throw Error("with_gradient: the backward function gave " + std::to_string(given.size()) +
                      " gradients for " + std::to_string(inputs.size()) +
                      " inputs; it must give one per input");
        std::vector<NodePtr> out(given.size());
        for (size_t i = 0; i < given.size(); ++i) {
          if (!given[i].defined()) continue;
          const Tensor& in = inputs[i];
          const std::string what = "the gradient of input " + std::to_string(i);
          if (!in.defined())
            throw Error("with_gradient: " + what + " is a " + described(*given[i].node()) +
                        "; the input is undefined and takes none");
          check_like(given[i], *in.node(), "with_gradient", what.c_str());
          out[i] = given[i].astype(in.dtype()).node();
        }
        return out;
      }});
  return Tensor(out);
}

Tensor Tensor::detach() const {
  const LazyNode& n = node_of(*this, "detach");
  NoGrad no_grad;
  if (n.realized()) return wrap(make_buffer_node(n.buffer, n.dtype, n.shape, n.device));
  // A copy of the node without its record: the same graph above it, computed again
  // where both are used.
  return wrap(make_node(n.op, n.dtype, n.shape, n.device, n.src, n.arg, n.value));
}

Tensor& Tensor::assign(const Tensor& value) {
  const LazyNode& n = node_of(*this, "assign");
  node_of(value, "assign");
  if (value.dtype() != n.dtype)
    throw ArgumentError(std::string("assign: the value is ") + dtype_name(value.dtype()) +
                        "; it must be " + dtype_name(n.dtype) + " as the " + described(n));
  check_like(value, n, "assign", "the value");
  if (n.grad_record)
    throw ArgumentError("assign: the " + described(n) +
                        " is computed from tensors that require grad (not a leaf); assign to a "
                        "leaf, or to its detach()");
  if (value.node() == node_) return *this;
  Tensor v = value.contiguous();
  v.realize();
  node_->buffer = v.node()->buffer;
  node_->known_range = v.node()->known_range;
  node_->op = Op::Buffer;
  node_->src.clear();
  node_->arg.clear();
  return *this;
}

}  // namespace ingot
