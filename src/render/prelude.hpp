// Prelude text shared by the C-style language tables: 16-bit float conversions done
// with integer arithmetic, and NaN-propagating max/min. Each table defines first how
// its language reinterprets bits (ingot_as_float, ingot_as_uint), the fixed-width
// integer names uint16_t and uint32_t, and INGOT_FN, how a helper function is declared.
#pragma once

namespace ingot::render {

// ingot_h2f / ingot_f2h: IEEE half <-> float, rounding to nearest even.
extern const char* const kSoftwareHalf;
// ingot_b2f / ingot_f2b (bfloat16, rounding to nearest even, NaN kept quiet) and
// ingot_maxf / ingot_minf.
extern const char* const kFloatHelpers;
// ingot_max / ingot_min on doubles.
extern const char* const kDoubleHelpers;

}  // namespace ingot::render
