// Three Metal kernels as their authors write them, run on tensors with run_custom_kernel
// and checked against the host (docs/custom-kernels.md walks through them):
//   1. Apple's first compute sample, add_arrays: its output is the last buffer, and it is
//      launched as threads per grid (dispatchThreads), the last threadgroup partial.
//   2. A kernel taking an args struct at buffer 0 (setBytes) and specialised by a function
//      constant, once with and once without its ReLU.
//   3. An atomic histogram into bins that start at zero, then a second batch counted into
//      the same bins in place.
//
//   ingot_example_custom_kernels [--device NAME] [--n N]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ingot/ingot.hpp>
#include <random>
#include <vector>

#include "command_line.hpp"

namespace {

namespace arg = ingot::arg;
using ingot::Tensor;

const char* const kAddArrays = R"(#include <metal_stdlib>
using namespace metal;
kernel void add_arrays(device const float* inA, device const float* inB, device float* result,
                       uint index [[thread_position_in_grid]]) {
  result[index] = inA[index] + inB[index];
}
)";

const char* const kScale = R"(#include <metal_stdlib>
using namespace metal;
struct Args {
  uint n;
  float alpha;
};
constant bool apply_relu [[function_constant(0)]];
kernel void scale(constant Args& args [[buffer(0)]], device const float* x [[buffer(1)]],
                  device float* y [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  if (i >= args.n) return;
  float v = args.alpha * x[i];
  y[i] = apply_relu ? max(v, 0.0f) : v;
}
)";

const char* const kHistogram = R"(#include <metal_stdlib>
using namespace metal;
kernel void histogram(device const int* values [[buffer(0)]], device atomic_int* bins [[buffer(1)]],
                      constant uint& n [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  if (i < n) atomic_fetch_add_explicit(&bins[values[i]], 1, memory_order_relaxed);
}
)";

// The args struct as the kernel declares it: C++ lays it out as MSL does.
struct Args {
  uint32_t n;
  float alpha;
};

// Threads in groups of 64, rounded up to whole groups (the kernels check their bound).
ingot::LaunchDims grid(int64_t n) { return {{(n + 63) / 64 * 64, 1, 1}, {64, 1, 1}}; }

bool report(const char* what, double error, double bound) {
  std::printf("%-48s largest error %.3g %s\n", what, error, error <= bound ? "ok" : "FAILED");
  return error <= bound;
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{
      "Metal kernels as their authors wrote them, run on tensors and checked"};
  std::string device = "METAL:0";
  int64_t n = 1000;
  app.option("--device", device, "A Metal device (default METAL:0)");
  app.option("--n", n, "Elements").positive();
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> uniform(-1, 1);
    std::vector<float> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
    for (size_t i = 0; i < a.size(); ++i) a[i] = uniform(rng), b[i] = uniform(rng);
    Tensor ta = Tensor::from_vector(a, {n}, device), tb = Tensor::from_vector(b, {n}, device);
    bool ok = true;

    // 1. The output last; threads per grid, as Apple's sample dispatches them.
    Tensor sum =
        ingot::run_custom_kernel({.source = kAddArrays,
                                  .function = "add_arrays",
                                  .args = {arg::input(ta), arg::input(tb), arg::output({n})},
                                  .dims = {{n, 1, 1}, {64, 1, 1}, true}})
            .at(0);
    std::vector<float> got = sum.to_vector<float>();
    double error = 0;
    for (size_t i = 0; i < got.size(); ++i)
      error = std::max(error, double(std::abs(got[i] - (a[i] + b[i]))));
    ok &= report("add_arrays (output at buffer 2)", error, 0);

    // 2. An args struct at buffer 0 and a function constant: two specialisations.
    const Args args{uint32_t(n), 1.5f};
    for (bool relu : {false, true}) {
      Tensor y =
          ingot::run_custom_kernel(
              {.source = kScale,
               .function = "scale",
               .args = {arg::bytes_of(args), arg::input(ta), arg::output({n})},
               .dims = grid(n),
               .constants = {ingot::function_constant("apply_relu", ingot::DType::Bool, relu)}})
              .at(0);
      got = y.to_vector<float>();
      error = 0;
      for (size_t i = 0; i < got.size(); ++i) {
        float want = args.alpha * a[i];
        if (relu) want = std::max(want, 0.0f);
        error = std::max(error, double(std::abs(got[i] - want)));
      }
      ok &= report(relu ? "scale (Args at buffer 0, apply_relu = true)"
                        : "scale (Args at buffer 0, apply_relu = false)",
                   error, 1e-6);
    }

    // 3. A histogram into zeroed bins, then a second batch into the same bins in place.
    const int64_t bins_count = 16;
    std::uniform_int_distribution<int32_t> bin(0, bins_count - 1);
    std::vector<int32_t> first(static_cast<size_t>(n)), second(static_cast<size_t>(n));
    std::vector<int32_t> want(static_cast<size_t>(bins_count), 0);
    for (auto* batch : {&first, &second})
      for (int32_t& v : *batch) ++want[size_t(v = bin(rng))];
    auto histogram = [&](const std::vector<int32_t>& values, ingot::KernelArgument bins) {
      return ingot::run_custom_kernel(
          {.source = kHistogram,
           .function = "histogram",
           .args = {arg::input(Tensor::from_vector(values, {n}, device)), std::move(bins),
                    arg::u32(n)},
           .dims = grid(n)});
    };
    Tensor bins = histogram(first, arg::zeros({bins_count}, ingot::DType::Int32)).at(0);
    histogram(second, arg::inout(bins));
    std::vector<int32_t> counted = bins.to_vector<int32_t>();
    error = 0;
    for (size_t i = 0; i < counted.size(); ++i)
      error = std::max(error, std::abs(double(counted[i] - want[i])));
    ok &= report("histogram (zeroed bins, then in place)", error, 0);
    return ok ? 0 : 1;
  } catch (const ingot::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
