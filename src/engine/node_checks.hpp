// The checks the front end attaches to lazy nodes (graph/lazy.hpp NodeCheck): before a
// realize computes anything, the checks of every node it would compute are verified.
#pragma once

#include <vector>

#include "graph/lazy.hpp"

namespace ingot::engine {

// Realizes the flags of the checks on the unrealized nodes that `targets` reach, verifies
// each (its Error propagates, the targets stay unrealized) and drops those that passed.
void verify_checks(const std::vector<NodePtr>& targets);

}  // namespace ingot::engine
