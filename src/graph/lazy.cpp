#include "graph/lazy.hpp"

#include <algorithm>

namespace ingot {

namespace {

thread_local bool t_grad_enabled = true;

// Bitcast reinterprets bits: it has no derivative, even between two float types.
bool records_grad(Op op, DType dtype, const std::vector<NodePtr>& src) {
  if (!t_grad_enabled || !is_float(dtype) || op == Op::Bitcast) return false;
  return std::any_of(src.begin(), src.end(), [](const NodePtr& s) { return s->requires_grad; });
}

}  // namespace

bool grad_recording() { return t_grad_enabled; }
void set_grad_recording(bool on) { t_grad_enabled = on; }

NodePtr make_node(Op op, DType dtype, Shape shape, std::string device, std::vector<NodePtr> src,
                  std::vector<int64_t> arg, ConstValue value) {
  auto n = std::make_shared<LazyNode>();
  n->op = op;
  n->dtype = dtype;
  n->shape = std::move(shape);
  n->device = std::move(device);
  if (records_grad(op, dtype, src)) {
    n->requires_grad = true;
    n->grad_record = std::make_unique<GradRecord>(GradRecord{op, arg, value, src});
  }
  for (const auto& s : src) n->checks_below |= s->checks_below || !s->checks.empty();
  n->src = std::move(src);
  n->arg = std::move(arg);
  n->value = value;
  return n;
}

bool is_view_of_buffer(const LazyNode* n) {
  while (is_movement(n->op)) n = n->src[0].get();
  return n->realized();
}

std::optional<std::array<int64_t, 2>> known_range(const LazyNode& subject) {
  const LazyNode* n = &subject;
  while (!n->realized() && is_movement(n->op) && n->op != Op::Pad) n = n->src[0].get();
  return n->realized() ? n->known_range : std::nullopt;
}

namespace {

int64_t long_axes(const Shape& shape) {
  return std::count_if(shape.begin(), shape.end(), [](int64_t d) { return d > 1; });
}

}  // namespace

LazyNode* merge_of_permuted(LazyNode* n) {
  auto view = [](const LazyNode* m) { return is_movement(m->op) && !m->realized(); };
  while (view(n) && !(n->op == Op::Reshape && long_axes(n->shape) < long_axes(n->src[0]->shape)))
    n = n->src[0].get();
  if (!view(n)) return nullptr;
  bool permuted = false;
  for (const LazyNode* m = n->src[0].get(); view(m); m = m->src[0].get()) {
    if (m->op != Op::Reshape && m->op != Op::Permute) return nullptr;
    permuted |= m->op == Op::Permute;
  }
  return permuted ? n : nullptr;
}

NodePtr make_buffer_node(std::shared_ptr<Buffer> buffer, DType dtype, Shape shape,
                         std::string device) {
  auto n = make_node(Op::Buffer, dtype, std::move(shape), std::move(device), {});
  n->buffer = std::move(buffer);
  return n;
}

}  // namespace ingot
