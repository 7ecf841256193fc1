// Index simplification: each rewrite checked by evaluating the simplified expression and a
// direct computation at every point of its variables' ranges.
#include "codegen/symbolic.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <map>

namespace ingot::sym {
namespace {

int64_t floor_div(int64_t a, int64_t d) { return a / d - ((a % d != 0) && ((a < 0) != (d < 0))); }
int64_t floor_mod(int64_t a, int64_t d) { return a - floor_div(a, d) * d; }

int64_t eval(const Expr& e, const std::map<int, int64_t>& at) {
  switch (e->kind) {
    case Kind::Const:
      return e->c;
    case Kind::Var:
      return at.at(e->var);
    case Kind::Add: {
      int64_t total = 0;
      for (const Expr& a : e->args) total += eval(a, at);
      return total;
    }
    case Kind::Mul:
      return eval(e->args[0], at) * e->c;
    case Kind::Div:
      return floor_div(eval(e->args[0], at), e->c);
    case Kind::Mod:
      return floor_mod(eval(e->args[0], at), e->c);
    case Kind::Lt:
      return eval(e->args[0], at) < e->c;
    case Kind::And: {
      int64_t all = 1;
      for (const Expr& a : e->args) all = all && eval(a, at);
      return all;
    }
  }
  return 0;
}

// Checks `simplified` against `direct` over every value of variables 0 and 1 (ranges
// [0, n0) and [0, n1)), and that it holds no Div or Mod more than `ops` times.
void expect_same(const Expr& simplified, const std::function<int64_t(int64_t, int64_t)>& direct,
                 int64_t n0, int64_t n1, int ops) {
  for (int64_t a = 0; a < n0; ++a)
    for (int64_t b = 0; b < n1; ++b)
      ASSERT_EQ(eval(simplified, {{0, a}, {1, b}}), direct(a, b))
          << to_string(simplified) << " at v0=" << a << ", v1=" << b;
  int divs = 0;
  visit(simplified, [&](const Expr& e) { divs += e->kind == Kind::Div || e->kind == Kind::Mod; });
  EXPECT_LE(divs, ops) << to_string(simplified);
}

TEST(Symbolic, DivisionOfARowAndAColumnBelowItsStride) {
  // (i * 64 + j) // 8192 with j < 64 is i // 128: a reshaped view's row index.
  Expr i = var(0, 0, 511), j = var(1, 0, 63);
  expect_same(
      floordiv(add(mul(i, 64), j), 8192),
      [](int64_t i, int64_t j) { return floor_div(i * 64 + j, 8192); }, 512, 64, 1);
  EXPECT_EQ(to_string(floordiv(add(mul(i, 64), j), 8192)), to_string(floordiv(i, 128)));
  // Through a division already there: ((x // 128) * 64 + j) // 8192 is x // 16384.
  Expr x = var(0, 0, 70000);
  expect_same(
      floordiv(add(mul(floordiv(x, 128), 64), j), 8192),
      [](int64_t x, int64_t j) { return floor_div(floor_div(x, 128) * 64 + j, 8192); }, 70001, 64,
      1);
}

TEST(Symbolic, ModuloOfARowAndAColumnBelowItsStride) {
  // (i * 16 + j) % 128 with j < 16 is (i % 8) * 16 + j.
  Expr i = var(0, 0, 300), j = var(1, 0, 15);
  expect_same(
      mod(add(mul(i, 16), j), 128), [](int64_t i, int64_t j) { return floor_mod(i * 16 + j, 128); },
      301, 16, 1);
  EXPECT_EQ(to_string(mod(add(mul(i, 16), j), 128)), to_string(add(mul(mod(i, 8), 16), j)));
  // With a constant that splits too: (i * 16 + j + 33) % 128.
  expect_same(
      mod(add(add(mul(i, 16), j), 33), 128),
      [](int64_t i, int64_t j) { return floor_mod(i * 16 + j + 33, 128); }, 301, 16, 2);
}

TEST(Symbolic, NoSplitWhenTheRestCanReachTheStride) {
  // j < 65 may carry into the next row: the division must stay.
  Expr i = var(0, 0, 300), j = var(1, 0, 64);
  expect_same(
      floordiv(add(mul(i, 64), j), 8192),
      [](int64_t i, int64_t j) { return floor_div(i * 64 + j, 8192); }, 301, 65, 1);
  expect_same(
      mod(add(mul(i, 64), j), 128), [](int64_t i, int64_t j) { return floor_mod(i * 64 + j, 128); },
      301, 65, 1);
  // Negative parts: i * 64 - j is no c * q + r with r in [0, c).
  expect_same(
      floordiv(add(mul(i, 64), mul(j, -1)), 128),
      [](int64_t i, int64_t j) { return floor_div(i * 64 - j, 128); }, 301, 65, 2);
}

// A flat position m split into the three axes of a reshaped view and flattened again:
// (m // 2304) * 2304 + ((m // 48) % 48) * 48 + m % 48 is m, also when mod() has first
// dropped multiples of 48 from m = i * 256 + j (a group's thread j in round i).
TEST(Symbolic, ASplitIntoDigitsFoldsBackToTheFlatIndex) {
  Expr i = var(0, 0, 71), j = var(1, 0, 255);
  Expr m = add(mul(i, 256), j);
  Expr flat = add(add(mul(floordiv(m, 2304), 2304), mul(mod(floordiv(m, 48), 48), 48)), mod(m, 48));
  expect_same(
      flat, [](int64_t i, int64_t j) { return i * 256 + j; }, 72, 256, 0);
  EXPECT_EQ(coefficient(flat, 1), 1) << to_string(flat);
  // Two digits only, scaled: 3 * (m % 48) + 144 * ((m // 48) % 48) is 3 * (m % 2304).
  expect_same(
      add(mul(mod(m, 48), 3), mul(mod(floordiv(m, 48), 48), 144)),
      [](int64_t i, int64_t j) { return 3 * floor_mod(i * 256 + j, 2304); }, 72, 256, 2);
  // Different remainders must not fold: (m + 1) % 48 + (m // 48) * 48 is not m + 1.
  expect_same(
      add(mod(add(m, 1), 48), mul(floordiv(m, 48), 48)),
      [](int64_t i, int64_t j) {
        return floor_mod(i * 256 + j + 1, 48) + floor_div(i * 256 + j, 48) * 48;
      },
      72, 256, 2);
}

}  // namespace
}  // namespace ingot::sym
