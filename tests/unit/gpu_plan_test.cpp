// The GPU-style plans against a device's limits: for any described device, a lowered
// kernel's group fits max_threads_per_group, its threadgroup memory fits
// local_memory_bytes, and its grid is whole groups. No device runs here: the lowering
// reads only the description, so small, odd and large devices are all checked on every
// machine (the op suite runs the kernels on the devices that open).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>

#include "codegen/lower.hpp"
#include "engine/realize.hpp"
#include "ingot/ingot.hpp"
#include "nn/windows.hpp"
#include "schedule/schedule.hpp"
#include "support/lowering.hpp"
#include "tensor/matmul_parts.hpp"

namespace ingot {
namespace {

DeviceInfo gpu(int64_t max_threads, int64_t local_bytes, int compute_units = 8) {
  return {.name = "GPU",
          .language = "opencl",
          .is_gpu = true,
          .compute_units = compute_units,
          .threadgroups = true,
          .max_threads_per_group = max_threads,
          .local_memory_bytes = local_bytes,
          .simd_width = 4};
}

// An H100 as CUDA describes it: 16 x 16 matrix tiles of 16-bit types, STAGE.
DeviceInfo cuda_like() {
  DeviceInfo device = gpu(1024, 48 << 10, 132);
  device.language = "cuda";
  device.shuffle_width = 32;
  device.matrix_tile = 16;
  device.matrix_dtypes = {DType::Float16};
  device.staged_matmul = true;
  return device;
}

// An H100 as CUDA describes it on compute capability 9.0: warpgroup products too, with
// 227 KiB of dynamic shared memory.
DeviceInfo hopper_like() {
  DeviceInfo device = cuda_like();
  device.matrix_dtypes = {DType::Float16, DType::BFloat16};
  device.warpgroup_matmul = true;
  device.dynamic_local_memory_bytes = 227 << 10;
  return device;
}

// An Apple GPU as Metal describes it: 8 x 8 float32 SIMD-group matrices, no STAGE.
DeviceInfo metal_like() {
  DeviceInfo device = gpu(1024, 32 << 10, 10);
  device.language = "metal";
  device.shuffle_width = 32;
  device.matrix_tile = 8;
  device.matrix_dtypes = {DType::Float32};
  return device;
}

using support::input;

struct Work {
  std::string name;
  std::function<Tensor()> build;
};

const std::vector<Work> kWork = {
    {"elementwise 3-D",
     [] {
       return input({5, 64, 1024}) * 2.0 + input({1024});
     }},
    {"elementwise prime",
     [] {
       return input({7, 13}).exp();
     }},
    {"row sums",
     [] {
       return input({6, 3000}).sum({1});
     }},
    {"column sums",
     [] {
       return input({3000, 6}).sum({0});
     }},
    {"full sum", [] { return input({1 << 20}).sum(); }},
    {"softmax",
     [] {
       return input({9, 777}).softmax(1);
     }},
    {"max and sum in one kernel",
     [] {
       return input({4, 500}).max({1}) + input({4, 500}).sum({1});
     }},
    {"matmul",
     [] {
       return input({96, 64}).matmul(input({64, 80}));
     }},
};

// Lowers every kernel of every workload for `device`, checking each against its limits;
// returns the opts of all of them.
std::string lower_all(const DeviceInfo& device) {
  std::string opts;
  for (const Work& work : kWork) {
    SCOPED_TRACE(work.name);
    Tensor out = work.build();
    for (const auto& item : engine::schedule({out.node()})) {
      codegen::Lowered l = support::lower(item.out, device);
      const LaunchDims& dims = l.kernel.dims;
      int64_t threads = dims.local[0] * dims.local[1] * dims.local[2];
      EXPECT_LE(threads, device.max_threads_per_group) << l.kernel.name;
      for (int d = 0; d < 3; ++d) EXPECT_EQ(dims.global[d] % dims.local[d], 0) << l.kernel.name;
      int64_t local_bytes = 0;
      for (const auto& inst : l.kernel.insts)
        if (inst.op == ir::IOp::DefineLocal) local_bytes += inst.hi * 4;
      EXPECT_LE(local_bytes, device.local_memory_bytes) << l.kernel.name;
      opts += l.kernel.name + ": " + l.kernel.opts + "\n";
      engine::realize({item.out});  // the next kernel reads this one's output
    }
  }
  return opts;
}

TEST(GpuPlans, StayWithinLargeSmallAndOddDevices) {
  for (const DeviceInfo& device :
       {gpu(1024, 48 << 10, 132), gpu(256, 32 << 10), gpu(64, 1 << 10), gpu(48, 256), gpu(1, 0)}) {
    SCOPED_TRACE(device.max_threads_per_group);
    lower_all(device);
  }
}

TEST(GpuPlans, GroupForFewLongReductionsNotForAMatmul) {
  DeviceInfo device = gpu(256, 32 << 10, 16);
  codegen::Lowered rows = support::lower(input({6, 3000}).sum({1}).node(), device);
  EXPECT_NE(rows.kernel.opts.find("GROUP(256)"), std::string::npos) << rows.kernel.opts;
  EXPECT_EQ(rows.kernel.dims.global[0], 6 * 256);
  // 16 x 256 threads would each have an output of their own, and B's loads are strided
  // across a group: register tiles instead.
  codegen::Lowered mm = support::lower(input({128, 64}).matmul(input({64, 128})).node(), device);
  EXPECT_EQ(mm.kernel.opts.find("GROUP"), std::string::npos) << mm.kernel.opts;
  EXPECT_NE(mm.kernel.opts.find("UPCAST"), std::string::npos) << mm.kernel.opts;
}

// A group gives each thread several elements of the whole reduction; an unrolled vector
// plan keeps at least one group of threads on every compute unit.
TEST(GpuPlans, GroupsAndUnrollsKeepEveryComputeUnitBusy) {
  DeviceInfo device = gpu(1024, 48 << 10, 132);
  codegen::Lowered rows = support::lower(input({4096, 256}).sum({1}).node(), device);
  EXPECT_NE(rows.kernel.opts.find("GROUP(32x4)"), std::string::npos) << rows.kernel.opts;
  // The group splits the last axis (56); the whole reduction (32 x 56 x 56) asks for more.
  codegen::Lowered stats = support::lower(input({32, 64, 56, 56}).sum({0, 2, 3}).node(), device);
  EXPECT_NE(stats.kernel.opts.find("GROUP(32)"), std::string::npos) << stats.kernel.opts;
  // 262144 outputs in float4 lanes are 65536 threads: unrolled 8 times, 8192, fewer than
  // a group of 256 on each of the 132 compute units.
  codegen::Lowered columns = support::lower(input({16, 1024, 256}).sum({0}).node(), device);
  EXPECT_NE(columns.kernel.opts.find("UPCAST(out,4)"), std::string::npos) << columns.kernel.opts;
  EXPECT_EQ(columns.kernel.opts.find("UPCAST(axis"), std::string::npos) << columns.kernel.opts;
  // 65536 outputs in float4 lanes would be 16384 threads, fewer than that too: one output
  // a thread.
  codegen::Lowered few = support::lower(input({16, 256, 256}).sum({0}).node(), device);
  EXPECT_EQ(few.kernel.opts.find("UPCAST"), std::string::npos) << few.kernel.opts;
  const auto& grid = few.kernel.dims.global;
  EXPECT_EQ(grid[0] * grid[1] * grid[2], 65536);
}

TEST(GpuPlans, AWideLastAxisMakesA3DGrid) {
  codegen::Lowered l = support::lower((input({5, 64, 1024}) * 2.0).node(), gpu(256, 32 << 10));
  // float4 lanes: 1024 / 4 = 256 threads along x, 64 rows along y, 5 along z.
  EXPECT_EQ(l.kernel.dims.global, (std::array<int64_t, 3>{256, 64, 5}));
  EXPECT_EQ(l.kernel.dims.local, (std::array<int64_t, 3>{256, 1, 1}));
}

TEST(GpuPlans, MatmulOnSimdGroupMatricesWhereTheDeviceHasThem) {
  DeviceInfo device = metal_like();
  device.matrix_tile = 0;
  codegen::Lowered plain = support::lower(input({64, 128}).matmul(input({128, 96})).node(), device);
  EXPECT_EQ(plain.kernel.opts.find("TC"), std::string::npos) << plain.kernel.opts;
  device = metal_like();
  codegen::Lowered tc = support::lower(input({64, 128}).matmul(input({128, 96})).node(), device);
  EXPECT_NE(tc.kernel.opts.find("TC"), std::string::npos) << tc.kernel.opts;
  // One SIMD group of 32 threads per 8 x 8 tile of the 64 x 96 output.
  EXPECT_EQ(tc.kernel.dims.global[0], 8 * 12 * 32);
  EXPECT_EQ(tc.kernel.dims.local[0], 32);
  // Every other column of A: neither its rows nor its columns are contiguous.
  Tensor strided = input({64, 256}).slice({Slice{}, Slice{std::nullopt, std::nullopt, 2}});
  codegen::Lowered gather = support::lower(strided.matmul(input({128, 96})).node(), device);
  EXPECT_EQ(gather.kernel.opts.find("TC"), std::string::npos) << gather.kernel.opts;
}

size_t count(const ir::Kernel& k, ir::IOp op) {
  return static_cast<size_t>(
      std::count_if(k.insts.begin(), k.insts.end(), [&](const ir::Inst& i) { return i.op == op; }));
}

// Groups smaller than a SIMD group: packed several to a threadgroup where the outputs
// allow, combining by shuffles within their segment of a SIMD group; a threadgroup of one
// small group (too few outputs to pack) combines in threadgroup memory, since a shuffle
// would name lanes that do not run.
TEST(GpuPlans, SmallGroupsPackAndShuffleWithinTheirSegment) {
  DeviceInfo device = cuda_like();
  codegen::Lowered packed = support::lower(input({16, 64, 112, 109}).mean({3}).node(), device);
  EXPECT_EQ(packed.kernel.opts, "GROUP(16) PACK(16) ");
  EXPECT_EQ(packed.kernel.dims.local[0], 256);
  EXPECT_EQ(count(packed.kernel, ir::IOp::ShuffleDown), 4u);
  codegen::Lowered alone = support::lower(input({3, 109}).sum({1}).node(), device);
  EXPECT_EQ(alone.kernel.opts, "GROUP(16) ");
  EXPECT_EQ(alone.kernel.dims.local[0], 16);
  EXPECT_EQ(count(alone.kernel, ir::IOp::ShuffleDown), 0u);
}

// A copy whose lanes run across its buffer's rows (the channels-last pad of a
// convolution's input) goes through threadgroup memory in tiles of the lanes' axis and the
// axis the buffer runs along (32 x 64, 32 x 32 or 16 x 16, the first both hold); else it
// takes a tile of lanes by steps along the buffer's axis, its loads gathered lane by lane.
// One whose lanes run along the rows stays in whole vectors.
TEST(GpuPlans, TransposingCopiesGoThroughThreadgroupTiles) {
  DeviceInfo device = cuda_like();
  device.vector_halves = true;  // as CUDA says
  auto padded = [&](int64_t channels) {
    Tensor nchw = Tensor::empty({64, channels, 56, 56}, DType::Float16, "CPU");
    return support::lower(
        nchw.pad({{0, 0}, {0, 0}, {1, 1}, {1, 1}}).permute({0, 2, 3, 1}).contiguous().node(),
        device);
  };
  codegen::Lowered wide = padded(64);
  EXPECT_EQ(wide.kernel.opts, "TRANSPOSE(axis2,32x64) ");
  EXPECT_EQ(wide.kernel.dims.local[0], 256);
  EXPECT_EQ(wide.kernel.dims.global[0], 64 * 58 * 2 * 1 * 256);
  EXPECT_EQ(count(wide.kernel, ir::IOp::Barrier), 1u);
  EXPECT_EQ(padded(32).kernel.opts, "TRANSPOSE(axis2,32) ");
  EXPECT_EQ(padded(16).kernel.opts, "TRANSPOSE(axis2,16) ");
  const std::string narrow = padded(8).kernel.opts;
  EXPECT_NE(narrow.find("UPCAST(axis2,"), std::string::npos) << narrow;
  Tensor nchw = Tensor::empty({64, 64, 56, 56}, DType::Float16, "CPU");
  const std::string plain = support::lower((nchw + 1.0).node(), device).kernel.opts;
  EXPECT_EQ(plain.find("UPCAST(axis"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("TRANSPOSE"), std::string::npos) << plain;
}

TEST(GpuPlans, LargeMatmulsStagedThroughThreadgroupMemory) {
  DeviceInfo device = cuda_like();
  auto lower = [&](DType dt, int64_t m) {
    Tensor a = Tensor::empty({m, 64}, dt, "CPU"), b = Tensor::empty({64, 256}, dt, "CPU");
    return support::lower(a.matmul(b).node(), device);
  };
  // Float32: blocks of 64 x 64, 128 threads of 8 x 4 outputs each, however few compute
  // units there are.
  device.compute_units = 2;
  EXPECT_EQ(lower(DType::Float32, 256).kernel.opts, "STAGE(64,8x4) ");
  device.compute_units = 132;
  codegen::Lowered small = lower(DType::Float32, 256);
  EXPECT_EQ(small.kernel.opts, "STAGE(64,8x4) ");
  EXPECT_EQ(small.kernel.dims.global[0], 4 * 4 * 128);
  EXPECT_EQ(small.kernel.dims.local[0], 128);
  // Both operands' slices are loaded 16 bytes at a time, A's too though it is flipped
  // depth-major as it is stored.
  auto memory_loads = [](const ir::Kernel& k, int width) {
    return std::count_if(k.insts.begin(), k.insts.end(), [&](const ir::Inst& i) {
      return i.op == ir::IOp::Load && !i.local && i.width == width;
    });
  };
  EXPECT_GT(memory_loads(small.kernel, 4), 0);
  EXPECT_EQ(memory_loads(small.kernel, 1), 0);
  codegen::Lowered whole = lower(DType::Float16, 256);
  EXPECT_EQ(whole.kernel.opts, "TC STAGE ");
  auto zero_fills = [](const ir::Kernel& k) {
    return std::count_if(k.insts.begin(), k.insts.end(), [](const ir::Inst& i) {
      return i.op == ir::IOp::AsyncCopy && i.src.size() == 3;
    });
  };
  EXPECT_EQ(zero_fills(whole.kernel), 0);
  // 144 rows: a second row of blocks, whose copies past row 144 write zeros and whose
  // stores past it are skipped.
  codegen::Lowered ragged = lower(DType::Float16, 144);
  EXPECT_EQ(ragged.kernel.opts, "TC STAGE ");
  EXPECT_EQ(ragged.kernel.dims.global[0], 2 * 2 * 128);
  EXPECT_GT(zero_fills(ragged.kernel), 0);
  EXPECT_GT(count(ragged.kernel, ir::IOp::If), count(whole.kernel, ir::IOp::If));
  EXPECT_EQ(lower(DType::Float32, 144).kernel.opts, "STAGE(64,8x4) ");
  // Fewer rows than a block: the plain matrix tiles; float32 blocks of 64 rows down to 64
  // rows, then register tiles.
  EXPECT_EQ(lower(DType::Float16, 96).kernel.opts, "TC ");
  EXPECT_EQ(lower(DType::Float32, 96).kernel.opts, "STAGE(64,8x4) ");
  EXPECT_EQ(lower(DType::Float32, 48).kernel.opts.find("STAGE"), std::string::npos);
  // Rows starting one element past 16 bytes cannot be copied 16 bytes at a time.
  Tensor shifted = Tensor::empty({256, 72}, DType::Float16, "CPU").slice({Slice{}, Slice{1, 65}});
  codegen::Lowered unaligned = support::lower(
      shifted.matmul(Tensor::empty({64, 256}, DType::Float16, "CPU")).node(), device);
  EXPECT_EQ(unaligned.kernel.opts, "TC ");
  // The slices do not fit 4 KiB of threadgroup memory.
  device.local_memory_bytes = 4 << 10;
  EXPECT_EQ(lower(DType::Float16, 256).kernel.opts, "TC ");
}

// Odd extents and transposed operands stay on STAGE: rows of memory that are no whole
// vectors are copied element by element, rows of the output stored through threadgroup
// memory a band at a time (for blocks of 128 too: the whole block would not fit).
TEST(GpuPlans, OddAndTransposedFloatMatmulsStaged) {
  DeviceInfo device = cuda_like();
  auto opts = [&](const Tensor& out) { return support::lower(out.node(), device).kernel.opts; };
  EXPECT_EQ(opts(input({130, 37}).matmul(input({37, 131}))), "STAGE(64,8x4) ");
  EXPECT_EQ(opts(input({37, 129}).T().matmul(input({131, 37}).T())), "STAGE(64,8x4) ");
  EXPECT_EQ(opts(input({3, 130, 64}).matmul(input({3, 131, 64}).transpose())), "STAGE(64,8x4) ");
  // BEAM's blocks of 128 (256 threads of 8 x 8) lower for them too.
  Tensor both_transposed = input({37, 129}).T().matmul(input({131, 37}).T());
  std::vector<std::string> timed;
  for (const codegen::Lowered& l : codegen::lower_candidates(
           engine::describe_kernel(both_transposed.node()).ast, device, false, 16))
    timed.push_back(l.kernel.opts);
  EXPECT_NE(std::find(timed.begin(), timed.end(), "STAGE "), timed.end());
}

// A sum over taps of matmuls (a stride-1 convolution as nn/conv.cpp writes it: each tap a
// view of the same rows of channels, moved by whole rows) takes STAGE, one pipeline of
// slices running over each tap's depth in turn: in float32 on register tiles, 3 taps of
// one 32-deep slice each; in float16 on matrix tiles, its rows copied asynchronously, and
// on Hopper's warpgroup products.
TEST(GpuPlans, SumsOverTapsOfMatmulsStaged) {
  auto tap_sums = [](DType dt, int64_t out_channels, int64_t channels = 32,
                     const DeviceInfo& device = cuda_like()) {
    Tensor rows = Tensor::empty({258, channels}, dt, "CPU");
    Tensor windows = nn::detail::windows_on_axis(rows, 0, 3, 1, 1);  // [256, 3, channels]
    Tensor weight = Tensor::empty({1, out_channels, 3, channels}, dt, "CPU");
    Tensor sums = (windows.unsqueeze(1) * weight).sum({-2, -1});
    return support::lower(sums.node(), device);
  };
  codegen::Lowered f32 = tap_sums(DType::Float32, 64);
  EXPECT_EQ(f32.kernel.opts, "STAGE(64,8x4) ");
  EXPECT_EQ(f32.kernel.dims.global[0], 4 * 128);
  const auto slices = std::find_if(f32.kernel.insts.begin(), f32.kernel.insts.end(),
                                   [](const ir::Inst& i) { return i.op == ir::IOp::Range; });
  ASSERT_NE(slices, f32.kernel.insts.end());
  EXPECT_EQ(slices->hi, 3);
  EXPECT_EQ(tap_sums(DType::Float16, 128).kernel.opts, "TC STAGE ");
  // On Hopper, on warpgroup products where each tap's depth is a whole slice (64).
  EXPECT_EQ(tap_sums(DType::Float16, 128, 64, hopper_like()).kernel.opts, "WGMMA(64) ");
}

// Few outputs over a long depth: a batch of products over parts of the depth, then their
// sum, each a kernel with work for every group.
TEST(GpuPlans, FewOutputsOverALongDepthSummedInParts) {
  Tensor out = input({64, 16384}).matmul(input({16384, 64}));
  auto items = engine::schedule({out.node()});
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].out->shape, (Shape{64, 64, 64, 1}));
  // A matrix times a vector sums rows of the matrix: one kernel.
  EXPECT_EQ(engine::schedule({input({64, 16384}).matmul(input({16384})).node()}).size(), 1u);
}

// On devices with threadgroups, an output of fewer 64 x 64 tiles than the device has
// compute units is summed in the parts that give each unit two tiles, each part at least
// 256 deep.
TEST(GpuPlans, FewTilesOverADepthSummedInPartsOnThreadgroupDevices) {
  const std::vector<std::string> devices = Device::available();
  if (std::find(devices.begin(), devices.end(), "METAL:0") == devices.end())
    GTEST_SKIP() << "METAL:0 does not open here";
  const int64_t units = Device::get("METAL:0").info().compute_units;
  auto on_metal = [](const Shape& shape) {
    return Tensor::empty(shape, DType::Float32, "METAL:0");
  };
  int64_t parts = 2;
  while (parts < 2 * units && parts < 64) parts *= 2;
  auto items = engine::schedule({on_metal({64, 256 * 64}).matmul(on_metal({256 * 64, 60})).node()});
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].out->shape, (Shape{parts, 64, 60, 1}));
  // As many tiles as units: one product.
  EXPECT_EQ(
      engine::schedule({on_metal({64 * units, 4096}).matmul(on_metal({4096, 64})).node()}).size(),
      1u);
  // A depth the parts do not divide is padded with zeros to whole parts: copies of a and b.
  int64_t odd_parts = 2;
  while (odd_parts < 2 * units && 1025 / (2 * odd_parts) >= 256) odd_parts *= 2;
  const int64_t depth = (1025 + odd_parts - 1) / odd_parts;
  auto padded = engine::schedule({on_metal({64, 1025}).matmul(on_metal({1025, 64})).node()});
  ASSERT_EQ(padded.size(), 4u);
  EXPECT_EQ(padded[0].out->shape, (Shape{64, depth * odd_parts}));
  EXPECT_EQ(padded[1].out->shape, (Shape{depth * odd_parts, 64}));
  EXPECT_EQ(padded[2].out->shape, (Shape{odd_parts, 64, 64, 1}));
}

// On an H200's 132 units: float32 products whose second wave of 64 x 64 tiles would leave
// most units idle split their depth in two; a fuller second wave, a full first one, or
// 16-bit products (larger blocks on matrix units) do not.
TEST(GpuPlans, DepthPartsOfAShortSecondWave) {
  const DeviceInfo device = cuda_like();
  const DType f32 = DType::Float32;
  EXPECT_EQ(frontend::depth_parts(device, 1, 1001, 513, 768, f32), 2);      // 144 tiles
  EXPECT_EQ(frontend::depth_parts(device, 1, 1000, 1001, 999, f32), 0);     // 256 tiles
  EXPECT_EQ(frontend::depth_parts(device, 1, 64 * 132, 64, 4096, f32), 0);  // one wave
  EXPECT_EQ(frontend::depth_parts(device, 1, 1001, 513, 768, DType::Float16), 0);
  EXPECT_EQ(frontend::depth_parts(device, 1, 64, 64, 16384, f32), 64);  // one tile
  EXPECT_EQ(frontend::depth_parts(device, 1, 1001, 513, 300, f32), 0);  // parts too shallow
}

TEST(GpuPlans, MatmulEpiloguesRunInTheStoresOfTileAndStagedPlans) {
  DeviceInfo device = cuda_like();
  auto block = [](DType dt) {
    Tensor x = Tensor::empty({256, 64}, dt, "CPU"), w = Tensor::empty({64, 256}, dt, "CPU");
    return (x.matmul(w) + Tensor::empty({256}, dt, "CPU")).gelu();
  };
  auto has_tanh = [](const codegen::Lowered& l) {
    return std::any_of(l.kernel.insts.begin(), l.kernel.insts.end(),
                       [](const ir::Inst& i) { return i.op == ir::IOp::Alu && i.alu == Op::Tanh; });
  };
  codegen::Lowered f32 = support::lower(block(DType::Float32).node(), device);
  EXPECT_EQ(f32.kernel.opts, "STAGE(64,8x4) ");
  EXPECT_TRUE(has_tanh(f32));
  codegen::Lowered f16 = support::lower(block(DType::Float16).node(), device);
  EXPECT_EQ(f16.kernel.opts, "TC STAGE ");
  EXPECT_TRUE(has_tanh(f16));
  // A permute between the matmul and the activation is no epilogue: each output element
  // would need another element of the sums.
  Tensor x = Tensor::empty({256, 64}, DType::Float32, "CPU");
  codegen::Lowered moved = support::lower(
      x.matmul(Tensor::empty({64, 256}, DType::Float32, "CPU")).T().gelu().node(), device);
  EXPECT_EQ(moved.kernel.opts.find("STAGE"), std::string::npos) << moved.kernel.opts;
  // Metal's 8 x 8 tiles store through threadgroup memory to apply it.
  DeviceInfo metal = metal_like();
  Tensor a = Tensor::empty({64, 128}, DType::Float32, "CPU");
  codegen::Lowered tc = support::lower(
      a.matmul(Tensor::empty({128, 96}, DType::Float32, "CPU")).tanh().node(), metal);
  EXPECT_EQ(tc.kernel.opts, "TC ");
  EXPECT_GT(count(tc.kernel, ir::IOp::DefineLocal), 0u);
}

TEST(GpuPlans, HopperMatmulsOnWarpgroupProducts) {
  // One compute unit: these small products give it two blocks as wide as they allow.
  auto one_unit = [] {
    DeviceInfo d = hopper_like();
    d.compute_units = 1;
    return d;
  };
  DeviceInfo device = one_unit();
  auto lower = [&](DType dt, int64_t m, int64_t n, bool a_t = false, bool b_t = false,
                   int64_t k = 256) {
    Tensor a = a_t ? Tensor::empty({k, m}, dt, "CPU").T() : Tensor::empty({m, k}, dt, "CPU");
    Tensor b = b_t ? Tensor::empty({n, k}, dt, "CPU").T() : Tensor::empty({k, n}, dt, "CPU");
    return support::lower(a.matmul(b).node(), device);
  };
  auto layouts = [](const ir::Kernel& k) {
    std::vector<int> seen;
    for (const ir::Inst& i : k.insts)
      if (i.op == ir::IOp::Wgmma) seen.push_back(i.dim);
    return seen;
  };
  auto dynamic_locals = [](const ir::Kernel& k) {
    return std::count_if(k.insts.begin(), k.insts.end(), [](const ir::Inst& i) {
      return i.op == ir::IOp::DefineLocal && i.dynamic;
    });
  };
  for (DType dt : {DType::Float16, DType::BFloat16}) {
    SCOPED_TRACE(dtype_name(dt));
    // Blocks of 128 x 256 outputs, two warpgroups each; four 16-deep products a 64-deep
    // slice, B read N-major; four stages of 48 KiB for four slices, one for one, though
    // the block's outputs then stage through 128 rows of 264 halves to be stored.
    codegen::Lowered whole = lower(dt, 256, 512);
    EXPECT_EQ(whole.kernel.opts, "WGMMA(256) ");
    EXPECT_EQ(whole.kernel.dims.global[0], 2 * 2 * 256);
    EXPECT_EQ(whole.kernel.dims.local[0], 256);
    EXPECT_EQ(whole.kernel.dims.dynamic_threadgroup_bytes, 4 * (128 + 256) * 64 * 2);
    EXPECT_EQ(lower(dt, 256, 512, false, false, 64).kernel.dims.dynamic_threadgroup_bytes,
              128 * (256 + 8) * 2);
    EXPECT_EQ(layouts(whole.kernel), (std::vector<int>{2, 2, 2, 2}));
    EXPECT_EQ(dynamic_locals(whole.kernel), 1);
    EXPECT_EQ(count(whole.kernel, ir::IOp::WgmmaWait), 2u);
    // The block is stored 16 bytes at a time, through the ring.
    EXPECT_TRUE(std::any_of(
        whole.kernel.insts.begin(), whole.kernel.insts.end(),
        [](const ir::Inst& i) { return i.op == ir::IOp::Store && i.buffer == 0 && i.width == 8; }));
    // Transposed operands are read as memory holds them: A M-major, B depth-major.
    EXPECT_EQ(layouts(lower(dt, 256, 512, true, true).kernel), (std::vector<int>{1, 1, 1, 1}));
  }
  // 128 columns: blocks of 128 x 128. 200 rows: copies past row 200 write zeros.
  codegen::Lowered narrow = lower(DType::Float16, 200, 128);
  EXPECT_EQ(narrow.kernel.opts, "WGMMA(128) ");
  EXPECT_EQ(narrow.kernel.dims.global[0], 2 * 256);
  EXPECT_EQ(narrow.kernel.dims.dynamic_threadgroup_bytes, 4 * (128 + 128) * 64 * 2);
  EXPECT_TRUE(std::any_of(
      narrow.kernel.insts.begin(), narrow.kernel.insts.end(),
      [](const ir::Inst& i) { return i.op == ir::IOp::AsyncCopy && i.src.size() == 3; }));
  // On 132 units the blocks narrow until they fill them, 64 columns at the narrowest:
  // 256 x 512 in 16 blocks of 128 x 64, 8 KiB of B a stage.
  device = hopper_like();
  codegen::Lowered filled = lower(DType::Float16, 256, 512);
  EXPECT_EQ(filled.kernel.opts, "WGMMA(64) ");
  EXPECT_EQ(filled.kernel.dims.global[0], 2 * 8 * 256);
  EXPECT_EQ(filled.kernel.dims.dynamic_threadgroup_bytes, 4 * (128 + 64) * 64 * 2);
  // Every layout, though a block of B is then as wide as its slice is deep.
  EXPECT_EQ(layouts(filled.kernel), (std::vector<int>{2, 2, 2, 2}));
  EXPECT_EQ(layouts(lower(DType::Float16, 256, 512, true, true).kernel),
            (std::vector<int>{1, 1, 1, 1}));
  EXPECT_EQ(layouts(lower(DType::Float16, 256, 512, false, true).kernel),
            (std::vector<int>{0, 0, 0, 0}));
  EXPECT_EQ(layouts(lower(DType::Float16, 256, 512, true, false).kernel),
            (std::vector<int>{3, 3, 3, 3}));
  EXPECT_EQ(lower(DType::Float16, 256, 96).kernel.opts, "WGMMA(64) ");
  // Float32, fewer than 64 columns, and GPUs before Hopper keep the other plans.
  EXPECT_EQ(lower(DType::Float32, 256, 256).kernel.opts, "STAGE(64,8x4) ");
  device = one_unit();
  EXPECT_EQ(lower(DType::Float16, 256, 48).kernel.opts, "TC ");
  device.warpgroup_matmul = false;
  EXPECT_EQ(lower(DType::Float16, 256, 256).kernel.opts, "TC STAGE ");
  // The stages do not fit 128 KiB of dynamic shared memory: STAGE instead.
  device = one_unit();
  device.dynamic_local_memory_bytes = 128 << 10;
  EXPECT_EQ(lower(DType::Float16, 256, 256).kernel.opts, "TC STAGE ");
  // One 64-deep slice's stage fits 64 KiB but the staged block (128 rows of 264 halves)
  // does not: the outputs are stored element by element.
  device.dynamic_local_memory_bytes = 64 << 10;
  codegen::Lowered unstaged = lower(DType::Float16, 256, 512, false, false, 64);
  EXPECT_EQ(unstaged.kernel.opts, "WGMMA(256) ");
  EXPECT_EQ(unstaged.kernel.dims.dynamic_threadgroup_bytes, (128 + 256) * 64 * 2);
  EXPECT_FALSE(std::any_of(
      unstaged.kernel.insts.begin(), unstaged.kernel.insts.end(),
      [](const ir::Inst& i) { return i.op == ir::IOp::Store && i.buffer == 0 && i.width > 1; }));
  // Rows starting one element past 16 bytes cannot be copied 16 bytes at a time.
  device = one_unit();
  Tensor shifted = Tensor::empty({256, 72}, DType::Float16, "CPU").slice({Slice{}, Slice{1, 65}});
  codegen::Lowered unaligned = support::lower(
      shifted.matmul(Tensor::empty({64, 256}, DType::Float16, "CPU")).node(), device);
  EXPECT_EQ(unaligned.kernel.opts, "TC ");
  // An epilogue rides in the stores.
  Tensor x = Tensor::empty({256, 64}, DType::Float16, "CPU");
  codegen::Lowered layer =
      support::lower((x.matmul(Tensor::empty({64, 256}, DType::Float16, "CPU")) +
                      Tensor::empty({256}, DType::Float16, "CPU"))
                         .gelu()
                         .node(),
                     device);
  EXPECT_EQ(layer.kernel.opts, "WGMMA(256) ");
  EXPECT_TRUE(
      std::any_of(layer.kernel.insts.begin(), layer.kernel.insts.end(),
                  [](const ir::Inst& i) { return i.op == ir::IOp::Alu && i.alu == Op::Tanh; }));
}

TEST(GpuPlans, VectorAccessesKnowWhetherTheyAreAligned) {
  // Lanes from element 1 of each row cannot be one aligned 16-byte load; the store can.
  Tensor x = input({4, 1028});
  Tensor shifted = x.slice({Slice{}, Slice{1, 1025}}) * 2.0;
  codegen::Lowered l = support::lower(shifted.node(), gpu(256, 32 << 10));
  int loads = 0, stores = 0;
  for (const ir::Inst& i : l.kernel.insts) {
    if (i.width == 1 || i.local) continue;
    if (i.op == ir::IOp::Load) loads += i.aligned ? 100 : 1;
    if (i.op == ir::IOp::Store) stores += i.aligned ? 100 : 1;
  }
  EXPECT_EQ(loads, 1) << "one unaligned vector load";
  EXPECT_EQ(stores, 100) << "one aligned vector store";
}

TEST(GpuPlans, SoftmaxIsOneRowKernelWithShufflesWhereTheDeviceHasThem) {
  Tensor x = input({64, 2048});
  std::vector<engine::ScheduleItem> items = engine::schedule({x.softmax(1).node()});
  ASSERT_EQ(items.size(), 1u);
  DeviceInfo device = gpu(1024, 48 << 10, 132);
  codegen::Lowered tree = support::lower(items[0].out, device);
  EXPECT_NE(tree.kernel.opts.find("GROUP(256) ROW"), std::string::npos) << tree.kernel.opts;
  EXPECT_EQ(count(tree.kernel, ir::IOp::ShuffleDown), 0u);
  device.shuffle_width = 32;
  codegen::Lowered warp = support::lower(items[0].out, device);
  // Each of the two reductions: 5 shuffles within each SIMD group, 3 across the 8 groups.
  EXPECT_EQ(count(warp.kernel, ir::IOp::ShuffleDown), 16u);
  EXPECT_LT(count(warp.kernel, ir::IOp::Barrier), count(tree.kernel, ir::IOp::Barrier));
}

}  // namespace
}  // namespace ingot
