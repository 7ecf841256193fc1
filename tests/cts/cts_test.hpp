// The HAL conformance suite's shared pieces: every test is instantiated once per device
// that opens (Device::available()), so a new backend joins the suite by registering, and
// once for the template backend NULL, which fails as expected_failures.cpp lists.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot::test {

class CtsTest : public ::testing::TestWithParam<std::string> {
 protected:
  Device& device() { return Device::get(GetParam()); }
};

// The devices the suite runs on: every device that opens, and NULL, the template backend
// (src/backends/null/), which opens only when named.
inline std::vector<std::string> cts_devices() {
  std::vector<std::string> devices = Device::available();
  devices.push_back("NULL");
  return devices;
}

// "CL:1" -> "CL_1": test names allow letters, digits and '_' only.
inline std::string device_test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

inline std::vector<uint8_t> random_bytes(size_t n, uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; i += 8) {  // eight bytes per draw: 256 MiB in well under a second
    uint64_t word = rng();
    std::memcpy(bytes.data() + i, &word, std::min<size_t>(8, n - i));
  }
  return bytes;
}

template <class T>
std::vector<T> random_values(size_t n, uint32_t seed, T lo, T hi) {
  std::mt19937 rng(seed);
  using Dist = std::conditional_t<std::is_integral_v<T>, std::uniform_int_distribution<T>,
                                  std::uniform_real_distribution<T>>;
  Dist dist(lo, hi);
  std::vector<T> values(n);
  for (auto& v : values) v = dist(rng);
  return values;
}

// Runs body(t) for t = 0 .. count - 1 on as many threads at once and waits for them all.
// An exception thrown on one is rethrown here, once every thread has ended, so that it
// fails the test rather than terminating the process.
inline void run_on_threads(int count, const std::function<void(int)>& body) {
  std::mutex mutex;
  std::exception_ptr first;
  std::vector<std::thread> threads;
  for (int t = 0; t < count; ++t) {
    threads.emplace_back([&, t] {
      try {
        body(t);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!first) first = std::current_exception();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  if (first) std::rethrow_exception(first);
}

// Runs `action`, which must throw ingot::Error whose message contains every part.
inline void expect_error_containing(const std::function<void()>& action,
                                    const std::vector<std::string>& parts) {
  try {
    action();
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    std::string message = e.what();
    for (const auto& part : parts)
      EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
  }
}

}  // namespace ingot::test

#define INGOT_INSTANTIATE_CTS_SUITE(suite)                                                  \
  INSTANTIATE_TEST_SUITE_P(Devices, suite, ::testing::ValuesIn(ingot::test::cts_devices()), \
                           ingot::test::device_test_name)
