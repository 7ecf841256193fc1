#include "tensor/matmul_parts.hpp"

namespace ingot::frontend {
namespace {

// On the CPU a depth at least this long, over fewer outputs than kSplitOutputs, is summed
// in parts.
constexpr int64_t kSplitDepth = 4096, kSplitOutputs = 1 << 14;
// The parts are at least this deep, and at most kMostParts.
constexpr int64_t kPartDepth = 256, kMostParts = 64;
// On devices with threadgroups a group takes a 64 x 64 tile of the output at least (the
// codegen's smaller STAGE block); the parts give each compute unit two tiles where they can.
constexpr int64_t kGroupTile = 64, kTilesPerUnit = 2;

}  // namespace

int64_t depth_parts(const DeviceInfo& device, int64_t batch, int64_t n, int64_t m, int64_t k,
                    DType dt) {
  if (!is_float(dt) || n == 1 || m == 1) return 0;
  if (device.threadgroups) {
    const int64_t tiles =
        batch * ((n + kGroupTile - 1) / kGroupTile) * ((m + kGroupTile - 1) / kGroupTile);
    const int64_t units = device.compute_units;
    const bool short_second_wave =
        dt == DType::Float32 && tiles > units && tiles < units + units / 2;
    if (tiles >= units && !short_second_wave) return 0;
    int64_t parts = 0;
    // Each part at least kPartDepth deep, until every unit has kTilesPerUnit tiles.
    for (int64_t p = 2; p <= kMostParts && k / p >= kPartDepth; p *= 2) {
      parts = p;
      if (tiles * p >= kTilesPerUnit * units) break;
    }
    return parts;
  }
  if (batch * n * m >= kSplitOutputs || k < kSplitDepth) return 0;
  for (int64_t p = kMostParts; p >= 2; p /= 2)
    if (k % p == 0 && k / p >= kPartDepth) return p;
  return 0;
}

}  // namespace ingot::frontend
