// Local memory and barriers: a prefix sum within each work-group.
#include "cts/device_io.hpp"
#include "cts/kernels.hpp"

namespace ingot::test {
namespace {

class CtsLocalMemory : public CtsKernelTest {};

TEST_P(CtsLocalMemory, GroupPrefixSumThroughBarriers) {
  Device& dev = device();
  const int64_t groups = 37;
  int64_t largest = std::min(kScanMaxGroup, dev.info().max_threads_per_group);
  if (!dev.info().threadgroups) largest = kScanMaxGroup;  // one serial loop per group: any size
  for (int64_t size : {int64_t(1), int64_t(2), int64_t(16), int64_t(64), kScanMaxGroup}) {
    if (size > largest) continue;
    SCOPED_TRACE(::testing::Message() << "groups of " << size);
    const size_t n = size_t(groups * size);
    auto in = random_values<int32_t>(n, uint32_t(size), 1, 1000);  // sums are never -1
    auto in_buf = upload(dev, in);
    auto out = poisoned(dev, n * sizeof(int32_t));
    Buffer* buffers[] = {out.get(), in_buf.get()};
    ScalarArg scalars[] = {ScalarArg::of_int(size)};
    kernel(dev, "group_scan").launch(buffers, group_dims(dev, groups, size), scalars, true);
    auto got = download<int32_t>(*out);
    int64_t sum = 0;
    for (size_t i = 0; i < n; ++i) {
      sum = (i % size_t(size) ? sum : 0) + in[i];
      ASSERT_EQ(got[i], sum) << "element " << i << ", in group " << i / size_t(size);
    }
  }
}

INGOT_INSTANTIATE_CTS_SUITE(CtsLocalMemory);

}  // namespace
}  // namespace ingot::test
