// The instruction list one kernel is lowered into, and what every lowering strategy emits
// through: common-subexpression elimination in nested scopes, constants folded as they are
// emitted, ALU ops widened to vectors or applied lane by lane, index expressions lowered
// to integer arithmetic, If blocks, and threadgroup memory within the device's limit.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "codegen/ir.hpp"
#include "codegen/symbolic.hpp"

namespace ingot::codegen {

// One instruction per unrolled step; a single entry when the value is the same for all.
using Val = std::vector<int>;

// Thrown when a kernel does not fit the optimization being tried; the next is tried.
struct Rejected {};

// The bytes a value of `dt` is held in: floats as at least float32.
size_t held_bytes(DType dt);

// Whether a device with DeviceInfo::vector_math computes `op` with a result of `dt` on
// vectors: float32 math functions, max and min, reciprocals and comparisons.
bool vector_math_op(Op op, DType dt);

class Emitter {
 public:
  // `local_memory_bytes`: the threadgroup memory the kernel may define in all;
  // `vector_math`: the device's DeviceInfo::vector_math.
  Emitter(int64_t local_memory_bytes, bool vector_math);

  // Appends `inst` and returns its id; with `cse`, an equal instruction already emitted in
  // this scope or an enclosing one is returned instead.
  int emit(ir::Inst inst, bool cse = true);
  const ir::Inst& inst(int id) const { return insts_[static_cast<size_t>(id)]; }
  // The instructions emitted, for the kernel.
  std::vector<ir::Inst> take() { return std::move(insts_); }

  // A variable of index expressions over [lo, hi], whose value is instruction `inst`.
  sym::Expr new_var(int64_t lo, int64_t hi, int inst);
  // A variable no instruction holds: a vector lane or an unrolled step, replaced by
  // constants before it is lowered, or a probe of what depends on a loop.
  sym::Expr fresh_var(int64_t lo, int64_t hi);
  // The instruction holding variable `v` (made by new_var).
  int var_inst(const sym::Expr& v) const { return var_inst_.at(v->var); }

  int constant(DType dt, ConstValue v);
  int index_const(int64_t v);
  int alu(Op op, DType dt, std::vector<int> src);
  int widen(int v, int width);
  // Index expression `e` as int64 arithmetic (a condition as a bool).
  int lower_index(const sym::Expr& e);

  // A scope: instructions and values computed inside it are not reused after it closes.
  void open_scope() { scopes_.emplace_back(); }
  void close_scope() { scopes_.pop_back(); }
  // The value remembered under `key` in this scope or an enclosing one, or nullptr.
  const Val* find_value(const std::string& key) const;
  void remember(const std::string& key, Val v) { scopes_.back().values[key] = std::move(v); }

  // A conditional block; values computed inside it are not reused after it.
  void open_if(int cond);
  void close_if();
  // If blocks open where the next instruction goes.
  int if_depth() const { return if_depth_; }
  // Emits `store` under `guard` (a sym condition), without an If where it always holds.
  template <class F>
  void guarded(const sym::Expr& guard, F store) {
    if (sym::is_const(guard, 1)) return store();
    open_if(lower_index(guard));
    store();
    close_if();
  }

  // Threadgroup memory of `count` values of `dt`, within the device's limit.
  int define_local(DType dt, int64_t count);
  // The launch's dynamic threadgroup memory (ir::Inst::dynamic): `count` values of `dt`,
  // within `limit` bytes.
  int define_dynamic_local(DType dt, int64_t count, int64_t limit);

 private:
  struct Scope {
    std::unordered_map<std::string, int> insts;
    std::unordered_map<std::string, Val> values;
  };

  int lane_by_lane(Op op, DType dt, const std::vector<int>& src, int width);

  std::vector<ir::Inst> insts_;
  std::vector<Scope> scopes_;
  std::unordered_map<int, int> var_inst_;
  int next_var_ = 0;
  int if_depth_ = 0;
  int next_local_ = 0;
  int64_t local_bytes_ = 0;
  const int64_t local_limit_;
  const bool vector_math_;
};

}  // namespace ingot::codegen
