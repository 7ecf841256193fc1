// ingot's side of ingot_gpu_bench: the work of the GPU benchmark, each on random inputs
// created on the device and realized before timing, each result checked against a host
// reference computed in float64.
#pragma once

#include <cstdint>
#include <string>

#include "device_timing.hpp"
#include "ingot/dtype.hpp"
#include "ingot/runtime.hpp"

namespace ingot::bench {

struct Measured {
  double value = 0;      // in the row's unit: GB/s, TFLOP/s or µs per op
  bool correct = false;  // the result matched the host reference
};

// GB/s of x.sum() over `count` float32 elements (bytes read).
Measured measure_sum(Device& device, int64_t count, const Runs& runs);
// GB/s of a + b over `count` float32 elements each (both read, the sum written).
Measured measure_add(Device& device, int64_t count, const Runs& runs);
// GB/s of x.sum({axis}) of an n x n float32 matrix (bytes read).
Measured measure_axis_sum(Device& device, int64_t n, int axis, const Runs& runs);
// GB/s of x.softmax(1) of an n x n float32 matrix (bytes read + written).
Measured measure_softmax(Device& device, int64_t n, const Runs& runs);
// TFLOP/s of a.matmul(b) for n x n matrices of `dtype` (2 n^3 operations).
// With `layer`, the matmul of a network layer: gelu(a @ b + bias), realized as one kernel.
Measured measure_matmul(Device& device, DType dtype, int64_t n, const Runs& runs,
                        bool layer = false);
// Host µs per `s = s + 1; s.realize()` on a 16-element float32 tensor, `iterations` in a
// row and one wait at the end, after a warm-up; as PyTorch's "tiny op launch".
Measured measure_tiny_op(Device& device, int iterations);
// Host µs per launch of a graph of `launches` launches of a tiny in-place kernel (16
// elements plus one) replayed `replays` times and waited for once; as PyTorch's CUDA
// graph of `s.add_(1)`.
Measured measure_graph_op(Device& device, int launches, int replays);

}  // namespace ingot::bench
