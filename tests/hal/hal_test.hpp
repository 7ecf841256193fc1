// The HAL conformance suite's shared pieces: every test is instantiated once per device
// that opens (Device::available()), so a new backend joins the suite by registering.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ingot/runtime.hpp"

namespace ingot::test {

class HalTest : public ::testing::TestWithParam<std::string> {
 protected:
  Device& device() { return Device::get(GetParam()); }
};

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

}  // namespace ingot::test

#define INGOT_INSTANTIATE_HAL_SUITE(suite)                                                  \
  INSTANTIATE_TEST_SUITE_P(Devices, suite, ::testing::ValuesIn(ingot::Device::available()), \
                           ingot::test::device_test_name)

// The hand-written kernels of this suite are C in the CPU kernel ABI; GPU devices skip
// them until their backends bring kernels in their own language.
#define INGOT_SKIP_UNLESS_C(device)                                                    \
  if ((device).info().language != "c")                                                 \
  GTEST_SKIP() << "hand-written kernels are C only; " << (device).name() << " speaks " \
               << (device).info().language
