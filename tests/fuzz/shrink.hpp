// Shrinking a failing program to a small one that fails the same way (the same verdict):
// fewer outputs, steps cut off and replaced by an input holding the values they made,
// steps bypassed where an operand has their shape and type, inputs made constant. Each
// candidate runs in a fresh worker, so crashes shrink too.
#pragma once

#include <functional>

#include "fuzz/program.hpp"
#include "fuzz/run.hpp"

namespace fuzz {

using Runner = std::function<Outcome(const Program&)>;

// Returns the smallest program found within `budget` runs, and its outcome in `last`.
Program shrink(const Program& program, Verdict verdict, const Runner& run, int budget,
               Outcome& last);

}  // namespace fuzz
