// The shape of a tensor: its extent along each axis, outermost first.
#pragma once

#include <cstdint>
#include <vector>

namespace ingot {

using Shape = std::vector<int64_t>;

}  // namespace ingot
