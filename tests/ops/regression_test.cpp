// Regression tests for classes of wrong answers and crashes, each beside the float64
// reference or exact expected values, on every device.
#include <algorithm>
#include <optional>
#include <variant>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;

class RegressionTest : public OpTest {
 protected:
  // One step of a random chain of movement ops, applied alike to a Tensor and an Array.
  struct Reshape {
    Shape shape;
  };
  struct Flip {
    std::vector<int> axes;
  };
  struct SliceStep {
    std::vector<ingot::Slice> slices;
  };
  struct Pad {
    std::vector<std::pair<int64_t, int64_t>> pads;
  };
  struct Permute {
    std::vector<int> order;
  };
  using Step = std::variant<Reshape, Flip, SliceStep, Pad, Permute>;

  template <class X>
  static X apply(const Step& step, const X& x) {
    return std::visit(
        [&](const auto& s) -> X {
          using S = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<S, Reshape>) return x.reshape(s.shape);
          if constexpr (std::is_same_v<S, Flip>) return x.flip(s.axes);
          if constexpr (std::is_same_v<S, SliceStep>) return x.slice(s.slices);
          if constexpr (std::is_same_v<S, Pad>) return x.pad(s.pads, -7.0);
          if constexpr (std::is_same_v<S, Permute>) return x.permute(s.order);
        },
        step);
  }

  int64_t uniform(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng_);
  }

  // A random new shape of `n` elements in one to three axes.
  Shape factorization(int64_t n) {
    Shape s;
    int64_t left = n;
    for (int64_t axes = uniform(1, 3); axes > 1; --axes) {
      std::vector<int64_t> divisors;
      for (int64_t d = 1; d <= left; ++d)
        if (left % d == 0) divisors.push_back(d);
      s.push_back(
          divisors[static_cast<size_t>(uniform(0, static_cast<int64_t>(divisors.size()) - 1))]);
      left /= s.back();
    }
    s.push_back(left);
    return s;
  }

  // A random movement op of a tensor of `shape`, reshapes every other step, so each
  // flip, step, shrink, pad or permute lands on a reshaped view.
  Step random_step(const Shape& shape, bool reshape) {
    const int n = static_cast<int>(shape.size());
    if (reshape) return Reshape{factorization(ref::numel_of(shape))};
    switch (uniform(0, 3)) {
      case 0: {
        std::vector<int> axes;
        for (int a = 0; a < n; ++a)
          if (uniform(0, 1)) axes.push_back(a);
        if (axes.empty()) axes.push_back(static_cast<int>(uniform(0, n - 1)));
        return Flip{axes};
      }
      case 1: {
        std::vector<ingot::Slice> slices;
        for (int64_t extent : shape) {
          // Covers [lo, hi), forwards or backwards (a stop before 0 is "none": -1 would
          // count from the end).
          int64_t lo = uniform(0, extent - 1), hi = uniform(lo + 1, extent), step = uniform(1, 3);
          if (uniform(0, 1))
            slices.push_back({lo, hi, step});
          else
            slices.push_back({hi - 1, lo > 0 ? std::optional<int64_t>(lo - 1) : nullopt, -step});
        }
        return SliceStep{slices};
      }
      case 2: {
        std::vector<std::pair<int64_t, int64_t>> pads;
        for (int a = 0; a < n; ++a) pads.emplace_back(uniform(0, 2), uniform(0, 2));
        return Pad{pads};
      }
      default: {
        std::vector<int> order(static_cast<size_t>(n));
        for (int a = 0; a < n; ++a) order[static_cast<size_t>(a)] = a;
        std::shuffle(order.begin(), order.end(), rng_);
        return Permute{order};
      }
    }
  }
};

// Class: view simplification of reshapes under flips, negative steps, shrinks, pads and
// permutes. Random chains of them, compared exactly with the reference.
TEST_P(RegressionTest, RandomMovementChainsAfterReshapes) {
  const int chains = emulated() ? 24 : 40;
  for (int c = 0; c < chains; ++c) {
    Shape base = {uniform(2, 6), uniform(2, 6)};
    Array x = random(base, ints(-50, 50));
    Tensor t = tensor(x);
    Array want = x;
    std::string trace;
    for (int s = 0; s < 5; ++s) {
      Step step = random_step(want.shape, s % 2 == 0);
      want = apply(step, want);
      t = apply(step, t);
      trace += " -> " + ref::shape_str(want.shape);
      if (want.numel() == 0) break;
    }
    SCOPED_TRACE("chain " + std::to_string(c) + ": " + ref::shape_str(base) + trace);
    EXPECT_TRUE(close(t, want, Tol{0, 0}));
  }
}

INGOT_ON_ALL_DEVICES(RegressionTest);

}  // namespace
