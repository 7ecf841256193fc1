// What every device says of itself: the facts the rest of ingot plans and checks by.
#include "cts/cts_test.hpp"

namespace ingot::test {
namespace {

class CtsDevice : public CtsTest {};

TEST_P(CtsDevice, InfoDescribesTheDevice) {
  Device& dev = device();
  const DeviceInfo& info = dev.info();
  EXPECT_EQ(&Device::get(info.name), &dev) << "its name opens it";
  EXPECT_FALSE(info.product.empty());
  EXPECT_FALSE(info.language.empty());
  EXPECT_GE(info.compute_units, 1);
  EXPECT_GE(info.max_threads_per_group, 1);
  for (int d = 0; d < 3; ++d) {
    EXPECT_GE(info.max_group_size[d], 1) << d;
    EXPECT_GE(info.max_groups[d], 1) << d;
  }
  EXPECT_GE(info.max_kernel_arguments, 1);
  EXPECT_GE(info.view_alignment_bytes, 1u);
  EXPECT_TRUE(info.supports(DType::Float32)) << "every device computes in float32";
  EXPECT_GE(info.max_buffer_bytes, 0u);
}

// Part of the disk cache's key: a binary is never taken for another compiler's.
TEST_P(CtsDevice, CompilerHasAnIdentity) { EXPECT_FALSE(device().compiler().identity().empty()); }

INGOT_INSTANTIATE_CTS_SUITE(CtsDevice);

}  // namespace
}  // namespace ingot::test
