// Buffers: sizes, copies in and out at offsets, views, bounds and transfers.
#include "hal/hal_test.hpp"
#include "ingot/error.hpp"

namespace ingot::test {
namespace {

class HalBuffer : public HalTest {};

void expect_round_trip(Device& device, size_t bytes, uint32_t seed) {
  auto buffer = device.allocator().alloc(bytes);
  ASSERT_EQ(buffer->bytes(), bytes);
  auto data = random_bytes(bytes, seed);
  buffer->copy_in(data.data(), bytes);
  std::vector<uint8_t> back(bytes, 0xFF);
  buffer->copy_out(back.data(), bytes);
  EXPECT_EQ(back, data) << bytes << " bytes on " << device.name();
}

TEST_P(HalBuffer, SmallAndOddSizesRoundTrip) {
  for (size_t bytes :
       {size_t(1), size_t(3), size_t(7), size_t(63), size_t(65), size_t(4097), size_t(1000003)})
    expect_round_trip(device(), bytes, uint32_t(bytes));
}

TEST_P(HalBuffer, LargeBufferRoundTrips) { expect_round_trip(device(), size_t(256) << 20, 1); }

TEST_P(HalBuffer, ZeroBytesIsAValidBuffer) {
  auto buffer = device().allocator().alloc(0);
  EXPECT_EQ(buffer->bytes(), 0u);
  EXPECT_NE(buffer->handle(), nullptr);
  buffer->copy_in(nullptr, 0);
  EXPECT_THROW(buffer->copy_in("x", 1), Error);
}

TEST_P(HalBuffer, CopiesAtOffsetsTouchOnlyTheirRange) {
  const size_t bytes = 10007;
  auto buffer = device().allocator().alloc(bytes);
  auto original = random_bytes(bytes, 7);
  buffer->copy_in(original.data(), bytes);
  std::vector<uint8_t> expected = original;
  for (auto [at, n] : {std::pair<size_t, size_t>{0, 1}, {1, 13}, {4093, 777}, {bytes - 5, 5}}) {
    auto patch = random_bytes(n, uint32_t(at));
    buffer->copy_in(patch.data(), n, at);
    std::copy(patch.begin(), patch.end(), expected.begin() + at);
    std::vector<uint8_t> part(n, 0xFF);
    buffer->copy_out(part.data(), n, at);
    EXPECT_EQ(part, patch) << "at " << at;
  }
  std::vector<uint8_t> whole(bytes, 0xFF);
  buffer->copy_out(whole.data(), bytes);
  EXPECT_EQ(whole, expected);
}

TEST_P(HalBuffer, OutOfRangeCopiesThrowNamingSizes) {
  auto buffer = device().allocator().alloc(100);
  std::vector<uint8_t> host(200);
  EXPECT_THROW(buffer->copy_in(host.data(), 101), Error);
  EXPECT_THROW(buffer->copy_in(host.data(), 1, 100), Error);
  EXPECT_THROW(buffer->copy_out(host.data(), 50, 51), Error);
  EXPECT_THROW(buffer->copy_out(host.data(), 1, SIZE_MAX), Error);
  try {
    buffer->copy_out(host.data(), 60, 50);
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("60"), std::string::npos) << message;
    EXPECT_NE(message.find("50"), std::string::npos) << message;
    EXPECT_NE(message.find("100"), std::string::npos) << message;
  }
  buffer->copy_in(host.data(), 0, 100);  // empty, at the very end: valid
}

TEST_P(HalBuffer, ViewsShareMemoryAndKeepTheBaseAlive) {
  Allocator& allocator = device().allocator();
  auto data = random_bytes(4096, 3);
  std::shared_ptr<Buffer> view;
  {
    auto base = allocator.alloc(4096);
    base->copy_in(data.data(), 4096);
    view = std::make_shared<Buffer>(base, 1000, 2000);
  }
  EXPECT_EQ(view->offset(), 1000u);
  EXPECT_EQ(&view->device(), &device());
  auto inner = std::make_shared<Buffer>(view, 24, 100);  // a view of a view
  EXPECT_EQ(inner->offset(), 1024u);
  EXPECT_EQ(inner->handle(), view->handle());
  std::vector<uint8_t> part(100);
  inner->copy_out(part.data(), 100);
  EXPECT_TRUE(std::equal(part.begin(), part.end(), data.begin() + 1024));
  EXPECT_THROW(Buffer(view, 1999, 2), Error);
  EXPECT_THROW(Buffer(std::shared_ptr<Buffer>(), 0, 0), Error);
}

TEST_P(HalBuffer, TransferCopiesBetweenBuffers) {
  Allocator& allocator = device().allocator();
  auto data = random_bytes(50000, 11);
  auto src = allocator.alloc(50000), dst = allocator.alloc(60000);
  src->copy_in(data.data(), data.size());
  Allocator::transfer(*dst, *src, 50000);
  std::vector<uint8_t> back(50000);
  dst->copy_out(back.data(), back.size());
  EXPECT_EQ(back, data);
  // Views: a transfer honours both offsets.
  Buffer src_view(src, 100, 1000), dst_view(dst, 7, 1000);
  Allocator::transfer(dst_view, src_view, 1000);
  dst->copy_out(back.data(), 1000, 7);
  EXPECT_TRUE(std::equal(back.begin(), back.begin() + 1000, data.begin() + 100));
  EXPECT_THROW(Allocator::transfer(*src, *dst, 60000), Error);
}

INGOT_INSTANTIATE_HAL_SUITE(HalBuffer);

}  // namespace
}  // namespace ingot::test
