#include "graph/key_text.hpp"

#include <algorithm>

namespace ingot {

void KeyText::grow(size_t bytes) { bytes_.resize(std::max(bytes_.size() * 2, used_ + bytes)); }

}  // namespace ingot
