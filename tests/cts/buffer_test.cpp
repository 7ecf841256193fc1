// Buffers: sizes, copies in and out at offsets, views and bounds.
#include "cts/cts_test.hpp"

namespace ingot::test {
namespace {

class CtsBuffer : public CtsTest {};

void expect_round_trip(Device& device, size_t bytes, uint32_t seed) {
  auto buffer = device.allocator().alloc(bytes);
  ASSERT_EQ(buffer->bytes(), bytes);
  auto data = random_bytes(bytes, seed);
  buffer->copy_in(data.data(), bytes);
  std::vector<uint8_t> back(bytes, 0xFF);
  buffer->copy_out(back.data(), bytes);
  EXPECT_EQ(back, data) << bytes << " bytes on " << device.name();
}

TEST_P(CtsBuffer, SmallAndOddSizesRoundTrip) {
  for (size_t bytes :
       {size_t(1), size_t(3), size_t(7), size_t(63), size_t(65), size_t(4097), size_t(1000003)})
    expect_round_trip(device(), bytes, uint32_t(bytes));
}

TEST_P(CtsBuffer, LargeBufferRoundTrips) {
  const size_t bytes = size_t(256) << 20;
  if (device().info().max_buffer_bytes < bytes)
    GTEST_SKIP() << device().name() << " allows buffers of " << device().info().max_buffer_bytes
                 << " bytes at most";
  expect_round_trip(device(), bytes, 1);
}

TEST_P(CtsBuffer, ZeroBytesIsAValidBuffer) {
  auto buffer = device().allocator().alloc(0);
  EXPECT_EQ(buffer->bytes(), 0u);
  EXPECT_NE(buffer->handle(), nullptr);
  buffer->copy_in(nullptr, 0);
  EXPECT_THROW(buffer->copy_in("x", 1), Error);
}

TEST_P(CtsBuffer, CopiesAtOffsetsTouchOnlyTheirRange) {
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

TEST_P(CtsBuffer, OutOfRangeCopiesThrowNamingSizes) {
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

TEST_P(CtsBuffer, ViewsShareMemoryAndKeepTheBaseAlive) {
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

TEST_P(CtsBuffer, CopiesThroughViewsAtOffsetsLandInTheBase) {
  const size_t bytes = 9001, view_at = 777, view_bytes = 5000;
  auto original = random_bytes(bytes, 21);
  auto base = device().allocator().alloc(bytes);
  base->copy_in(original.data(), bytes);
  auto view = std::make_shared<Buffer>(base, view_at, view_bytes);
  std::vector<uint8_t> expected = original;
  for (auto [at, n] : {std::pair<size_t, size_t>{0, 3}, {13, 1000}, {view_bytes - 1, 1}}) {
    auto patch = random_bytes(n, uint32_t(at + 1));
    view->copy_in(patch.data(), n, at);
    std::copy(patch.begin(), patch.end(), expected.begin() + long(view_at + at));
    std::vector<uint8_t> part(n, 0xFF);
    view->copy_out(part.data(), n, at);
    EXPECT_EQ(part, patch) << "at " << at;
  }
  std::vector<uint8_t> whole(bytes, 0xFF);
  base->copy_out(whole.data(), bytes);
  EXPECT_EQ(whole, expected);
  std::vector<uint8_t> unused(1);
  EXPECT_THROW(view->copy_in(unused.data(), 1, view_bytes), Error);  // past the view's end
}

INGOT_INSTANTIATE_CTS_SUITE(CtsBuffer);

}  // namespace
}  // namespace ingot::test
