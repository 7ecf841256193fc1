// Literals in the C family's spelling: a float rounded to its type first (hexadecimal,
// NAN and INFINITY for the special values), an integer with its type's cast or suffix.
#pragma once

#include <string>

#include "codegen/ir.hpp"
#include "render/language.hpp"

namespace ingot::render {

// `v` as a literal of float type `dt`.
std::string float_literal(double v, DType dt);
// Constant instruction `in` as a literal in `lang`.
std::string const_literal(const ir::Inst& in, const LanguageTable& lang);

}  // namespace ingot::render
