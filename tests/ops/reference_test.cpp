// Checks of the float64 reference itself against hand-computed values (NumPy's answers),
// so a failing op test points at the engine, not at the reference.
#include "support/reference.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

namespace {

using ref::Array;
using std::nullopt;

Array iota(const ingot::Shape& shape) {
  std::vector<double> v(static_cast<size_t>(ref::numel_of(shape)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
  return Array(shape, v);
}

TEST(Reference, BroadcastAndReduce) {
  Array a = iota({3, 1}), b = iota({1, 4});
  Array s = a + b;
  EXPECT_EQ(s.shape, (ingot::Shape{3, 4}));
  EXPECT_EQ(s.data, (std::vector<double>{0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5}));
  Array x = iota({2, 3, 4});
  EXPECT_EQ(x.sum({1}).data, (std::vector<double>{12, 15, 18, 21, 48, 51, 54, 57}));
  EXPECT_EQ(x.sum({0, -1}, true).shape, (ingot::Shape{1, 3, 1}));
  EXPECT_EQ(x.sum({0, -1}).data, (std::vector<double>{60, 92, 124}));
  EXPECT_EQ(x.max().data, (std::vector<double>{23}));
  EXPECT_EQ(iota({0}).sum().data, (std::vector<double>{0}));
  EXPECT_EQ(iota({3, 0}).prod({1}).data, (std::vector<double>{1, 1, 1}));
  Array v({4}, {1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(v.var().data[0], 5.0 / 3.0);
  EXPECT_DOUBLE_EQ(v.var({}, false, 0).data[0], 1.25);
  Array t({6}, {1, 5, 2, 5, 5, -1});
  EXPECT_EQ(t.argmax().data[0], 1);
  EXPECT_EQ(t.argmin().data[0], 5);
  EXPECT_EQ(iota({2, 3}).argmax(0).data, (std::vector<double>{1, 1, 1}));
}

TEST(Reference, Movement) {
  Array x = iota({9});
  EXPECT_EQ(x.slice({{1, nullopt, 2}}).data, (std::vector<double>{1, 3, 5, 7}));
  EXPECT_EQ(x.slice({{nullopt, nullopt, -3}}).data, (std::vector<double>{8, 5, 2}));
  EXPECT_EQ(x.slice({{7, 2, -2}}).data, (std::vector<double>{7, 5, 3}));
  EXPECT_EQ(x.slice({{-1, -6, -3}}).data, (std::vector<double>{8, 5}));
  EXPECT_EQ(x.slice({{-100, 2}}).data, (std::vector<double>{0, 1}));
  EXPECT_EQ(x.slice({{5, 2}}).numel(), 0);
  Array m = iota({2, 3});
  EXPECT_EQ(m.T().data, (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(m.flip({1}).data, (std::vector<double>{2, 1, 0, 5, 4, 3}));
  EXPECT_EQ(m.pad({{1, 0}}, 9).data, (std::vector<double>{9, 9, 9, 0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(m.repeat({1, 2}).data, (std::vector<double>{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5}));
  EXPECT_EQ(Array::cat({m, iota({1, 3})}, 0).data,
            (std::vector<double>{0, 1, 2, 3, 4, 5, 0, 1, 2}));
  EXPECT_EQ(Array::stack({iota({2}), iota({2})}, 1).data, (std::vector<double>{0, 0, 1, 1}));
  EXPECT_EQ(iota({3, 1}).expand({2, -1, 2}).data,
            (std::vector<double>{0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(iota({2, 3, 4}).permute({2, 0, 1}).at({3, 1, 2}), 23);
  EXPECT_EQ(iota({3, 4}).reshape({-1, 6}).shape, (ingot::Shape{2, 6}));
  EXPECT_EQ(iota({1, 5, 1}).squeeze().shape, (ingot::Shape{5}));
  EXPECT_EQ(iota({2, 3, 5, 7}).flatten(-2, -1).shape, (ingot::Shape{2, 3, 35}));
}

TEST(Reference, Composite) {
  Array a({2, 2}, {1, 2, 3, 4}), b({2, 2}, {5, 6, 7, 8});
  EXPECT_EQ(a.matmul(b).data, (std::vector<double>{19, 22, 43, 50}));
  EXPECT_EQ(iota({2}).matmul(a).data, (std::vector<double>{3, 4}));
  EXPECT_EQ(a.matmul(iota({2})).data, (std::vector<double>{2, 4}));
  EXPECT_EQ(iota({3}).matmul(iota({3})).shape, ingot::Shape{});
  EXPECT_EQ(iota({2, 1, 4, 5}).matmul(iota({3, 5, 6})).shape, (ingot::Shape{2, 3, 4, 6}));
  Array s = Array({3}, {1000, 1001, 1002}).softmax();
  EXPECT_NEAR(s.data[2], 0.6652409557748219, 1e-15);
  EXPECT_NEAR(Array({3}, {1000, 1001, 1002}).log_softmax().data[0], -2.40760596444438, 1e-13);
}

TEST(Reference, Casts) {
  using ingot::DType;
  EXPECT_EQ(ref::cast_value(-2.7, DType::Int32), -2);
  EXPECT_EQ(ref::cast_value(300, DType::UInt8), 44);
  EXPECT_EQ(ref::cast_value(-1, DType::UInt8), 255);
  EXPECT_EQ(ref::cast_value(200, DType::Int8), -56);
  EXPECT_EQ(ref::cast_value(0.1, DType::Float16), 0.0999755859375);
  EXPECT_EQ(ref::cast_value(1e-7, DType::Float16), 1.1920928955078125e-07);  // subnormal
  EXPECT_EQ(ref::cast_value(70000, DType::Float16), INFINITY);
  EXPECT_EQ(ref::cast_value(1.00390625, DType::BFloat16), 1.0);  // tie to even
  EXPECT_EQ(ref::cast_value(1.01171875, DType::BFloat16), 1.015625);
  EXPECT_EQ(ref::cast_value(0.5, DType::Bool), 1);
}

}  // namespace
