// How a matmul's depth is summed in parts (composite.cpp's matrix_product): a batch of
// shorter products, then their sum.
#pragma once

#include <cstdint>

#include "ingot/dtype.hpp"
#include "ingot/runtime.hpp"

namespace ingot::frontend {

// The parts (a power of two) a float product of `batch` n x m outputs over depth k is
// summed in, or 0 for one sum. Few outputs each summing a long column of b leave most
// cores or threadgroups idle and walk b across its rows: a batch of `parts` shorter
// products gives each core or group its own outputs, the matmul plans their tiles, and a
// second, short sum adds the parts. On devices with threadgroups that is wherever the
// output has fewer tiles than the device has compute units (H100: 512x3072 @ 3072x768 in
// 96 tiles), and for float32, whose register tiles run a block of 128 threads a unit,
// where a second wave of tiles would leave most units idle, between one and one and a half
// tiles a unit (H200: 1001x768 @ 768x513, 144 tiles on 132 units, 54 -> 46 us in two
// parts; 1000^3's 256 tiles gained nothing), a depth the parts do not divide padded with
// zeros (matrix_product); on the CPU where few outputs sum a long depth, in parts that
// divide it. A product into a single column (a matrix times a
// vector) sums rows of a, which the reduction plans already share out; one from a single
// row (a vector times a matrix) is a sum of b's rows on devices with threadgroups
// (matrix_product), and split as a batch of products it ran 2.5x slower on the H100
// (bench/results/2026-11-25-matmul-layouts-cpu.md).
// Only floats: integer parts would be cut to the operands' type. 16-bit parts are added in
// float32, so that only each part rounds to 16 bits (as PyTorch's split depths accumulate
// in a float32 workspace): ResNet-18's weight gradients, 64 x 64 outputs a tap over a
// depth of 64 x 56 x 56 pixels, were 9 tiles on 132 compute units.
int64_t depth_parts(const DeviceInfo& device, int64_t batch, int64_t n, int64_t m, int64_t k,
                    DType dt);

}  // namespace ingot::frontend
