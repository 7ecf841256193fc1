// What ingot's figures are compared with, measured on the host in the same run: the
// machine's copy bandwidth and OpenBLAS's float32 matmul.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace ingot::bench {

// memcpy (read + write) of `bytes`, split over every hardware thread as ingot splits its
// kernels, made ready (buffers allocated and touched): each call copies once and returns
// its bytes per second.
std::function<double()> prepare_copy(size_t bytes);

// The same slices read and summed as float32 by a plain vector loop: the machine's read
// bandwidth (bytes read per second), which bounds any reduction.
std::function<double()> prepare_read(size_t bytes);

// Seconds of cblas_sgemm computing c = a b for n x n row-major matrices; the best of
// `runs`. Leaves the product in `c`.
double sgemm_seconds(const std::vector<float>& a, const std::vector<float>& b,
                     std::vector<float>& c, int64_t n, int runs);

}  // namespace ingot::bench
