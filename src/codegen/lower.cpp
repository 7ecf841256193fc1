// The driver of lowering: for each plan of the kernel, best first, a Lowerer walks the
// kernel's graph from its output, evaluating each node at a symbolic index into
// instructions, with the plan's strategy for the grid, reductions and matmuls
// (lowerer.hpp lists where each is defined); the first plan that fits is the kernel.
#include "codegen/lower.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "codegen/lowerer.hpp"

namespace ingot::codegen {
namespace {

std::string kernel_name(const AstNode* out, const ir::Kernel& k) {
  bool has_reduce = false;
  std::string dims;
  for (int64_t d : out->shape) dims += "_" + std::to_string(d);
  for (const auto& i : k.insts)
    has_reduce |= i.op == ir::IOp::DefineAcc || i.op == ir::IOp::MatZero;
  return (has_reduce ? "r" : "E") + (dims.empty() ? std::string("_1") : dims);
}

void estimate_cost(const KernelAst& ast, const Lowered& l, ir::Kernel& k) {
  std::unordered_set<const AstNode*> seen;
  std::function<void(const AstNode*)> walk = [&](const AstNode* n) {
    if (!seen.insert(n).second || n->is_input()) return;
    if (is_reduce(n->op))
      k.flops += static_cast<double>(shape_numel(n->src[0]->shape));
    else if (!is_movement(n->op) && n->op != Op::Const && n->op != Op::Iota &&
             n->op != Op::Contiguous)
      k.flops += static_cast<double>(shape_numel(n->shape));
    for (const AstNode* s : n->src) walk(s);
  };
  const AstNode* out = ast.output();
  walk(out);
  k.bytes = static_cast<double>(shape_numel(out->shape) * dtype_size(out->dtype));
  for (int i : l.inputs) {
    const AstNode* in = ast.input(i);
    k.bytes += static_cast<double>(shape_numel(in->shape) * dtype_size(in->dtype));
  }
}

}  // namespace

std::string value_key(const AstNode* n, const Index& idx, const Expr& guard) {
  std::string key = fmt::format("{}|{}", static_cast<const void*>(n), sym::to_string(guard));
  for (const Expr& e : idx) key += "|" + sym::to_string(e);
  return key;
}

Lowered Lowerer::run() {
  if (plan_.wgmma) return run_warpgroup();
  if (plan_.stage) return run_staged();
  if (plan_.tc) return run_tc();
  if (plan_.transpose_tile) return run_transposed();
  return run_tiles();
}

Lowered Lowerer::finish() {
  k_.insts = em_.take();
  k_.opts = plan_.describe();
  k_.wide_vectors = plan_.lane_vectors > 1 || plan_.unroll2 > 1;
  return {std::move(k_), std::move(inputs_)};
}

int Lowerer::param(const AstNode* n) {
  auto it = params_.find(n);
  if (it != params_.end()) return it->second;
  inputs_.push_back(n->input);
  int id = static_cast<int>(k_.buffers.size());
  k_.buffers.push_back({n->dtype, false});
  params_[n] = id;
  return id;
}

Val Lowerer::eval(const AstNode* n, const Index& idx, const Expr& guard) {
  std::string key = value_key(n, idx, guard);
  if (const Val* found = em_.find_value(key)) return *found;
  Val v = compute(n, idx, guard);
  em_.remember(key, v);
  return v;
}

Val Lowerer::compute(const AstNode* n, const Index& idx, const Expr& guard) {
  if (n == provided_.node) return {provided_.value};
  // Under a false guard the value is never read (a pad's where picks its fill): nothing
  // below is lowered, an empty source included.
  if (sym::is_const(guard, 0)) return {em_.constant(n->dtype, {})};
  if (n->is_input()) return load(n, idx, guard);
  if (is_movement(n->op)) {
    Expr inner = guard;
    Index src_idx = through_movement(n, idx, inner);
    Val v = eval(n->src[0], src_idx, inner);
    return n->op == Op::Pad ? pad_select(n, v, inner) : v;
  }
  switch (n->op) {
    case Op::Const:
      return {em_.constant(n->dtype, n->value)};
    case Op::Iota:
      return iota(n, idx);
    case Op::Contiguous:
      return eval(n->src[0], idx, guard);
    case Op::Take:
      return take(n, idx, guard);
    case Op::ReduceSum:
    case Op::ReduceProd:
    case Op::ReduceMax:
    case Op::ReduceMin:
      return reduce(n, idx, guard);
    default:
      break;
  }
  std::vector<Val> srcs;
  size_t steps = 1;
  for (const auto& s : n->src) {
    srcs.push_back(eval(s, idx, guard));
    steps = std::max(steps, srcs.back().size());
  }
  Val out;
  for (size_t u = 0; u < steps; ++u) {
    std::vector<int> args;
    for (const Val& s : srcs) args.push_back(s[s.size() == 1 ? 0 : u]);
    out.push_back(em_.alu(n->op, n->dtype, args));
  }
  return out;
}

// where(valid, v, pad value) for each unrolled step; lanes are handled by the ALU.
Val Lowerer::pad_select(const AstNode* n, const Val& v, const Expr& valid) {
  Val cond =
      per_element({valid}, [&](const std::vector<Expr>& e) { return em_.lower_index(e[0]); });
  int fill = em_.constant(n->dtype, n->value);
  size_t steps = std::max(cond.size(), v.size());
  Val out;
  for (size_t u = 0; u < steps; ++u)
    out.push_back(em_.alu(Op::Where, n->dtype,
                          {cond[cond.size() == 1 ? 0 : u], v[v.size() == 1 ? 0 : u], fill}));
  return out;
}

std::vector<Lowered> lower_candidates(const KernelAst& ast, const DeviceInfo& device, bool noopt,
                                      size_t limit) {
  const AstNode* out = ast.output();
  std::vector<Lowered> found;
  for (const Plan& plan : candidate_plans(out, device, noopt, limit > 1)) {
    if (found.size() >= limit) break;
    try {
      Lowered l = Lowerer(out, device, plan).run();
      l.kernel.name = kernel_name(out, l.kernel);
      estimate_cost(ast, l, l.kernel);
      found.push_back(std::move(l));
    } catch (const Rejected&) {
    }
  }
  return found;  // never empty: the last plan (no optimizations) never rejects
}

Lowered lower(const KernelAst& ast, const DeviceInfo& device, bool noopt) {
  return std::move(lower_candidates(ast, device, noopt, 1).front());
}

}  // namespace ingot::codegen
