// The allocator: the LRU cache of freed buffers, running out of memory, threads.
#include <thread>

#include "hal/hal_test.hpp"
#include "ingot/error.hpp"

namespace ingot::test {
namespace {

// The device's allocator lives for the process and other tests use it: each test starts
// from an empty cache with the default limit, and leaves it so.
class HalAllocator : public HalTest {
 protected:
  void SetUp() override {
    allocator().flush_cache();
    allocator().set_cache_limit(kDefaultLimit);
  }
  void TearDown() override { SetUp(); }
  Allocator& allocator() { return device().allocator(); }
  static constexpr size_t kDefaultLimit = size_t(1) << 30;
};

TEST_P(HalAllocator, FreedBufferIsReusedForTheSameSize) {
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

TEST_P(HalAllocator, FlushEmptiesTheCache) {
  { auto a = allocator().alloc(100), b = allocator().alloc(200); }
  EXPECT_EQ(allocator().cached_count(), 2u);
  allocator().flush_cache();
  EXPECT_EQ(allocator().cached_count(), 0u);
  EXPECT_EQ(allocator().cached_bytes(), 0u);
  size_t backend = allocator().backend_allocs();
  auto fresh = allocator().alloc(100);
  EXPECT_EQ(allocator().backend_allocs(), backend + 1);
}

TEST_P(HalAllocator, LimitEvictsLeastRecentlyFreed) {
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

TEST_P(HalAllocator, ZeroByteBuffersAreDistinct) {
  auto a = allocator().alloc(0), b = allocator().alloc(0);
  EXPECT_NE(a->handle(), b->handle());
}

TEST_P(HalAllocator, MoreThanTheDeviceHasThrowsAndTheDeviceStillWorks) {
  uint64_t memory = device().info().memory_bytes;
  for (size_t bytes : {size_t(memory) * 2, size_t(memory) + 1, SIZE_MAX, SIZE_MAX - 1}) {
    try {
      allocator().alloc(bytes);
      FAIL() << "allocated " << bytes << " bytes";
    } catch (const Error& e) {
      std::string message = e.what();
      EXPECT_NE(message.find("out of memory on " + device().name()), std::string::npos) << message;
      EXPECT_NE(message.find(std::to_string(bytes)), std::string::npos) << message;
    }
  }
  auto buffer = allocator().alloc(1 << 20);
  std::vector<uint8_t> data = random_bytes(1 << 20, 5), back(1 << 20);
  buffer->copy_in(data.data(), data.size());
  buffer->copy_out(back.data(), back.size());
  EXPECT_EQ(back, data);
}

TEST_P(HalAllocator, ConcurrentAllocAndFreeKeepTheCacheConsistent) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([this, t] {
      for (int i = 0; i < 2000; ++i) {
        auto buffer = allocator().alloc(size_t(64 * (1 + (i + t) % 5)));
        uint8_t byte = uint8_t(t);
        buffer->copy_in(&byte, 1);
        uint8_t back = 0;
        buffer->copy_out(&back, 1);
        ASSERT_EQ(back, byte);  // nobody else holds this buffer
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_LE(allocator().cached_count(), 8u * 5u);
  allocator().flush_cache();
  EXPECT_EQ(allocator().cached_bytes(), 0u);
}

INGOT_INSTANTIATE_HAL_SUITE(HalAllocator);

}  // namespace
}  // namespace ingot::test
