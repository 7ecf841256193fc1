// cumsum and cumprod (the direct triangular scan, and the blocked one past 256 elements),
// sort, argsort and topk (stable order, ties, NaN, descending) against float64 host loops,
// on odd shapes, every axis, non-contiguous inputs and empty tensors.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "support/op_test.hpp"

namespace {

using namespace support;
using ref::Index;

// The running reduction of x along `axis`.
Array ref_scan(const Array& x, int axis, bool product) {
  return Array::generate(x.shape, [&](const Index& o) {
    double acc = product ? 1 : 0;
    Index at = o;
    for (int64_t j = 0; j <= o[axis]; ++j) {
      at[axis] = j;
      acc = product ? acc * x.at(at) : acc + x.at(at);
    }
    return acc;
  });
}

// The stable order of each row along the last axis (NaN above every number) and the
// first k of it: values and positions.
std::pair<Array, Array> ref_sorted(const Array& x, int64_t k, bool descending) {
  int64_t n = x.shape.back(), rows = n ? x.numel() / n : 0;
  Shape out = x.shape;
  out.back() = k;
  Array values(out, std::vector<double>(static_cast<size_t>(rows * k)));
  Array positions = values;
  auto key = [](double v) { return std::isnan(v) ? INFINITY : v; };
  for (int64_t r = 0; r < rows; ++r) {
    const double* row = x.data.data() + r * n;
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      double va = row[a], vb = row[b];
      if (std::isnan(va) != std::isnan(vb)) return descending ? std::isnan(va) : std::isnan(vb);
      return descending ? key(va) > key(vb) : key(va) < key(vb);
    });
    for (int64_t i = 0; i < k; ++i) {
      values.data[static_cast<size_t>(r * k + i)] = row[order[static_cast<size_t>(i)]];
      positions.data[static_cast<size_t>(r * k + i)] = static_cast<double>(order[i]);
    }
  }
  return {values, positions};
}

using ScanSortTest = OpTest;

TEST_P(ScanSortTest, CumsumAndCumprodAlongEveryAxis) {
  Array xr = random({4, 7, 3}, range(-2, 2));
  Tensor x = tensor(xr);
  for (int axis = -3; axis < 3; ++axis) {
    SCOPED_TRACE("axis " + std::to_string(axis));
    int a = axis < 0 ? axis + 3 : axis;
    EXPECT_TRUE(close(x.cumsum(axis), ref_scan(xr, a, false), Tol::reduction(F32, 7)));
  }
  Array pr = random({5, 6}, nonzero(0.8, 1.25));
  // A transposed input.
  EXPECT_TRUE(close(tensor(pr).T().cumprod(1), ref_scan(pr.T(), 1, true), Tol::reduction(F32, 5)));
}

TEST_P(ScanSortTest, LongRowsScanInBlocks) {
  // 300 and 517: blocks of 16 with a ragged last one, and a carry over 19 and 33 blocks;
  // 5003: 313 blocks, whose carries are themselves scanned in blocks.
  Array xr = random({2, 300}, range(-1, 1));
  EXPECT_TRUE(close(tensor(xr).cumsum(1), ref_scan(xr, 1, false), Tol::reduction(F32, 300)));
  Array lr = random({2, 5003}, range(-1, 1));
  EXPECT_TRUE(close(tensor(lr).cumsum(1), ref_scan(lr, 1, false), Tol::reduction(F32, 5003)));
  Array yr = random({517, 2}, nonzero(0.99, 1.01));
  EXPECT_TRUE(
      close(tensor(yr).cumprod(0), ref_scan(yr, 0, true), Tol::reduction(F32, 517).scaled(4)));
}

TEST_P(ScanSortTest, IntegerScansAccumulateIn64Bits) {
  Array xr = random({3, 9}, ints(-100, 100), I32);
  Tensor got = tensor(xr, I32).cumsum(1);
  EXPECT_EQ(got.dtype(), I64);
  EXPECT_TRUE(close(got, ref_scan(xr, 1, false)));
  Array br = random({10}, {}, B);
  EXPECT_TRUE(close(tensor(br, B).cumsum(0), ref_scan(br, 0, false)));
  Array pr = random({2, 12}, ints(-4, 4), I16);
  EXPECT_TRUE(close(tensor(pr, I16).cumprod(-1), ref_scan(pr, 1, true)));
}

TEST_P(ScanSortTest, EmptyAndZeroDimensionalScans) {
  EXPECT_EQ(tensor(Array({0, 3}, {})).cumsum(0).shape(), (Shape{0, 3}));
  EXPECT_TRUE(close(Tensor::scalar(2.5, F32, dev()).cumprod(0), Array::scalar(2.5)));
  EXPECT_TRUE(throws_error([&] { tensor(Array({2}, {1, 2})).cumsum(1); }, {"cumsum"}, {"axis 1"}));
}

TEST_P(ScanSortTest, SortIsStableWithTiesAscendingAndDescending) {
  // Integer-valued floats: many ties, whose positions must stay in order.
  Array xr = random({5, 13}, ints(-3, 3));
  Tensor x = tensor(xr);
  for (bool descending : {false, true}) {
    SCOPED_TRACE(descending ? "descending" : "ascending");
    auto [want_values, want_positions] = ref_sorted(xr, 13, descending);
    auto [values, positions] = x.sort(-1, descending);
    EXPECT_EQ(positions.dtype(), I64);
    EXPECT_TRUE(close(values, want_values));
    EXPECT_TRUE(close(positions, want_positions));
    EXPECT_TRUE(close(x.argsort(1, descending), want_positions));
  }
}

TEST_P(ScanSortTest, SortAlongAnAxisOfAView) {
  // Axis 1 of a permuted [4, 9, 3] view of int32 values.
  Array xr = random({9, 3, 4}, ints(-1000, 1000), I32);
  Tensor x = tensor(xr, I32).permute({2, 0, 1});
  Array moved = xr.permute({2, 1, 0});  // the sorted axis last: [4, 3, 9]
  auto [want_values, want_positions] = ref_sorted(moved, 9, false);
  auto [values, positions] = x.sort(1);
  EXPECT_EQ(values.dtype(), I32);
  EXPECT_TRUE(close(values, want_values.permute({0, 2, 1})));
  EXPECT_TRUE(close(positions, want_positions.permute({0, 2, 1})));
}

TEST_P(ScanSortTest, NanSortsAboveEveryNumber) {
  Array xr({2, 6}, {1, NAN, -INFINITY, 2, NAN, INFINITY, 0, -1, NAN, 5, 5, -2});
  for (bool descending : {false, true}) {
    auto [want_values, want_positions] = ref_sorted(xr, 6, descending);
    auto [values, positions] = tensor(xr).sort(-1, descending);
    EXPECT_TRUE(close(values, want_values));
    EXPECT_TRUE(close(positions, want_positions));
  }
}

TEST_P(ScanSortTest, TopkLargestAndSmallest) {
  Array xr = random({3, 11}, range(-3, 3));
  Tensor x = tensor(xr);
  for (bool largest : {true, false}) {
    auto [want_values, want_positions] = ref_sorted(xr, 4, largest);
    auto [values, positions] = x.topk(4, -1, largest);
    EXPECT_TRUE(close(values, want_values));
    EXPECT_TRUE(close(positions, want_positions));
  }
  EXPECT_EQ(x.topk(0).first.shape(), (Shape{3, 0}));
  EXPECT_EQ(tensor(Array({2, 0}, {})).sort().first.shape(), (Shape{2, 0}));
  EXPECT_TRUE(throws_error([&] { x.topk(12); }, {"topk"}, {"k = 12", "size 11"}));
  EXPECT_TRUE(throws_error([&] { x.sort(2); }, {"sort"}, {"axis 2"}));
}

INGOT_ON_ALL_DEVICES(ScanSortTest);

}  // namespace
