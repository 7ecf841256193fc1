// Which matmul plans fit a product: the reduction that is a matmul under a kernel's
// output, its shape, and the plans on matrix units and staged blocks (WGMMA, STAGE, TC)
// with their block sizes, slice depths and threads, which candidate_plans lists first.
#include "codegen/matmul_choice.hpp"

#include <algorithm>
#include <unordered_set>

#include "codegen/index.hpp"

namespace ingot::codegen {
namespace {

// Whether anything under `n`, down to realized buffers, reduces.
bool reduces(const AstNode* n) {
  if (n->is_input()) return false;
  if (is_reduce(n->op)) return true;
  return std::any_of(n->src.begin(), n->src.end(), [](const AstNode* s) { return reduces(s); });
}

}  // namespace

const AstNode* matmul_reduce(const AstNode* out) {
  // The one reduction under `out` through reshapes, a contiguous copy and elementwise ops
  // of as many elements as out (an epilogue), which keep every element of out computed
  // from the same element of the reduction.
  const AstNode* n = nullptr;
  std::vector<const AstNode*> stack = {out};
  std::unordered_set<const AstNode*> seen;
  while (!stack.empty()) {
    const AstNode* at = stack.back();
    stack.pop_back();
    if (at->is_input() || !seen.insert(at).second) continue;
    if (at->op == Op::Reshape || at->op == Op::Contiguous) {
      stack.push_back(at->src[0]);
    } else if (is_reduce(at->op)) {
      if (n && n != at) return nullptr;
      n = at;
    } else if ((is_unary(at->op) || is_binary(at->op) || at->op == Op::Where) &&
               shape_numel(at->shape) == shape_numel(out->shape)) {
      for (const AstNode* s : at->src)
        if (reduces(s)) stack.push_back(s);
    } else {
      return nullptr;
    }
  }
  if (!n || n->op != Op::ReduceSum || n->arg.empty()) return nullptr;
  const AstNode* product = n->src[0];
  const int64_t rank = static_cast<int64_t>(product->shape.size()),
                reduced = static_cast<int64_t>(n->arg.size());
  if (product->is_input() || product->op != Op::Mul || rank < reduced + 2) return nullptr;
  for (int64_t i = 0; i < reduced; ++i)
    if (n->arg[static_cast<size_t>(i)] != rank - reduced + i) return nullptr;
  return n;
}

MatmulShape matmul_shape(const AstNode* mm) {
  const Shape& full = mm->src[0]->shape;
  const auto first_tap = full.end() - static_cast<int64_t>(mm->arg.size());
  MatmulShape m{Shape(full.begin(), first_tap), Shape(first_tap, full.end() - 1)};
  m.shape.push_back(full.back());
  return m;
}

int64_t stage_threads(const Plan& plan) {
  return plan.tc ? 128
                 : (plan.stage_block / plan.stage_tile) * (plan.stage_block / plan.stage_tile_cols);
}

int64_t warpgroup_columns(int64_t batch, int64_t M, int64_t N, int64_t units) {
  int64_t chosen = 0;
  for (int64_t cols : kWarpgroupColumns) {
    if (N < cols) continue;
    chosen = cols;
    if (batch * ceil_div(M, kWarpgroupRows) * ceil_div(N, cols) >= kWarpgroupBlocksPerUnit * units)
      break;
  }
  return chosen;
}

int64_t stage_depth(const Plan& plan, const DeviceInfo& device) {
  if (plan.tc) return 2 * device.matrix_tile;
  // Both slices in threadgroup memory, a row of each a block of float32 padded by one
  // 16-byte vector (staging.cpp's pitch).
  const int64_t row_bytes = (plan.stage_block + 4) * int64_t(sizeof(float));
  if (2 * kRegisterSliceDepth * row_bytes <= device.local_memory_bytes) return kRegisterSliceDepth;
  // Every thread copies at least one 16-byte vector of each slice.
  return std::max<int64_t>(8, stage_threads(plan) * 4 / plan.stage_block);
}

void add_matrix_plans(std::vector<Plan>& plans, const AstNode* mm, const DeviceInfo& device) {
  const MatmulShape shape = matmul_shape(mm);
  const Shape& full = shape.shape;
  const int64_t M = full[full.size() - 3], N = full[full.size() - 2], K = full[full.size() - 1];
  const bool tc = device.matrix_tile > 0 &&
                  std::find(device.matrix_dtypes.begin(), device.matrix_dtypes.end(), mm->dtype) !=
                      device.matrix_dtypes.end();
  // STAGE wants a block's worth of rows and columns and a slice's worth of depth; past
  // multiples of them its last blocks and slices are partly empty.
  // WGMMA first where the device has it: the fastest plan on Hopper.
  const int64_t batch = shape_numel(Shape(full.begin(), full.end() - 3));
  const int64_t cols = warpgroup_columns(batch, M, N, device.compute_units);
  if (tc && device.warpgroup_matmul && M >= kWarpgroupRows && cols && K >= kWarpgroupDepth)
    plans.push_back(Plan{.wgmma = true, .warpgroup_cols = cols});
  Plan staged{.tc = tc, .stage = true};
  // With taps, STAGE's slices run over each tap's depth K in turn.
  if (device.staged_matmul && (tc || mm->dtype == DType::Float32) &&
      K >= stage_depth(staged, device)) {
    const bool whole_blocks = M >= kStageBlock && N >= kStageBlock;
    // Register tiles take blocks of 64, 128 threads of 8 x 4 outputs each: on an H200,
    // 0.85-0.92x cuBLAS on the workload suite's and training's shapes where 256 threads of
    // 4 x 4 ran at 0.52-0.63x (bench/results/2026-11-28-h200-s7.md). Blocks of 128 (256
    // threads of 8 x 8) left fewer than two blocks a unit waiting on memory, and where
    // they were many, ptxas sank their next slice's loads below the products once their
    // addresses were simple enough to predicate: float32 4096^3 3.52 ms on blocks of 64
    // against 4.31 (BEAM still times both; bench/results/2026-11-28-h200-s8.md, call 10).
    Plan small = staged;
    small.stage_block = kSmallStageBlock;
    small.stage_tile = 8;
    small.stage_tile_cols = 4;
    if (!tc && M >= kSmallStageBlock && N >= kSmallStageBlock && K >= stage_depth(small, device))
      plans.push_back(small);
    if (whole_blocks) plans.push_back(staged);
  }
  int64_t tile = device.matrix_tile;
  if (tc && M % tile == 0 && N % tile == 0 && K % tile == 0) plans.push_back(Plan{.tc = true});
}

}  // namespace ingot::codegen
