// OpenBLAS's float32 matmul, measured in the same run as ingot's (the memory bandwidth is
// host_bandwidth.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ingot::bench {

// Seconds of cblas_sgemm computing c = a b for n x n row-major matrices; the best of
// `runs`. Leaves the product in `c`.
double sgemm_seconds(const std::vector<float>& a, const std::vector<float>& b,
                     std::vector<float>& c, int64_t n, int runs);

}  // namespace ingot::bench
