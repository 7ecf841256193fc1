// The lowering of one kernel under one plan (private to codegen/). Its state is shared by
// the strategies, so its member functions are defined across files by job:
//   lower.cpp         the driver: the walk of the kernel's graph, evaluated at an index
//   tiles.cpp         kernels of output tiles: the grid, LOCAL, UPCAST, ROW
//   lanes.cpp         loads and stores over vector lanes and unrolled steps
//   reduce_plans.cpp  reductions: a loop per thread, UNROLL's chains, GROUP, hoisting
//   matmul_plans.cpp  TC and STAGE (register tiles, SIMD-group matrices)
//   staging.cpp       STAGE's and WGMMA's copies of operand slices into threadgroup memory
//   warpgroup_plan.cpp  WGMMA: Hopper's warpgroup matrix products
//   epilogue.cpp      a matmul's epilogue and the stores of its tiles
//   transpose_plan.cpp  TRANSPOSE: transposing copies through threadgroup memory
// Instructions go through the Emitter (emitter.hpp), index maps through index.hpp.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "codegen/emitter.hpp"
#include "codegen/index.hpp"
#include "codegen/lower.hpp"
#include "codegen/matmul.hpp"
#include "codegen/opts.hpp"

namespace ingot::codegen {

// Names the value of `n` at `idx` under `guard`: eval's cache key (lower.cpp).
std::string value_key(const AstNode* n, const Index& idx, const Expr& guard);

class Lowerer {
 public:
  Lowerer(const AstNode* out, const DeviceInfo& device, const Plan& plan)
      : out_(out),
        device_(device),
        plan_(plan),
        em_(device.local_memory_bytes, device.vector_math) {}

  // The kernel, or Rejected where it does not fit the plan.
  Lowered run();

 private:
  // lower.cpp
  Lowered finish();
  int param(const AstNode* n);
  Val eval(const AstNode* n, const Index& idx, const Expr& guard);
  Val compute(const AstNode* n, const Index& idx, const Expr& guard);
  Val pad_select(const AstNode* n, const Val& v, const Expr& valid);

  // tiles.cpp
  Lowered run_tiles();
  Index tile_index(const Shape& tiles, int64_t count);
  Index unravel_tiles(const Expr& g, const Shape& tiles) const;
  Expr tile_first(const Expr& t, int64_t size, int64_t extent);
  void store_rows(Index idx);
  bool row_in_registers() const;

  // lanes.cpp
  Val per_element(const std::vector<Expr>& exprs,
                  const std::function<int(const std::vector<Expr>&)>& scalar);
  Val iota(const AstNode* n, const Index& idx);
  Val load(const AstNode* n, const Index& idx, const Expr& guard);
  Val take(const AstNode* n, const Index& idx, const Expr& guard);
  Val take_at(const AstNode* n, int at, const Index& idx, const Expr& guard);
  void store(const Index& idx, const Val& value);

  // reduce_plans.cpp
  Val reduce(const AstNode* n, const Index& idx, const Expr& guard);
  Val group_reduce(const AstNode* n, const Index& idx, const Expr& guard);
  void hoist_for_reduce(const AstNode* n, const Index& idx, const Expr& guard);
  void hoist_reductions(const AstNode* n, const Index& idx, const Expr& guard,
                        const std::vector<Expr>& vars, std::unordered_set<std::string>& seen);

  // matmul_plans.cpp
  Lowered run_tc();
  Lowered run_staged();
  MatOperand matrix_operand(const AstNode* n, Index idx, const Expr& outer, const Expr& inner,
                            const Expr& unused);
  // The product's index at output tile `at`, the taps' variables `taps` before the depth's.
  MatVars matrix_vars(const Index& at, const Shape& full, const Index& taps);
  // A matmul's slices `depth` deep over each tap's depth in turn, the taps fresh variables.
  TapSlices tap_slices(const MatmulShape& shape, int64_t depth);
  StagedBlock matrix_block(const StagedSlice& a, const StagedSlice& b, const Expr& tid,
                           const OutputEdge& edge);
  StagedBlock register_block(const StagedSlice& a, const StagedSlice& b, const Expr& tid,
                             const OutputEdge& edge);

  // staging.cpp
  StagedSlice stage_slice(const MatOperand& op, int64_t slice_outer, int64_t slice_inner,
                          int64_t outer_extent, int64_t inner_extent, bool flip, bool async);
  void fetch_slice(const StagedSlice& s, const Expr& outer, const Expr& inner, const Expr& tid,
                   const Expr& stage);
  void put_slice(const StagedSlice& s, const Expr& tid);
  std::vector<int> copy_source(const StagedSlice& s, const Expr& outer, const Expr& inner,
                               const Expr& mr, const Expr& mc);
  void fetch_swizzled(const StagedSlice& s, const Expr& outer, const Expr& inner, const Expr& tid,
                      const Expr& to);

  // warpgroup_plan.cpp, warpgroup_store.cpp
  Lowered run_warpgroup();
  int64_t store_warpgroup_block(int acc, const OutputEdge& edge, const Expr& tid, int ring,
                                int64_t cols, int64_t threads);

  // transpose_plan.cpp
  Lowered run_transposed();

  // epilogue.cpp
  const AstNode* begin_matmul();
  int with_epilogue(int sum, const Expr& at);
  void store_matrix(int acc, const OutputEdge& out, const Expr& r, const Expr& c, int staging,
                    const Expr& slot, const Expr& lane);

  const AstNode* out_;
  const DeviceInfo& device_;
  const Plan& plan_;
  ir::Kernel k_;  // its buffers and launch; the instructions are em_'s
  Emitter em_;
  std::vector<int> inputs_;  // the kernel's inputs read, in the order of their buffers
  std::unordered_map<const AstNode*, int> params_;
  Expr lane_, step_;
  Expr lid_;           // the thread within its group, under GROUP
  Expr group_row_;     // under GROUP, the group's output within its threadgroup (PACK)
  bool tail_ = false;  // an If skips the threads past the end
  int64_t work_per_output_ = 1;
  // TC and STAGE: the matmul's reduction, and whether ops lie above it (begin_matmul).
  const AstNode* matmul_ = nullptr;
  bool epilogue_ = false;
  // A node whose value the lowerer already holds, at whatever index it is asked for: a
  // matmul's reduction, one output element at a time, while its epilogue is evaluated.
  struct Provided {
    const AstNode* node = nullptr;
    int value = -1;
  } provided_;
};

}  // namespace ingot::codegen
