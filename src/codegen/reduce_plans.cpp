// Reductions under every plan: a loop per output, or under UNROLL the last axis as vector
// lanes in independent accumulator chains; GROUP, the threads of a group sharing one
// reduction and combining their partials; and the hoisting that computes a reduction
// once before the loops that would recompute it (ROW, nested reductions).
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "codegen/lowerer.hpp"

namespace ingot::codegen {
namespace {

constexpr int kReduceChains = 4;

ConstValue reduce_identity(Op op, DType dt) {
  bool fl = is_float(dt);
  auto lowest = [&]() -> double {
    if (fl) return -INFINITY;
    if (dt == DType::Bool || is_unsigned_int(dt)) return 0;
    return -std::ldexp(1.0, static_cast<int>(dtype_size(dt) * 8 - 1));
  };
  auto highest = [&]() -> ConstValue {
    if (fl) return ConstValue::of(INFINITY);
    if (dt == DType::Bool) return ConstValue::of(1);
    if (dt == DType::UInt64) return {1.8446744073709552e19, -1};
    if (dt == DType::Int64) return {9.2233720368547758e18, std::numeric_limits<int64_t>::max()};
    int bits = static_cast<int>(dtype_size(dt) * 8) - (is_signed_int(dt) ? 1 : 0);
    return ConstValue::of(std::ldexp(1.0, bits) - 1);
  };
  switch (op) {
    case Op::ReduceSum:
      return ConstValue::of(0);
    case Op::ReduceProd:
      return ConstValue::of(1);
    case Op::ReduceMax: {
      if (dt == DType::Int64) return {-9.2233720368547758e18, std::numeric_limits<int64_t>::min()};
      return ConstValue::of(lowest());
    }
    default:
      return highest();
  }
}

Op combine_op(Op reduce) {
  switch (reduce) {
    case Op::ReduceSum:
      return Op::Add;
    case Op::ReduceProd:
      return Op::Mul;
    case Op::ReduceMax:
      return Op::Max;
    default:
      return Op::Min;
  }
}

// Integer max and min loops stay rolled: NVIDIA's compiler (its OpenCL and NVRTC alike,
// driver 580) unrolls a loop taking the int32 minimum of negated values into a wrong
// result (bench/results/2026-11-22-h100-opencl.md has the repro), and these loops are
// never the fast path of anything.
bool keep_rolled(const AstNode* reduce) {
  return !is_float(reduce->dtype) && (reduce->op == Op::ReduceMax || reduce->op == Op::ReduceMin);
}

}  // namespace

// GROUP: the threads of the group take every group-th element (or vector of `width`
// elements) of the last reduced axis, then combine their partials: with shuffles
// within each SIMD group and once more across the groups' results where the device
// has them, else in a halving tree in threadgroup memory. Every thread ends with the
// result.
Val Lowerer::group_reduce(const AstNode* n, const Index& idx, const Expr& guard) {
  const AstNode* src = n->src[0];
  const int64_t group = plan_.group;
  const int width = plan_.width;
  const Op combine = combine_op(n->op);
  const ConstValue identity = reduce_identity(n->op, n->dtype);
  // Barriers must be reached by every thread of the group.
  if (em_.if_depth() > 0) throw Rejected{};
  hoist_for_reduce(n, idx, guard);
  int acc = em_.emit(
      {.op = ir::IOp::DefineAcc, .dtype = n->dtype, .width = width, .value = identity}, false);
  auto accumulate = [&](const Index& at) {
    int value = em_.widen(eval(src, at, guard)[0], width);
    em_.emit({.op = ir::IOp::Assign,
              .dtype = n->dtype,
              .width = width,
              .src = {acc, em_.alu(combine, n->dtype, {acc, value})}},
             false);
  };
  Index src_idx = idx;
  int64_t extent = 1;
  for (size_t a = 0; a + 1 < n->arg.size(); ++a) {
    int64_t size = src->shape[n->arg[a]];
    extent *= size;
    src_idx[n->arg[a]] = em_.new_var(
        0, size - 1,
        em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = size, .rolled = keep_rolled(n)}, false));
    em_.open_scope();
  }
  // The last axis: whole rounds of group * width elements, then the ragged tail.
  const int axis = static_cast<int>(n->arg.back());
  const int64_t size = src->shape[axis], round = group * width;
  extent *= size;
  if (width > 1 && size % round != 0) throw Rejected{};
  int64_t trips = size / round;
  auto accumulate_step = [&](const Expr& t) {
    Expr v = sym::add(sym::mul(t, group), lid_);
    src_idx[axis] = width > 1 ? sym::add(sym::mul(v, width), lane_) : v;
    accumulate(src_idx);
  };
  if (row_in_registers() && n->arg.size() == 1) {
    for (int64_t t = 0; t < trips; ++t) accumulate_step(sym::cnst(t));
  } else {
    Expr t = em_.new_var(
        0, std::max<int64_t>(trips, 1) - 1,
        em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = trips, .rolled = keep_rolled(n)}, false));
    em_.open_scope();
    accumulate_step(t);
    em_.close_scope();
    em_.emit({.op = ir::IOp::EndRange}, false);
  }
  if (size % group != 0) {
    Expr tail = sym::add(sym::cnst(trips * group), lid_);
    em_.open_if(em_.alu(Op::CmpLt, DType::Bool, {em_.lower_index(tail), em_.index_const(size)}));
    src_idx[axis] = tail;
    accumulate(src_idx);
    em_.close_if();
  }
  for (size_t a = 0; a + 1 < n->arg.size(); ++a) {
    em_.close_scope();
    em_.emit({.op = ir::IOp::EndRange}, false);
  }
  work_per_output_ = std::max(work_per_output_, extent);
  if (width > 1)
    acc =
        em_.emit({.op = ir::IOp::HReduce, .dtype = n->dtype, .src = {acc}, .alu = combine}, false);
  // Shuffles move 32-bit values on every target (Metal has no 64-bit ones): across whole
  // SIMD groups, or within a segment of one for a smaller group where the threadgroup
  // fills whole SIMD groups (a shuffle naming lanes that do not run is undefined).
  const int64_t warp = device_.shuffle_width;
  const bool word = warp > 1 && held_bytes(n->dtype) == 4;
  const bool segment =
      word && group < warp && warp % group == 0 && (group * plan_.group_rows) % warp == 0;
  const bool shuffles = word && group % warp == 0 && group / warp <= warp;
  const int64_t slots = segment ? 1 : shuffles ? group / warp : group;
  // Under PACK each group combines in slots of its own.
  int buffer = em_.define_local(n->dtype, slots * plan_.group_rows);
  auto slot = [&](const Expr& i) {
    return em_.lower_index(sym::add(sym::mul(group_row_, slots), i));
  };
  int lid = em_.var_inst(lid_);
  auto local_load = [&](int index, std::vector<int> guard_inst = {}) {
    std::vector<int> src = {index};
    src.insert(src.end(), guard_inst.begin(), guard_inst.end());
    return em_.emit(
        {.op = ir::IOp::Load, .dtype = n->dtype, .src = src, .buffer = buffer, .local = true},
        false);
  };
  auto local_store = [&](int index, int v) {
    em_.emit({.op = ir::IOp::Store,
              .dtype = n->dtype,
              .src = {index, v},
              .buffer = buffer,
              .local = true},
             false);
  };
  auto when = [&](Op cmp, int lhs, int64_t rhs, const std::function<void()>& body) {
    em_.open_if(em_.alu(cmp, DType::Bool, {lhs, em_.index_const(rhs)}));
    body();
    em_.close_if();
  };
  // Every thread of the group ends with the result its first slot holds.
  auto result = [&] {
    em_.emit({.op = ir::IOp::Barrier}, false);
    return Val{local_load(slot(sym::cnst(0)))};
  };
  if (!shuffles && !segment) {
    local_store(slot(lid_), acc);
    em_.emit({.op = ir::IOp::Barrier}, false);
    for (int64_t half = group / 2; half >= 1; half /= 2) {
      when(Op::CmpLt, lid, half, [&] {
        int other = local_load(slot(sym::add(lid_, half)));
        local_store(slot(lid_), em_.alu(combine, n->dtype, {local_load(slot(lid_)), other}));
      });
      em_.emit({.op = ir::IOp::Barrier}, false);
    }
    return {local_load(slot(sym::cnst(0)))};
  }
  // Lane 0 of each SIMD group (or segment) ends with the combination of lanes
  // [0, 2 * first): the lanes it reads lie in its segment.
  auto shuffle_tree = [&](int v, int64_t first) {
    for (int64_t offset = first; offset >= 1; offset /= 2) {
      int other = em_.emit(
          {.op = ir::IOp::ShuffleDown, .dtype = n->dtype, .src = {v}, .hi = offset}, false);
      v = em_.alu(combine, n->dtype, {v, other});
    }
    return v;
  };
  if (segment) {
    int total = shuffle_tree(acc, group / 2);
    when(Op::CmpEq, lid, 0, [&] { local_store(slot(sym::cnst(0)), total); });
    return result();
  }
  int partial = shuffle_tree(acc, warp / 2);
  int lane = em_.lower_index(sym::mod(lid_, warp));
  when(Op::CmpEq, lane, 0, [&] { local_store(slot(sym::floordiv(lid_, warp)), partial); });
  if (slots > 1) {
    em_.emit({.op = ir::IOp::Barrier}, false);
    // The first SIMD group combines the groups' results; all its lanes take part in
    // the shuffles, and those past the last result only feed lanes that are not read.
    when(Op::CmpLt, lid, warp, [&] {
      int mine =
          local_load(slot(lid_), {em_.alu(Op::CmpLt, DType::Bool, {lid, em_.index_const(slots)})});
      int total = shuffle_tree(mine, slots / 2);
      when(Op::CmpEq, lid, 0, [&] { local_store(slot(sym::cnst(0)), total); });
    });
  }
  return result();
}

Val Lowerer::reduce(const AstNode* n, const Index& idx, const Expr& guard) {
  if (plan_.group > 1) return group_reduce(n, idx, guard);
  hoist_for_reduce(n, idx, guard);
  const AstNode* src = n->src[0];
  auto uses = [&](const Expr& v) {
    return std::any_of(idx.begin(), idx.end(),
                       [&](const Expr& e) { return sym::uses_var(e, v->var); }) ||
           sym::uses_var(guard, v->var);
  };
  bool lanes_in = uses(lane_);
  // ROW(width) and UNROLL: a reduction computed once for the vectors (softmax's max and
  // sum hoisted before the row's loop, logsumexp's max before its sum) takes its last axis
  // in lanes too, where that axis holds two vectors.
  const bool shared_lanes = plan_.row_width() > 1 || (plan_.vector_reduce && plan_.width > 1);
  bool vector_reduce =
      plan_.vector_reduce == n ||
      (shared_lanes && !lanes_in && src->shape[n->arg.back()] >= int64_t{2} * plan_.width);
  if (vector_reduce && lanes_in) throw Rejected{};
  int width = lanes_in || vector_reduce ? plan_.width : 1;
  int steps = uses(step_) ? plan_.steps() : 1;
  // Independent accumulator chains over the vector axis keep more loads in flight;
  // unrolled outputs are independent chains already.
  int64_t inner = src->shape[n->arg.back()];
  int chains = vector_reduce && steps == 1 && inner % (int64_t{plan_.width} * kReduceChains) == 0
                   ? kReduceChains
                   : 1;
  Expr chain = em_.fresh_var(0, chains - 1);
  std::vector<Val> accs(steps);
  for (int u = 0; u < steps; ++u)
    for (int c = 0; c < chains; ++c)
      accs[u].push_back(em_.emit({.op = ir::IOp::DefineAcc,
                                  .dtype = n->dtype,
                                  .width = width,
                                  .value = reduce_identity(n->op, n->dtype)},
                                 false));
  Index src_idx = idx;
  int64_t extent = 1;
  // Under UNROLL the last axis's whole vectors (of every chain), then its tail element by
  // element into accumulators of their own: rows of 3001 and a full max's parts of 12297
  // had run element by element throughout.
  const int64_t vec_size = vector_reduce ? src->shape[n->arg.back()] : 0;
  const int64_t vec_trips = vec_size / plan_.width / chains,
                tail_first = vec_trips * plan_.width * chains;
  if (vector_reduce && vec_trips == 0) throw Rejected{};
  std::vector<int> tails;  // defined before the loops: the tail runs once per outer step
  if (vector_reduce && tail_first < vec_size)
    for (int u = 0; u < steps; ++u)
      tails.push_back(em_.emit(
          {.op = ir::IOp::DefineAcc, .dtype = n->dtype, .value = reduce_identity(n->op, n->dtype)},
          false));
  for (size_t a = 0; a < n->arg.size(); ++a) {
    int axis = static_cast<int>(n->arg[a]);
    int64_t size = src->shape[axis];
    extent *= size;
    bool vec_axis = vector_reduce && a + 1 == n->arg.size();
    int64_t trips = vec_axis ? vec_trips : size;
    int r = em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = trips, .rolled = keep_rolled(n)}, false);
    Expr v = em_.new_var(0, trips - 1, r);
    src_idx[axis] =
        vec_axis ? sym::add(sym::mul(sym::add(sym::mul(v, chains), chain), plan_.width), lane_) : v;
    em_.open_scope();
  }
  work_per_output_ = std::max(work_per_output_, extent);
  auto accumulate = [&](const Index& at_idx, int u, const Expr& chain_at, int acc, int w) {
    Index at = at_idx;
    for (Expr& e : at)
      e = sym::substitute(sym::substitute(e, step_->var, sym::cnst(u)), chain->var, chain_at);
    Val v = eval(src, at, sym::substitute(guard, step_->var, sym::cnst(u)));
    int value = em_.widen(v[0], w);
    int next = em_.alu(combine_op(n->op), n->dtype, {acc, value});
    em_.emit({.op = ir::IOp::Assign, .dtype = n->dtype, .width = w, .src = {acc, next}}, false);
  };
  for (int u = 0; u < steps; ++u)
    for (int c = 0; c < chains; ++c) accumulate(src_idx, u, sym::cnst(c), accs[u][c], width);
  em_.close_scope();
  em_.emit({.op = ir::IOp::EndRange}, false);
  if (!tails.empty()) {
    const int64_t left = vec_size - tail_first;
    int r = em_.emit({.op = ir::IOp::Range, .lo = 0, .hi = left, .rolled = keep_rolled(n)}, false);
    Index tail_idx = src_idx;
    tail_idx[n->arg.back()] = sym::add(em_.new_var(0, left - 1, r), tail_first);
    em_.open_scope();
    for (int u = 0; u < steps; ++u) accumulate(tail_idx, u, sym::cnst(0), tails[u], 1);
    em_.close_scope();
    em_.emit({.op = ir::IOp::EndRange}, false);
  }
  for (size_t a = 0; a + 1 < n->arg.size(); ++a) {
    em_.close_scope();
    em_.emit({.op = ir::IOp::EndRange}, false);
  }
  Val combined;
  for (const Val& chain_accs : accs) {
    int acc = chain_accs[0];
    for (size_t c = 1; c < chain_accs.size(); ++c)
      acc = em_.alu(combine_op(n->op), n->dtype, {acc, chain_accs[c]});
    combined.push_back(acc);
  }
  if (!vector_reduce) return combined;
  Val out;
  for (size_t u = 0; u < combined.size(); ++u) {
    int total = em_.emit(
        {.op = ir::IOp::HReduce, .dtype = n->dtype, .src = {combined[u]}, .alu = combine_op(n->op)},
        false);
    out.push_back(tails.empty() ? total : em_.alu(combine_op(n->op), n->dtype, {total, tails[u]}));
  }
  return out;
}

// Hoists what the loops of reduction `n` at `idx` would recompute at every step.
void Lowerer::hoist_for_reduce(const AstNode* n, const Index& idx, const Expr& guard) {
  const AstNode* src = n->src[0];
  Index at = idx;
  std::vector<Expr> probes;
  for (int64_t axis : n->arg) {
    probes.push_back(em_.fresh_var(0, std::max<int64_t>(src->shape[axis], 1) - 1));
    at[axis] = probes.back();
  }
  std::unordered_set<std::string> seen;
  hoist_reductions(src, at, guard, probes, seen);
}

// Computes now, before loops over `vars` open, every reduction under `n` (at index
// `idx`) whose value does not depend on them: a reduction broadcast along the loops'
// axes. The loop then finds it computed instead of computing it at every step.
void Lowerer::hoist_reductions(const AstNode* n, const Index& idx, const Expr& guard,
                               const std::vector<Expr>& vars,
                               std::unordered_set<std::string>& seen) {
  if (n->is_input() || n->src.empty() || sym::is_const(guard, 0) ||
      !seen.insert(value_key(n, idx, guard)).second)
    return;
  if (is_movement(n->op)) {
    Expr inner = guard;
    Index src_idx = through_movement(n, idx, inner);
    hoist_reductions(n->src[0], src_idx, inner, vars, seen);
    return;
  }
  if (is_reduce(n->op)) {
    auto uses = [&](const Expr& e) {
      return std::any_of(vars.begin(), vars.end(),
                         [&](const Expr& v) { return sym::uses_var(e, v->var); });
    };
    if (!uses(guard) && std::none_of(idx.begin(), idx.end(), uses)) eval(n, idx, guard);
    return;
  }
  // A Take's source is read where its index says, which no probe describes (a reduction
  // there is computed by a kernel of its own: the scheduler's rule).
  if (n->op == Op::Take)
    return hoist_reductions(n->src[1], broadcast_from(idx, n->src[1]->shape), guard, vars, seen);
  for (const auto& s : n->src) hoist_reductions(s, idx, guard, vars, seen);
}

}  // namespace ingot::codegen
