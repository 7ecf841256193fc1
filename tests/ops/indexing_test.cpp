// Indexing by integer tensors (take, gather, take_along_axis, scatter_add, index_add,
// one_hot, embedding) against float64 host loops written here, on random data, odd shapes,
// non-contiguous inputs and indices, empty tensors, and indices out of range answered by
// an Error before anything runs (after which the device keeps working).
#include <cmath>
#include <ingot/jit.hpp>

#include "support/op_test.hpp"

namespace {

using namespace support;
using ref::Index;

// An index of `shape` for an axis of `n`: uniform in [lo, n).
class IndexingTest : public OpTest {
 protected:
  Array indices(const Shape& shape, int64_t lo, int64_t n) {
    return random(shape, ints(static_cast<double>(lo), static_cast<double>(n - 1)), I32);
  }
  // A random float32 input made by `l` (its base run through its view).
  std::pair<Tensor, Array> input(const Layout& l) {
    Array a = random(l.base, range(-3, 3));
    return {l.t(tensor(a)), l.r(a)};
  }
};

int64_t wrapped(double i, int64_t n) {
  auto k = static_cast<int64_t>(i);
  return k < 0 ? k + n : k;
}

Array ref_take(const Array& x, const Array& idx, int axis) {
  Shape out(x.shape.begin(), x.shape.begin() + axis);
  out.insert(out.end(), idx.shape.begin(), idx.shape.end());
  out.insert(out.end(), x.shape.begin() + axis + 1, x.shape.end());
  int k = idx.ndim();
  return Array::generate(out, [&](const Index& o) {
    Index at(o.begin(), o.begin() + axis);
    Index i(o.begin() + axis, o.begin() + axis + k);
    at.push_back(wrapped(idx.at(i), x.shape[axis]));
    at.insert(at.end(), o.begin() + axis + k, o.end());
    return x.at(at);
  });
}

Array ref_gather(const Array& x, const Array& idx, int axis) {
  return Array::generate(idx.shape, [&](const Index& o) {
    Index at = o;
    at[axis] = wrapped(idx.at(o), x.shape[axis]);
    return x.at(at);
  });
}

Array ref_scatter_add(const Array& x, int axis, const Array& idx, const Array& src) {
  Array out = x;
  ref::for_each_index(idx.shape, [&](const Index& o) {
    Index at = o;
    at[axis] = static_cast<int64_t>(idx.at(o));
    out.data[static_cast<size_t>(out.flat(at))] += src.at(o);
  });
  return out;
}

TEST_P(IndexingTest, TakeFromViewsOnEachAxisWithNegativeIndices) {
  std::vector<Layout> views = {
      contiguous("contiguous", {5, 7, 3}),
      layout("permuted", {3, 5, 7},
             [](const auto& x) {
               return x.permute({2, 0, 1});
             }),
      layout("strided", {11, 7, 3},
             [](const auto& x) {
               return x.slice({{1, std::nullopt, 2}}).flip({1});
             }),
  };
  // Each view meets one axis and one index shape (1-d, 2-d, 0-d).
  std::vector<Shape> index_shapes = {{4}, {2, 3}, {}};
  for (size_t v = 0; v < views.size(); ++v) {
    auto [x, xr] = input(views[v]);
    int axis = static_cast<int>(v);
    int64_t n = xr.shape[v];
    Array ir = indices(index_shapes[v], -n, n);
    SCOPED_TRACE(views[v].name);
    EXPECT_TRUE(close(x.take(tensor(ir, I32), axis), ref_take(xr, ir, axis)));
  }
}

TEST_P(IndexingTest, TakeKeepsIntegerAndBoolValuesExactly) {
  Array xr = random({6, 4}, ints(-1000, 1000), I64);
  Array ir = indices({9}, -6, 6);
  EXPECT_TRUE(close(tensor(xr, I64).take(tensor(ir, I64), 0), ref_take(xr, ir, 0)));
  Array br = random({6, 4}, {}, B);
  Tensor got = tensor(br, B).take(tensor(ir, DType::Int8), 0);
  EXPECT_EQ(got.dtype(), B);
  EXPECT_TRUE(close(got, ref_take(br, ir, 0)));
}

TEST_P(IndexingTest, TakeOfComputedValuesAndIndices) {
  // The indices are themselves computed (an argmax): realized once, beside their check.
  Array xr = random({5, 8}, range(-3, 3));
  Array sr = random({5, 8}, range(-3, 3));
  Tensor x = tensor(xr), s = tensor(sr);
  Tensor got = (x * 2).take(s.argmax(1), 1);
  Array want = ref_take(xr * 2, sr.argmax(1), 1);
  EXPECT_TRUE(close(got, want));
}

// Reads at indices inside larger kernels: under a reduction (the sum of rows taken along
// their last axis, long enough for vector plans with unrolled lanes of indices), as a
// product's operand (an embedding times a matrix), and an index that is itself a view.
TEST_P(IndexingTest, TakeInsideReductionsAndProducts) {
  Array xr = random({7, 300}, range(-3, 3));
  Array ir = indices({7, 257}, -300, 300);
  Tensor x = tensor(xr), idx = tensor(ir, I32);
  Array taken = ref_gather(xr.expand({7, 300}), ir, 1);
  EXPECT_TRUE(close(x.take_along_axis(idx, 1), taken));
  EXPECT_TRUE(close(x.take_along_axis(idx, 1).sum({1}), taken.sum({1})));
  Array wr = random({41, 19}, range(-1, 1)), mr = random({19, 23}, range(-1, 1));
  Array tr = indices({5, 13}, 0, 41);
  Tensor tokens = tensor(tr, I64).T();
  Array emb = ref_take(wr, tr.permute({1, 0}), 0);
  EXPECT_TRUE(close(ingot::embedding(tensor(wr), tokens).matmul(tensor(mr)), emb.matmul(mr)));
}

TEST_P(IndexingTest, TakeWithEmptyIndicesOrAxes) {
  Array xr = random({3, 4}, range(-3, 3));
  Tensor x = tensor(xr);
  EXPECT_EQ(x.take(tensor(Array({0}, {}), I32), 1).shape(), (Shape{3, 0}));
  EXPECT_EQ(x.take(tensor(Array({2, 0}, {}), I32), 0).shape(), (Shape{2, 0, 4}));
  Tensor empty_rows = tensor(Array({0, 4}, {}));
  Array ir = indices({5}, 0, 4);
  EXPECT_EQ(empty_rows.take(tensor(ir, I32), 1).shape(), (Shape{0, 5}));
  EXPECT_TRUE(close(empty_rows.take(tensor(ir, I32), 1), Array({0, 5}, {})));
  // A size-1 axis of the index meets an empty one of x: the result is empty there.
  Tensor none = tensor(Array({1, 0, 4}, {}));
  Tensor along = none.take_along_axis(tensor(indices({3, 1, 4}, 0, 1), I32), 0);
  EXPECT_EQ(along.shape(), (Shape{3, 0, 4}));
  EXPECT_TRUE(close(along, Array({3, 0, 4}, {})));
}

TEST_P(IndexingTest, GatherAndTakeAlongAxis) {
  // gather: an index no larger than x off the axis, from a transposed x and a permuted index.
  Array xr = random({6, 5, 4}, range(-3, 3));
  Tensor x = tensor(xr).permute({0, 2, 1});  // [6, 4, 5]
  Array xp = xr.permute({0, 2, 1});
  for (int axis : {0, 2}) {
    Shape is = {5, 3, 4};
    is[axis] = 7;
    Array ir = indices({is[2], is[0], is[1]}, 0, xp.shape[axis]);
    Tensor idx = tensor(ir, I64).permute({1, 2, 0});
    SCOPED_TRACE("axis " + std::to_string(axis));
    EXPECT_TRUE(close(x.gather(axis, idx), ref_gather(xp, ir.permute({1, 2, 0}), axis)));
  }
  // take_along_axis: the other axes broadcast, negative indices count from the end.
  Array ar = random({4, 1, 6}, range(-3, 3));
  Array ir = indices({1, 3, 2}, -6, 6);
  Tensor got = tensor(ar).take_along_axis(tensor(ir, I32), 2);
  EXPECT_TRUE(close(got, ref_gather(ar.expand({4, 3, 6}), ir.expand({4, 3, 2}), 2)));
}

// An index computed on the device: its range is unknown until the first gather's check
// reads it, after which a gather by it again reads without correcting negative indices
// where there are none (one node fewer a call), and still corrects them where there are.
TEST_P(IndexingTest, RepeatedGathersByAComputedIndex) {
  Array xr = random({5, 9}, range(-3, 3));
  Tensor x = tensor(xr);
  for (int64_t lo : {0, -9}) {
    SCOPED_TRACE("indices from " + std::to_string(lo));
    Array ir = indices({5, 4}, lo, 9);
    Tensor idx = (tensor(ir, I32) + 0.0).astype(I32).realize();
    Array want = ref_gather(xr, ir, 1);
    for (int call = 0; call < 2; ++call) {
      SCOPED_TRACE("call " + std::to_string(call));
      Tensor got = x.take_along_axis(idx, 1);
      if (call == 1 && lo == 0) EXPECT_EQ(got.node()->src[1], idx.node());
      EXPECT_TRUE(close(got, want));
    }
  }
}

TEST_P(IndexingTest, ScatterAddAndIndexAddAccumulateRepeatedIndices) {
  Array xr = random({5, 6}, range(-3, 3));
  Array sr = random({4, 7}, range(-3, 3));
  for (int axis : {0}) {
    Array ir = indices({3, 4}, 0, xr.shape[axis]);  // few values: repeats
    Array src = sr.slice({{0, 3}, {0, 4}});
    SCOPED_TRACE("axis " + std::to_string(axis));
    EXPECT_TRUE(close(tensor(xr).scatter_add(axis, tensor(ir, I32), tensor(sr)),
                      ref_scatter_add(xr, axis, ir, src)));
  }
  // index_add along axis 1 of a transposed x, with alpha.
  Array yr = random({6, 5}, range(-3, 3));
  Array ir = indices({4}, 0, 6);
  Array ar = random({5, 4}, range(-3, 3));
  Array want = ref_scatter_add(yr.T(), 1, ir.reshape({1, 4}).expand({5, 4}), ar * 0.5);
  EXPECT_TRUE(
      close(tensor(yr).T().index_add(1, tensor(ir, I64), tensor(ar), 0.5), want, Tol::of(F32)));
  // Integers stay exact.
  Array zr = random({4, 3}, ints(-50, 50), I32);
  Array zs = random({6, 3}, ints(-50, 50), I32);
  Array zi = indices({6}, 0, 4);
  Tensor z = tensor(zr, I32).index_add(0, tensor(zi, I32), tensor(zs, I32));
  EXPECT_EQ(z.dtype(), I32);
  EXPECT_TRUE(close(z, ref_scatter_add(zr, 0, zi.reshape({6, 1}).expand({6, 3}), zs)));
}

TEST_P(IndexingTest, OneHotAndEmbedding) {
  Array ir = indices({3, 5}, 0, 7);
  Tensor oh = tensor(ir, I32).one_hot(7);
  EXPECT_EQ(oh.dtype(), I64);
  EXPECT_TRUE(close(oh, Array::generate({3, 5, 7}, [&](const Index& o) {
                      return ir.at({o[0], o[1]}) == static_cast<double>(o[2]) ? 1.0 : 0.0;
                    })));
  Array wr = random({10, 6}, range(-3, 3));
  Array tokens = indices({2, 3}, 0, 10);
  EXPECT_TRUE(close(ingot::embedding(tensor(wr), tensor(tokens, I64)), ref_take(wr, tokens, 0)));
}

// An index out of range fails the realize with an Error naming the op, the index, the
// axis size and the valid range; nothing was computed, and the next op works.
TEST_P(IndexingTest, IndicesOutOfRangeAreErrors) {
  Tensor x = tensor(random({3, 4}, range(-3, 3)));
  auto idx = [&](std::vector<int32_t> v) {
    return Tensor::from_vector(v, {static_cast<int64_t>(v.size())}, dev());
  };
  auto col = [&](std::vector<int32_t> v) { return idx(v).reshape({-1, 1}); };
  EXPECT_TRUE(throws_error(
      [&] {
        x.take(idx({0, 4, 1}), 1).realize();
      },
      {"take"}, {"index 4", "size 4", "-4 to 3"}));
  EXPECT_TRUE(throws_error([&] { x.take(idx({-5}), 1).realize(); }, {"take"}, {"index -5"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.gather(0, col({1, -1, 2})).realize();
      },
      {"gather"}, {"index -1", "size 3", "0 to 2", "negative"}));
  EXPECT_TRUE(throws_error([&] { x.take_along_axis(col({3}), 0).realize(); }, {"take_along_axis"},
                           {"index 3"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.scatter_add(1, col({9, 0}), Tensor::ones({2, 1}, F32, dev())).realize();
      },
      {"scatter_add"}, {"index 9"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.index_add(0, idx({3}), Tensor::ones({1, 4}, F32, dev())).realize();
      },
      {"index_add"}, {"index 3"}));
  EXPECT_TRUE(throws_error(
      [&] {
        idx({0, 7}).one_hot(5).realize();
      },
      {"one_hot"}, {"index 7", "size 5"}));
  EXPECT_TRUE(throws_error([&] { ingot::embedding(x, idx({-1})).sum().realize(); }, {"embedding"},
                           {"index -1"}));
  // Indices from the host are checked on the host; computed ones on the device (a flag
  // the engine reads), as is an index tensor whose buffer a computed value replaced.
  Tensor computed = idx({0, 2, 1}) + idx({0, 2, 0});
  EXPECT_TRUE(throws_error([&] { x.take(computed, 1).realize(); }, {"take"}, {"index 4"}));
  Tensor replaced = idx({0, 1});
  replaced.assign(idx({0, 1}) + idx({0, 5}));
  EXPECT_TRUE(throws_error([&] { x.take(replaced, 1).realize(); }, {"take"}, {"index 6"}));
  // The check travels with the result into later ops, and a bad result stays refused.
  Tensor bad = x.take(idx({8}), 0);
  EXPECT_TRUE(throws_error([&] { (bad * 2).sum().realize(); }, {"take"}, {"index 8"}));
  EXPECT_TRUE(throws_error([&] { bad.realize(); }, {"take"}, {"index 8"}));
  Array xr = random({3, 4}, range(-3, 3));
  EXPECT_TRUE(close(tensor(xr).take(idx({2, 0}), 0), ref_take(xr, Array({2}, {2, 0}), 0)));
}

// A jitted function checks its indices at every replay, not only at capture.
TEST_P(IndexingTest, JitReplaysCheckIndices) {
  Array wr = random({8, 5}, range(-3, 3));
  Tensor w = tensor(wr);
  ingot::Jit lookup = ingot::jit([w](const std::vector<Tensor>& in) -> std::vector<Tensor> {
    return {ingot::embedding(w, in[0]) * 2};
  });
  auto run = [&](const Array& tokens) { return lookup({tensor(tokens, I32)})[0]; };
  Array first = indices({3}, 0, 8), later = indices({3}, 0, 8);
  EXPECT_TRUE(close(run(first), ref_take(wr, first, 0) * 2));
  EXPECT_TRUE(throws_error(
      [&] {
        run(Array({3}, {1, 8, 2}));
      },
      {"embedding"}, {"index 8", "size 8"}));
  EXPECT_TRUE(close(run(later), ref_take(wr, later, 0) * 2));
  EXPECT_EQ(lookup.captures(), 1u);
}

TEST_P(IndexingTest, BadArgumentsAreErrors) {
  Tensor x = Tensor::zeros({3, 4}, F32, dev());
  Tensor i = Tensor::zeros({2, 2}, I32, dev());
  EXPECT_TRUE(throws_error([&] { x.take(Tensor::zeros({2}, F32, dev()), 0); }, {"take"},
                           {"integer", "float32"}));
  EXPECT_TRUE(
      throws_error([&] { x.take(Tensor::zeros({2}, B, dev()), 0); }, {"take"}, {"where(mask"}));
  EXPECT_TRUE(throws_error([&] { x.take(i, 2); }, {"take"}, {"axis 2"}));
  EXPECT_TRUE(throws_error([&] { x.gather(0, Tensor::zeros({2}, I32, dev())); }, {"gather"},
                           {"(3, 4)", "(2)"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.gather(0, Tensor::zeros({2, 5}, I32, dev()));
      },
      {"gather"}, {"(2, 5)", "axis 1"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.take_along_axis(Tensor::zeros({2, 3}, I32, dev()), 0);
      },
      {"take_along_axis"}, {"4 vs 3"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.scatter_add(0, i, Tensor::zeros({1, 2}, F32, dev()));
      },
      {"scatter_add"}, {"src", "(1, 2)"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.index_add(0, i, Tensor::zeros({2, 4}, F32, dev()));
      },
      {"index_add"}, {"1-d"}));
  EXPECT_TRUE(throws_error(
      [&] {
        x.index_add(1, Tensor::zeros({2}, I32, dev()), Tensor::zeros({3, 3}, F32, dev()));
      },
      {"index_add"}, {"(3, 2)"}));
  EXPECT_TRUE(throws_error([&] { i.one_hot(0); }, {"one_hot"}, {"positive"}));
  EXPECT_TRUE(throws_error([&] { ingot::embedding(Tensor::zeros({4}, F32, dev()), i); },
                           {"embedding"}, {"2-d"}));
}

INGOT_ON_ALL_DEVICES(IndexingTest);

}  // namespace
