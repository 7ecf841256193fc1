// Float64 host references for the table's float kernels, and the comparison with them.
#pragma once

#include <cstdint>
#include <vector>

namespace ingot::test {

// Expected values, and per element the magnitude that float32 rounding errors are
// relative to (for a * f + b + k: |a * f| + |b| + |k|, since terms may cancel).
struct Reference {
  std::vector<double> values, scales;
};

Reference axpb_reference(const std::vector<float>& a, const std::vector<float>& b, int64_t k,
                         double f);
Reference sqrt2_reference(const std::vector<double>& in);

// Every element within `relative` times its scale; reports the first that is not (NaN,
// e.g. unwritten poison, never is).
void expect_near(const std::vector<float>& got, const Reference& want, double relative = 1e-6);

}  // namespace ingot::test
