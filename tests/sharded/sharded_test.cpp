#include "sharded/sharded_test.hpp"

#include <algorithm>
#include <cstdlib>

namespace ingot::test {

namespace {
// Before main: the emulator and PoCL make their devices on their first use in the process.
const bool kTwoDevicesOfEach = ::setenv("INGOT_METAL_EMULATOR_DEVICES", "2", 1) == 0 &&
                               ::setenv("POCL_DEVICES", "pthread pthread", 0) == 0;
}  // namespace

void ShardedTest::SetUp() {
  ASSERT_TRUE(kTwoDevicesOfEach);
  const std::vector<std::string> open = Device::available();
  for (const std::string& d : group())
    if (std::find(open.begin(), open.end(), d) == open.end())
      GTEST_SKIP() << d << " does not open here";
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  rng_.seed(std::hash<std::string>()(std::string(info->test_suite_name()) + info->name()));
}

Array ShardedTest::random(const Shape& shape, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<double> v(size_t(ref::numel_of(shape)));
  for (double& x : v) x = ref::cast_value(u(rng_), DType::Float32);
  return Array(shape, std::move(v));
}

Tensor ShardedTest::tensor(const Array& a, const std::string& device) const {
  std::vector<float> v(a.data.begin(), a.data.end());
  return Tensor::from_vector(v, a.shape, device);
}

ShardedTensor ShardedTest::sharded(const In& in) const {
  Tensor t = tensor(in.values);
  return in.axis ? t.shard(group(), *in.axis) : t.replicate(group());
}

void ShardedTest::poison(const Array& a) const {
  const size_t bytes = size_t(a.numel()) * sizeof(float);
  for (const std::string& d : group()) {
    support::poison_allocator_cache(d, bytes);
    for (size_t k = 2; k <= group().size() + 1; ++k)
      if (bytes / k) support::poison_allocator_cache(d, bytes / k);
  }
}

}  // namespace ingot::test
