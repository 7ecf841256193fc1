// Graphs: a captured list of launches replayed, reading its buffers anew each time.
#include "cts/device_io.hpp"
#include "cts/kernels.hpp"
#include "cts/references.hpp"

namespace ingot::test {
namespace {

class CtsGraph : public CtsKernelTest {};

// mid = a * 1.5 + b + 2, out = sqrt(mid) * 2: the second launch reads the first's result,
// so a replay must keep their order; a new `a` before each replay must change `out`.
TEST_P(CtsGraph, ReplaysFollowTheirInputs) {
  Device& dev = device();
  const size_t n = 64 * 513;
  auto b = random_values<float>(n, 5, 0, 10);
  auto a_buf = dev.allocator().alloc(n * sizeof(float)), b_buf = upload(dev, b);
  auto mid = dev.allocator().alloc(n * sizeof(float));
  auto out = dev.allocator().alloc(n * sizeof(float));
  LaunchDims dims = linear_dims(n, 64);
  auto graph = dev.capture({{&kernel(dev, "axpb"),
                             {mid, a_buf, b_buf},
                             dims,
                             {ScalarArg::of_int(2), ScalarArg::of_float(1.5)}},
                            {&kernel(dev, "sqrt2"), {out, mid}, dims, {}}});
  for (uint32_t replay = 0; replay < 3; ++replay) {
    SCOPED_TRACE(::testing::Message() << "replay " << replay);
    auto a = random_values<float>(n, 100 + replay, 0, 10);
    a_buf->copy_in(a.data(), a_buf->bytes());
    poison(*mid);
    poison(*out);
    graph->replay();
    dev.synchronize();
    expect_near(download<float>(*out), sqrt2_reference(axpb_reference(a, b, 2, 1.5).values));
  }
}

// A replay may run on other buffers (Graph::Binding): each binding holds for its replay
// only, so alternating bound inputs and the captured one must give each one's result,
// also a bound output, and the captured buffers keep their contents when bound over.
TEST_P(CtsGraph, BindingsReplaceBuffersForOneReplay) {
  Device& dev = device();
  const size_t n = 64 * 129;
  auto b = random_values<float>(n, 6, 0, 10);
  auto captured_a = random_values<float>(n, 7, 0, 10);
  auto a_buf = upload(dev, captured_a), b_buf = upload(dev, b);
  auto mid = dev.allocator().alloc(n * sizeof(float));
  auto out = dev.allocator().alloc(n * sizeof(float));
  LaunchDims dims = linear_dims(n, 64);
  auto graph = dev.capture({{&kernel(dev, "axpb"),
                             {mid, a_buf, b_buf},
                             dims,
                             {ScalarArg::of_int(2), ScalarArg::of_float(1.5)}},
                            {&kernel(dev, "sqrt2"), {out, mid}, dims, {}}});
  // More bound sets than a Metal graph keeps encodings for (MetalGraph::kEncodings).
  for (uint32_t replay = 0; replay < 8; ++replay) {
    SCOPED_TRACE(::testing::Message() << "replay " << replay);
    const bool bind = replay % 2 == 0;
    auto a = bind ? random_values<float>(n, 200 + replay, 0, 10) : captured_a;
    auto bound_a = upload(dev, a);
    auto bound_out = dev.allocator().alloc(n * sizeof(float));
    poison(*mid);
    poison(*out);
    poison(*bound_out);
    std::vector<Graph::Binding> bindings;
    if (bind) bindings = {{a_buf.get(), bound_a}, {out.get(), bound_out}};
    graph->replay(bindings);
    dev.synchronize();
    expect_near(download<float>(bind ? *bound_out : *out),
                sqrt2_reference(axpb_reference(a, b, 2, 1.5).values));
    EXPECT_EQ(download<float>(*a_buf), captured_a);
  }
}

INGOT_INSTANTIATE_CTS_SUITE(CtsGraph);

}  // namespace
}  // namespace ingot::test
