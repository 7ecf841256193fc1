// Hand-written C kernels in the CPU kernel ABI (src/backends/cpu/cpu.hpp), several
// functions in one source, and the helpers to poison, fill and read buffers.
#pragma once

#include <cstring>
#include <limits>
#include <memory>

#include "hal/hal_test.hpp"

namespace ingot::test {

inline const char* const kKernels = R"C(
#include <stdint.h>
#include <math.h>

#define KERNEL(name) \
  void name(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, \
            int64_t end)

/* out = a * fargs[0] + b + iargs[0] */
KERNEL(axpb) {
  float* out = (float*)bufs[0];
  const float* a = (const float*)bufs[1];
  const float* b = (const float*)bufs[2];
  for (int64_t i = start; i < end; ++i) out[i] = a[i] * (float)fargs[0] + b[i] + (float)iargs[0];
}

/* out[i] = i, and counts[i] += 1: which iterations ran, and how often */
KERNEL(iota) {
  int64_t* out = (int64_t*)bufs[0];
  int32_t* counts = (int32_t*)bufs[1];
  for (int64_t i = start; i < end; ++i) {
    out[i] = i;
    counts[i] += 1;
  }
}

/* writes back its scalars, to check their order */
KERNEL(scalars) {
  double* out = (double*)bufs[0];
  if (start == 0) {
    out[0] = (double)iargs[0];
    out[1] = (double)iargs[1];
    out[2] = fargs[0];
    out[3] = fargs[1];
  }
}

/* out = sqrt(in) * 2 */
KERNEL(sqrt2) {
  float* out = (float*)bufs[0];
  const float* in = (const float*)bufs[1];
  for (int64_t i = start; i < end; ++i) out[i] = sqrtf(in[i]) * 2.0f;
}

/* nothing at all: the cost of a launch */
KERNEL(empty) {}
)C";

inline std::unique_ptr<Program> load_kernel(Device& device, const std::string& function,
                                            int buffers) {
  return device.load(device.compiler().compile_cached(kKernels), function, buffers);
}

template <class T>
std::shared_ptr<Buffer> upload(Device& device, const std::vector<T>& values) {
  auto buffer = device.allocator().alloc(values.size() * sizeof(T));
  buffer->copy_in(values.data(), buffer->bytes());
  return buffer;
}

template <class T>
std::vector<T> download(const Buffer& buffer) {
  std::vector<T> values(buffer.bytes() / sizeof(T));
  buffer.copy_out(values.data(), values.size() * sizeof(T));
  return values;
}

// Fills a buffer with 0xFF bytes (NaN as floats, -1 as integers) before a launch, so
// that a result never comes from memory a kernel forgot to write.
inline void poison(Buffer& buffer) {
  std::vector<uint8_t> bytes(buffer.bytes(), 0xFF);
  buffer.copy_in(bytes.data(), bytes.size());
}

inline std::vector<float> random_floats(size_t n, uint32_t seed, float lo = -10, float hi = 10) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> values(n);
  for (auto& v : values) v = dist(rng);
  return values;
}

}  // namespace ingot::test
