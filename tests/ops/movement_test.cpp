// Movement ops (reshape, permute, transpose, T, expand, broadcast_to, pad, slice, flip,
// squeeze, unsqueeze, flatten, cat, stack, repeat, contiguous), alone and stacked on one
// another, in dtypes of every byte size; results must match the reference exactly.
#include <optional>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;

struct MovementCase {
  std::string name;
  std::vector<Shape> inputs;
  std::function<Tensor(const std::vector<Tensor>&)> t;
  std::function<Array(const std::vector<Array>&)> r;
  Shape expected_shape;
};
void PrintTo(const MovementCase& c, std::ostream* os) { *os << c.name; }

template <class F>
MovementCase mv(std::string name, std::vector<Shape> inputs, Shape expected, F f) {
  return {std::move(name), std::move(inputs), f, f, std::move(expected)};
}

// f(v) with v[i] the i-th input; `X` is Tensor or Array.
#define ONE(expr) [](const auto& v) { return v[0].expr; }
#define STATIC(v) std::decay_t<decltype(v[0])>

std::vector<MovementCase> movement_cases() {
  return {
      mv("reshape_minus1_first", {{3, 4, 5}}, {12, 5}, ONE(reshape({-1, 5}))),
      mv("reshape_minus1_last", {{3, 4, 5}}, {4, 15}, ONE(reshape({4, -1}))),
      mv("reshape_flat", {{3, 4, 5}}, {60}, ONE(reshape({-1}))),
      mv("reshape_scalar_to_1x1", {{}}, {1, 1}, ONE(reshape({1, 1}))),
      mv("reshape_1_to_scalar", {{1}}, {}, ONE(reshape({}))),
      mv("reshape_zero_size", {{0, 4}}, {2, 0, 2}, ONE(reshape({2, 0, 2}))),
      mv("reshape_of_permuted", {{3, 4, 5}}, {4, 15}, ONE(permute({1, 0, 2}).reshape({4, 15}))),
      mv("reshape_of_slice", {{9, 13}}, {2, 26},
         ONE(slice({{1, nullopt, 2}, {nullopt, nullopt, -1}}).reshape({2, 26}))),
      mv("reshape_of_expand", {{3, 1}}, {12}, ONE(expand({3, 4}).reshape({-1}))),
      mv("permute_201", {{3, 5, 11}}, {11, 3, 5}, ONE(permute({2, 0, 1}))),
      mv("permute_120", {{3, 5, 11}}, {5, 11, 3}, ONE(permute({1, 2, 0}))),
      mv("permute_4d", {{2, 3, 4, 5}}, {5, 3, 2, 4}, ONE(permute({3, 1, 0, 2}))),
      mv("transpose_default", {{3, 5, 11}}, {3, 11, 5}, ONE(transpose())),
      mv("transpose_0_2", {{3, 5, 11}}, {11, 5, 3}, ONE(transpose(0, 2))),
      mv("transpose_negative", {{3, 5, 11}}, {5, 3, 11}, ONE(transpose(-2, 0))),
      mv("T_3d", {{3, 5, 11}}, {11, 5, 3}, ONE(T())),
      mv("T_1d", {{7}}, {7}, ONE(T())),
      mv("T_scalar", {{}}, {}, ONE(T())),
      mv("T_T", {{7, 13}}, {7, 13}, ONE(T().T())),
      mv("expand_col", {{3, 1}}, {3, 5}, ONE(expand({3, 5}))),
      mv("expand_minus1_new_axes", {{3, 1}}, {2, 3, 4}, ONE(expand({2, -1, 4}))),
      mv("expand_scalar", {{}}, {4, 6}, ONE(expand({4, 6}))),
      mv("expand_to_zero", {{3, 1}}, {3, 0}, ONE(expand({3, 0}))),
      mv("broadcast_to", {{5}}, {2, 3, 5}, ONE(broadcast_to({2, 3, 5}))),
      mv("pad_default_zero", {{7, 13}}, {10, 13}, ONE(pad({{1, 2}}))),
      mv("pad_value", {{7, 13}}, {7, 17}, ONE(pad({{0, 0}, {3, 1}}, -2.0))),
      mv("pad_all_3d", {{3, 5, 2}}, {4, 7, 5}, ONE(pad({{1, 0}, {0, 2}, {2, 1}}, 7.0))),
      mv("pad_zero_size", {{0, 3}}, {2, 3}, ONE(pad({{1, 1}}, 1.0))),
      mv("pad_of_flip", {{4, 6}}, {6, 6}, ONE(flip({1}).pad({{2, 0}}, 3.0))),
      mv("slice_step2", {{9, 13}}, {4, 13}, ONE(slice({{1, nullopt, 2}}))),
      mv("slice_reverse", {{9, 13}}, {9, 13}, ONE(slice({{nullopt, nullopt, -1}}))),
      mv("slice_negative_start", {{9, 13}}, {3, 13}, ONE(slice({{-3, nullopt}}))),
      mv("slice_two_axes", {{9, 13}}, {5, 5}, ONE(slice({{2, -2}, {nullopt, nullopt, -3}}))),
      mv("slice_neg_step_bounds", {{9, 13}}, {3, 13}, ONE(slice({{7, 2, -2}}))),
      mv("slice_neg_step_neg_bounds", {{9, 13}}, {2, 4}, ONE(slice({{-1, -6, -3}, {-2, 0, -3}}))),
      mv("slice_empty", {{9, 13}}, {0, 13}, ONE(slice({{5, 2}}))),
      mv("slice_big_step", {{9, 13}}, {2, 13}, ONE(slice({{nullopt, nullopt, 5}}))),
      mv("slice_middle_axis", {{3, 8, 5}}, {3, 3, 5}, ONE(slice({{}, {1, 7, 2}}))),
      mv("slice_of_slice", {{20, 3}}, {4, 3},
         ONE(slice({{1, nullopt, 2}}).slice({{nullopt, nullopt, -3}}))),
      mv("flip_0", {{7, 13}}, {7, 13}, ONE(flip({0}))),
      mv("flip_1", {{7, 13}}, {7, 13}, ONE(flip({1}))),
      mv("flip_both", {{7, 13}}, {7, 13}, ONE(flip({0, 1}))),
      mv("flip_negative_3d", {{3, 5, 11}}, {3, 5, 11}, ONE(flip({-1, 0}))),
      mv("squeeze_all", {{1, 5, 1}}, {5}, ONE(squeeze())),
      mv("squeeze_0", {{1, 5, 1}}, {5, 1}, ONE(squeeze(0))),
      mv("squeeze_negative", {{1, 5, 1}}, {1, 5}, ONE(squeeze(-1))),
      mv("unsqueeze_0", {{5, 3}}, {1, 5, 3}, ONE(unsqueeze(0))),
      mv("unsqueeze_1", {{5, 3}}, {5, 1, 3}, ONE(unsqueeze(1))),
      mv("unsqueeze_negative", {{5, 3}}, {5, 3, 1}, ONE(unsqueeze(-1))),
      mv("unsqueeze_scalar", {{}}, {1}, ONE(unsqueeze(0))),
      mv("flatten_all", {{3, 5, 11}}, {165}, ONE(flatten())),
      mv("flatten_from_1", {{3, 5, 11}}, {3, 55}, ONE(flatten(1))),
      mv("flatten_0_1", {{3, 5, 11}}, {15, 11}, ONE(flatten(0, 1))),
      mv("flatten_negative", {{2, 3, 5, 7}}, {2, 3, 35}, ONE(flatten(-2, -1))),
      mv("flatten_of_permuted", {{3, 5, 11}}, {55, 3}, ONE(permute({1, 2, 0}).flatten(0, 1))),
      mv("repeat_2d", {{3, 4}}, {6, 12}, ONE(repeat({2, 3}))),
      mv("repeat_3d", {{2, 1, 3}}, {2, 4, 6}, ONE(repeat({1, 4, 2}))),
      mv("repeat_of_flip", {{3, 4}}, {3, 8}, ONE(flip({0}).repeat({1, 2}))),
      mv("contiguous_of_views", {{6, 9}}, {9, 3},
         ONE(T().slice({{nullopt, nullopt, -1}, {1, nullopt, 2}}).contiguous())),
      mv("chain_of_views", {{4, 6, 5}}, {8, 3, 7},
         ONE(permute({2, 0, 1})
                 .flip({1})
                 .slice({{nullopt, nullopt, 2}, {}, {nullopt, nullopt, 2}})
                 .pad({{0, 0}, {2, 2}})  // {3, 8, 3}
                 .permute({1, 0, 2})
                 .expand({8, 3, 3})
                 .pad({{0, 0}, {0, 0}, {1, 3}}, 4.0))),
      // A reshape under a flip or a negative step: the index into the reshaped source has
      // a negative numerator in its floor division (-j + 1), where C's / truncates.
      mv("reshape_then_flip", {{4, 2}}, {2, 4}, ONE(reshape({2, 4}).flip({1}))),
      mv("reshape_then_negative_step", {{6, 4}}, {4, 2},
         ONE(reshape({4, 6}).slice({{}, {nullopt, nullopt, -4}}))),
      mv("reshape_then_shrink_flip", {{3, 10}}, {3, 4},
         ONE(reshape({5, 6}).slice({{1, 4}, {1, 5}}).flip({0, 1}))),
      mv("reshape_then_pad_flip", {{2, 6}}, {5, 6},
         ONE(reshape({4, 3}).pad({{1, 0}, {2, 1}}, 5.0).flip({1}))),
      mv("reshape_permute_flip_reshape", {{4, 6}}, {8, 3},
         ONE(reshape({2, 3, 4}).permute({2, 0, 1}).flip({0, 2}).reshape({8, 3}))),
      mv("flip_reshape_flip_reshape", {{3, 4}}, {4, 3},
         ONE(flip({1}).reshape({2, 6}).flip({1}).reshape({4, 3}))),
      mv("cat_axis0", {{2, 5}, {3, 5}, {1, 5}}, {6, 5},
         [](const auto& v) {
           return STATIC(v)::cat({v[0], v[1], v[2]}, 0);
         }),
      mv("cat_axis1", {{3, 2}, {3, 7}}, {3, 9},
         [](const auto& v) {
           return STATIC(v)::cat({v[0], v[1]}, 1);
         }),
      mv("cat_negative_axis_3d", {{2, 3, 4}, {2, 3, 1}}, {2, 3, 5},
         [](const auto& v) {
           return STATIC(v)::cat({v[0], v[1]}, -1);
         }),
      mv("cat_views", {{5, 3}, {4, 5}}, {3, 10},
         [](const auto& v) {
           return STATIC(v)::cat({v[0].T(), v[1].flip({1}).slice({{1}})}, 1);
         }),
      mv("cat_with_zero_size", {{0, 5}, {3, 5}}, {3, 5},
         [](const auto& v) {
           return STATIC(v)::cat({v[0], v[1], v[0]}, 0);
         }),
      mv("cat_same_tensor", {{2, 3}}, {2, 9},
         [](const auto& v) {
           return STATIC(v)::cat({v[0], v[0].flip({0}), v[0]}, 1);
         }),
      mv("stack_axis0", {{3, 4}, {3, 4}, {3, 4}}, {3, 3, 4},
         [](const auto& v) {
           return STATIC(v)::stack({v[0], v[1], v[2]}, 0);
         }),
      mv("stack_axis1", {{3, 4}, {3, 4}}, {3, 2, 4},
         [](const auto& v) {
           return STATIC(v)::stack({v[0], v[1]}, 1);
         }),
      mv("stack_negative_axis", {{3, 4}, {4, 3}}, {3, 4, 2},
         [](const auto& v) {
           return STATIC(v)::stack({v[0], v[1].T()}, -1);
         }),
      mv("stack_scalars", {{}, {}, {}}, {3},
         [](const auto& v) {
           return STATIC(v)::stack({v[0], v[1], v[2]}, 0);
         }),
  };
}
#undef ONE
#undef STATIC

class MovementOpTest : public OpTestT<std::tuple<std::string, MovementCase>> {};

TEST_P(MovementOpTest, AllByteSizes) {
  const MovementCase& c = std::get<1>(GetParam());
  size_t index = 0;
  for (DType dtype : {F32, I64, U8, F16, B, F64}) {
    // A sample of the byte sizes on an emulated device (F32's rule: every second dtype).
    if (!supports(dtype) || !runs_case(index++, F32)) continue;
    SCOPED_TRACE(ingot::dtype_name(dtype));
    std::vector<Array> in;
    std::vector<Tensor> ts;
    for (const Shape& s : c.inputs) {
      in.push_back(random(s, range(-100, 100), dtype));
      ts.push_back(tensor(in.back(), dtype));
    }
    Tensor got = c.t(ts);
    EXPECT_EQ(got.shape(), c.expected_shape);
    EXPECT_EQ(got.dtype(), dtype);
    // Pad values become the tensor's type, as every value does.
    EXPECT_TRUE(close(got, c.r(in).astype(dtype), Tol{0, 0}));
  }
}
INGOT_CASES_ON_ALL_DEVICES(MovementOpTest, movement_cases());

class MovementTest : public OpTest {};

// Views are not copies: the base stays intact, and a view used twice is consistent.
TEST_P(MovementTest, ViewsShareAndComposeWithCompute) {
  Array x = random({6, 8});
  Tensor t = tensor(x);
  Tensor v = t.T().slice({{1, nullopt, 2}});
  Tensor sum = v + v.flip({0, 1});
  EXPECT_TRUE(
      close(sum, x.T().slice({{1, nullopt, 2}}) + x.T().slice({{1, nullopt, 2}}).flip({0, 1})));
  EXPECT_TRUE(close(t, x));  // the base is untouched
  EXPECT_TRUE(close(t.reshape({4, 12}) * 2.0, x.reshape({4, 12}) * 2.0));
  Tensor realized = t.permute({1, 0}).contiguous();
  realized.realize();
  EXPECT_TRUE(close(realized.reshape({-1}).slice({{nullopt, nullopt, -5}}),
                    x.T().reshape({-1}).slice({{nullopt, nullopt, -5}})));
}

// Transposing copies large enough for a GPU's threadgroup tiles (TRANSPOSE, 16 x 16 and
// 32 x 64, the last tiles overlapping the ones before) or its tiles of lanes by
// steps: a padded NCHW -> NHWC permute, as a convolution's taps read their input, and a
// batched transpose whose sides are no multiple of a tile, in dtypes of every byte size.
TEST_P(MovementTest, TransposingCopiesMatch) {
  const std::vector<std::pair<int64_t, int64_t>> pads = {{0, 0}, {0, 0}, {1, 2}, {1, 1}};
  // Emulated devices (whose every kernel compiles on this CPU) take one dtype of each size.
  const std::vector<DType> dtypes = emulated() ? std::vector<DType>{F32, F16, I64, U8}
                                               : std::vector<DType>{F32, F16, I64, U8, B, F64};
  for (DType dt : dtypes) {
    if (!supports(dt)) continue;
    SCOPED_TRACE(ingot::dtype_name(dt));
    Array x = random({2, 32, 18, 17}, range(-2, 2), dt);
    Tensor padded = tensor(x, dt).pad(pads).permute({0, 2, 3, 1}).contiguous();
    EXPECT_TRUE(close(padded, x.pad(pads).permute({0, 2, 3, 1}), Tol{0, 0}));
    Array y = random({3, 70, 45}, range(-100, 100), dt);
    EXPECT_TRUE(close(tensor(y, dt).transpose(1, 2).contiguous(), y.transpose(1, 2), Tol{0, 0}));
  }
}

INGOT_ON_ALL_DEVICES(MovementTest);

}  // namespace
