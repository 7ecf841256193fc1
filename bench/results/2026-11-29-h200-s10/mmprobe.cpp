// Scratch probe (not committed): times float32 matmuls of aligned and odd shapes on CUDA:0.
#include <chrono>
#include <cstdio>
#include <vector>

#include "ingot/ingot.hpp"
using namespace ingot;
int main() {
  struct S {
    int64_t n, k, m;
    bool ta, tb;
  };
  std::vector<S> shapes = {{1000, 999, 1001, 0, 0},  {1000, 1000, 1000, 0, 0},
                           {1000, 1000, 1004, 0, 0}, {1024, 1024, 1024, 0, 0},
                           {1001, 768, 513, 1, 1},   {1004, 768, 516, 1, 1},
                           {1001, 768, 513, 0, 1},   {1001, 768, 513, 0, 0}};
  for (auto s : shapes) {
    Tensor a = s.ta ? Tensor::rand({s.k, s.n}, DType::Float32, "CUDA:0").realize()
                    : Tensor::rand({s.n, s.k}, DType::Float32, "CUDA:0").realize();
    Tensor b = s.tb ? Tensor::rand({s.m, s.k}, DType::Float32, "CUDA:0").realize()
                    : Tensor::rand({s.k, s.m}, DType::Float32, "CUDA:0").realize();
    auto run = [&] {
      return (s.ta ? a.transpose(0, 1) : a).matmul(s.tb ? b.transpose(0, 1) : b).realize();
    };
    run();
    Device::get("CUDA:0").synchronize();
    int iters = 200;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < iters; ++i) run();
    Device::get("CUDA:0").synchronize();
    double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() /
        iters;
    std::printf("%5ld x %5ld x %5ld ta=%d tb=%d: %7.1f us  %5.1f TFLOP/s\n", (long)s.n, (long)s.k,
                (long)s.m, s.ta, s.tb, us, 2.0 * s.n * s.k * s.m / us * 1e-6);
  }
}
