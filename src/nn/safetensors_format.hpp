// What the safetensors reader and writer share: the format's dtype codes and how its
// errors name the file.
#pragma once

#include <optional>
#include <string>

#include "ingot/dtype.hpp"
#include "ingot/error.hpp"

namespace ingot::safetensors {

// "F32", "BF16", "BOOL"... for each ingot dtype.
const char* dtype_code(DType dtype);
std::optional<DType> dtype_of_code(const std::string& code);

// The JSON header's length is read as 8 little-endian bytes.
inline constexpr size_t kLengthBytes = 8;
// Larger headers are refused as corrupt, as the safetensors library does (100 MB).
inline constexpr uint64_t kMaxHeaderBytes = 100'000'000;

[[noreturn]] inline void fail(const char* op, const std::string& path, const std::string& fault) {
  throw Error(std::string(op) + ": '" + path + "': " + fault);
}

}  // namespace ingot::safetensors
