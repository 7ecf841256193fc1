// A program printed as a C++ program using ingot's public API, which builds the same
// tensors on the same device and prints its outputs: what a bug report attaches.
#pragma once

#include <string>

#include "fuzz/program.hpp"

namespace fuzz {

std::string cpp_repro(const Program& program, const std::string& device);

}  // namespace fuzz
