// The linear kernel IR: a flat list of SSA instructions with structured loops, the
// output of codegen and of the public KernelBuilder (include/ingot/kernel_builder.hpp),
// and the input of every renderer.
//
// Invariants every producer keeps and every renderer relies on:
// - An instruction's sources come before it (src holds indices into Kernel::insts), and
//   lie in a block (Range...EndRange, If...EndIf) that is still open where it is used.
// - Range/EndRange and If/EndIf nest properly; Barrier and DefineLocal are never inside
//   an If (every thread of a group must reach a barrier), and DefineLocal is hoisted to
//   the kernel's outermost scope by the renderers.
// - `buffer` of a Load/Store is an index into Kernel::buffers, or with `local` the
//   `buffer` of a DefineLocal; `buffer` of a Param an index into Kernel::scalars.
// - Buffers are listed output first for the engine's kernels; KernelBuilder's may list
//   them in any order (BufferParam::output says which ones are written).
// - Parameters reach the kernel as the engine launches them (Program::launch with
//   buffers and ScalarArgs): the buffers in order, then the scalars, an Int64 one as an
//   Int ScalarArg and a Float32 one as a Float.
// - GroupIdx/LocalIdx appear only on devices with threadgroups (DeviceInfo::threadgroups);
//   on the CPU the one index is GlobalIdx along dimension 0.
#pragma once

#include <string>
#include <vector>

#include "core/op.hpp"
#include "ingot/runtime.hpp"

namespace ingot::ir {

enum class IOp : uint8_t {
  Const,      // value of `dtype`
  GlobalIdx,  // the iteration index of the global range (a thread's global id on GPUs)
  GroupIdx,   // GPU: the threadgroup's index along dimension 0
  LocalIdx,   // GPU: the thread's index within its threadgroup
  Range,      // for (v = lo; v < hi; ++v) {   (closed by EndRange)
  EndRange,
  Load,         // src: index [, guard]; buffer `buffer`; width > 1 loads consecutive lanes
  Store,        // src: index, value; buffer `buffer`
  Alu,          // `alu` over src (an elementwise Op of core/op.hpp, incl. Cast/Bitcast/Where)
  DefineAcc,    // a mutable accumulator initialised to `value`
  Assign,       // src: accumulator, new value
  Broadcast,    // a scalar to `width` lanes
  Gather,       // `width` scalars (src) into one vector
  Lane,         // lane `hi` of vector src[0], a scalar
  HReduce,      // combines the lanes of src[0] with `alu`
  DefineLocal,  // threadgroup memory: `hi` values of `dtype`, addressed as local `buffer`
  Barrier,      // every thread of the group reaches it before any goes on
  If,           // src: condition; opens a block closed by EndIf
  EndIf,
  ShuffleDown,  // src[0] of the SIMD-group lane `hi` lanes above this thread's
  // SIMD-group matrices (TC): a tile of `dtype` held by the SIMD group together.
  MatZero,    // a tile of zeros
  MatLoad,    // the tile at src[0] of `buffer` (or local), `lo` elements a row, `transposed`;
              // `dim` 0 for the left operand of MatMulAcc, 1 for the right
  MatMulAcc,  // src[0] += src[1] x src[2]
  MatStore,   // tile src[1] to src[0] of `buffer` (or local), `lo` elements a row
  // Copies from device to threadgroup memory that run while the thread goes on (STAGE).
  AsyncCopy,    // `width` values of `dtype` from src[1] of `buffer` to src[0] of local `lo`
  AsyncCommit,  // the copies issued since the last commit form a group
  AsyncWait,    // until at most `hi` of this thread's groups are still in flight
  Param,        // the value of scalar parameter `buffer` (Kernel::scalars), of `dtype`
  // Warpgroup matrix products (Hopper's wgmma, WGMMA): four warps multiply operand tiles
  // in threadgroup memory, laid out in 64-deep slices of 128-byte swizzled rows, into a
  // float32 accumulator (a DefineAcc of `hi` / 2 lanes per thread) while they go on.
  Wgmma,            // src[0] += the 64 x `hi` product of the tiles at src[1] (A) and src[2]
                    // (B) of local `buffer`, 16 deep, of `dtype`; `dim` bit 0: A is stored
                    // M-major, bit 1: B is stored N-major (else depth-major)
  WgmmaFence,       // the accumulators' registers are ready for the products
  WgmmaCommit,      // the products issued since the last commit form a group
  WgmmaWait,        // until at most `hi` of the warpgroup's groups are still running
  AsyncProxyFence,  // this thread's writes to threadgroup memory are visible to the matrix
                    // units and copy engines (they read through another proxy)
};

struct Inst {
  IOp op;
  DType dtype = DType::Int64;  // the element type of the value
  int width = 1;
  std::vector<int> src;
  Op alu = Op::Add;
  ConstValue value;
  int64_t lo = 0, hi = 0;  // Range bounds
  int buffer = -1;
  bool streaming = false;  // Store: bypass the caches
  bool local = false;      // Load/Store: `buffer` names threadgroup memory (DefineLocal)
  int dim = 0;             // GlobalIdx/GroupIdx/LocalIdx: the grid dimension; MatLoad: operand
  bool rolled = false;     // Range: the target's compiler must not unroll it
  // Vector Load/Store: the element index is a multiple of the width, and the buffer starts
  // aligned to the vector's size: the engine passes whole allocations (aligned far beyond
  // a vector), and BuiltKernel::run copies a view at another offset first.
  bool aligned = false;
  bool transposed = false;  // MatLoad: the buffer holds the tile's transpose
  // DefineLocal: the array is the launch's dynamic threadgroup memory (it may pass the
  // static limit; LaunchDims::dynamic_threadgroup_bytes), aligned to 1024 bytes as
  // swizzled tiles want. At most one a kernel.
  bool dynamic = false;
};

struct BufferParam {
  DType dtype;
  bool output;
};

// A scalar passed by value: Int64 or Float32 (the two kinds of ScalarArg).
struct ScalarParam {
  DType dtype;
};

struct Kernel {
  std::string name;
  std::vector<BufferParam> buffers;  // output first (the engine's kernels)
  std::vector<ScalarParam> scalars;  // after the buffers
  std::vector<Inst> insts;
  LaunchDims dims;
  double flops = 0;  // estimated arithmetic per launch
  double bytes = 0;  // estimated memory traffic per launch
  std::string opts;  // the optimizations applied, for DEBUG
  // The kernel holds a register tile of several vectors a step (a CPU matmul's): the
  // target's widest vectors pay there, where a host may prefer narrower ones elsewhere
  // (clang splits 64-byte vectors into halves on AVX-512 Xeons unless told).
  bool wide_vectors = false;
};

}  // namespace ingot::ir
