// Host path vs kernel time on a device: per call of softmax rows 4096x1000 (and others),
// host time (enqueue only), wall time with sync (what the bench sees).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "ingot/ingot.hpp"
using namespace ingot;
using clk = std::chrono::steady_clock;
static double secs(clk::time_point a) {
  return std::chrono::duration<double>(clk::now() - a).count();
}
int main(int argc, char** argv) {
  std::string dev = argc > 1 ? argv[1] : "CUDA:0";
  Device& device = Device::get(dev);
  auto probe = [&](const char* name, Shape shape, auto f) {
    int64_t count = 1;
    for (int64_t s : shape) count *= s;
    std::vector<float> h(count);
    for (size_t i = 0; i < h.size(); ++i) h[i] = float((i * 2654435761u) % 1000) / 1000.f;
    Tensor x = Tensor::from_vector(h, shape, dev);
    x.realize();
    Tensor out;
    for (int i = 0; i < 2000; ++i) out = f(x).realize();
    device.synchronize();
    for (int round = 0; round < 3; ++round) {
      const int n = 2000;
      // graph build only
      auto t0 = clk::now();
      for (int i = 0; i < n; ++i) {
        Tensor g = f(x);
      }
      double build = secs(t0) / n;
      // enqueue (host) time: calls in a row, timing stops before the sync
      auto t1 = clk::now();
      for (int i = 0; i < n; ++i) out = f(x).realize();
      double host = secs(t1) / n;
      device.synchronize();
      double wall = secs(t1) / n;
      printf("%-14s round %d  build %6.2f us  host %6.2f us  wall %6.2f us\n", name, round,
             build * 1e6, host * 1e6, wall * 1e6);
    }
  };
  probe("add 16", {16}, [](const Tensor& x) { return x + x; });
  probe("softmax 4x8", {4, 8}, [](const Tensor& x) { return x.softmax(1); });
  if (dev != "CPU")
    probe("softmax rows", {4096, 1000}, [](const Tensor& x) { return x.softmax(1); });
  if (dev != "CPU")
    probe("logsoftmax", {8192, 1000}, [](const Tensor& x) { return x.log_softmax(1); });
  if (dev != "CPU") probe("rowsum", {4096, 1000}, [](const Tensor& x) { return x.sum({1}); });
}
