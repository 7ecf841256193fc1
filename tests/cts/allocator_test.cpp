// The allocator: the LRU cache of freed buffers, and threads.

#include "cts/cts_test.hpp"

namespace ingot::test {
namespace {

// The device's allocator lives for the process and other tests use it: each test starts
// from an empty cache with the default limit, and leaves it so.
class CtsAllocator : public CtsTest {
 protected:
  void SetUp() override {
    allocator().flush_cache();
    allocator().set_cache_limit(kDefaultLimit);
  }
  void TearDown() override { SetUp(); }
  Allocator& allocator() { return device().allocator(); }
  static constexpr size_t kDefaultLimit = size_t(1) << 30;
};

TEST_P(CtsAllocator, FreedBufferIsReusedForTheSameSize) {
  void* handle;
  {
    auto buffer = allocator().alloc(4096);
    handle = buffer->handle();
  }
  EXPECT_EQ(allocator().cached_count(), 1u);
  EXPECT_EQ(allocator().cached_bytes(), 4096u);
  size_t hits = allocator().cache_hits(), backend = allocator().backend_allocs();
  auto other_size = allocator().alloc(4095);  // no reuse across sizes
  EXPECT_EQ(allocator().backend_allocs(), backend + 1);
  auto again = allocator().alloc(4096);
  EXPECT_EQ(again->handle(), handle);
  EXPECT_EQ(allocator().cache_hits(), hits + 1);
  EXPECT_EQ(allocator().backend_allocs(), backend + 1);
  EXPECT_EQ(allocator().cached_count(), 0u);
}

TEST_P(CtsAllocator, FlushEmptiesTheCache) {
  { auto a = allocator().alloc(100), b = allocator().alloc(200); }
  EXPECT_EQ(allocator().cached_count(), 2u);
  allocator().flush_cache();
  EXPECT_EQ(allocator().cached_count(), 0u);
  EXPECT_EQ(allocator().cached_bytes(), 0u);
  size_t backend = allocator().backend_allocs();
  auto fresh = allocator().alloc(100);
  EXPECT_EQ(allocator().backend_allocs(), backend + 1);
}

TEST_P(CtsAllocator, LimitEvictsLeastRecentlyFreed) {
  allocator().set_cache_limit(1001 + 1002 + 1003);
  for (size_t bytes : {1000, 1001, 1002, 1003}) allocator().alloc(bytes);  // freed in order
  EXPECT_EQ(allocator().cached_count(), 3u);
  EXPECT_EQ(allocator().cached_bytes(), 1001u + 1002u + 1003u);
  size_t hits = allocator().cache_hits();
  auto evicted = allocator().alloc(1000);
  EXPECT_EQ(allocator().cache_hits(), hits);
  auto kept = allocator().alloc(1001);
  EXPECT_EQ(allocator().cache_hits(), hits + 1);
  // A buffer larger than the whole cache is freed at once, evicting nothing.
  { auto huge = allocator().alloc(10000); }
  EXPECT_EQ(allocator().cached_count(), 2u);
  // Lowering the limit evicts at once.
  allocator().set_cache_limit(1003);
  EXPECT_EQ(allocator().cached_count(), 1u);
  EXPECT_EQ(allocator().cached_bytes(), 1003u);
}

TEST_P(CtsAllocator, ZeroByteBuffersAreDistinct) {
  auto a = allocator().alloc(0), b = allocator().alloc(0);
  EXPECT_NE(a->handle(), b->handle());
}

TEST_P(CtsAllocator, ConcurrentAllocAndFreeKeepTheCacheConsistent) {
  run_on_threads(8, [this](int t) {
    for (int i = 0; i < 2000; ++i) {
      auto buffer = allocator().alloc(size_t(64 * (1 + (i + t) % 5)));
      uint8_t byte = uint8_t(t);
      buffer->copy_in(&byte, 1);
      uint8_t back = 0;
      buffer->copy_out(&back, 1);
      ASSERT_EQ(back, byte);  // nobody else holds this buffer
    }
  });
  EXPECT_LE(allocator().cached_count(), 8u * 5u);
  allocator().flush_cache();
  EXPECT_EQ(allocator().cached_bytes(), 0u);
}

INGOT_INSTANTIATE_CTS_SUITE(CtsAllocator);

}  // namespace
}  // namespace ingot::test
