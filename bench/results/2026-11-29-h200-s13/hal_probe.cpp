// Host cost of the pieces of a launch on CUDA:0: the allocator, ingot's HAL launch of an
// empty kernel, and the driver's cuLaunchKernel on its own (dlopen'd libcuda).
#include <dlfcn.h>

#include <chrono>
#include <cstdio>
#include <vector>

#include "ingot/ingot.hpp"
#include "ingot/runtime.hpp"
using namespace ingot;
using clk = std::chrono::steady_clock;
static double us(clk::time_point a, int n) {
  return std::chrono::duration<double>(clk::now() - a).count() / n * 1e6;
}
typedef int (*fn_t)(...);
int main() {
  Device& device = Device::get("CUDA:0");
  const int n = 20000;
  for (int r = 0; r < 3; ++r) {
    auto t = clk::now();
    for (int i = 0; i < n; ++i) {
      auto b = device.allocator().alloc(64);
    }
    printf("alloc+free 64 B        %6.2f us\n", us(t, n));
  }
  std::string src =
      "extern \"C\" __global__ void k(float* p) { if (threadIdx.x == 999) p[0] = 1; }\n";
  auto binary = device.compiler().compile_cached(src);
  auto program = device.load(binary, "k", 1);
  auto buf = device.allocator().alloc(64);
  Buffer* bufs[1] = {buf.get()};
  LaunchDims dims;
  dims.global = {32, 1, 1};
  dims.local = {32, 1, 1};
  for (int r = 0; r < 3; ++r) {
    auto t = clk::now();
    for (int i = 0; i < n; ++i) program->launch(bufs, dims, {}, false);
    double host = us(t, n);
    device.synchronize();
    printf("HAL launch             %6.2f us host, %6.2f us wall\n", host, us(t, n));
  }
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);
  auto sym = [&](const char* s) { return (fn_t)dlsym(lib, s); };
  fn_t ctxGetCurrent = sym("cuCtxGetCurrent"), ctxSet = sym("cuCtxSetCurrent"),
       modLoad = sym("cuModuleLoadData"), getFn = sym("cuModuleGetFunction"),
       launch = sym("cuLaunchKernel"), sync = sym("cuCtxSynchronize");
  void* ctx = nullptr;
  ctxGetCurrent(&ctx);
  const char* ptx =
      ".version 7.0\n.target sm_50\n.address_size 64\n.visible .entry e(.param .u64 p) { ret; }\n";
  void* mod = nullptr;
  void* fn = nullptr;
  int s1 = modLoad(&mod, ptx), s2 = getFn(&fn, mod, "e");
  printf("ctx %p load %d fn %d\n", ctx, s1, s2);
  void* dptr = nullptr;
  void* params[1] = {&dptr};
  for (int r = 0; r < 3; ++r) {
    auto t = clk::now();
    for (int i = 0; i < n; ++i)
      launch(fn, 1u, 1u, 1u, 32u, 1u, 1u, 0u, (void*)nullptr, params, (void*)nullptr);
    double host = us(t, n);
    sync();
    printf("cuLaunchKernel         %6.2f us host, %6.2f us wall\n", host, us(t, n));
  }
  for (int r = 0; r < 2; ++r) {
    auto t = clk::now();
    for (int i = 0; i < n; ++i) ctxSet(ctx);
    printf("cuCtxSetCurrent        %6.2f us\n", us(t, n));
  }
}
