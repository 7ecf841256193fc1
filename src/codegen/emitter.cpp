#include "codegen/emitter.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "codegen/fold.hpp"
#include "codegen/index.hpp"

namespace ingot::codegen {
namespace {

// The operations every language table spells on vector operands.
bool spelled_on_vectors(Op op) {
  return op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Div || op == Op::Neg ||
         op == Op::Where;
}

}  // namespace

bool vector_math_op(Op op, DType dt) {
  switch (op) {
    case Op::Exp:
    case Op::Exp2:
    case Op::Log:
    case Op::Log2:
    case Op::Tanh:
    case Op::Sqrt:
    case Op::Recip:
    case Op::Max:
    case Op::Min:
      // Integers by a compare and a select (argmax's scores).
      return dt == DType::Float32 || (is_int(dt) && dt != DType::Bool);
    case Op::And:
    case Op::Or:
    case Op::Xor:
      return dt == DType::Bool || is_int(dt);
    case Op::CmpLt:
    case Op::CmpEq:
    case Op::CmpNe:
      return true;
    default:
      return false;
  }
}

Emitter::Emitter(int64_t local_memory_bytes, bool vector_math)
    : local_limit_(local_memory_bytes), vector_math_(vector_math) {
  open_scope();
}

size_t held_bytes(DType dt) {
  return is_float(dt) ? std::max<size_t>(4, dtype_size(dt)) : dtype_size(dt);
}

void Emitter::open_if(int cond) {
  emit({.op = ir::IOp::If, .src = {cond}}, false);
  open_scope();
  ++if_depth_;
}

void Emitter::close_if() {
  --if_depth_;
  close_scope();
  emit({.op = ir::IOp::EndIf}, false);
}

int Emitter::emit(ir::Inst inst, bool cse) {
  // An accumulator's value changes with every Assign: what reads it is never reused (a
  // register tile's lanes stored before its loop and again in it, for the next slice).
  cse = cse && std::none_of(inst.src.begin(), inst.src.end(), [&](int s) {
          return insts_[static_cast<size_t>(s)].op == ir::IOp::DefineAcc;
        });
  std::string key;
  if (cse) {
    key = fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", int(inst.op), int(inst.dtype), inst.width,
                      fmt::join(inst.src, ","), int(inst.alu), inst.value.f, inst.value.i, inst.lo,
                      inst.hi, inst.buffer, inst.dim);
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto found = it->insts.find(key);
      if (found != it->insts.end()) return found->second;
    }
  }
  insts_.push_back(std::move(inst));
  int id = static_cast<int>(insts_.size()) - 1;
  if (cse) scopes_.back().insts[key] = id;
  return id;
}

Expr Emitter::new_var(int64_t lo, int64_t hi, int inst) {
  int id = next_var_++;
  var_inst_[id] = inst;
  return sym::var(id, lo, hi);
}

Expr Emitter::fresh_var(int64_t lo, int64_t hi) { return sym::var(next_var_++, lo, hi); }

int Emitter::constant(DType dt, ConstValue v) {
  return emit({.op = ir::IOp::Const, .dtype = dt, .value = v});
}
int Emitter::index_const(int64_t v) { return constant(DType::Int64, {static_cast<double>(v), v}); }

int Emitter::alu(Op op, DType dt, std::vector<int> src) {
  int width = 1;
  for (int s : src) width = std::max(width, insts_[s].width);
  if (width == 1) {
    std::vector<const ir::Inst*> operands;
    for (int s : src) operands.push_back(&insts_[s]);
    if (auto folded = fold_constant(op, dt, operands)) return constant(dt, *folded);
  }
  if (width > 1 && !spelled_on_vectors(op) && !(vector_math_ && vector_math_op(op, dt)))
    return lane_by_lane(op, dt, src, width);
  for (int& s : src) s = widen(s, width);
  return emit({.op = ir::IOp::Alu, .dtype = dt, .width = width, .src = std::move(src), .alu = op});
}

// `op` on each lane of the vector operands (a math function, a comparison, a cast...),
// the results gathered into a vector: how a vector plan applies the epilogue of a
// reduction (a matmul's activation) that has no vector spelling.
int Emitter::lane_by_lane(Op op, DType dt, const std::vector<int>& src, int width) {
  std::vector<int> lanes;
  for (int l = 0; l < width; ++l) {
    std::vector<int> args;
    for (int s : src)
      args.push_back(
          insts_[s].width == 1
              ? s
              : emit({.op = ir::IOp::Lane, .dtype = insts_[s].dtype, .src = {s}, .hi = l}));
    lanes.push_back(emit({.op = ir::IOp::Alu, .dtype = dt, .src = args, .alu = op}));
  }
  return emit({.op = ir::IOp::Gather, .dtype = dt, .width = width, .src = lanes});
}

int Emitter::widen(int v, int width) {
  if (insts_[v].width == width) return v;
  return emit({.op = ir::IOp::Broadcast, .dtype = insts_[v].dtype, .width = width, .src = {v}});
}

int Emitter::lower_index(const Expr& e) {
  using sym::Kind;
  switch (e->kind) {
    case Kind::Const:
      return index_const(e->c);
    case Kind::Var:
      return var_inst_.at(e->var);
    case Kind::Add: {
      int acc = lower_index(e->args[0]);
      for (size_t i = 1; i < e->args.size(); ++i)
        acc = alu(Op::Add, DType::Int64, {acc, lower_index(e->args[i])});
      return acc;
    }
    case Kind::Mul:
      return alu(Op::Mul, DType::Int64, {lower_index(e->args[0]), index_const(e->c)});
    case Kind::Div:
    case Kind::Mod: {
      // sym's division and modulo floor, the targets' / and % truncate toward zero: they
      // differ for a negative numerator (a flipped axis under a reshape, -j + 1), which
      // is first shifted by a multiple of the divisor to be at least 0.
      const Expr& x = e->args[0];
      const int64_t shift = x->lo < 0 ? ceil_div(-x->lo, e->c) : 0;
      int q = alu(e->kind == Kind::Div ? Op::Div : Op::Mod, DType::Int64,
                  {lower_index(sym::add(x, shift * e->c)), index_const(e->c)});
      if (e->kind == Kind::Div && shift) q = alu(Op::Add, DType::Int64, {q, index_const(-shift)});
      return q;
    }
    case Kind::Lt:
      return alu(Op::CmpLt, DType::Bool, {lower_index(e->args[0]), index_const(e->c)});
    case Kind::And: {
      int acc = lower_index(e->args[0]);
      for (size_t i = 1; i < e->args.size(); ++i)
        acc = alu(Op::And, DType::Bool, {acc, lower_index(e->args[i])});
      return acc;
    }
  }
  return -1;
}

const Val* Emitter::find_value(const std::string& key) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto found = it->values.find(key);
    if (found != it->values.end()) return &found->second;
  }
  return nullptr;
}

int Emitter::define_local(DType dt, int64_t count) {
  local_bytes_ += count * static_cast<int64_t>(held_bytes(dt));
  if (local_bytes_ > local_limit_) throw Rejected{};
  int buffer = next_local_++;
  emit({.op = ir::IOp::DefineLocal, .dtype = dt, .hi = count, .buffer = buffer}, false);
  return buffer;
}

int Emitter::define_dynamic_local(DType dt, int64_t count, int64_t limit) {
  if (count * static_cast<int64_t>(held_bytes(dt)) > limit) throw Rejected{};
  int buffer = next_local_++;
  emit({.op = ir::IOp::DefineLocal, .dtype = dt, .hi = count, .buffer = buffer, .dynamic = true},
       false);
  return buffer;
}

}  // namespace ingot::codegen
