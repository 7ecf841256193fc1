// Names that go into generated source as they are: kernels' entry points.
#pragma once

#include <string>

namespace ingot {

// Whether `s` is an identifier of C and its kin: a letter or _, then letters, digits, _.
bool is_identifier(const std::string& s);

}  // namespace ingot
