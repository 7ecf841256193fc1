// Level 5: the sum in assembly, run through run_custom_kernel like any kernel of one's own
// (docs/custom-kernels.md, "Assembly"): hand-written PTX on CUDA, x86-64 assembly on the
// CPU. Metal has no public assembly and OpenCL no portable one; nor has this example code
// for another host architecture (aarch64): there it returns nullopt.
#include <algorithm>

#include "level5_sum_ptx.hpp"
#include "level5_sum_x86_64.hpp"
#include "levels.hpp"

namespace kernel_levels {
namespace {

namespace arg = ingot::arg;

// Blocks of 256 threads, as many as the GPU holds at once: eight on each SM (the kernel's
// .minnctapersm), and no more than the elements need; then one block adds their sums.
ingot::Tensor sum_on_cuda(const ingot::Tensor& x, const ingot::DeviceInfo& info) {
  constexpr int64_t kThreads = 256, kBlocksPerSm = 8, kElementsPerThread = 16;
  auto run = [](const ingot::Tensor& in, int64_t blocks) {
    return ingot::run_custom_kernel(
               {.source = kSumPtx,
                .function = "sum_f32",
                .args = {arg::input(in), arg::output({blocks}), arg::i64(in.numel())},
                .dims = {{blocks * kThreads, 1, 1}, {kThreads, 1, 1}},
                .language = "ptx"})
        .at(0);
  };
  const int64_t n = x.numel();
  const int64_t blocks =
      std::clamp<int64_t>((n + kThreads * kElementsPerThread - 1) / (kThreads * kElementsPerThread),
                          1, int64_t(info.compute_units) * kBlocksPerSm);
  ingot::Tensor partial = run(x, blocks);
  return blocks == 1 ? partial : run(partial, 1);
}

#if defined(__x86_64__)
// Chunks of whole cache lines (32 floats), a few for each core, summed in parallel; then
// the partial sums, by the same kernel, as one chunk.
ingot::Tensor sum_on_cpu(const ingot::Tensor& x, const ingot::DeviceInfo& info) {
  constexpr int64_t kLine = 32, kChunksPerCore = 4;
  const int64_t n = x.numel();
  const int64_t wanted = std::max<int64_t>(1, int64_t(info.compute_units) * kChunksPerCore);
  const int64_t chunk =
      std::max<int64_t>(kLine, (n + wanted * kLine - 1) / (wanted * kLine) * kLine);
  const int64_t chunks = std::max<int64_t>(1, (n + chunk - 1) / chunk);
  auto run = [&](const ingot::Tensor& in, int64_t count, int64_t size, int64_t outputs) {
    return ingot::run_custom_kernel(
               {.source = kSumX86_64,
                .function = "chunk_sums",
                .args = {arg::input(in), arg::output({outputs}), arg::i64(count), arg::i64(size)},
                .dims = {{outputs, 1, 1}, {1, 1, 1}},
                .language = "asm"})
        .at(0);
  };
  ingot::Tensor partials = run(x, n, chunk, chunks);
  return run(partials, chunks, chunks, 1);
}
#endif

}  // namespace

std::optional<ingot::Tensor> sum_with_assembly(const ingot::Tensor& x) {
  if (x.dtype() != ingot::DType::Float32)
    throw ingot::ArgumentError("sum_with_assembly: x is " +
                               std::string(ingot::dtype_name(x.dtype())) +
                               "; the assembly kernels sum float32");
  const ingot::DeviceInfo& info = ingot::Device::get(x.device()).info();
  if (info.language == "cuda") return sum_on_cuda(x, info);
#if defined(__x86_64__)
  if (info.language == "c") return sum_on_cpu(x, info);
#endif
  return std::nullopt;
}

}  // namespace kernel_levels
