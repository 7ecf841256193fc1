// Queues: the timeline of signals, host waits, and the order of launches submitted
// without waiting.
#include "cts/device_io.hpp"
#include "cts/kernels.hpp"
#include "cts/references.hpp"

namespace ingot::test {
namespace {

class CtsQueue : public CtsTest {};
class CtsOrdering : public CtsKernelTest {};

TEST_P(CtsQueue, SignalsIncreaseAndAreWaitable) {
  Queue& queue = device().queue();
  uint64_t first = queue.signal();
  uint64_t second = queue.signal();
  EXPECT_GT(second, first);
  queue.wait(second);
  EXPECT_GE(queue.completed(), second);
  queue.wait(first);  // an older value: already complete
}

TEST_P(CtsQueue, WaitingForAValueNeverSignaledIsAnError) {
  Queue& queue = device().queue();
  uint64_t last = queue.signal();
  queue.wait(last);
  EXPECT_THROW(queue.wait(last + 1000), Error);
  // The queue goes on: the next signal is waitable.
  uint64_t next = queue.signal();
  EXPECT_GT(next, last);
  queue.wait(next);
  EXPECT_GE(queue.completed(), next);
}

// mid = a * 1.5 + b + 2, then out = sqrt(mid) * 2, submitted without waiting in between:
// the second launch must see all of the first's writes. Large enough that an
// asynchronous device is still running the first when the second is submitted.
TEST_P(CtsOrdering, DependentLaunchesWithoutWaitingThenAHostWait) {
  Device& dev = device();
  const size_t n = size_t(1) << 22;
  auto a = random_values<float>(n, 4, 0, 10), b = random_values<float>(n, 5, 0, 10);
  auto a_buf = upload(dev, a), b_buf = upload(dev, b);
  auto mid = poisoned(dev, n * sizeof(float)), out = poisoned(dev, n * sizeof(float));
  Buffer* first[] = {mid.get(), a_buf.get(), b_buf.get()};
  Buffer* second[] = {out.get(), mid.get()};
  ScalarArg scalars[] = {ScalarArg::of_int(2), ScalarArg::of_float(1.5)};
  EXPECT_EQ(kernel(dev, "axpb").launch(first, linear_dims(n, 64), scalars, false), 0);
  EXPECT_EQ(kernel(dev, "sqrt2").launch(second, linear_dims(n, 64), {}, false), 0);
  uint64_t done = dev.queue().signal();
  dev.queue().wait(done);
  EXPECT_GE(dev.queue().completed(), done);
  expect_near(download<float>(*out), sqrt2_reference(axpb_reference(a, b, 2, 1.5).values));
}

INGOT_INSTANTIATE_CTS_SUITE(CtsQueue);
INGOT_INSTANTIATE_CTS_SUITE(CtsOrdering);

}  // namespace
}  // namespace ingot::test
