#include "codegen/opts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <optional>
#include <unordered_set>
#include <utility>

#include "codegen/emitter.hpp"
#include "codegen/matmul_choice.hpp"
#include "codegen/plan_axes.hpp"
#include "codegen/vector_plans.hpp"

namespace ingot::codegen {
namespace {

constexpr int64_t kStreamingBytes = int64_t(64) << 20;
constexpr int64_t kSharedLoadWaves = 4;

// Vector code is emitted for the element types and operations every C compiler's
// vector extension handles, and 16-bit floats held as float32 where the language loads
// them so; anything else is left to the compiler's own vectorizer.
bool vector_friendly_dtype(DType dt, bool halves) {
  return dt == DType::Float32 || dt == DType::Float64 || dt == DType::Int32 || dt == DType::Int64 ||
         (halves && (dt == DType::Float16 || dt == DType::BFloat16));
}

bool vector_friendly_op(Op op, DType dt, bool vector_math) {
  // A max or min reduction accumulates with max or min; an iota's lanes are a ramp.
  Op combine = op == Op::ReduceMax ? Op::Max : op == Op::ReduceMin ? Op::Min : op;
  if (vector_math && (op == Op::Where || op == Op::Iota || vector_math_op(combine, dt)))
    return true;
  switch (op) {
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Neg:
    case Op::Const:
    case Op::Contiguous:
    case Op::ReduceSum:
    case Op::Take:  // lanes along its index gather element by element (lanes.cpp)
      return true;
    case Op::Div:
      return is_float(dt);
    default:
      return is_movement(op);
  }
}

struct Region {
  bool friendly = true;                 // every type, and every op under the reductions
  bool epilogue_friendly = true;        // the ops above them (a matmul's activation) too
  std::vector<const AstNode*> reduces;  // reduces reached from the output without crossing another
  bool broadcast_reduce = false;        // one of them is broadcast back to the output's shape
  std::vector<const AstNode*> pads;     // every pad in the kernel
};

void scan(const AstNode* n, bool under_reduce, bool expanded, const DeviceInfo& device, Region& r,
          std::unordered_set<const AstNode*>& seen) {
  if (!seen.insert(n).second) return;
  // Comparisons' results are vectors of bools where the device has vector math; loaded
  // bools are not (their bytes are normalized element by element).
  r.friendly &= vector_friendly_dtype(n->dtype, device.vector_halves) ||
                (device.vector_math && n->dtype == DType::Bool && !n->is_input());
  if (n->is_input()) return;
  if (n->op == Op::Pad) r.pads.push_back(n);
  bool reduce = is_reduce(n->op);
  // A GPU thread runs a vector's lanes one after another anyway: outside reductions, an op
  // without a vector spelling is applied lane by lane at no cost, and the vector still makes
  // the loads and stores wide (float16 swiglu's gate: an exp and a reciprocal).
  const bool lanes_free = device.threadgroups && !under_reduce && !reduce;
  (under_reduce || reduce ? r.friendly : r.epilogue_friendly) &=
      lanes_free || vector_friendly_op(n->op, n->dtype, device.vector_math);
  if (reduce && !under_reduce) {
    r.reduces.push_back(n);
    r.broadcast_reduce |= expanded;
  }
  for (const auto& s : n->src)
    scan(s, under_reduce || reduce, expanded || n->op == Op::Expand, device, r, seen);
}

// Lanes of `dt` a vector holds: a SIMD register on the CPU, a vector a thread loads at once
// on GPUs (DeviceInfo::simd_width float32 lanes); 16-bit floats are held as float32.
int lanes_of(const DeviceInfo& device, DType dt) {
  return std::max(1, device.simd_width * 4 / static_cast<int>(held_bytes(dt)));
}

// Vectors a CPU reduction's iteration takes along its output's lane axis.
constexpr int kReductionLaneVectors = 4;

// GROUP needs at least this many threads sharing a reduction to pay for its combine.
constexpr int64_t kMinGroup = 16;
// Elements each thread of a group reduces before the combine, at least: a group of 256
// threads over a row of 256 spent most of its time combining (shuffles, threadgroup memory
// and two barriers) after one load each.
constexpr int64_t kGroupElementsPerThread = 8;
// Threads per group for GPU kernels, within the device's limit.
constexpr int64_t kLocalThreads = 256;

// A GROUP plan for the reductions of `region`, or nullopt where none fits the device. The
// group splits each reduction's last axis; outside a matmul it has no more threads than
// give each kGroupElementsPerThread of the whole reduction (its other axes are loops).
std::optional<Plan> group_plan(const AstNode* out, const Region& region, const DeviceInfo& device,
                               int64_t threads, bool matmul) {
  if (region.reduces.empty()) return std::nullopt;
  int64_t extent = 0, whole = 0, bytes = 0;
  for (const AstNode* r : region.reduces) {
    extent = std::max(extent, r->src[0]->shape[r->arg.back()]);
    int64_t all = 1;
    for (int64_t axis : r->arg) all *= r->src[0]->shape[axis];
    whole = std::max(whole, all);
    bytes += static_cast<int64_t>(std::max<size_t>(4, dtype_size(r->dtype)));
  }
  // A matmul's group reads rows of A and columns of B: it took the most threads the depth
  // allows (bmm 32x257x128 @ 32x128x255 on the H100: 42 us with 128 threads, 79 with 16).
  const int64_t wanted =
      matmul ? threads
             : static_cast<int64_t>(std::bit_ceil(static_cast<uint64_t>(std::max<int64_t>(
                   1, (whole + kGroupElementsPerThread - 1) / kGroupElementsPerThread))));
  int64_t fits = std::min({threads, wanted, extent, device.local_memory_bytes / bytes});
  if (fits < kMinGroup) return std::nullopt;
  Plan p;
  p.group = std::bit_floor(static_cast<uint64_t>(fits));
  // With enough outputs to give every thread of the device one, a group pays only when
  // its threads read consecutive elements (row sums, softmax rows; not a matmul's B).
  p.group_contiguous = shape_numel(out->shape) >= int64_t(device.compute_units) * threads;
  return p;
}

// PACK: GROUP plans of a SIMD group's threads or fewer take as many outputs a threadgroup
// as fill kLocalThreads, while the threadgroups still number two a compute unit and divide
// the outputs (a threadgroup past the last output would skip the barriers). H100: rows of
// 109 in groups of 16, 72 -> 20 us; rows of 256 in groups of 32, 33 -> 20 us. Larger groups
// keep a threadgroup each: packed two by two, softmax's rows of 1000 in groups of 128 took
// 16 us, not 11.
void pack_groups(std::vector<Plan>& plans, const Shape& shape, const DeviceInfo& device) {
  const int64_t simd = device.shuffle_width > 1 ? device.shuffle_width : 32;
  for (Plan& p : plans) {
    if (p.group <= 1 || p.group > simd || shape.empty()) continue;
    const int64_t outputs = shape_numel(shape) / (p.row_loop ? shape.back() : 1);
    const int64_t most = std::min(kLocalThreads, device.max_threads_per_group) / p.group;
    for (int64_t rows = 2;
         rows <= most && outputs % rows == 0 && outputs / rows >= int64_t{2} * device.compute_units;
         rows *= 2)
      p.group_rows = static_cast<int>(rows);
  }
}

// Variations of the heuristic's plans for BEAM to time, after them: other group sizes
// (the powers of two from kMinGroup to kLocalThreads, as the combine's halving wants), other
// threads per group, other unroll factors of the same axis, STAGE's smaller blocks. Plans
// already listed are not repeated.
void add_variants(std::vector<Plan>& plans, const Shape& shape, const DeviceInfo& device) {
  std::vector<Plan> variants;
  for (const Plan& p : plans) {
    if (p.group > 1)
      for (int64_t g = kMinGroup; g <= std::min(kLocalThreads, device.max_threads_per_group);
           g *= 2)
        if (g != p.group) {
          Plan v = p;
          v.group = static_cast<int>(g);
          variants.push_back(v);
        }
    if (p.local > 1)
      for (int64_t l : {64, 128, 256, 512, 1024})
        if (l <= device.max_threads_per_group) {
          Plan v = p;
          v.local = static_cast<int>(l);
          variants.push_back(v);
        }
    if (p.wgmma)
      for (int64_t cols : kWarpgroupColumns)
        if (cols < p.warpgroup_cols) {
          Plan v = p;
          v.warpgroup_cols = cols;
          variants.push_back(v);
        }
    // Register tiles' other blocks and tiles: blocks of 64 or 128, tiles of 4 x 4 (blocks
    // of 64 alone: 1024 threads for 128), 8 x 4 or 8 x 8.
    if (p.stage && !p.tc)
      for (int64_t block : {kSmallStageBlock, kStageBlock})
        for (auto [rows, cols] : {std::pair<int64_t, int64_t>{4, 4}, {8, 4}, {8, 8}}) {
          if (block == kStageBlock && rows == 4) continue;
          Plan v = p;
          v.stage_block = block;
          v.stage_tile = rows;
          v.stage_tile_cols = cols;
          variants.push_back(v);
        }
    if (p.transpose_tile)
      for (auto [across, along] : kTransposeTileVariants) {
        Plan v = p;
        v.transpose_tile = across;
        v.transpose_lanes = along;
        variants.push_back(v);
      }
    if (p.unroll > 1)
      for (int u : {2, 4, 8})
        if (shape[static_cast<size_t>(p.unroll_axis)] % u == 0) {
          Plan v = p;
          v.unroll = u;
          variants.push_back(v);
        }
  }
  std::unordered_set<std::string> listed;
  for (const Plan& p : plans) listed.insert(p.describe());
  for (const Plan& v : variants)
    if (listed.insert(v.describe()).second) plans.push_back(v);
}

}  // namespace

bool runs_threads(const DeviceInfo& device) { return device.threadgroups; }

std::string Plan::describe() const {
  std::string s;
  if (group > 1)
    s += fmt::format("GROUP({}{}) ", group, width > 1 ? fmt::format("x{}", width) : "");
  if (group_rows > 1) s += fmt::format("PACK({}) ", group_rows);
  if (local > 1) s += fmt::format("LOCAL({}) ", local);
  if (vector_reduce) s += fmt::format("UNROLL(reduce,{}) ", width);
  if (vector_output)
    s += lane_vectors > 1 ? fmt::format("UPCAST(out,{}x{}) ", width, lane_vectors)
                          : fmt::format("UPCAST(out,{}) ", width);
  if (merged_axes > 1) s += fmt::format("MERGE({}) ", merged_axes);
  if (unroll > 1) s += fmt::format("UPCAST(axis{},{}) ", unroll_axis, unroll);
  if (unroll2 > 1) s += fmt::format("UPCAST(axis{},{}) ", unroll2_axis, unroll2);
  if (streaming_store) s += "STREAM ";
  if (row_loop) s += row_width() > 1 ? fmt::format("ROW({}) ", width) : "ROW ";
  if (tc) s += "TC ";
  if (stage) {
    const std::string tile = stage_tile == stage_tile_cols
                                 ? std::to_string(stage_tile)
                                 : fmt::format("{}x{}", stage_tile, stage_tile_cols);
    s += stage_block == kStageBlock && tile == "8"
             ? "STAGE "
             : fmt::format("STAGE({},{}) ", stage_block, tile);
  }
  if (wgmma) s += fmt::format("WGMMA({}) ", warpgroup_cols);
  if (transpose_tile)
    s += transpose_lanes == transpose_tile
             ? fmt::format("TRANSPOSE(axis{},{}) ", transpose_axis, transpose_tile)
             : fmt::format("TRANSPOSE(axis{},{}x{}) ", transpose_axis, transpose_tile,
                           transpose_lanes);
  return s.empty() ? "none" : s;
}

// The last axis longer than 1, where vector lanes go: a reduction's output keeps its
// reduced axis as a trailing 1 (a matmul's [M, N, 1]).
int lane_axis(const Shape& shape) {
  int axis = static_cast<int>(shape.size()) - 1;
  while (axis > 0 && shape[static_cast<size_t>(axis)] == 1) --axis;
  return axis;
}

std::vector<Plan> candidate_plans(const AstNode* out, const DeviceInfo& device, bool noopt,
                                  bool explore) {
  std::vector<Plan> plans;
  Region region;
  std::unordered_set<const AstNode*> seen;
  scan(out, false, false, device, region, seen);
  // Ops above a single reduction run once per output, so a vector plan may apply those
  // without a vector spelling lane by lane; everything else must have one.
  region.friendly &=
      region.epilogue_friendly || (region.reduces.size() == 1 && !region.broadcast_reduce);
  const Shape& shape = out->shape;
  const int lanes = lane_axis(shape);
  const bool threads = runs_threads(device);
  const int64_t local = threads ? std::min(kLocalThreads, device.max_threads_per_group) : 1;
  // The output's lanes (the backend states its vectors: float4 where its language has
  // vector types, 1 where not yet).
  int width = lanes_of(device, out->dtype);
  const AstNode* mm = matmul_reduce(out);
  const bool matmul = mm != nullptr;
  if (mm && !noopt) add_matrix_plans(plans, mm, device);
  // The scheduler fuses a reduction broadcast along the last axis (a row's max or sum)
  // into its consumer: every plan then loops over the rows' last axis.
  if (region.broadcast_reduce && !shape.empty()) {
    if (threads && !noopt)
      if (auto p = group_plan(out, region, device, local, matmul)) plans.push_back(*p);
    // On the CPU the row in vectors: the reductions along it in lanes, those across it
    // (a softmax over columns) a vector of columns at once (softmax over rows of 1000:
    // 7 -> ms; the NaN-keeping max had stayed one element at a time).
    if (!threads && !noopt && region.friendly && width > 1 && shape.back() >= width)
      plans.push_back(Plan{.width = width, .strict = true});
    plans.push_back(Plan{.local = static_cast<int>(local)});
    for (Plan& p : plans) p.row_loop = true;
    if (explore && !noopt) add_variants(plans, shape, device);
    pack_groups(plans, shape, device);
    return plans;
  }
  if (threads && !noopt)
    if (auto p = group_plan(out, region, device, local, matmul)) {
      // Each thread loads vectors where the row divides into them, else elements.
      if (region.friendly && width > 1) {
        Plan wide = *p;
        wide.width = width;
        wide.strict = true;
        plans.push_back(wide);
      }
      plans.push_back(*p);
    }
  if (!noopt && region.friendly && region.reduces.size() == 1 && width > 1) {
    const AstNode* r = region.reduces[0];
    int64_t inner = r->src[0]->shape[r->arg.back()];
    if (matmul) {
      add_matmul_vector_plans(plans, shape, lanes, width, inner, r, threads,
                              matmul_rows_axis(shape, lanes, mm));
    } else {
      // Whole vectors, then the tail element by element (reduce_plans.cpp); on GPUs, where
      // that tail has not been timed yet, only rows of whole vectors.
      // Lanes of the reduction's own type: its output may be wider (argmax's int32 scores
      // give an int64 index), but runs once per row.
      const int reduce_width = lanes_of(device, r->dtype);
      if (inner >= int64_t{2} * reduce_width && (!threads || inner % reduce_width == 0))
        plans.push_back(reduce_lanes(r, reduce_width));
      // On the CPU the last vector of the axis may overlap the one before.
      auto lane_fits = [&](int axis) {
        const int64_t extent = shape[static_cast<size_t>(axis)];
        return threads ? extent % width == 0 : extent >= width;
      };
      // On the CPU several vectors along the lanes' axis, where there are enough of them
      // for every core: a reduction walking a strided axis then reads 256 contiguous bytes
      // a step, which the prefetchers follow, where one vector a row (or a vector of each
      // of several rows) missed the cache at every step (sum over axis 0 of 4099x3072 7.5
      // -> 2.4 ms; over axes 0,1 of 16x64x112x109 4.9 -> 2.1 ms; lanes along an earlier
      // axis, a sum over the middle axis of 256x255x192 permuted, 5.5 -> 1.6 ms).
      auto with_lane_vectors = [&](Plan p, int axis) {
        if (!threads &&
            shape[static_cast<size_t>(axis)] >= int64_t{kReductionLaneVectors} * width &&
            shape_numel(shape) / (int64_t{kReductionLaneVectors} * width) >= device.compute_units)
          p.lane_vectors = kReductionLaneVectors;
        return p;
      };
      // On GPUs the outputs an unrolled thread takes leave at least one group on every
      // compute unit (a column sum's first stage of 65536 outputs ran on 2048 threads
      // with 8 x 4 outputs each, 1.45x the time of one unsplit kernel, on the H100); so do
      // its lanes: with fewer threads than that, a thread an output keeps more loads in
      // flight than a vector each (a sum over axis 0 of 96x509x256 on the H200: 21 us in
      // float4 lanes, 32576 threads; 17 one output a thread).
      const int64_t wave = threads ? int64_t{device.compute_units} * local : 1;
      if (!shape.empty() && lane_fits(lanes) && shape_numel(shape) / width >= wave) {
        Plan p = with_lane_vectors(output_lanes(lanes, width), lanes);
        for (int axis = lanes - 1; axis >= 0 && p.unroll == 1 && p.lane_vectors == 1; --axis) {
          for (int u : {8, 4})
            if (shape[axis] % u == 0 && p.unroll == 1 &&
                shape_numel(shape) / (int64_t{width} * u) >= wave) {
              p.unroll = u;
              p.unroll_axis = axis;
            }
        }
        plans.push_back(p);
      }
      // On the CPU, lanes along an earlier output axis, where the input is contiguous
      // along it and not along the last (a sum over the middle axis of a permuted view:
      // its stores go lane by lane, once per output).
      if (!threads)
        for (int axis = lanes - 1; axis >= 0; --axis)
          if (lane_fits(axis)) plans.push_back(with_lane_vectors(output_lanes(axis, width), axis));
      // On the CPU, the output's lanes even where a load gathers (padded windows stacked
      // and summed: a depthwise convolution written with pad and slice), those loads lane
      // by lane and the rest in vectors, before no plan at all.
      if (!threads && !shape.empty() && lane_fits(lanes)) {
        Plan gathered = output_lanes(lanes, width);
        gathered.strict = false;
        plans.push_back(gathered);
      }
    }
  }
  // On GPUs, a copy whose lanes run across its buffer's rows: TRANSPOSE, through
  // threadgroup memory, in the first tile both axes hold. Twice as long along the lanes
  // as across them, each thread has 8 elements of each phase in flight: H200, float16
  // channels-last pad of 64x256x56x56, 83 -> 69 us against square tiles of 32 (float32
  // transposes 5-15% faster, bench/results/2026-11-28-h200-s8.md).
  const int copy_axis = threads && !noopt && !shape.empty() ? copy_contiguous_axis(out, lanes) : -1;
  if (copy_axis >= 0)
    for (auto [across, along] : kTransposeTiles)
      if (shape[static_cast<size_t>(copy_axis)] >= across &&
          shape[static_cast<size_t>(lanes)] >= along) {
        plans.push_back(Plan{.lane_axis = lanes,
                             .transpose_axis = copy_axis,
                             .transpose_tile = across,
                             .transpose_lanes = along});
        break;
      }
  // An elementwise kernel: vector lanes over the last axis, a large one stored streaming.
  // On GPUs each thread loads and stores one 16-byte vector, where the axis is whole
  // vectors; on the CPU the last vector of an axis overlaps the one before (tanh of a
  // 4096x3001 outer product had run one element at a time: no compiler vectorizes the
  // prelude's functions in a loop of index arithmetic).
  bool large = shape_numel(shape) * static_cast<int64_t>(dtype_size(out->dtype)) >= kStreamingBytes;
  if (!noopt && region.friendly && region.reduces.empty() && width > 1 && !shape.empty() &&
      (threads ? shape[static_cast<size_t>(lanes)] % width == 0
               : shape[static_cast<size_t>(lanes)] >= width)) {
    Plan p;
    p.width = width;
    p.vector_output = true;
    p.lane_axis = lanes;
    p.strict = true;
    // Streaming stores need whole, aligned vectors: no overlapping last one.
    p.streaming_store = large && shape[static_cast<size_t>(lanes)] % width == 0;
    if (const int parts = threads ? -1 : concat_axis(region.pads, shape, lanes); parts >= 0) {
      Plan unrolled = p;
      unrolled.unroll = static_cast<int>(shape[static_cast<size_t>(parts)]);
      unrolled.unroll_axis = parts;
      plans.push_back(unrolled);
      unrolled.strict = false;
      plans.push_back(unrolled);
    }
    plans.push_back(p);
    // On the CPU, where an input would be gathered (a transpose, a padded window), still
    // in vectors: the lanes' loads one by one, the index arithmetic once a vector.
    if (!threads) {
      p.strict = false;
      plans.push_back(p);
    }
    // Where TRANSPOSE does not fit: a thread takes `width` steps along the buffer's axis
    // too, loading lane by lane, each load the next element of the one a step before, so
    // that over its steps a SIMD group reads whole sectors (one element a thread read a
    // 32-byte sector for 2 bytes: the channels-last pad of ResNet's 64x256x58x59 float16
    // input ran at 610 GB/s).
    if (copy_axis >= 0 && shape[static_cast<size_t>(copy_axis)] >= width &&
        shape_numel(shape) / (int64_t{width} * width) >= device.compute_units * local) {
      Plan tile = p;
      tile.strict = false;
      tile.unroll = width;
      tile.unroll_axis = copy_axis;
      plans.push_back(tile);
    }
  }
  // GPUs: a reduction without a vector plan whose input is broadcast along an output axis
  // takes up to 8 of those outputs a thread (the most that divide the axis), loading each
  // element once for them, where that leaves kSharedLoadWaves threads a compute unit's
  // group: a cumsum block's triangle read x[j] again for each of its 16 outputs (H200,
  // 4096 rows of 1000: 45 -> 24 us with 8), while its scan of the 63 blocks' totals, 7
  // outputs a thread in 36864 threads, took 16 us instead of 11.
  if (threads && !noopt && !matmul && region.reduces.size() == 1 && !region.friendly)
    if (int axis = shared_loads_axis(region.reduces[0], shape); axis >= 0)
      for (int u = 8; u >= 2; --u)
        if (shape[static_cast<size_t>(axis)] % u == 0 &&
            shape_numel(shape) / u >= kSharedLoadWaves * device.compute_units * local) {
          plans.push_back(Plan{.unroll = u, .unroll_axis = axis});
          break;
        }
  plans.push_back(Plan{});
  for (Plan& p : plans)
    if (p.group == 1 && !p.tc && !p.stage && !p.wgmma && !p.transpose_tile) p.local = local;
  if (explore && !noopt) add_variants(plans, shape, device);
  pack_groups(plans, shape, device);
  return plans;
}

}  // namespace ingot::codegen
