// Creation: from_data / from_vector in every dtype, scalar, zeros / ones / full / empty,
// arange (int, float, negative step), linspace, eye, the *_like family, and the random
// generators (rand, randn, randint, manual_seed).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;

class CreationTest : public OpTest {
 protected:
  // Values every dtype holds: [0, 100] for unsigned, [-100, 100] otherwise, 0/1 for bool.
  Array representable(const Shape& shape, DType dtype) {
    if (dtype == B) return random(shape, {}, B);
    bool integral = ingot::is_int(dtype);
    Domain d = ingot::is_unsigned_int(dtype) ? ints(0, 100) : range(-100, 100);
    d.integers = integral;
    return random(shape, d, dtype);
  }
};

TEST_P(CreationTest, FromDataEveryDType) {
  for (DType dtype : ingot::kAllDTypes) {
    if (!supports(dtype)) continue;
    for (Shape shape : {Shape{}, Shape{0}, Shape{7, 13}, Shape{3, 5, 11}}) {
      SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " " + ref::shape_str(shape));
      Array x = representable(shape, dtype);
      Tensor t = tensor(x, dtype);
      EXPECT_EQ(t.dtype(), dtype);
      EXPECT_EQ(t.shape(), shape);
      EXPECT_EQ(t.numel(), x.numel());
      EXPECT_EQ(t.device(), dev());
      EXPECT_TRUE(close(t, x, Tol{0, 0}));
    }
  }
}

TEST_P(CreationTest, FromVectorAndReadBack) {
  std::vector<float> f{1.5f, -2.25f, 3.0f, 0.125f, -7.0f, 9.5f};
  Tensor tf = Tensor::from_vector(f, {2, 3}, dev());
  EXPECT_EQ(tf.dtype(), F32);
  EXPECT_EQ(tf.to_vector<float>(), f);
  EXPECT_EQ(tf.size(0), 2);
  EXPECT_EQ(tf.size(-1), 3);
  EXPECT_EQ(tf.ndim(), 2);

  std::vector<int32_t> i{-5, 0, 7, 123456, -99};
  EXPECT_EQ(Tensor::from_vector(i, {5}, dev()).to_vector<int32_t>(), i);
  std::vector<int64_t> l{int64_t(1) << 40, -3, 17};
  EXPECT_EQ(Tensor::from_vector(l, {3}, dev()).to_vector<int64_t>(), l);
  std::vector<uint8_t> u{0, 255, 17, 128};
  EXPECT_EQ(Tensor::from_vector(u, {2, 2}, dev()).to_vector<uint8_t>(), u);
  std::vector<double> d{1e-300, -2.5, 3.141592653589793};
  Tensor td = Tensor::from_vector(d, {3}, dev());
  EXPECT_EQ(td.dtype(), F64);
  if (supports(F64)) EXPECT_EQ(td.to_vector<double>(), d);
  std::vector<bool> b{true, false, false, true, true};
  Tensor tb = Tensor::from_vector(b, {5}, dev());
  EXPECT_EQ(tb.dtype(), B);
  EXPECT_EQ(tb.to_vector<bool>(), b);
  // Conversion on read.
  EXPECT_EQ(tb.to_vector<float>(), (std::vector<float>{1, 0, 0, 1, 1}));
  EXPECT_EQ(Tensor::from_vector(i, {5}, dev()).to_vector<double>(),
            (std::vector<double>{-5, 0, 7, 123456, -99}));
  // A scalar.
  Tensor s = Tensor::scalar(3.5, F32, dev());
  EXPECT_EQ(s.shape(), Shape{});
  EXPECT_EQ(s.numel(), 1);
  EXPECT_EQ(s.item<float>(), 3.5f);
  EXPECT_EQ(Tensor::scalar(-7, I32, dev()).item<int32_t>(), -7);
}

TEST_P(CreationTest, ZerosOnesFullEmpty) {
  for (DType dtype : {F32, F64, F16, BF16, I32, I64, I8, U8, B}) {
    if (!supports(dtype)) continue;
    for (Shape shape : {Shape{}, Shape{0}, Shape{7, 13}, Shape{3, 5, 11}}) {
      SCOPED_TRACE(std::string(ingot::dtype_name(dtype)) + " " + ref::shape_str(shape));
      double value = dtype == B ? 1 : ingot::is_float(dtype) ? -2.5 : 7;
      Tensor z = Tensor::zeros(shape, dtype, dev()), o = Tensor::ones(shape, dtype, dev()),
             f = Tensor::full(shape, value, dtype, dev()), e = Tensor::empty(shape, dtype, dev());
      for (const Tensor* t : {&z, &o, &f, &e}) {
        EXPECT_EQ(t->dtype(), dtype);
        EXPECT_EQ(t->shape(), shape);
      }
      EXPECT_TRUE(close(z, Array::full(shape, 0)));
      EXPECT_TRUE(close(o, Array::full(shape, 1)));
      EXPECT_TRUE(close(f, Array::full(shape, value)));
      EXPECT_EQ(e.numel(), ref::numel_of(shape));
      EXPECT_NO_THROW(e.realize());
    }
  }
  // Used in compute (constants fused into a kernel).
  Array x = random({7, 13});
  EXPECT_TRUE(
      close(tensor(x) * Tensor::full({7, 1}, 3.0, F32, dev()) + Tensor::ones({13}, F32, dev()),
            x * 3.0 + 1.0));
}

TEST_P(CreationTest, Arange) {
  auto seq = [](double start, double stop, double step) {
    std::vector<double> v;
    for (double x = start; step > 0 ? x < stop : x > stop; x += step) v.push_back(x);
    return Array({static_cast<int64_t>(v.size())}, v);
  };
  Tensor a = Tensor::arange(5);
  EXPECT_EQ(a.dtype(), I32);
  EXPECT_TRUE(close(a, seq(0, 5, 1)));
  struct Case {
    double start, stop, step;
    std::optional<DType> dtype;
    DType expected;
  };
  for (const Case& c : std::vector<Case>{{2, 11, 3, nullopt, I32},
                                         {5, -3, -2, nullopt, I32},
                                         {-1, 1, 0.25, nullopt, F32},
                                         {1, -1, -0.25, nullopt, F32},
                                         {0, 10, 1, F64, F64},
                                         {0, 10, 1, F32, F32},
                                         {-4, 1000, 1, nullopt, I32},
                                         {3, 3, 1, nullopt, I32},
                                         {0, 100, 7, I64, I64}}) {
    if (!supports(c.expected)) continue;
    SCOPED_TRACE("arange(" + std::to_string(c.start) + ", " + std::to_string(c.stop) + ", " +
                 std::to_string(c.step) + ")");
    Tensor t = Tensor::arange(c.start, c.stop, c.step, c.dtype, dev());
    EXPECT_EQ(t.dtype(), c.expected);
    EXPECT_EQ(t.device(), dev());
    EXPECT_TRUE(close(t, seq(c.start, c.stop, c.step)));
  }
}

// Found by ingot_fuzz: a bool arange counted in bool arithmetic, which stops at true.
TEST_P(CreationTest, ArangeAsBoolIsTheCountCastToBool) {
  Tensor t = Tensor::arange(-3, 7, 1, B, dev());
  EXPECT_EQ(t.dtype(), B);
  EXPECT_TRUE(
      close(t, Array::generate({10}, [](const ref::Index& i) { return double(i[0] - 3 != 0); })));
}

TEST_P(CreationTest, Linspace) {
  auto lin = [](double a, double b, int64_t n) {
    return Array::generate({n}, [&](const ref::Index& i) {
      return n == 1 ? a : a + (b - a) * static_cast<double>(i[0]) / static_cast<double>(n - 1);
    });
  };
  EXPECT_TRUE(close(Tensor::linspace(0, 1, 5, F32, dev()), lin(0, 1, 5)));
  EXPECT_TRUE(close(Tensor::linspace(2, -3, 7, F32, dev()), lin(2, -3, 7)));
  EXPECT_TRUE(close(Tensor::linspace(-1, 1, 1001, F32, dev()), lin(-1, 1, 1001)));
  EXPECT_TRUE(close(Tensor::linspace(5, 10, 1, F32, dev()), lin(5, 10, 1)));
  EXPECT_TRUE(close(Tensor::linspace(5, 10, 0, F32, dev()), Array::full({0}, 0)));
  if (supports(F64)) EXPECT_TRUE(close(Tensor::linspace(0, 1, 11, F64, dev()), lin(0, 1, 11)));
  // The last element is exactly `stop`.
  EXPECT_EQ(Tensor::linspace(0, 3, 7, F32, dev()).to_vector<float>().back(), 3.0f);
}

TEST_P(CreationTest, Eye) {
  auto eye = [](int64_t n, int64_t m) {
    return Array::generate({n, m}, [](const ref::Index& i) { return double(i[0] == i[1]); });
  };
  EXPECT_TRUE(close(Tensor::eye(3, nullopt, F32, dev()), eye(3, 3)));
  EXPECT_TRUE(close(Tensor::eye(3, 5, F32, dev()), eye(3, 5)));
  EXPECT_TRUE(close(Tensor::eye(4, 2, F32, dev()), eye(4, 2)));
  EXPECT_TRUE(close(Tensor::eye(1, nullopt, F32, dev()), eye(1, 1)));
  Tensor ei = Tensor::eye(5, nullopt, I32, dev());
  EXPECT_EQ(ei.dtype(), I32);
  EXPECT_TRUE(close(ei, eye(5, 5)));
  // eye @ x == x.
  Array x = random({5, 7});
  EXPECT_TRUE(close(Tensor::eye(5, nullopt, F32, dev()).matmul(tensor(x)), x));
}

TEST_P(CreationTest, LikeFamily) {
  for (DType dtype : {F32, I32, F16}) {
    Array x = random({7, 13}, range(-3, 3), dtype);
    Tensor t = tensor(x, dtype).T();  // a view: *_like takes shape and dtype
    Shape s{13, 7};
    Tensor z = t.zeros_like(), o = t.ones_like(), f = t.full_like(2.0), e = t.empty_like();
    for (const Tensor* u : {&z, &o, &f, &e}) {
      EXPECT_EQ(u->shape(), s);
      EXPECT_EQ(u->dtype(), dtype);
      EXPECT_EQ(u->device(), dev());
    }
    EXPECT_TRUE(close(z, Array::full(s, 0)));
    EXPECT_TRUE(close(o, Array::full(s, 1)));
    EXPECT_TRUE(close(f, Array::full(s, 2)));
  }
  Tensor t = tensor(random({3, 50}));
  Tensor r = t.rand_like(), n = t.randn_like();
  EXPECT_EQ(r.shape(), (Shape{3, 50}));
  EXPECT_EQ(n.shape(), (Shape{3, 50}));
  std::vector<float> rv = r.to_vector<float>();
  EXPECT_TRUE(std::all_of(rv.begin(), rv.end(), [](float v) { return v >= 0 && v < 1; }));
  std::vector<float> nv = n.to_vector<float>();
  EXPECT_TRUE(std::all_of(nv.begin(), nv.end(), [](float v) { return std::isfinite(v); }));
  EXPECT_TRUE(std::any_of(nv.begin(), nv.end(), [](float v) { return v < 0; }));
}

double mean_of(const std::vector<double>& v) {
  return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}
double std_of(const std::vector<double>& v) {
  double m = mean_of(v), s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return std::sqrt(s / static_cast<double>(v.size() - 1));
}

TEST_P(CreationTest, Rand) {
  Tensor::manual_seed(1234);
  Tensor r = Tensor::rand({100000}, F32, dev());
  EXPECT_EQ(r.shape(), Shape{100000});
  EXPECT_EQ(r.dtype(), F32);
  std::vector<double> v = read_values(r);
  EXPECT_TRUE(std::all_of(v.begin(), v.end(), [](double x) { return x >= 0 && x < 1; }));
  EXPECT_NEAR(mean_of(v), 0.5, 0.01);
  EXPECT_NEAR(std_of(v), std::sqrt(1.0 / 12), 0.01);
  // Roughly uniform: every tenth of [0, 1) holds about 10%.
  std::vector<int> bins(10);
  for (double x : v) ++bins[std::min(9, static_cast<int>(x * 10))];
  for (int b : bins) EXPECT_NEAR(b, 10000, 600);

  // The same seed gives the same numbers; further calls give different ones.
  Tensor::manual_seed(99);
  std::vector<float> a = Tensor::rand({1000}, F32, dev()).to_vector<float>();
  std::vector<float> b = Tensor::rand({1000}, F32, dev()).to_vector<float>();
  Tensor::manual_seed(99);
  std::vector<float> a2 = Tensor::rand({1000}, F32, dev()).to_vector<float>();
  EXPECT_EQ(a, a2);
  int same = 0;
  for (size_t i = 0; i < a.size(); ++i) same += a[i] == b[i];
  EXPECT_LT(same, 10);
  std::set<float> distinct(a.begin(), a.end());
  EXPECT_GT(distinct.size(), 990u);
  // The same numbers on every device.
  std::vector<std::string> devices = ingot::Device::available();
  if (dev() != devices.front()) {
    Tensor::manual_seed(99);
    EXPECT_EQ(Tensor::rand({1000}, F32, devices.front()).to_vector<float>(), a);
  }
  if (supports(F64)) {
    std::vector<double> d = read_values(Tensor::rand({5000}, F64, dev()));
    EXPECT_TRUE(std::all_of(d.begin(), d.end(), [](double x) { return x >= 0 && x < 1; }));
    EXPECT_NEAR(mean_of(d), 0.5, 0.03);
  }
  EXPECT_EQ(Tensor::rand({0}, F32, dev()).numel(), 0);
  EXPECT_EQ(Tensor::rand({3, 0}, F32, dev()).to_vector<float>().size(), 0u);
}

TEST_P(CreationTest, Randn) {
  Tensor::manual_seed(7);
  std::vector<double> v = read_values(Tensor::randn({100000}, F32, dev()));
  EXPECT_TRUE(std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); }));
  EXPECT_NEAR(mean_of(v), 0.0, 0.02);
  EXPECT_NEAR(std_of(v), 1.0, 0.02);
  // Normal tails: about 4.55% beyond 2 sigma, 0.27% beyond 3.
  double beyond2 = 0, beyond3 = 0;
  for (double x : v) beyond2 += std::fabs(x) > 2, beyond3 += std::fabs(x) > 3;
  EXPECT_NEAR(beyond2 / 100000, 0.0455, 0.005);
  EXPECT_NEAR(beyond3 / 100000, 0.0027, 0.001);
  Tensor::manual_seed(7);
  std::vector<double> again = read_values(Tensor::randn({100000}, F32, dev()));
  EXPECT_EQ(v, again);
}

TEST_P(CreationTest, Randint) {
  Tensor::manual_seed(5);
  Tensor r = Tensor::randint(-5, 5, {10000}, I32, dev());
  EXPECT_EQ(r.dtype(), I32);
  std::vector<int32_t> v = r.to_vector<int32_t>();
  std::vector<int> hits(10);
  for (int32_t x : v) {
    ASSERT_GE(x, -5);
    ASSERT_LT(x, 5);
    ++hits[static_cast<size_t>(x + 5)];
  }
  for (int h : hits) EXPECT_NEAR(h, 1000, 200);
  std::vector<int64_t> w = Tensor::randint(100, 103, {3000}, I64, dev()).to_vector<int64_t>();
  std::set<int64_t> seen(w.begin(), w.end());
  EXPECT_EQ(seen, (std::set<int64_t>{100, 101, 102}));
  std::vector<int32_t> one = Tensor::randint(7, 8, {50}, I32, dev()).to_vector<int32_t>();
  EXPECT_TRUE(std::all_of(one.begin(), one.end(), [](int32_t x) { return x == 7; }));
}

INGOT_ON_ALL_DEVICES(CreationTest);

}  // namespace
