// Reading device results on the host, independently of ingot's own conversions, and
// poisoning the memory the next results will be written to. Shared by the op suite and
// the fuzzer (no GoogleTest here).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ingot/tensor.hpp"

namespace support {

// Makes sure the next results are freshly computed and never read stale zeros: allocates
// `bytes` (twice) on `device` through its allocator, fills the memory with 0xFF bytes (NaN
// for every float type, -1 for signed integers, the largest value for unsigned ones) and
// lets go, so the allocator's cache of freed buffers hands this poisoned memory to the
// next outputs of that size. An engine that skips writing part of an output then shows
// NaN or -1 instead of a plausible value.
void poison_allocator_cache(const std::string& device, size_t bytes);

// Reads every element of `t` (realizing it) as double, decoding the bytes on the host.
std::vector<double> read_values(const ingot::Tensor& t);

}  // namespace support
