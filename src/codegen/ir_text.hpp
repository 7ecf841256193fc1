// The IR of a kernel as text, one instruction a line (DEBUG=5).
#pragma once

#include <string>

#include "codegen/ir.hpp"

namespace ingot::ir {

// "%3 = Alu Mul float32x4 (%1, %2)"-style lines, indented by loop and If depth.
std::string to_text(const Kernel& kernel);

}  // namespace ingot::ir
