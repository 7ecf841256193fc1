#include "host_peers.hpp"

#include <cblas.h>

#include "timing.hpp"

namespace ingot::bench {

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
