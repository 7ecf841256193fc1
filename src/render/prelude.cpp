#include "render/prelude.hpp"

namespace ingot::render {

const char* const kSoftwareHalf = R"(INGOT_FN float ingot_h2f(uint16_t h) {
  uint32_t s = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu, o;
  if (e == 0) {
    if (m == 0) o = s;
    else { e = 113; while (!(m & 0x400u)) { m <<= 1; e--; } o = s | (e << 23) | ((m & 0x3ffu) << 13); }
  } else if (e == 31) o = s | 0x7f800000u | (m << 13);
  else o = s | ((e + 112) << 23) | (m << 13);
  return ingot_as_float(o);
}
INGOT_FN uint16_t ingot_f2h(float f) {
  uint32_t x = ingot_as_uint(f);
  uint32_t s = (x >> 16) & 0x8000u, e = (x >> 23) & 0xffu, m = x & 0x7fffffu;
  if (e == 0xff) return (uint16_t)(s | 0x7c00u | (m ? 0x200u : 0));
  int ne = (int)e - 112;
  if (ne >= 31) return (uint16_t)(s | 0x7c00u);
  if (ne <= 0) {
    if (ne < -10) return (uint16_t)s;
    m |= 0x800000u; uint32_t sh = (uint32_t)(14 - ne), h = m >> sh, r = m & ((1u << sh) - 1), mid = 1u << (sh - 1);
    if (r > mid || (r == mid && (h & 1))) h++;
    return (uint16_t)(s | h);
  }
  uint32_t h = ((uint32_t)ne << 10) | (m >> 13), r = m & 0x1fffu;
  if (r > 0x1000u || (r == 0x1000u && (h & 1))) h++;
  return (uint16_t)(s | h);
}
)";

const char* const kFloatHelpers =
    R"(INGOT_FN float ingot_b2f(uint16_t b) { return ingot_as_float((uint32_t)b << 16); }
INGOT_FN uint16_t ingot_f2b(float f) {
  uint32_t x = ingot_as_uint(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}
INGOT_FN float ingot_maxf(float a, float b) { return (a != a || a > b) ? a : b; }
INGOT_FN float ingot_minf(float a, float b) { return (a != a || a < b) ? a : b; }
)";

const char* const kDoubleHelpers =
    R"(INGOT_FN double ingot_max(double a, double b) { return (a != a || a > b) ? a : b; }
INGOT_FN double ingot_min(double a, double b) { return (a != a || a < b) ? a : b; }
)";

}  // namespace ingot::render
