// ingot::Error: the exception type the library throws for bad input, missing devices,
// failed compiles and exhausted memory, and its subclass ArgumentError for bad input.
// Messages name the operation, the offending shapes or values, and what would be valid.
#pragma once

#include <stdexcept>
#include <string>

namespace ingot {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// The Error of an argument the caller got wrong (a shape, an axis, a dtype, a value out of
// range), as opposed to a device, a compiler or memory failing: what Python raises as a
// ValueError.
class ArgumentError : public Error {
 public:
  using Error::Error;
};

}  // namespace ingot
