// The suite's expected failures, in one place, as IREE's CTS keeps them for its drivers
// that are not finished: each test listed for a device must fail on it, every failure
// saying "not implemented", and is then reported as passed; a listed test that passes,
// skips or fails otherwise fails. Every test not listed must pass (or skip, saying why).
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace ingot::test {
namespace {

struct ExpectedFailure {
  std::string_view device;  // as in test names: "NULL", "CL_0"
  std::string_view test;    // "CtsQueue.SignalsIncreaseAndAreWaitable"
};

// The template backend (src/backends/null/) allocates and signals nothing: every test
// that needs memory or the queue fails with "not implemented". Its kernel tests skip, as
// on any device whose language tests/cts/kernels.cpp does not speak, and so does
// CtsBuffer.LargeBufferRoundTrips (its largest buffer is 0 bytes).
constexpr ExpectedFailure kExpectedFailures[] = {
    {"NULL", "CtsAllocator.FreedBufferIsReusedForTheSameSize"},
    {"NULL", "CtsAllocator.FlushEmptiesTheCache"},
    {"NULL", "CtsAllocator.LimitEvictsLeastRecentlyFreed"},
    {"NULL", "CtsAllocator.ZeroByteBuffersAreDistinct"},
    {"NULL", "CtsAllocator.ConcurrentAllocAndFreeKeepTheCacheConsistent"},
    {"NULL", "CtsBuffer.SmallAndOddSizesRoundTrip"},
    {"NULL", "CtsBuffer.ZeroBytesIsAValidBuffer"},
    {"NULL", "CtsBuffer.CopiesAtOffsetsTouchOnlyTheirRange"},
    {"NULL", "CtsBuffer.OutOfRangeCopiesThrowNamingSizes"},
    {"NULL", "CtsBuffer.ViewsShareMemoryAndKeepTheBaseAlive"},
    {"NULL", "CtsBuffer.CopiesThroughViewsAtOffsetsLandInTheBase"},
    {"NULL", "CtsTransfer.WithinTheDevice"},
    {"NULL", "CtsTransfer.WholeBuffersAndBounds"},
    {"NULL", "CtsTransfer.ToAndFromAnotherDevice"},
    {"NULL", "CtsQueue.SignalsIncreaseAndAreWaitable"},
    {"NULL", "CtsQueue.WaitingForAValueNeverSignaledIsAnError"},
};

constexpr std::string_view kNotImplemented = "not implemented";

// "Devices/CtsQueue" and "SignalsIncreaseAndAreWaitable/NULL" -> whether listed.
bool expected_to_fail(const ::testing::TestInfo& info) {
  std::string_view suite = info.test_suite_name(), name = info.name();
  const size_t slash = name.rfind('/');
  if (slash == std::string_view::npos) return false;  // not a per-device test
  const std::string test =
      std::string(suite.substr(suite.find('/') + 1)) + "." + std::string(name.substr(0, slash));
  const std::string_view device = name.substr(slash + 1);
  for (const ExpectedFailure& expected : kExpectedFailures)
    if (expected.device == device && expected.test == test) return true;
  return false;
}

// Holds back what a listed test reports, and after it judges the report: the test passes
// when it failed, and only with "not implemented".
class ExpectedFailureListener : public ::testing::EmptyTestEventListener {
 public:
  void OnTestStart(const ::testing::TestInfo& info) override {
    if (!expected_to_fail(info)) return;
    reported_ = std::make_unique<::testing::TestPartResultArray>();
    intercept_ = std::make_unique<::testing::ScopedFakeTestPartResultReporter>(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ALL_THREADS, reported_.get());
  }

  // Listeners hear a test's end in reverse order, before the result printer: a failure
  // added here is the test's own.
  void OnTestEnd(const ::testing::TestInfo& info) override {
    if (!intercept_) return;
    intercept_.reset();
    const std::string where = std::string(info.test_suite_name()) + "." + info.name();
    const char* first_failure = nullptr;
    bool as_expected = true;  // every part a failure saying "not implemented"
    for (int i = 0; i < reported_->size(); ++i) {
      const ::testing::TestPartResult& part = reported_->GetTestPartResult(i);
      if (part.skipped()) {
        as_expected = false;
        ADD_FAILURE() << where << " is listed in tests/cts/expected_failures.cpp, but skipped: "
                      << part.message();
      } else if (part.failed()) {
        if (!first_failure) first_failure = part.message();
        if (std::string_view(part.message()).find(kNotImplemented) != std::string_view::npos)
          continue;
        as_expected = false;
        ADD_FAILURE() << where << " is expected to fail only with \"" << kNotImplemented
                      << "\", but failed with: " << part.message();
      }
    }
    if (!first_failure && as_expected)
      ADD_FAILURE() << where
                    << " is listed in tests/cts/expected_failures.cpp but passed: remove it "
                       "from the list";
    else if (first_failure && as_expected)
      std::printf("expected failure: %s\n", first_failure);
    reported_.reset();
  }

 private:
  std::unique_ptr<::testing::TestPartResultArray> reported_;
  std::unique_ptr<::testing::ScopedFakeTestPartResultReporter> intercept_;
};

// Registered before main runs the tests; gtest owns and deletes the listener.
[[maybe_unused]] const bool kRegistered = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new ExpectedFailureListener);
  return true;
}();

}  // namespace
}  // namespace ingot::test
