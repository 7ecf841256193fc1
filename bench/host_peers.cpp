#include "host_peers.hpp"

#include <cblas.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <thread>

#include "ingot/runtime.hpp"
#include "timing.hpp"

namespace ingot::bench {
namespace {

// Runs body(begin, end) over [0, bytes) cut into one slice per hardware thread.
template <class Body>
void parallel_slices(size_t bytes, Body body) {
  size_t threads = std::max(1u, std::thread::hardware_concurrency());
  size_t slice = (bytes + threads - 1) / threads;
  std::vector<std::thread> workers;
  for (size_t begin = 0; begin < bytes; begin += slice)
    workers.emplace_back(body, begin, std::min(bytes, begin + slice));
  for (auto& worker : workers) worker.join();
}

}  // namespace

std::function<double()> prepare_copy(size_t bytes) {
  // The memory ingot's CPU tensors get (huge pages for large buffers), so that the
  // reference is the best this machine does, not a handicapped copy.
  Allocator& allocator = Device::get("CPU").allocator();
  std::shared_ptr<Buffer> src = allocator.alloc(bytes), dst = allocator.alloc(bytes);
  // Touch every page first, from the threads that copy later, so that the timed runs
  // measure memory and not page faults.
  parallel_slices(bytes, [&](size_t begin, size_t end) {
    std::memset(static_cast<char*>(src->handle()) + begin, 1, end - begin);
    std::memset(static_cast<char*>(dst->handle()) + begin, 0, end - begin);
  });
  return [src, dst, bytes] {
    double start = timing::now();
    parallel_slices(bytes, [&](size_t begin, size_t end) {
      std::memcpy(static_cast<char*>(dst->handle()) + begin,
                  static_cast<const char*>(src->handle()) + begin, end - begin);
    });
    return 2.0 * static_cast<double>(bytes) / (timing::now() - start);
  };
}

double sgemm_seconds(const std::vector<float>& a, const std::vector<float>& b,
                     std::vector<float>& c, int64_t n, int runs) {
  c.assign(static_cast<size_t>(n * n), 0.0f);
  const auto size = static_cast<blasint>(n);
  auto multiply = [&] {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, size, size, size, 1.0f, a.data(), size,
                b.data(), size, 0.0f, c.data(), size);
  };
  multiply();  // untimed: starts OpenBLAS's threads, as ingot's runs are timed warm
  return timing::best_of(runs, multiply);
}

}  // namespace ingot::bench
