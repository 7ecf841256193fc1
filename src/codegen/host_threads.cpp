#include "codegen/host_threads.hpp"

#include <algorithm>
#include <vector>

namespace ingot::codegen {
namespace {

using ir::Inst;
using ir::IOp;

class HostThreads {
 public:
  HostThreads(const ir::Kernel& k, const std::array<int64_t, 3>& groups,
              const std::array<int64_t, 3>& threads)
      : in_(k.insts),
        groups_(groups),
        threads_(threads),
        map_(in_.size(), -1),
        spill_(in_.size(), -1) {
    threads_all_ = threads[0] * threads[1] * threads[2];
    for (const Inst& inst : in_)
      if (inst.op == IOp::DefineLocal) next_local_ = std::max(next_local_, inst.buffer + 1);
    find_regions();
  }

  std::vector<Inst> run() {
    decode_groups();
    std::vector<bool> split_open;  // per open Range: whether it contains a barrier
    for (size_t i = 0; i < in_.size(); ++i) {
      const Inst& inst = in_[i];
      switch (inst.op) {
        case IOp::Barrier:
          close_loop();  // the threads' loop ends here: every thread has reached it
          continue;
        case IOp::Range:
          split_open.push_back(split_[i]);
          if (split_[i]) {
            close_loop();
            map_[i] = emit(inst);
            continue;
          }
          break;
        case IOp::EndRange: {
          const bool split = split_open.back();
          split_open.pop_back();
          if (split) {
            close_loop();
            emit(inst);
            continue;
          }
          break;
        }
        case IOp::GroupIdx:
          map_[i] = group_[static_cast<size_t>(inst.dim)];
          continue;
        case IOp::LocalIdx:  // each loop of the threads has its own index
          continue;
        case IOp::DefineLocal:
          emit(inst);
          continue;
        case IOp::Const:
        case IOp::Param:
          map_[i] = emit(inst);
          continue;
        default:
          break;
      }
      open_loop();
      if (inst.op == IOp::DefineAcc && spill_[i] >= 0) {
        Inst init{.op = IOp::Const, .dtype = inst.dtype, .value = inst.value};
        int value = emit(init);
        if (inst.width > 1)
          value = emit(
              {.op = IOp::Broadcast, .dtype = inst.dtype, .width = inst.width, .src = {value}});
        store_spill(i, value);
        continue;
      }
      if (inst.op == IOp::Assign && spill_[static_cast<size_t>(inst.src[0])] >= 0) {
        store_spill(static_cast<size_t>(inst.src[0]), use(inst.src[1]));
        continue;
      }
      Inst copy = inst;
      for (int& s : copy.src) s = use(s);
      map_[i] = emit(copy);
      if (spill_[i] >= 0) store_spill(i, map_[i]);
    }
    close_loop();
    return std::move(out_);
  }

 private:
  // Regions: the runs of instructions between barriers and the ends of the ranges that
  // hold barriers, each one loop of the threads. A value used in a region other than its
  // own is spilled: kept in an array of one slot per thread (accumulators always, since
  // they are read where they are defined).
  void find_regions() {
    split_.assign(in_.size(), false);
    std::vector<size_t> ranges;
    for (size_t i = 0; i < in_.size(); ++i) {
      if (in_[i].op == IOp::Range) ranges.push_back(i);
      if (in_[i].op == IOp::EndRange) ranges.pop_back();
      if (in_[i].op == IOp::Barrier)
        for (size_t r : ranges) split_[r] = true;
    }
    std::vector<int> region(in_.size(), 0);
    std::vector<size_t> open;
    int r = 0;
    for (size_t i = 0; i < in_.size(); ++i) {
      const IOp op = in_[i].op;
      if (op == IOp::Range) open.push_back(i);
      const bool boundary = op == IOp::Barrier || (op == IOp::Range && split_[i]) ||
                            (op == IOp::EndRange && split_[open.back()]);
      if (op == IOp::EndRange) open.pop_back();
      if (boundary) ++r;
      region[i] = r;
    }
    for (size_t i = 0; i < in_.size(); ++i)
      for (int s : in_[i].src) {
        const auto src = static_cast<size_t>(s);
        if (!uniform(src) && in_[src].op != IOp::LocalIdx && region[src] != region[i] &&
            spill_[src] < 0)
          spill_[src] = next_local_++;
      }
  }

  // Values every thread of the group shares, which no spill needs.
  bool uniform(size_t i) const {
    const IOp op = in_[i].op;
    return op == IOp::Const || op == IOp::Param || op == IOp::GroupIdx ||
           (op == IOp::Range && split_[i]);
  }

  int emit(Inst inst) {
    out_.push_back(std::move(inst));
    return static_cast<int>(out_.size()) - 1;
  }
  int index(int64_t v) {
    return emit({.op = IOp::Const, .dtype = DType::Int64, .value = {double(v), v}});
  }
  int alu(Op op, int a, int b) {
    return emit({.op = IOp::Alu, .dtype = DType::Int64, .src = {a, b}, .alu = op});
  }
  // Index `of` split into a coordinate of `size` at `stride` (x the fastest, as on GPUs).
  int coordinate(int of, int64_t stride, int64_t size, int64_t total) {
    int v = stride > 1 ? alu(Op::Div, of, index(stride)) : of;
    return size * stride < total ? alu(Op::Mod, v, index(size)) : v;
  }

  void decode_groups() {
    const int flat = emit({.op = IOp::GlobalIdx});
    const int64_t total = groups_[0] * groups_[1] * groups_[2];
    int64_t stride = 1;
    for (size_t d = 0; d < 3; ++d) {
      group_[d] = coordinate(flat, stride, groups_[d], total);
      stride *= groups_[d];
    }
  }

  void open_loop() {
    if (loop_ >= 0) return;
    loop_ = emit({.op = IOp::Range, .lo = 0, .hi = threads_all_});
    int64_t stride = 1;
    for (size_t d = 0; d < 3; ++d) {
      local_[d] = coordinate(loop_, stride, threads_[d], threads_all_);
      stride *= threads_[d];
    }
  }
  void close_loop() {
    if (loop_ < 0) return;
    emit({.op = IOp::EndRange});
    loop_ = -1;
  }

  // The slot of this thread in the spill array of `i`.
  int slot(size_t i) {
    const int width = in_[i].width;
    return width == 1 ? loop_ : alu(Op::Mul, loop_, index(width));
  }
  void declare_spill(size_t i) {
    if (declared_.size() <= i) declared_.resize(in_.size(), false);
    if (declared_[i]) return;
    declared_[i] = true;
    emit({.op = IOp::DefineLocal,
          .dtype = in_[i].dtype,
          .hi = threads_all_ * in_[i].width,
          .buffer = spill_[i]});
  }
  void store_spill(size_t i, int value) {
    declare_spill(i);
    emit({.op = IOp::Store,
          .dtype = in_[i].dtype,
          .width = in_[i].width,
          .src = {slot(i), value},
          .buffer = spill_[i],
          .local = true});
  }

  // Operand `s` of an instruction of the current loop.
  int use(int s) {
    const auto src = static_cast<size_t>(s);
    const Inst& def = in_[src];
    if (def.op == IOp::LocalIdx) return local_[static_cast<size_t>(def.dim)];
    // A spilled accumulator lives in its array; another spilled value is read back
    // when its register belongs to an earlier loop of the threads than this one.
    const bool reload = spill_[src] >= 0 && (def.op == IOp::DefineAcc || map_[src] < loop_);
    if (!reload) return map_[src];
    return emit({.op = IOp::Load,
                 .dtype = def.dtype,
                 .width = def.width,
                 .src = {slot(src)},
                 .buffer = spill_[src],
                 .local = true});
  }
  const std::vector<Inst>& in_;
  std::array<int64_t, 3> groups_, threads_;
  int64_t threads_all_ = 1;
  std::vector<int> map_;    // per instruction of in_: its copy in out_
  std::vector<int> spill_;  // per instruction: its spill array's number, or -1
  std::vector<bool> split_, declared_;
  std::vector<Inst> out_;
  std::array<int, 3> group_{}, local_{};
  int loop_ = -1;
  int next_local_ = 0;
};

}  // namespace

ir::Kernel run_groups_on_host(ir::Kernel kernel, const std::array<int64_t, 3>& groups,
                              const std::array<int64_t, 3>& threads) {
  kernel.insts = HostThreads(kernel, groups, threads).run();
  kernel.dims.global = {groups[0] * groups[1] * groups[2], 1, 1};
  kernel.dims.local = {1, 1, 1};
  return kernel;
}

}  // namespace ingot::codegen
