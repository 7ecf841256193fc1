// ingot::Error: the one exception type the library throws for bad input, missing
// devices, failed compiles and exhausted memory. Messages name the operation, the
// offending shapes or values, and what would have been valid.
#pragma once

#include <stdexcept>
#include <string>

namespace ingot {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace ingot
