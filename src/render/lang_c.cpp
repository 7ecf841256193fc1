// The C language table (the CPU backend): C11 with the GNU vector extension, compiled
// by clang or gcc.
#include <fmt/format.h>

#include "render/language.hpp"

namespace ingot::render {
namespace {

const char* kPrelude = R"(#include <math.h>
#include <stdint.h>
#include <string.h>
#if defined(__FLT16_MANT_DIG__)
static inline float ingot_h2f(uint16_t h) { _Float16 x; memcpy(&x, &h, 2); return (float)x; }
static inline uint16_t ingot_f2h(float f) { _Float16 x = (_Float16)f; uint16_t h; memcpy(&h, &x, 2); return h; }
#else
static inline float ingot_h2f(uint16_t h) {
  uint32_t s = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu, o;
  if (e == 0) {
    if (m == 0) o = s;
    else { e = 113; while (!(m & 0x400u)) { m <<= 1; e--; } o = s | (e << 23) | ((m & 0x3ffu) << 13); }
  } else if (e == 31) o = s | 0x7f800000u | (m << 13);
  else o = s | ((e + 112) << 23) | (m << 13);
  float f; memcpy(&f, &o, 4); return f;
}
static inline uint16_t ingot_f2h(float f) {
  uint32_t x; memcpy(&x, &f, 4);
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
#endif
static inline float ingot_b2f(uint16_t b) { uint32_t x = (uint32_t)b << 16; float f; memcpy(&f, &x, 4); return f; }
static inline uint16_t ingot_f2b(float f) {
  uint32_t x; memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}
#if defined(__clang__)
#define INGOT_STREAM(v, p) __builtin_nontemporal_store(v, p)
#else
#define INGOT_STREAM(v, p) (*(p) = (v))
#endif
static inline float ingot_maxf(float a, float b) { return (a != a || a > b) ? a : b; }
static inline float ingot_minf(float a, float b) { return (a != a || a < b) ? a : b; }
static inline double ingot_max(double a, double b) { return (a != a || a > b) ? a : b; }
static inline double ingot_min(double a, double b) { return (a != a || a < b) ? a : b; }
)";

std::string storage_type(DType dt) {
  switch (dt) {
    case DType::Bool:
      return "uint8_t";
    case DType::Int8:
      return "int8_t";
    case DType::Int16:
      return "int16_t";
    case DType::Int32:
      return "int32_t";
    case DType::Int64:
      return "int64_t";
    case DType::UInt8:
      return "uint8_t";
    case DType::UInt16:
      return "uint16_t";
    case DType::UInt32:
      return "uint32_t";
    case DType::UInt64:
      return "uint64_t";
    case DType::Float16:
    case DType::BFloat16:
      return "uint16_t";
    case DType::Float32:
      return "float";
    case DType::Float64:
      return "double";
  }
  return "?";
}

std::string value_type(DType dt) {
  if (dt == DType::Float16 || dt == DType::BFloat16) return "float";
  return storage_type(dt);
}

std::string vector_type(DType dt, int width, bool unaligned) {
  return fmt::format("{}x{}{}", value_type(dt), width, unaligned ? "_u" : "");
}

std::string vector_typedef(DType dt, int width) {
  std::string t = value_type(dt);
  size_t bytes = static_cast<size_t>(width) * dtype_size(dt);
  return fmt::format(
      "typedef {0} {1} __attribute__((vector_size({3})));\n"
      "typedef {0} {2} __attribute__((vector_size({3}), aligned({4})));\n",
      t, vector_type(dt, width, false), vector_type(dt, width, true), bytes, dtype_size(dt));
}

std::string math(const std::string& fn, DType dt) { return dt == DType::Float64 ? fn : fn + "f"; }

std::string open_kernel(const ir::Kernel& k, const LanguageTable& lang) {
  std::string s = fmt::format(
      "void {}(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, "
      "int64_t end) {{\n  (void)iargs; (void)fargs;\n",
      k.name);
  for (size_t i = 0; i < k.buffers.size(); ++i) {
    std::string t = lang.storage_type(k.buffers[i].dtype);
    std::string c = k.buffers[i].output ? "" : "const ";
    s += fmt::format("  {1}{0}* restrict p{2} = ({1}{0}*)bufs[{2}];\n", t, c, i);
  }
  return s + "  for (int64_t gidx = start; gidx < end; gidx++) {\n";
}

}  // namespace

const LanguageTable& language_c() {
  static const LanguageTable table{
      .name = "c",
      .prelude = kPrelude,
      .open_kernel = open_kernel,
      .close_loop = "  }\n",
      .close_function = "}\n",
      .stream_store = "INGOT_STREAM({0}, ({1}*)({2}));",
      .stream_fence = "  __atomic_thread_fence(__ATOMIC_SEQ_CST);\n",
      .storage_type = storage_type,
      .value_type = value_type,
      .vector_type = vector_type,
      .vector_typedef = vector_typedef,
      .math = math,
  };
  return table;
}

}  // namespace ingot::render
