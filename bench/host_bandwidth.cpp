#include "host_bandwidth.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

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

std::function<double()> prepare_read(size_t bytes) {
  Allocator& allocator = Device::get("CPU").allocator();
  std::shared_ptr<Buffer> src = allocator.alloc(bytes);
  parallel_slices(bytes, [&](size_t begin, size_t end) {
    std::memset(static_cast<char*>(src->handle()) + begin, 0, end - begin);
  });
  // Eight independent vector sums, so that neither the adds' latency nor the compiler's
  // choice of instructions is the limit: what is left is how fast the cores read memory.
  using Lanes = float __attribute__((vector_size(16)));
  constexpr size_t kStep = 8 * sizeof(Lanes);
  // Where each slice's sum goes, so that the compiler cannot drop the reads.
  auto sink = std::make_shared<std::atomic<float>>();
  return [src, bytes, sink] {
    double start = timing::now();
    parallel_slices(bytes, [&](size_t begin, size_t end) {
      Lanes sums[8] = {};
      const char* data = static_cast<const char*>(src->handle());
      for (size_t at = begin; at + kStep <= end; at += kStep)
        for (int i = 0; i < 8; ++i) {
          Lanes lanes;
          std::memcpy(&lanes, data + at + i * sizeof(Lanes), sizeof(Lanes));
          sums[i] += lanes;
        }
      for (int i = 1; i < 8; ++i) sums[0] += sums[i];
      sink->store(sums[0][0] + sums[0][1] + sums[0][2] + sums[0][3], std::memory_order_relaxed);
    });
    return static_cast<double>(bytes) / (timing::now() - start);
  };
}

}  // namespace ingot::bench
