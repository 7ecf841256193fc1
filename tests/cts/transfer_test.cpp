// Allocator::transfer: copies within one device and between two devices, at offsets.
#include "cts/cts_test.hpp"

namespace ingot::test {
namespace {

class CtsTransfer : public CtsTest {};

// Fills a source on `from` and a poisoned destination on `to`, transfers `bytes` from
// source offset 100 to destination offset 7 through views, and checks that exactly that
// range arrived and nothing around it changed.
void expect_transfer_at_offsets(Device& from, Device& to, size_t bytes, uint32_t seed) {
  auto data = random_bytes(bytes + 200, seed);
  auto src = from.allocator().alloc(data.size());
  src->copy_in(data.data(), data.size());
  std::vector<uint8_t> expected(bytes + 20, 0xFF);
  auto dst = to.allocator().alloc(expected.size());
  dst->copy_in(expected.data(), expected.size());

  Buffer src_view(src, 100, bytes), dst_view(dst, 7, bytes);
  Allocator::transfer(dst_view, src_view, bytes);
  std::copy(data.begin() + 100, data.begin() + 100 + long(bytes), expected.begin() + 7);
  std::vector<uint8_t> back(expected.size());
  dst->copy_out(back.data(), back.size());
  EXPECT_EQ(back, expected) << bytes << " bytes from " << from.name() << " to " << to.name();
}

// The first other device that opens here, or null.
Device* other_device(Device& device) {
  for (const std::string& name : Device::available())
    if (Device& other = Device::get(name); &other != &device) return &other;
  return nullptr;
}

TEST_P(CtsTransfer, WithinTheDevice) {
  for (size_t bytes : {size_t(1), size_t(4099), size_t(3) << 20})
    expect_transfer_at_offsets(device(), device(), bytes, uint32_t(bytes));
}

TEST_P(CtsTransfer, WholeBuffersAndBounds) {
  Allocator& allocator = device().allocator();
  auto data = random_bytes(50000, 11);
  auto src = allocator.alloc(50000), dst = allocator.alloc(60000);
  src->copy_in(data.data(), data.size());
  Allocator::transfer(*dst, *src, 50000);
  std::vector<uint8_t> back(50000);
  dst->copy_out(back.data(), back.size());
  EXPECT_EQ(back, data);
  EXPECT_THROW(Allocator::transfer(*src, *dst, 60000), Error);  // more than src holds
}

TEST_P(CtsTransfer, ToAndFromAnotherDevice) {
  Device* other = other_device(device());
  if (!other) GTEST_SKIP() << "only " << device().name() << " opens here";
  for (size_t bytes : {size_t(1), size_t(1) << 20 | 3}) {
    expect_transfer_at_offsets(device(), *other, bytes, 1);
    expect_transfer_at_offsets(*other, device(), bytes, 2);
  }
}

INGOT_INSTANTIATE_CTS_SUITE(CtsTransfer);

}  // namespace
}  // namespace ingot::test
