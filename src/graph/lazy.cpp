#include "graph/lazy.hpp"

namespace ingot {

NodePtr make_node(Op op, DType dtype, Shape shape, std::string device, std::vector<NodePtr> src,
                  std::vector<int64_t> arg, ConstValue value) {
  auto n = std::make_shared<LazyNode>();
  n->op = op;
  n->dtype = dtype;
  n->shape = std::move(shape);
  n->device = std::move(device);
  n->src = std::move(src);
  n->arg = std::move(arg);
  n->value = value;
  return n;
}

bool is_view_of_buffer(const LazyNode* n) {
  while (is_movement(n->op)) n = n->src[0].get();
  return n->realized();
}

NodePtr make_buffer_node(std::shared_ptr<Buffer> buffer, DType dtype, Shape shape,
                         std::string device) {
  auto n = make_node(Op::Buffer, dtype, std::move(shape), std::move(device), {});
  n->buffer = std::move(buffer);
  return n;
}

}  // namespace ingot
