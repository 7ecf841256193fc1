// Function constants on the Objective-C side: MTLFunctionConstantValues and MTLLibrary's
// newFunctionWithName:constantValues:error:. Values are looked up by index first, then by
// name, as Metal does; values for constants the function does not reach are ignored; a
// constant it reads without an is_function_constant_defined default and without a value
// makes the call fail with an NSError naming it. Each set of values is compiled once per
// library (MTLLibrary::specialised).
#include <fmt/format.h>

#include <cstring>

#include "backends/metal/emulator/objects.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

// MTLDataType's scalar and vector codes: the scalar's code, then its vectors of 2, 3, 4.
struct DataTypeFamily {
  NSUInteger code;
  const char* scalar;
};
constexpr DataTypeFamily kDataTypes[] = {
    {3, "float"}, {16, "half"},  {29, "int"},  {33, "uint"}, {37, "short"}, {41, "ushort"},
    {45, "char"}, {49, "uchar"}, {53, "bool"}, {81, "long"}, {85, "ulong"}, {121, "bfloat"}};

// The MSL type of an MTLDataType, or "" when it is none a function constant takes here.
std::string msl_type(NSUInteger type) {
  for (const DataTypeFamily& f : kDataTypes)
    if (type >= f.code && type < f.code + 4)
      return type == f.code ? f.scalar : fmt::format("{}{}", f.scalar, type - f.code + 1);
  return "";
}

MTLFunctionConstantValues::Value value_of(const void* value, NSUInteger type,
                                          const char* selector) {
  std::string name = msl_type(type);
  if (name.empty())
    throw Error(fmt::format(
        "emulated Metal: {} with MTLDataType {}: the emulator takes the scalar and vector "
        "types of bool (53), char (45), uchar (49), short (37), ushort (41), int (29), uint "
        "(33), long (81), ulong (85), half (16), bfloat (121) and float (3)",
        selector, type));
  if (!value) throw Error(fmt::format("emulated Metal: {} with a null value", selector));
  const auto* bytes = static_cast<const unsigned char*>(value);
  return {type, std::vector<unsigned char>(bytes, bytes + constant_type_bytes(name))};
}

// The function `name` specialised with `values`; nil with an NSError when a value is
// missing or of another type than the constant's.
id new_function(MTLLibrary& self, id name, id values, id* error) {
  const char* selector = "newFunctionWithName:constantValues:error:";
  const std::string& function = as<NSString>(name, selector)->text;
  const auto& given = *as<MTLFunctionConstantValues>(values, selector);
  const MslFunctionInfo* info = self.library->function(function);
  if (!info) {
    set_error(error, fmt::format("Function {} was not found in the library", function));
    return nullptr;
  }
  MslConstantValues chosen;
  for (const MslFunctionConstant& c : info->constants) {
    const MTLFunctionConstantValues::Value* value = nullptr;
    if (auto it = given.by_index.find(NSUInteger(c.index)); it != given.by_index.end())
      value = &it->second;
    else if (auto named = given.by_name.find(c.name); named != given.by_name.end())
      value = &named->second;
    if (!value) {
      if (!c.required) continue;
      set_error(error,
                fmt::format("function '{}' reads function constant '{}' (index {}, {}), which has "
                            "no value: set it with setConstantValue:type:atIndex: or "
                            "setConstantValue:type:withName:, or give it a default with "
                            "is_function_constant_defined({})",
                            function, c.name, c.index, c.type, c.name));
      return nullptr;
    }
    if (msl_type(value->type) != c.type) {
      set_error(error,
                fmt::format("function constant '{}' (index {}) of function '{}' is a {}, "
                            "but its value was set as MTLDataType {} ({})",
                            c.name, c.index, function, c.type, value->type, msl_type(value->type)));
      return nullptr;
    }
    chosen[c.name] = {c.type, value->bytes};
  }
  try {
    std::shared_ptr<MslLibrary> library = self.specialised(chosen);
    return (new MTLFunction(library, *library->function(function), true))->as_id();
  } catch (const Error& e) {
    set_error(error, fmt::format("Compilation failed: \n\n{}", e.what()));
    return nullptr;
  }
}

}  // namespace

MTLFunctionConstantValues::MTLFunctionConstantValues()
    : Object(class_named("MTLFunctionConstantValues")) {}

std::shared_ptr<MslLibrary> MTLLibrary::specialised(const MslConstantValues& values) {
  std::string key;
  for (const auto& [name, value] : values) {
    key += name + ":" + value.type + "=";
    for (unsigned char b : value.bytes) key += fmt::format("{:02x}", b);
    key += ";";
  }
  std::lock_guard lock(mutex_);
  std::shared_ptr<MslLibrary>& slot = specialisations_[key];
  if (!slot) slot = MslLibrary::compile(source, fast_math, values);
  return slot;
}

void define_function_constant_classes() {
  const ClassInfo* base = &define_class("NSObject", nullptr);
  ClassInfo& values = define_class("MTLFunctionConstantValues", base);
  def_class(
      values, "new", +[]() -> id { return (new MTLFunctionConstantValues)->as_id(); });
  def_class(
      values, "alloc", +[]() -> id { return (new MTLFunctionConstantValues)->as_id(); });
  def(
      values, "init", +[](MTLFunctionConstantValues& self) -> id { return self.as_id(); });
  def(
      values, "setConstantValue:type:atIndex:",
      +[](MTLFunctionConstantValues& self, const void* value, NSUInteger type, NSUInteger index) {
        self.by_index[index] = value_of(value, type, "setConstantValue:type:atIndex:");
      });
  def(
      values, "setConstantValue:type:withName:",
      +[](MTLFunctionConstantValues& self, const void* value, NSUInteger type, id name) {
        const char* selector = "setConstantValue:type:withName:";
        self.by_name[as<NSString>(name, selector)->text] = value_of(value, type, selector);
      });

  ClassInfo& library = define_class("MTLLibrary", base);
  def(library, "newFunctionWithName:constantValues:error:", new_function);
}

}  // namespace ingot::metal_emulator
