// Function constants' values as C++ expressions: each scalar is rebuilt from its bits, so
// that a specialisation reads exactly the bytes the host gave (a float's NaN payload and
// negative zero included), in the type the source declares.
#include <fmt/format.h>

#include <cstring>

#include "backends/metal/emulator/msl_internal.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

struct Scalar {
  const char* name;
  size_t bytes;
};
constexpr Scalar kScalars[] = {{"bool", 1},   {"char", 1},  {"uchar", 1},  {"short", 2},
                               {"ushort", 2}, {"half", 2},  {"bfloat", 2}, {"int", 4},
                               {"uint", 4},   {"float", 4}, {"long", 8},   {"ulong", 8}};

// The scalar of `type` and its lane count (1 for a scalar), or nullptr when unknown.
const Scalar* split(const std::string& type, int& lanes) {
  lanes = 1;
  std::string scalar = type;
  if (!type.empty() && type.back() >= '2' && type.back() <= '4') {
    lanes = type.back() - '0';
    scalar.pop_back();
  }
  for (const Scalar& s : kScalars)
    if (scalar == s.name) return &s;
  return nullptr;
}

const char* bits_type(size_t bytes) {
  switch (bytes) {
    case 1:
      return "unsigned char";
    case 2:
      return "unsigned short";
    case 4:
      return "unsigned int";
    default:
      return "unsigned long long";
  }
}

}  // namespace

size_t constant_type_bytes(const std::string& type) {
  int lanes;
  const Scalar* scalar = split(type, lanes);
  return scalar ? scalar->bytes * size_t(lanes) : 0;
}

std::string constant_literal(const MslConstantValue& value) {
  int lanes;
  const Scalar* scalar = split(value.type, lanes);
  if (!scalar || value.bytes.size() != constant_type_bytes(value.type))
    throw Error(fmt::format("function constant of type '{}' given {} bytes", value.type,
                            value.bytes.size()));
  std::string lane_values;
  for (int l = 0; l < lanes; ++l) {
    unsigned long long bits = 0;
    std::memcpy(&bits, value.bytes.data() + size_t(l) * scalar->bytes, scalar->bytes);
    std::string text = std::string(scalar->name) == "bool"
                           ? (bits ? "true" : "false")
                           : fmt::format("__builtin_bit_cast({}, ({})0x{:x}ull)", scalar->name,
                                         bits_type(scalar->bytes), bits);
    lane_values += (l ? ", " : "") + text;
  }
  return lanes == 1 ? "(" + lane_values + ")" : fmt::format("{}({})", value.type, lane_values);
}

}  // namespace ingot::metal_emulator
