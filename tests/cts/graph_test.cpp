// Graphs: a captured list of launches replayed, reading its buffers anew each time.
#include "cts/device_io.hpp"
#include "cts/kernels.hpp"
#include "cts/references.hpp"

namespace ingot::test {
namespace {

class CtsGraph : public CtsKernelTest {};

// mid = a * 1.5 + b + 2, out = sqrt(mid) * 2 over n floats, captured as one graph: the
// second launch reads the first's result, so a replay must keep their order.
struct ChainedGraph {
  std::vector<float> b;
  std::shared_ptr<Buffer> a_buf, b_buf, mid, out;
  std::unique_ptr<Graph> graph;

  ChainedGraph(Device& dev, Program& axpb, Program& sqrt2, const std::vector<float>& a,
               uint32_t seed)
      : b(random_values<float>(a.size(), seed, 0, 10)),
        a_buf(upload(dev, a)),
        b_buf(upload(dev, b)),
        mid(dev.allocator().alloc(a.size() * sizeof(float))),
        out(dev.allocator().alloc(a.size() * sizeof(float))) {
    LaunchDims dims = linear_dims(a.size(), 64);
    graph = dev.capture(
        {{&axpb, {mid, a_buf, b_buf}, dims, {ScalarArg::of_int(2), ScalarArg::of_float(1.5)}},
         {&sqrt2, {out, mid}, dims, {}}});
  }
  Reference expected(const std::vector<float>& a) const {
    return sqrt2_reference(axpb_reference(a, b, 2, 1.5).values);
  }
};

// A new `a` before each replay must change `out`.
TEST_P(CtsGraph, ReplaysFollowTheirInputs) {
  Device& dev = device();
  const size_t n = 64 * 513;
  ChainedGraph chain(dev, kernel(dev, "axpb"), kernel(dev, "sqrt2"),
                     random_values<float>(n, 4, 0, 10), 5);
  for (uint32_t replay = 0; replay < 3; ++replay) {
    SCOPED_TRACE(::testing::Message() << "replay " << replay);
    auto a = random_values<float>(n, 100 + replay, 0, 10);
    chain.a_buf->copy_in(a.data(), chain.a_buf->bytes());
    poison(*chain.mid);
    poison(*chain.out);
    chain.graph->replay();
    dev.synchronize();
    expect_near(download<float>(*chain.out), chain.expected(a));
  }
}

// A replay may run on other buffers (Graph::Binding): each binding holds for its replay
// only, so alternating bound inputs and the captured one must give each one's result,
// also a bound output, and the captured buffers keep their contents when bound over.
TEST_P(CtsGraph, BindingsReplaceBuffersForOneReplay) {
  Device& dev = device();
  const size_t n = 64 * 129;
  auto captured_a = random_values<float>(n, 7, 0, 10);
  ChainedGraph chain(dev, kernel(dev, "axpb"), kernel(dev, "sqrt2"), captured_a, 6);
  // More bound sets than a Metal graph keeps encodings for (MetalGraph::kEncodings).
  for (uint32_t replay = 0; replay < 8; ++replay) {
    SCOPED_TRACE(::testing::Message() << "replay " << replay);
    const bool bind = replay % 2 == 0;
    auto a = bind ? random_values<float>(n, 200 + replay, 0, 10) : captured_a;
    auto bound_a = upload(dev, a);
    auto bound_out = dev.allocator().alloc(n * sizeof(float));
    poison(*chain.mid);
    poison(*chain.out);
    poison(*bound_out);
    std::vector<Graph::Binding> bindings;
    if (bind) bindings = {{chain.a_buf.get(), bound_a}, {chain.out.get(), bound_out}};
    chain.graph->replay(bindings);
    dev.synchronize();
    expect_near(download<float>(bind ? *bound_out : *chain.out), chain.expected(a));
    EXPECT_EQ(download<float>(*chain.a_buf), captured_a);
  }
}

INGOT_INSTANTIATE_CTS_SUITE(CtsGraph);

}  // namespace
}  // namespace ingot::test
