#include "ingot_measures.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>

#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "ingot/tensor.hpp"
#include "timing.hpp"
#include "workloads.hpp"

namespace ingot::bench {
namespace {

// Times `work` (which must leave the device idle) after one untimed call that compiles
// its kernels, so that only steady-state runs count.
template <class Work>
double warm_best_of(int runs, Work&& work) {
  work();
  return timing::best_of(runs, work);
}

}  // namespace

std::string inplace_kernel_source(const std::string& language, const std::string& statement) {
  if (language == "c")
    return "#include <stdint.h>\n"
           "void ingot_bench_kernel(char* const* bufs, const int64_t* iargs, const double* fargs,\n"
           "                        int64_t start, int64_t end) {\n"
           "  float* x = (float*)bufs[0];\n"
           "  for (int64_t i = start; i < end; ++i) " +
           statement + "\n}\n";
  if (language == "opencl")
    return "__kernel void ingot_bench_kernel(__global float* x) {\n"
           "  size_t i = get_global_id(0);\n  " +
           statement + "\n}\n";
  if (language == "cuda")
    return "extern \"C\" __global__ void ingot_bench_kernel(float* x) {\n"
           "  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;\n  " +
           statement + "\n}\n";
  if (language == "metal")
    return "#include <metal_stdlib>\nusing namespace metal;\n"
           "kernel void ingot_bench_kernel(device float* x [[buffer(0)]],\n"
           "    uint i [[thread_position_in_grid]]) {\n  " +
           statement + "\n}\n";
  throw Error("bench: no test kernel for device language '" + language + "'");
}

Prepared prepare_sum(Device& device, int64_t count) {
  Tensor x = workloads::cyclic(count, device.name());
  x.realize();
  auto total = std::make_shared<Tensor>();
  auto run = [&device, x, total] {
    double start = timing::now();
    *total = x.sum();
    total->realize();
    device.synchronize();
    return timing::now() - start;
  };
  run();  // compiles the kernels
  double expected = workloads::cyclic_sum(count);
  return {run, [total, expected] {
            return std::abs(total->item<float>() - expected) <= 1e-6 * expected;
          }};
}

Prepared prepare_add(Device& device, int64_t count) {
  // Two distinct buffers, so that no engine could read one input for both operands.
  Tensor a = workloads::cyclic(count, device.name());
  Tensor b = workloads::cyclic(count, device.name()) + 1.0;
  Tensor::realize_all({a, b});
  auto out = std::make_shared<Tensor>();
  auto run = [&device, a, b, out] {
    double start = timing::now();
    *out = a + b;
    out->realize();
    device.synchronize();
    return timing::now() - start;
  };
  run();
  double expected = 2 * workloads::cyclic_sum(count) + static_cast<double>(count);
  return {run, [out, expected] {
            return std::abs(out->sum().item<float>() - expected) <= 1e-6 * expected;
          }};
}

namespace {
Timing best_of_prepared(const Prepared& work, int runs) {
  double seconds = timing::best_of(runs, work.run_once);
  return {seconds, work.correct()};
}
}  // namespace

Timing time_sum(Device& device, int64_t count, int runs) {
  return best_of_prepared(prepare_sum(device, count), runs);
}

Timing time_add(Device& device, int64_t count, int runs) {
  return best_of_prepared(prepare_add(device, count), runs);
}

Timing time_matmul(Device& device, const std::vector<float>& a, const std::vector<float>& b,
                   const std::vector<float>& expected, int64_t n, int runs) {
  Tensor ta = Tensor::from_vector(a, {n, n}, device.name());
  Tensor tb = Tensor::from_vector(b, {n, n}, device.name());
  Tensor::realize_all({ta, tb});
  device.synchronize();
  Tensor c;
  double seconds = warm_best_of(runs, [&] {
    c = ta.matmul(tb);
    c.realize();
    device.synchronize();
  });
  std::vector<float> result = c.to_vector<float>();
  bool correct = true;
  // Both are float32 sums of n positive products, in different orders.
  for (size_t i = 0; i < result.size(); ++i)
    correct = correct && std::abs(result[i] - expected[i]) <= 1e-4f * expected[i];
  return {seconds, correct};
}

CompileTiming time_compile(Device& device) {
  Context& context = Context::global();
  const std::string previous_cache = context.cache_dir();
  char folder[] = "/tmp/ingot-bench-cache-XXXXXX";
  if (!mkdtemp(folder)) throw Error("bench: cannot create a temporary cache folder");
  context.set_cache_dir(folder);
  // A constant no earlier run used, so that no cache anywhere can hold this kernel.
  long constant = static_cast<long>(std::random_device{}() % 16000000);
  const std::string source = inplace_kernel_source(
      device.info().language, "x[i] = x[i] * 0.5f + " + std::to_string(constant) + ".0f;");
  auto compile_and_load = [&] {
    device.load(device.compiler().compile_cached(source), "ingot_bench_kernel", 1);
  };
  CompileTiming result;
  result.compile_seconds = timing::best_of(1, compile_and_load);
  result.cache_hit_seconds = timing::best_of(5, compile_and_load);
  context.set_cache_dir(previous_cache);
  std::filesystem::remove_all(folder);
  return result;
}

double launch_overhead(Device& device, int iterations) {
  Tensor x = Tensor::rand({16}, DType::Float32, device.name());
  x.realize();
  auto run = [&](int count) {
    for (int i = 0; i < count; ++i) (x + 1.0).realize();
    device.synchronize();
  };
  run(100);  // compiles the kernel and fills every cache on the way
  return timing::best_of(3, [&] { run(iterations); }) / iterations;
}

}  // namespace ingot::bench
