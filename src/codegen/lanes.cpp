// Loads and stores over a plan's vector lanes (UPCAST, UNROLL) and unrolled steps: one
// vector access where the lanes are consecutive elements, else element by element,
// gathered into a vector; and values computed once per lane and step where an index
// depends on them.
#include <algorithm>

#include "codegen/lowerer.hpp"

namespace ingot::codegen {
namespace {

// `exprs` with variable `var` (a lane or an unrolled step) replaced by `value` in each.
std::vector<Expr> with_var(const std::vector<Expr>& exprs, const Expr& var, int64_t value) {
  std::vector<Expr> out;
  out.reserve(exprs.size());
  for (const Expr& e : exprs) out.push_back(sym::substitute(e, var->var, sym::cnst(value)));
  return out;
}

}  // namespace

// Calls `scalar(exprs)` once per unrolled step and vector lane that `exprs` depend
// on, with those variables replaced by constants, and assembles the results.
Val Lowerer::per_element(const std::vector<Expr>& exprs,
                         const std::function<int(const std::vector<Expr>&)>& scalar) {
  auto uses = [&](const Expr& v) {
    return std::any_of(exprs.begin(), exprs.end(),
                       [&](const Expr& e) { return sym::uses_var(e, v->var); });
  };
  int steps = uses(step_) ? plan_.steps() : 1;
  bool lanes = uses(lane_);
  if (lanes && plan_.strict) throw Rejected{};
  Val out;
  for (int u = 0; u < steps; ++u) {
    const std::vector<Expr> at_u = with_var(exprs, step_, u);
    if (!lanes) {
      out.push_back(scalar(at_u));
      continue;
    }
    std::vector<int> parts;
    for (int l = 0; l < plan_.width; ++l) parts.push_back(scalar(with_var(at_u, lane_, l)));
    out.push_back(em_.emit({.op = ir::IOp::Gather,
                            .dtype = em_.inst(parts[0]).dtype,
                            .width = plan_.width,
                            .src = parts}));
  }
  return out;
}

// An iota's values over the lanes: where its flat index is affine in the lane, the
// first lane's value broadcast plus a constant ramp, so that a strict vector plan (an
// argmax's scores, countdowns along the reduced row) keeps it in vectors; elsewhere one
// value a lane.
Val Lowerer::iota(const AstNode* n, const Index& idx) {
  auto value = [&](const std::vector<Expr>& e) {
    return em_.alu(Op::Cast, n->dtype, {em_.lower_index(e[0])});
  };
  Expr flat = flat_index(idx, n->shape);
  const int64_t c = sym::coefficient(flat, lane_->var);
  if (!sym::uses_var(flat, lane_->var) || c == INT64_MIN) return per_element({flat}, value);
  std::vector<int> ramp;
  for (int l = 0; l < plan_.width; ++l)
    ramp.push_back(em_.constant(n->dtype, {static_cast<double>(c * l), c * l}));
  const int offsets =
      em_.emit({.op = ir::IOp::Gather, .dtype = n->dtype, .width = plan_.width, .src = ramp});
  Expr first = sym::substitute(flat, lane_->var, sym::cnst(0));
  Val base = per_element({first}, value);
  for (int& v : base) v = em_.alu(Op::Add, n->dtype, {v, offsets});
  return base;
}

Val Lowerer::load(const AstNode* n, const Index& idx, const Expr& guard) {
  int buf = param(n);
  Expr flat = flat_index(idx, n->shape);
  if (plan_.group_contiguous && lid_ && sym::uses_var(flat, lid_->var) &&
      sym::coefficient(flat, lid_->var) != plan_.width)
    throw Rejected{};
  int steps =
      sym::uses_var(flat, step_->var) || sym::uses_var(guard, step_->var) ? plan_.steps() : 1;
  Val out;
  for (int u = 0; u < steps; ++u) {
    Expr f = sym::substitute(flat, step_->var, sym::cnst(u));
    Expr g = sym::substitute(guard, step_->var, sym::cnst(u));
    if (sym::uses_var(f, lane_->var) && sym::coefficient(f, lane_->var) == 1 &&
        !sym::uses_var(g, lane_->var)) {
      Expr first = sym::substitute(f, lane_->var, sym::cnst(0));
      std::vector<int> src = {em_.lower_index(first)};
      if (!sym::is_const(g, 1)) src.push_back(em_.lower_index(g));
      out.push_back(em_.emit({.op = ir::IOp::Load,
                              .dtype = n->dtype,
                              .width = plan_.width,
                              .src = src,
                              .buffer = buf,
                              .aligned = sym::multiple_of(first, plan_.width)}));
      continue;
    }
    Val v = per_element({f, g}, [&](const std::vector<Expr>& e) {
      std::vector<int> src = {em_.lower_index(e[0])};
      if (!sym::is_const(e[1], 1)) src.push_back(em_.lower_index(e[1]));
      return em_.emit({.op = ir::IOp::Load, .dtype = n->dtype, .src = src, .buffer = buf});
    });
    out.push_back(v[0]);
  }
  return out;
}

// Take node `n` at `idx`: its source read where the index it computes says (both
// broadcast along their size-1 axes). Each index value becomes a variable of the
// source's index, so the usual load follows (a vector load where the lanes lie along
// another axis: an embedding's rows); lanes along the index itself read one element each.
Val Lowerer::take(const AstNode* n, const Index& idx, const Expr& guard) {
  Val at = eval(n->src[1], broadcast_from(idx, n->src[1]->shape), guard);
  if (at.size() == 1) return take_at(n, at[0], idx, guard);
  Val out;
  for (size_t u = 0; u < at.size(); ++u) {
    const auto step = static_cast<int64_t>(u);
    out.push_back(take_at(n, at[u], with_var(idx, step_, step),
                          sym::substitute(guard, step_->var, sym::cnst(step)))[0]);
  }
  return out;
}

// Take node `n` at `idx` whose index value is instruction `at` (a vector along the lanes).
Val Lowerer::take_at(const AstNode* n, int at, const Index& idx, const Expr& guard) {
  const AstNode* x = n->src[0];
  const size_t axis = static_cast<size_t>(n->arg[0]);
  const int64_t last = x->shape[axis] - 1;
  // Clamped into the axis, so a kernel run without its range check (which the engine
  // runs first) still reads only its buffer, and the variable's bounds hold.
  auto read = [&](int value, const Index& i, const Expr& g) {
    int v = em_.alu(Op::Cast, DType::Int64, {value});
    v = em_.alu(Op::Min, DType::Int64,
                {em_.alu(Op::Max, DType::Int64, {v, em_.index_const(0)}), em_.index_const(last)});
    Index xi = broadcast_from(i, x->shape);
    xi[axis] = em_.new_var(0, last, v);
    return eval(x, xi, g);
  };
  const int width = em_.inst(at).width;
  if (width == 1) return read(at, idx, guard);
  std::vector<Val> lanes;
  size_t steps = 1;
  for (int l = 0; l < width; ++l) {
    int value = em_.emit({.op = ir::IOp::Lane, .dtype = em_.inst(at).dtype, .src = {at}, .hi = l});
    lanes.push_back(
        read(value, with_var(idx, lane_, l), sym::substitute(guard, lane_->var, sym::cnst(l))));
    steps = std::max(steps, lanes.back().size());
  }
  Val out;
  for (size_t u = 0; u < steps; ++u) {
    std::vector<int> parts;
    for (const Val& v : lanes) parts.push_back(v[v.size() == 1 ? 0 : u]);
    out.push_back(em_.emit(
        {.op = ir::IOp::Gather, .dtype = n->dtype, .width = width, .src = std::move(parts)}));
  }
  return out;
}

// Stores `value`, computed at output index `idx`, with vector stores along the lanes.
void Lowerer::store(const Index& idx, const Val& value) {
  Expr flat = flat_index(idx, out_->shape);
  int steps = sym::uses_var(flat, step_->var) ? plan_.steps() : 1;
  for (int u = 0; u < steps; ++u) {
    Expr f = sym::substitute(flat, step_->var, sym::cnst(u));
    int v = value[value.size() == 1 ? 0 : u];
    if (sym::uses_var(f, lane_->var) && sym::coefficient(f, lane_->var) != 1) {
      // Lanes along an axis that is not the output's last (a matmul whose left operand
      // is contiguous down its columns): one store per lane, once per output after its
      // reduction.
      v = em_.widen(v, plan_.width);
      for (int l = 0; l < plan_.width; ++l) {
        Expr at = sym::substitute(f, lane_->var, sym::cnst(l));
        int lane = em_.emit({.op = ir::IOp::Lane, .dtype = out_->dtype, .src = {v}, .hi = l});
        em_.emit({.op = ir::IOp::Store,
                  .dtype = out_->dtype,
                  .src = {em_.lower_index(at), lane},
                  .buffer = 0},
                 false);
      }
    } else if (sym::uses_var(f, lane_->var)) {
      v = em_.widen(v, plan_.width);
      Expr first = sym::substitute(f, lane_->var, sym::cnst(0));
      em_.emit({.op = ir::IOp::Store,
                .dtype = out_->dtype,
                .width = plan_.width,
                .src = {em_.lower_index(first), v},
                .buffer = 0,
                .streaming = plan_.streaming_store,
                .aligned = sym::multiple_of(first, plan_.width)},
               false);
    } else {
      em_.emit(
          {.op = ir::IOp::Store, .dtype = out_->dtype, .src = {em_.lower_index(f), v}, .buffer = 0},
          false);
    }
  }
}

}  // namespace ingot::codegen
