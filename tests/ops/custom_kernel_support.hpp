// The fixture of the custom-kernel tests: a kernel's source in each device language, the
// output poisoning that proves a kernel wrote what it returns, and the checks that an
// error names what it should and leaves the device working.
#pragma once

#include <initializer_list>
#include <limits>
#include <map>
#include <string>

#include "ingot/custom_kernel.hpp"
#include "support/op_test.hpp"

namespace support {

// One kernel in each language it is written in ("c", "opencl", "cuda", "metal").
using Sources = std::map<std::string, std::string>;

class CustomKernelTest : public OpTest {
 protected:
  const ingot::DeviceInfo& info() const { return ingot::Device::get(dev()).info(); }
  const std::string& language() const { return info().language; }
  bool runs_groups() const { return info().threadgroups; }

  // The kernel's source in this device's language.
  const std::string& source_of(const Sources& sources) const { return sources.at(language()); }

  // `n` threads in groups of `group` on a GPU (n a multiple of group); `n` iterations on
  // the CPU.
  ingot::LaunchDims threads(int64_t n, int64_t group = 64) const {
    return runs_groups() ? ingot::LaunchDims{{n, 1, 1}, {group, 1, 1}}
                         : ingot::LaunchDims{{n, 1, 1}, {1, 1, 1}};
  }

  // Leaves a freed buffer of `bytes` bytes of NaNs in the device's cache, so that the next
  // allocation of that size (a kernel's output) starts out poisoned.
  void poison_next_output(size_t bytes) {
    ingot::Allocator& allocator = ingot::Device::get(dev()).allocator();
    Tensor::full({int64_t(bytes / 4)}, std::numeric_limits<double>::quiet_NaN(), F32, dev())
        .realize();
    hits_before_ = allocator.cache_hits();
  }
  // Whether an allocation since poison_next_output was served from that cache.
  bool output_was_poisoned() const {
    return ingot::Device::get(dev()).allocator().cache_hits() > hits_before_;
  }

  // Runs `k`, expecting an ingot::Error whose message holds every one of `mentions`.
  void expect_error(const ingot::CustomKernel& k, std::initializer_list<std::string> mentions) {
    try {
      ingot::run_custom_kernel(k);
      ADD_FAILURE() << "no error; expected one mentioning " << *mentions.begin();
    } catch (const ingot::Error& e) {
      for (const std::string& mention : mentions)
        EXPECT_NE(std::string(e.what()).find(mention), std::string::npos)
            << "'" << mention << "' not in: " << e.what();
    }
  }

  // A kernel with its output last (Apple's add_arrays), run and checked: proof that the
  // device works after an error.
  void expect_device_works();

  size_t hits_before_ = 0;
};

// Apple's first compute sample's kernel, in each language: result[i] = a[i] + b[i], with
// the output as the third argument.
extern const Sources kAddArrays;

}  // namespace support
