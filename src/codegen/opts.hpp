// The optimizations of one kernel, as explicit, listable choices (in the spirit of
// tinygrad's Opt): which axis becomes vector lanes, which output axis is unrolled.
// candidate_plans lists them best first; the lowerer falls back to the next plan when
// a kernel does not fit one (a load that would need a gather, an extent that does not
// divide), and the last plan, no optimization, fits every kernel.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "codegen/kernel_ast.hpp"
#include "ingot/runtime.hpp"

namespace ingot::codegen {

constexpr int64_t kStageBlock = 128, kSmallStageBlock = 64;

struct Plan {
  int width = 1;               // vector lanes
  bool vector_output = false;  // UPCAST: output axis lane_axis becomes the lanes
  int lane_axis = -1;  // the last output axis longer than 1 (a reduction's kept axis is not)
  const AstNode* vector_reduce = nullptr;  // UNROLL: this reduce's last axis becomes the lanes
  int unroll = 1;                          // UPCAST by unrolling of output axis unroll_axis
  int unroll_axis = -1;
  // UPCAST's lane axis as this many vectors side by side: a CPU matmul's register tile of
  // 2 vectors by 12 rows loads one vector of A's broadcast for every 2 multiply-adds, where
  // a tile one vector wide loads one for each (1000x999 @ 999x1001 on one core of this
  // VM's Xeon: 60 -> 120 GFLOP/s).
  int lane_vectors = 1;
  // UPCAST's lane axis taken together with the merged_axes - 1 axes before it, as one axis
  // in the tiles (MERGE): a CPU matmul's output reshaped to [B, C, H, W] has its columns
  // in H and W, 56 x 56 in a convolution, and tiles of two vectors along W alone left an
  // eighth of their lanes past its edge and a quarter of the tiles overlapping.
  int merged_axes = 1;
  // A second output axis unrolled (a CPU matmul's rows where the depth is the lanes, so
  // that each loaded vector of A and of B feeds several products).
  int unroll2 = 1;
  int unroll2_axis = -1;
  bool strict = false;  // reject instead of gathering lane by lane
  // Outputs far larger than the caches are written with streaming stores, which skip
  // reading the destination lines first.
  bool streaming_store = false;
  // GPU targets. LOCAL: threads in one group along the global axis. GROUP: the threads
  // of a group share each reduction, each taking every group-th element, and combine
  // their partials in threadgroup memory; one group per output.
  int local = 1;
  int group = 1;
  // PACK: a threadgroup of group_rows GROUPs, each its own output (a row of 109 takes 16
  // threads; a threadgroup of 16 left most of each compute unit idle).
  int group_rows = 1;
  // With many outputs, GROUP only pays when a group's loads are contiguous.
  bool group_contiguous = false;
  // ROW: the last output axis is a loop within the thread, or within the group under
  // GROUP, so that reductions broadcast along it (softmax's max and sum) are computed
  // once per row, in the same kernel.
  bool row_loop = false;
  // TC: a matmul on SIMD-group matrices (DeviceInfo::matrix_tile), one tile of the output
  // per SIMD group, its operands loaded tile by tile straight from their buffers.
  bool tc = false;
  // STAGE: a matmul in blocks of kStageBlock x kStageBlock outputs per group of
  // stage_threads() threads, both operands' tiles copied depth slice by depth slice into
  // threadgroup memory with vector loads, and multiplied from there: on SIMD-group
  // matrices under TC, else each thread a register tile of float32 products.
  bool stage = false;
  // STAGE's block: kStageBlock, or kSmallStageBlock for register tiles where blocks of
  // kStageBlock would leave compute units idle; and, for register tiles, the outputs a
  // thread accumulates along the block's rows and its columns (8 or 4 each).
  int64_t stage_block = kStageBlock;
  int64_t stage_tile = 8, stage_tile_cols = 8;
  // WGMMA (Hopper): a matmul in blocks of kWarpgroupRows x warpgroup_cols outputs per
  // group of two warpgroups, each multiplying its half on wgmma from operand slices that
  // cp.async copies, kWarpgroupDepth deep and swizzled, into a ring of stages in dynamic
  // threadgroup memory.
  bool wgmma = false;
  int64_t warpgroup_cols = 0;
  // TRANSPOSE: a copy of one buffer through movements, contiguous in its buffer along output
  // axis transpose_axis and not along lane_axis, in tiles of transpose_tile elements along
  // the one by transpose_lanes along the other, each through threadgroup memory by a group
  // of up to kTransposeThreads.
  int transpose_axis = -1;
  int64_t transpose_tile = 0, transpose_lanes = 0;

  std::string describe() const;
  // The unrolled steps of a tile: a value each, of `width` lanes.
  int steps() const { return unroll * lane_vectors * unroll2; }
  // The elements a ROW loop takes a step: a vector of `width` on the CPU (ROW(width)),
  // else one.
  int row_width() const { return row_loop && group == 1 ? width : 1; }
};

// TRANSPOSE's groups and tiles (elements across the lanes' axis, along it): the heuristic's,
// the first both axes hold; BEAM's other ones.
constexpr int64_t kTransposeThreads = 256;
constexpr std::pair<int64_t, int64_t> kTransposeTiles[] = {{32, 64}, {32, 32}, {16, 16}};
constexpr std::pair<int64_t, int64_t> kTransposeTileVariants[] = {
    {16, 16}, {32, 32}, {32, 64}, {64, 32}, {64, 64}};

constexpr int64_t kWarpgroupRows = 128, kWarpgroupDepth = 64;
// WGMMA's block widths, widest first: wgmma multiplies 64 rows by any multiple of 8 columns
// at once, and wider products load fewer operand bytes per product.
constexpr int64_t kWarpgroupColumns[] = {256, 128, 64};
// WGMMA's block columns for `batch` products of M x N on `units` compute units: the widest
// the output is as wide as whose blocks give every unit kWarpgroupBlocksPerUnit; else the
// narrowest it is as wide as (most blocks), or 0 where it is narrower than all. float16
// 1024^3 in blocks of 256 columns left 100 of an H200's 132 units idle; attention's scores
// (32 x 512 x 512) in 256 blocks of 256 ran one at a time on each unit, loading while the
// tensor cores idled.
constexpr int64_t kWarpgroupBlocksPerUnit = 2;
int64_t warpgroup_columns(int64_t batch, int64_t M, int64_t N, int64_t units);
// The threads of a STAGE group: under TC four SIMD groups of 32, each multiplying 64 x 64
// outputs (many matrix products per tile loaded), else a thread for each stage_tile x
// stage_tile_cols outputs of the block (16 x 16 threads of 8 x 8 for 128 x 128).
int64_t stage_threads(const Plan& plan);
// The depth of one staged slice: two matrix tiles under TC, else kRegisterSliceDepth where
// both slices fit the device's threadgroup memory, or as shallow as gives each thread a
// 16-byte vector of each to copy (8 for blocks of 128, 16 for 64).
int64_t stage_depth(const Plan& plan, const DeviceInfo& device);
// Register tiles' slices are this deep, so a group's two barriers a slice pay for 32 steps
// of products. H200, beside 8 (blocks of 128) and 16 (of 64), interleaved twice
// (bench/results/2026-11-28-h200-s4.md): float32 4096^3 39.0 -> 42.4 TFLOP/s, the MLP block
// 190 -> 183 us, batch @ shared weight 64.4 -> 60.8, bmm 34.3 -> 32.8; 1000^3 85 -> 88.
// Deeper (64) was slower on blocks of 64, and 16 on blocks of 128 (4000^3: 30.6).
constexpr int64_t kRegisterSliceDepth = 32;

// Whether `device` runs kernels as a grid of threads (every language but C).
bool runs_threads(const DeviceInfo& device);

// The reduction of a matmul under `out`: a sum over the last axes of a product, reached
// through reshapes, a contiguous copy and elementwise ops over as many elements (an
// epilogue: a bias added, an activation), or nullptr. Reduced axes before the last are
// taps (a convolution's kernel window): the product is a sum of matmuls, one a tap.
const AstNode* matmul_reduce(const AstNode* out);

// A matmul reduction's product [..., M, N, taps..., K] as [..., M, N, K], and its taps.
struct MatmulShape {
  Shape shape;
  Shape taps;
};
MatmulShape matmul_shape(const AstNode* mm);

// The plans for `out`, best first (the heuristic's order); with `explore` (BEAM), followed
// by variations of them.
std::vector<Plan> candidate_plans(const AstNode* out, const DeviceInfo& device, bool noopt,
                                  bool explore = false);

}  // namespace ingot::codegen
