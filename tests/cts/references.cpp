#include "cts/references.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace ingot::test {

Reference axpb_reference(const std::vector<float>& a, const std::vector<float>& b, int64_t k,
                         double f) {
  Reference r;
  for (size_t i = 0; i < a.size(); ++i) {
    r.values.push_back(double(a[i]) * f + b[i] + double(k));
    r.scales.push_back(std::abs(a[i] * f) + std::abs(b[i]) + std::abs(double(k)));
  }
  return r;
}

Reference sqrt2_reference(const std::vector<double>& in) {
  Reference r;
  for (double x : in) r.values.push_back(std::sqrt(x) * 2);
  r.scales = r.values;
  return r;
}

void expect_near(const std::vector<float>& got, const Reference& want, double relative) {
  ASSERT_EQ(got.size(), want.values.size());
  for (size_t i = 0; i < got.size(); ++i) {
    double tolerance = relative * want.scales[i];
    if (!(std::abs(got[i] - want.values[i]) <= tolerance)) {
      ADD_FAILURE() << "element " << i << " of " << got.size() << ": " << got[i] << ", expected "
                    << want.values[i] << " +- " << tolerance;
      return;
    }
  }
}

}  // namespace ingot::test
