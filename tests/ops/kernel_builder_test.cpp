// KernelBuilder (include/ingot/kernel_builder.hpp) on every device: kernels built from
// ranges, threadgroup arrays and barriers against float64 references on the host, into
// outputs poisoned first; and each check the builder makes, by the node its message names.
#include "ingot/kernel_builder.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ingot/context.hpp"
#include "ops/custom_kernel_support.hpp"

namespace {

using ingot::KernelBuilder;
using ingot::KernelLocalArray;
using ingot::KernelValue;
using support::Array;
using support::F32;
using support::I64;
using support::Tensor;
namespace arg = ingot::arg;
using Access = KernelBuilder::Access;

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Combines array[0..threads) of a group into array[0] with `op`, halving the active
// threads at each step, a barrier after each. `threads` is a power of two.
template <class Op>
void tree_reduce(KernelBuilder& b, const KernelLocalArray& array, const KernelValue& l,
                 int64_t threads, Op op) {
  for (int64_t stride = threads / 2; stride > 0; stride /= 2) {
    b.begin_if(l < double(stride));
    b.store(array, l, op(b.load(array, l), b.load(array, l + double(stride))));
    b.end_if();
    b.barrier();
  }
}

class KernelBuilderTest : public support::CustomKernelTest {
 protected:
  // Runs `kernel` into a poisoned output, checking that the poison was there to be
  // overwritten.
  template <class F>
  std::vector<Tensor> run_poisoned(size_t output_bytes, F run) {
    poison_next_output(output_bytes);
    std::vector<Tensor> out = run();
    EXPECT_TRUE(output_was_poisoned()) << "the output did not start out poisoned";
    return out;
  }

  // Runs `f` expecting an ingot::Error holding every one of `mentions`.
  template <class F>
  void expect_builder_error(F f, std::initializer_list<std::string> mentions) {
    try {
      f();
      ADD_FAILURE() << "no error; expected one mentioning " << *mentions.begin();
    } catch (const ingot::Error& e) {
      for (const std::string& mention : mentions)
        EXPECT_NE(std::string(e.what()).find(mention), std::string::npos)
            << "'" << mention << "' not in: " << e.what();
    }
  }
};
using KernelBuilderRuns = KernelBuilderTest;
using KernelBuilderChecks = KernelBuilderTest;

TEST_P(KernelBuilderRuns, ScalarParametersAndVectorLoads) {
  const int64_t n = 1001, threads = 16, groups = ceil_div(ceil_div(n, 4), threads);
  KernelBuilder b("scale_vec", dev());
  auto x = b.buffer("x", F32), y = b.buffer("y", F32, Access::Write);
  KernelValue a = b.scalar("a", F32), count = b.scalar("n", ingot::DType::Int32);
  KernelValue i = (b.global_range(groups) * double(threads) + b.local_range(threads)) * 4.0;
  KernelValue limit = ingot::cast(count, I64);
  b.begin_if(i + 4.0 <= limit);
  b.store(y, i, a * b.load(x, i, 4));
  b.end_if();
  // The last elements, one by one.
  for (int t = 0; t < 4; ++t) {
    b.begin_if((i + double(t) < limit) && (i + 4.0 > limit));
    b.store(y, i + double(t), a * b.load(x, i + double(t)));
    b.end_if();
  }
  ingot::BuiltKernel k = b.build();
  EXPECT_NE(k.source().find("scale_vec"), std::string::npos);
  // The index is a multiple of 4, so the float4 load and store are aligned ones.
  EXPECT_NE(k.ir().find("aligned"), std::string::npos) << k.ir();
  // One element on, it is not.
  KernelBuilder shifted("shifted_vec", dev());
  auto sx = shifted.buffer("x", F32), sy = shifted.buffer("y", F32, Access::Write);
  KernelValue at = shifted.global_range(4) * 4.0 + 1.0;
  shifted.store(sy, at, shifted.load(sx, at, 4));
  EXPECT_EQ(shifted.build().ir().find("aligned"), std::string::npos);
  Array xs = random({n});
  std::vector<Tensor> out = run_poisoned(n * 4, [&] {
    return k.run({arg::input(tensor(xs)), arg::output({n}), arg::f32(2.5), arg::i32(n)});
  });
  std::vector<float> got = out.at(0).to_vector<float>();
  for (int64_t e = 0; e < n; ++e)
    ASSERT_EQ(got[size_t(e)], float(2.5f * float(xs.data[size_t(e)]))) << e;
}

TEST_P(KernelBuilderRuns, TwoStageSum) {
  const int64_t n = 100003, groups = 7, threads = 32, nvec = n / 4,
                iters = ceil_div(nvec, groups * threads);
  // Stage 1: each thread sums a strided run of float4s, the group adds its threads'
  // sums in threadgroup memory, and thread 0 writes the group's partial.
  KernelBuilder b1("builder_partials", dev());
  auto x = b1.buffer("x", F32), partial = b1.buffer("partial", F32, Access::Write);
  KernelValue g = b1.global_range(groups), l = b1.local_range(threads);
  KernelValue acc = b1.accumulator(F32, 0, 4);
  KernelValue i = b1.reduce_range(iters);
  KernelValue v = (i * double(groups) + g) * double(threads) + l;
  b1.assign(acc, acc + b1.load(x, v * 4.0, 4, v < double(nvec)));
  b1.end(i);
  // The n % 4 elements past the last float4, taken by group 0's first threads.
  KernelValue tail = l + double(nvec * 4);
  KernelValue mine = ingot::sum_lanes(acc) + b1.load(x, tail, 1, (g == 0.0) && (tail < double(n)));
  KernelLocalArray sums = b1.local_array("sums", F32, threads);
  b1.store(sums, l, mine);
  b1.barrier();
  tree_reduce(b1, sums, l, threads, [](auto a, auto c) { return a + c; });
  b1.begin_if(l == 0.0);
  b1.store(partial, g, b1.load(sums, l));
  b1.end_if();

  // Stage 2: one group adds the partials.
  KernelBuilder b2("builder_total", dev());
  auto parts = b2.buffer("partial", F32), total = b2.buffer("total", F32, Access::Write);
  b2.global_range(1);
  KernelValue l2 = b2.local_range(threads);
  KernelValue acc2 = b2.accumulator(F32, 0);
  KernelValue j = b2.reduce_range(ceil_div(groups, threads));
  KernelValue p = j * double(threads) + l2;
  b2.assign(acc2, acc2 + b2.load(parts, p, 1, p < double(groups)));
  b2.end(j);
  KernelLocalArray sums2 = b2.local_array("sums", F32, threads);
  b2.store(sums2, l2, acc2);
  b2.barrier();
  tree_reduce(b2, sums2, l2, threads, [](auto a, auto c) { return a + c; });
  b2.begin_if(l2 == 0.0);
  b2.store(total, l2, b2.load(sums2, l2));
  b2.end_if();

  Array xs = random({n}, support::range(-1, 1));
  ingot::BuiltKernel k1 = b1.build(), k2 = b2.build();
  Tensor partials = run_poisoned(groups * 4, [&] {
                      return k1.run({arg::input(tensor(xs)), arg::output({groups})});
                    }).at(0);
  Tensor sum = run_poisoned(4, [&] {
                 return k2.run({arg::input(partials), arg::output({1})});
               }).at(0);

  std::vector<double> want(size_t(groups), 0.0);
  for (int64_t e = 0; e < n; ++e)
    want[size_t(e < nvec * 4 ? (e / 4 / threads) % groups : 0)] += xs.data[size_t(e)];
  std::vector<float> got = partials.to_vector<float>();
  double want_total = 0;
  for (int64_t q = 0; q < groups; ++q) {
    EXPECT_NEAR(got[size_t(q)], want[size_t(q)], 1e-3) << "group " << q;
    want_total += want[size_t(q)];
  }
  EXPECT_NEAR(sum.item<float>(), want_total, 1e-3);
}

TEST_P(KernelBuilderRuns, TiledMatmulThroughThreadgroupMemory) {
  const int64_t m = 37, kk = 29, nn = 45, tile = 8;
  KernelBuilder b("builder_matmul", dev());
  auto a = b.buffer("a", F32), bm = b.buffer("b", F32), c = b.buffer("c", F32, Access::Write);
  KernelValue gx = b.global_range(ceil_div(nn, tile)), gy = b.global_range(ceil_div(m, tile));
  KernelValue tx = b.local_range(tile), ty = b.local_range(tile);
  KernelValue row = gy * double(tile) + ty, col = gx * double(tile) + tx;
  KernelLocalArray as = b.local_array("as", F32, tile * tile),
                   bs = b.local_array("bs", F32, tile * tile);
  KernelValue acc = b.accumulator(F32, 0);
  KernelValue kt = b.reduce_range(ceil_div(kk, tile));
  KernelValue ak = kt * double(tile) + tx, bk = kt * double(tile) + ty;
  KernelValue at = ty * double(tile) + tx;
  b.store(as, at, b.load(a, row * double(kk) + ak, 1, (row < double(m)) && (ak < double(kk))));
  b.store(bs, at, b.load(bm, bk * double(nn) + col, 1, (bk < double(kk)) && (col < double(nn))));
  b.barrier();
  KernelValue k = b.reduce_range(tile);
  b.assign(acc, acc + b.load(as, ty * double(tile) + k) * b.load(bs, k * double(tile) + tx));
  b.end(k);
  b.barrier();
  b.end(kt);
  b.begin_if((row < double(m)) && (col < double(nn)));
  b.store(c, row * double(nn) + col, acc);
  b.end_if();

  Array av = random({m, kk}), bv = random({kk, nn});
  ingot::BuiltKernel built = b.build();
  Tensor out =
      run_poisoned(m * nn * 4, [&] {
        return built.run({arg::input(tensor(av)), arg::input(tensor(bv)), arg::output({m, nn})});
      }).at(0);
  std::vector<float> got = out.to_vector<float>();
  for (int64_t r = 0; r < m; ++r)
    for (int64_t q = 0; q < nn; ++q) {
      double want = 0;
      for (int64_t e = 0; e < kk; ++e)
        want += av.data[size_t(r * kk + e)] * bv.data[size_t(e * nn + q)];
      ASSERT_NEAR(got[size_t(r * nn + q)], want, 1e-4) << r << ", " << q;
    }
}

TEST_P(KernelBuilderRuns, SoftmaxRows) {
  const int64_t rows = 5, cols = 300, threads = 32, steps = ceil_div(cols, threads);
  KernelBuilder b("builder_softmax", dev());
  auto x = b.buffer("x", F32), y = b.buffer("y", F32, Access::Write);
  KernelValue r = b.global_range(rows), l = b.local_range(threads);
  KernelLocalArray red = b.local_array("red", F32, threads);
  KernelValue zero = b.constant(0, F32);

  KernelValue top = b.accumulator(F32, -std::numeric_limits<double>::infinity());
  KernelValue j = b.reduce_range(steps);
  KernelValue c = j * double(threads) + l;
  KernelValue v = b.load(x, r * double(cols) + c, 1, c < double(cols));
  b.assign(top, ingot::where(c < double(cols), ingot::max(top, v), top));
  b.end(j);
  b.store(red, l, top);
  b.barrier();
  tree_reduce(b, red, l, threads, [](auto p, auto q) { return ingot::max(p, q); });
  KernelValue row_max = b.load(red, b.constant(0, I64));
  b.barrier();  // every thread has read the maximum before the array is reused

  KernelValue sum = b.accumulator(F32, 0);
  KernelValue j2 = b.reduce_range(steps);
  KernelValue c2 = j2 * double(threads) + l;
  KernelValue e = ingot::exp(b.load(x, r * double(cols) + c2, 1, c2 < double(cols)) - row_max);
  b.assign(sum, sum + ingot::where(c2 < double(cols), e, zero));
  b.end(j2);
  b.store(red, l, sum);
  b.barrier();
  tree_reduce(b, red, l, threads, [](auto p, auto q) { return p + q; });
  KernelValue row_sum = b.load(red, b.constant(0, I64));

  KernelValue j3 = b.reduce_range(steps);
  KernelValue c3 = j3 * double(threads) + l;
  b.begin_if(c3 < double(cols));
  KernelValue at = r * double(cols) + c3;
  b.store(y, at, ingot::exp(b.load(x, at) - row_max) / row_sum);
  b.end_if();
  b.end(j3);

  Array xs = random({rows, cols}, support::range(-8, 8));
  ingot::BuiltKernel built = b.build();
  Tensor out = run_poisoned(rows * cols * 4, [&] {
                 return built.run({arg::input(tensor(xs)), arg::output({rows, cols})});
               }).at(0);
  std::vector<float> got = out.to_vector<float>();
  for (int64_t q = 0; q < rows; ++q) {
    double mx = -INFINITY, total = 0;
    for (int64_t k = 0; k < cols; ++k) mx = std::max(mx, xs.data[size_t(q * cols + k)]);
    for (int64_t k = 0; k < cols; ++k) total += std::exp(xs.data[size_t(q * cols + k)] - mx);
    for (int64_t k = 0; k < cols; ++k) {
      const double want = std::exp(xs.data[size_t(q * cols + k)] - mx) / total;
      ASSERT_NEAR(got[size_t(q * cols + k)], want, 1e-6 + 1e-5 * want) << q << ", " << k;
    }
  }
}

TEST_P(KernelBuilderRuns, SourceShowsUnderDebug4) {
  KernelBuilder b("builder_debug_shown", dev());
  auto y = b.buffer("y", I64, Access::Write);
  KernelValue i = b.global_range(3);
  b.store(y, i, i * 7.0);
  ingot::BuiltKernel k = b.build();
  ingot::Context& context = ingot::Context::global();
  const int saved = context.debug();
  context.set_debug(4);
  testing::internal::CaptureStderr();
  std::vector<Tensor> out = k.run({arg::output({3}, I64)});
  const std::string printed = testing::internal::GetCapturedStderr();
  context.set_debug(saved);
  EXPECT_NE(printed.find(k.source()), std::string::npos) << printed;
  EXPECT_EQ(out.at(0).to_vector<int64_t>(), (std::vector<int64_t>{0, 7, 14}));
}

TEST_P(KernelBuilderChecks, StoreOutsideAnyGlobalRange) {
  KernelBuilder b("lonely_store", dev());
  auto out = b.buffer("out", F32, Access::Write);
  KernelValue one = b.constant(1, F32);
  expect_builder_error([&] { b.store(out, b.constant(0, I64), one); },
                       {"lonely_store", "store to 'out'", "%" + std::to_string(one.id()),
                        "outside any global range"});
}

TEST_P(KernelBuilderChecks, BarrierInsideAnIf) {
  KernelBuilder b("divergent", dev());
  b.global_range(2);
  KernelValue l = b.local_range(4);
  b.begin_if(l == 0.0);
  const int if_node = l.id() + 3;  // the constant, the comparison, then the if
  expect_builder_error([&] { b.barrier(); },
                       {"divergent", "barrier", "inside the if %" + std::to_string(if_node)});
}

TEST_P(KernelBuilderChecks, LocalArrayOverTheDeviceLimit) {
  KernelBuilder b("greedy", dev());
  const ingot::DeviceInfo& info = b.device();
  const int64_t limit = info.threadgroups ? info.local_memory_bytes : 64 * 1024;
  b.local_array("fits", F32, limit / 8);
  expect_builder_error([&] { b.local_array("huge", F32, limit / 4); },
                       {"greedy", "local array 'huge'", info.name, std::to_string(limit)});
}

TEST_P(KernelBuilderChecks, TypeMismatch) {
  KernelBuilder b("mixed", dev());
  auto x = b.buffer("x", F32);
  KernelValue i = b.global_range(4);
  KernelValue v = b.load(x, i);
  expect_builder_error([&] { (void)(v + i); },
                       {"mixed", "%" + std::to_string(v.id()), "%" + std::to_string(i.id()),
                        "float32", "int64", "types differ"});
  auto out = b.buffer("out", ingot::DType::Int32, Access::Write);
  expect_builder_error([&] { b.store(out, i, v); },
                       {"store to 'out'", "%" + std::to_string(v.id()), "int32"});
}

TEST_P(KernelBuilderChecks, ValuesOfAnEndedRange) {
  KernelBuilder b("scoped", dev());
  auto x = b.buffer("x", F32), y = b.buffer("y", F32, Access::Write);
  KernelValue g = b.global_range(2);
  KernelValue i = b.reduce_range(3);
  KernelValue v = b.load(x, i);
  b.end(i);
  expect_builder_error([&] { b.store(y, g, v); }, {"scoped", "%" + std::to_string(v.id()),
                                                   "%" + std::to_string(i.id()), "has ended"});
  expect_builder_error(
      [&] {
        b.end(g);
        (void)(i + 1.0);
      },
      {"%" + std::to_string(i.id())});
}

TEST_P(KernelBuilderChecks, StoreToAReadBufferAndWrongArguments) {
  KernelBuilder b("copy", dev());
  auto x = b.buffer("x", F32), y = b.buffer("y", F32, Access::Write);
  KernelValue i = b.global_range(4);
  expect_builder_error([&] { b.store(x, i, b.load(x, i)); }, {"store to 'x'", "Access::Read"});
  b.store(y, i, b.load(x, i));
  ingot::BuiltKernel k = b.build();
  expect_builder_error([&] { k.run({arg::input(tensor(random({4})))}); },
                       {"copy", "1 arguments for its 2 parameters"});
  expect_builder_error(
      [&] {
        k.run({arg::input(tensor(random({4}), I64)), arg::output({4})});
      },
      {"argument 0 for buffer 'x'", "int64", "float32"});
  expect_builder_error(
      [&] {
        k.run({arg::output({4}), arg::output({4})});
      },
      {"argument 0 for buffer 'x'", "arg::input"});
}

INGOT_ON_ALL_DEVICES(KernelBuilderRuns);
INGOT_ON_ALL_DEVICES(KernelBuilderChecks);

}  // namespace
