// The finite-difference check the gradient tests share: sum(f(inputs) * w), with random
// weights w, differentiated by backward() and by central differences in float64 on the
// CPU, input element by input element.
#pragma once

#include <cmath>

#include "grad_support.hpp"

namespace grad_test {

using Inputs = std::vector<Tensor>;

struct GradCase {
  std::string name;
  std::vector<Shape> shapes;
  std::function<Tensor(const Inputs&)> f;
  double lo = -2, hi = 2;                        // the inputs' range
  double step = 1e-6;                            // the finite difference's step
  double tol = 1e-6;                             // relative to max(1, |numeric|)
  std::vector<std::vector<double>> values = {};  // fixed inputs instead of random ones
};

inline Tensor leaf(const std::vector<double>& v, const Shape& shape) {
  return Tensor::from_vector(v, shape, "CPU");
}

// sum(f(inputs) * w), computed with no gradient recorded.
inline double weighted_output(const GradCase& c, const std::vector<std::vector<double>>& values,
                              const Tensor& w) {
  ingot::NoGrad no_grad;
  Inputs in;
  for (size_t i = 0; i < values.size(); ++i) in.push_back(leaf(values[i], c.shapes[i]));
  return (c.f(in).astype(ingot::DType::Float64) * w).sum().item<double>();
}

inline void check_case(const GradCase& c) {
  std::vector<std::vector<double>> values = c.values;
  for (size_t i = values.size(); i < c.shapes.size(); ++i)
    values.push_back(uniform(c.shapes[i], c.lo, c.hi, 17 + static_cast<uint32_t>(i)));
  Inputs in;
  for (size_t i = 0; i < values.size(); ++i)
    in.push_back(leaf(values[i], c.shapes[i]).requires_grad_());
  Tensor out = c.f(in);
  ASSERT_TRUE(out.requires_grad());
  Tensor w = leaf(uniform(out.shape(), 0.5, 1.5, 99), out.shape());
  (out.astype(ingot::DType::Float64) * w).sum().backward();
  for (size_t i = 0; i < in.size(); ++i) {
    ASSERT_TRUE(in[i].grad().defined()) << "input " << i;
    ASSERT_EQ(in[i].grad().shape(), c.shapes[i]);
    std::vector<double> analytic = in[i].grad().to_vector<double>();
    for (size_t j = 0; j < values[i].size(); ++j) {
      auto moved = values;
      moved[i][j] += c.step;
      double up = weighted_output(c, moved, w);
      moved[i][j] -= 2 * c.step;
      double down = weighted_output(c, moved, w);
      double numeric = (up - down) / (2 * c.step);
      EXPECT_NEAR(analytic[j], numeric, c.tol * std::max(1.0, std::abs(numeric)))
          << "input " << i << " element " << j;
    }
  }
}

inline std::string case_name(const ::testing::TestParamInfo<GradCase>& info) {
  return info.param.name;
}

}  // namespace grad_test
