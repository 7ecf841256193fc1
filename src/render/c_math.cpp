#include "render/c_math.hpp"

namespace ingot::render {
namespace {

// What the template needs of its type: bits, conversions to and from int32 lanes, a
// select on a comparison's result, a constant in every lane.
const char* const kScalarHelpers =
    R"(INGOT_FN int32_t ingot_bits_f(float x) { return (int32_t)ingot_as_uint(x); }
INGOT_FN float ingot_float_f(int32_t i) { return ingot_as_float((uint32_t)i); }
INGOT_FN int32_t ingot_int_f(float x) { return (int32_t)x; }
INGOT_FN float ingot_to_float_f(int32_t i) { return (float)i; }
INGOT_FN float ingot_sel_f(int32_t m, float a, float b) { return m ? a : b; }
INGOT_FN float ingot_splat_f(float c) { return c; }
)";

const char* const kVectorHelpers = R"(INGOT_FN @I ingot_bits_@S(@T x) { return (@I)x; }
INGOT_FN @T ingot_float_@S(@I i) { return (@T)i; }
INGOT_FN @I ingot_int_@S(@T x) { return __builtin_convertvector(x, @I); }
INGOT_FN @T ingot_to_float_@S(@I i) { return __builtin_convertvector(i, @T); }
INGOT_FN @T ingot_sel_@S(@I m, @T a, @T b) { return (@T)((m & (@I)a) | (~m & (@I)b)); }
INGOT_FN @T ingot_splat_@S(float c) { return c - (@T){0}; }
INGOT_FN @T ingot_max_@S(@T a, @T b) { return ingot_sel_@S((a != a) | (a > b), a, b); }
INGOT_FN @T ingot_min_@S(@T a, @T b) { return ingot_sel_@S((a != a) | (a < b), a, b); }
INGOT_FN @T ingot_sqrt_@S(@T x) {
  @T r;
  for (int l = 0; l < (int)(sizeof x / sizeof x[0]); l++) r[l] = sqrtf(x[l]);
  return r;
}
)";

const char* const kTemplate =
    R"(// exp(r) 2^n for |r| <= ln2/2 and whole n in [-152, 130]: Taylor's polynomial of degree 8
// (relative error below 1e-9), and 2^n as two normal factors, applied after the
// polynomial, so that a result in the denormal range is rounded once.
INGOT_FN @T ingot_exp_reduced_@S(@T r, @T n) {
  @T p = r * (1.0f / 40320) + 1.0f / 5040;
  p = p * r + 1.0f / 720;
  p = p * r + 1.0f / 120;
  p = p * r + 1.0f / 24;
  p = p * r + 1.0f / 6;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  @I k = ingot_int_@S(n), h = k >> 1;
  return p * ingot_float_@S((h + 127) << 23) * ingot_float_@S((k - h + 127) << 23);
}
// exp and exp2 clamp x where the result is already 0 or inf (NaN takes a bound and is put
// back at the end); n = round(x / ln2) by adding and removing 1.5 2^23; ln2 in two parts,
// the first exact in 9 bits, so that x - n ln2 loses nothing.
INGOT_FN @T ingot_exp_@S(@T x) {
  @T c = ingot_sel_@S(x < 89.0f, x, ingot_splat_@S(89.0f));
  c = ingot_sel_@S(c > -104.0f, c, ingot_splat_@S(-104.0f));
  @T n = (c * 1.44269504f + 12582912.0f) - 12582912.0f;
  @T r = c - n * 0.693359375f + n * 2.12194440e-4f;
  return ingot_sel_@S(x != x, x, ingot_exp_reduced_@S(r, n));
}
INGOT_FN @T ingot_exp2_@S(@T x) {
  @T c = ingot_sel_@S(x < 130.0f, x, ingot_splat_@S(130.0f));
  c = ingot_sel_@S(c > -152.0f, c, ingot_splat_@S(-152.0f));
  @T n = (c + 12582912.0f) - 12582912.0f;
  return ingot_sel_@S(x != x, x, ingot_exp_reduced_@S((c - n) * 0.693147181f, n));
}
// log(m) for x = m 2^e with m in [sqrt(1/2), sqrt(2)) (denormals scaled by 2^23 first):
// 2 atanh(s), s = (m - 1) / (m + 1), by its series to s^9 (|s| < 0.172: error below 1e-9);
// e is stored at `e`. x must be positive and finite.
INGOT_FN @T ingot_log_mantissa_@S(@T x, @T* e) {
  @I tiny = x < 1.17549435e-38f;
  @I bits = ingot_bits_@S(ingot_sel_@S(tiny, x * 8388608.0f, x)) - 0x3f3504f3;
  *e = ingot_to_float_@S(bits >> 23) - ingot_sel_@S(tiny, ingot_splat_@S(23.0f), ingot_splat_@S(0.0f));
  @T f = ingot_float_@S((bits & 0x7fffff) + 0x3f3504f3) - 1.0f;
  @T s = f / (f + 2.0f), z = s * s;
  @T p = z * (1.0f / 9) + 1.0f / 7;
  p = p * z + 1.0f / 5;
  p = p * z + 1.0f / 3;
  return 2.0f * s + 2.0f * s * z * p;
}
// log's special values: NaN stays, below 0 NaN, 0 (either sign) -inf, inf inf.
INGOT_FN @T ingot_log_special_@S(@T x, @T y) {
  y = ingot_sel_@S(x == INFINITY, x, y);
  y = ingot_sel_@S(x == 0.0f, ingot_splat_@S(-INFINITY), y);
  y = ingot_sel_@S(x < 0.0f, ingot_splat_@S(NAN), y);
  return ingot_sel_@S(x != x, x, y);
}
INGOT_FN @T ingot_log_@S(@T x) {
  @T e, m = ingot_log_mantissa_@S(x, &e);
  return ingot_log_special_@S(x, e * 0.693359375f + (m - e * 2.12194440e-4f));
}
INGOT_FN @T ingot_log2_@S(@T x) {
  @T e, m = ingot_log_mantissa_@S(x, &e);
  return ingot_log_special_@S(x, e + m * 1.44269504f);
}
// tanh: below |x| = 0.55 Taylor's odd polynomial to x^15 (relative error below 1e-7),
// above 1 - 2 / (exp(2|x|) + 1) with x's sign (1 from |x| = 9 on, and for inf).
INGOT_FN @T ingot_tanh_@S(@T x) {
  @T z = x * x;
  @T p = z * (-929569.0f / 638512875.0f) + 21844.0f / 6081075;
  p = p * z + -1382.0f / 155925;
  p = p * z + 62.0f / 2835;
  p = p * z + -17.0f / 315;
  p = p * z + 2.0f / 15;
  p = p * z + -1.0f / 3;
  @T small = x + x * z * p;
  @I sign = ingot_bits_@S(x) & ~0x7fffffff;
  @T a = ingot_float_@S(ingot_bits_@S(x) ^ sign);
  @T large = 1.0f - 2.0f / (ingot_exp_@S(2.0f * a) + 1.0f);
  return ingot_sel_@S(a < 0.55f, small, ingot_float_@S(ingot_bits_@S(large) | sign));
}
)";

std::string instantiate(std::string text, const std::string& type, const std::string& lanes,
                        const std::string& suffix) {
  for (const auto& [token, value] :
       {std::pair<std::string, const std::string&>{"@T", type}, {"@I", lanes}, {"@S", suffix}})
    for (size_t at = text.find(token); at != std::string::npos;
         at = text.find(token, at + value.size()))
      text.replace(at, token.size(), value);
  return text;
}

}  // namespace

std::string c_float_math() {
  return instantiate(std::string(kScalarHelpers) + kTemplate, "float", "int32_t", "f");
}

std::string c_float_vector_math(const std::string& vector, const std::string& mask) {
  return instantiate(std::string(kVectorHelpers) + kTemplate, vector, mask, vector);
}

}  // namespace ingot::render
