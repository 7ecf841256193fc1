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

INGOT_INSTANTIATE_CTS_SUITE(CtsGraph);

}  // namespace
}  // namespace ingot::test
