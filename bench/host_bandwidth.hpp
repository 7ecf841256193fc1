// The host's memory bandwidth, measured in the same run as ingot's figures: what a
// bandwidth-bound kernel on the CPU is compared with.
#pragma once

#include <cstddef>
#include <functional>

namespace ingot::bench {

// memcpy (read + write) of `bytes`, split over every hardware thread as ingot splits its
// kernels, made ready (buffers allocated and touched): each call copies once and returns
// its bytes per second.
std::function<double()> prepare_copy(size_t bytes);

// The same slices read and summed as float32 by a plain vector loop: the machine's read
// bandwidth (bytes read per second), which bounds any reduction.
std::function<double()> prepare_read(size_t bytes);

}  // namespace ingot::bench
