#include "schedule/kernel_description.hpp"

#include <unordered_map>

namespace ingot::engine {
namespace {

struct Describer {
  KernelDescription& kernel;
  std::unordered_map<const LazyNode*, const codegen::AstNode*> described;

  const codegen::AstNode* visit(const NodePtr& n, bool root) {
    if (auto it = described.find(n.get()); it != described.end()) return it->second;
    const codegen::AstNode* node;
    if (n->realized() && !root) {
      kernel.inputs.push_back(n);
      node = kernel.ast.add_input(n->dtype, n->shape);
    } else {
      codegen::AstNode copy{
          .op = n->op, .dtype = n->dtype, .shape = n->shape, .arg = n->arg, .value = n->value};
      for (const NodePtr& s : n->src) copy.src.push_back(visit(s, false));
      node = kernel.ast.add(std::move(copy));
    }
    described[n.get()] = node;
    return node;
  }
};

}  // namespace

KernelDescription describe_kernel(const NodePtr& out) {
  KernelDescription kernel;
  Describer{kernel, {}}.visit(out, true);
  return kernel;
}

}  // namespace ingot::engine
