// The MSL header, part 2: vector types. vec_t<T, N, Packed> is a class (MSL constructs
// vectors as `float4(a.xy, b, 1)`, which ext_vector_type cannot), laid out as Metal lays
// its vectors out: floatN aligned to its size rounded up to a power of two (float3 takes
// 16 bytes), packed_floatN to its element. .x .y .z .w are members; every other swizzle
// (.xy, .zyx, .rgba...) is a clang property (-fdeclspec) whose getter returns a new
// vector and whose setter, where the components differ, writes them back.
#include <fmt/format.h>

#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {
namespace {

// The swizzle properties of an N-lane vector: all 1- to 4-lane combinations of its
// lanes, spelled with xyzw and with rgba (one-letter xyzw are members, not properties).
std::string swizzles(int n) {
  const char* xyzw = "xyzw";
  const char* rgba = "rgba";
  std::string text;
  for (int length = 1; length <= 4; ++length) {
    int combinations = 1;
    for (int i = 0; i < length; ++i) combinations *= n;
    for (int c = 0; c < combinations; ++c) {
      int lanes[4], rest = c, seen = 0;
      bool distinct = true;
      std::string name, rgba_name, args;
      for (int i = 0; i < length; ++i) {
        lanes[i] = rest % n;
        rest /= n;
        distinct = distinct && !(seen & (1 << lanes[i]));
        seen |= 1 << lanes[i];
        name += xyzw[lanes[i]];
        rgba_name += rgba[lanes[i]];
        args += fmt::format("{}{}", i ? ", " : "", xyzw[lanes[i]]);
      }
      std::string type = length == 1 ? "T" : fmt::format("vec_t<T, {}, false>", length);
      text += fmt::format("  {} _g_{}() const {{ return {}({}); }}\n", type, name, type, args);
      std::string put;
      if (distinct) {
        std::string body;
        for (int i = 0; i < length; ++i)
          body += length == 1 ? fmt::format("{} = v; ", xyzw[lanes[i]])
                              : fmt::format("{} = v.{}; ", xyzw[lanes[i]], xyzw[i]);
        text += fmt::format("  void _s_{}({} v) {{ {}}}\n", name, type, body);
        put = fmt::format(", put = _s_{}", name);
      }
      if (length > 1)
        text +=
            fmt::format("  __declspec(property(get = _g_{}{})) {} {};\n", name, put, type, name);
      text +=
          fmt::format("  __declspec(property(get = _g_{}{})) {} {};\n", name, put, type, rgba_name);
    }
  }
  return text;
}

std::string vector_bases() {
  std::string text;
  const char* members[] = {"", "", "T x, y;", "T x, y, z;", "T x, y, z, w;"};
  for (int n = 2; n <= 4; ++n) {
    int aligned = n == 3 ? 4 : n;  // float3 is aligned (and sized) as float4
    text += fmt::format(
        "template <class T, bool P> struct alignas(P ? sizeof(T) : {} * sizeof(T)) "
        "vec_base<T, {}, P> {{\n  {}\n{}}};\n",
        aligned, n, members[n], swizzles(n));
  }
  return text;
}

const char* const kVector = R"MSL(
template <class T> constexpr int lanes_v = 1;
template <class T, int N, bool P> constexpr int lanes_v<vec_t<T, N, P>> = N;
template <class T> constexpr bool is_vec_v = false;
template <class T, int N, bool P> constexpr bool is_vec_v<vec_t<T, N, P>> = true;

#define INGOT_VEC_OP(op)                                                        \
  friend vec_t operator op(vec_t a, vec_t b) {                                  \
    vec_t r;                                                                    \
    for (int i = 0; i < N; ++i) r[i] = a[i] op b[i];                            \
    return r;                                                                   \
  }                                                                             \
  friend vec_t operator op(vec_t a, T b) { return a op vec_t(b); }              \
  friend vec_t operator op(T a, vec_t b) { return vec_t(a) op b; }              \
  vec_t& operator op##=(vec_t b) { return *this = *this op b; }                 \
  vec_t& operator op##=(T b) { return *this = *this op vec_t(b); }
#define INGOT_VEC_CMP(op)                                                       \
  friend vec_t<bool, N, false> operator op(vec_t a, vec_t b) {                  \
    vec_t<bool, N, false> r;                                                    \
    for (int i = 0; i < N; ++i) r[i] = a[i] op b[i];                            \
    return r;                                                                   \
  }                                                                             \
  friend vec_t<bool, N, false> operator op(vec_t a, T b) { return a op vec_t(b); } \
  friend vec_t<bool, N, false> operator op(T a, vec_t b) { return vec_t(a) op b; }

template <class T, int N, bool P> struct vec_t : vec_base<T, N, P> {
  typedef T value_type;
  static constexpr int size = N;
  vec_t() = default;
  vec_t(T s) {
    for (int i = 0; i < N; ++i) (*this)[i] = s;
  }
  // float4(a.xy, b, 1): scalars and vectors whose lanes add up to N.
  template <class A, class B, class... R,
            class = enable_if_t<lanes_v<A> + lanes_v<B> + (0 + ... + lanes_v<R>) == N>>
  vec_t(A a, B b, R... r) {
    int k = 0;
    put(k, a);
    put(k, b);
    (put(k, r), ...);
  }
  // Between packed and aligned vectors of one type: implicit, as in MSL.
  template <bool Q, class = enable_if_t<Q != P>> vec_t(vec_t<T, N, Q> o) {
    for (int i = 0; i < N; ++i) (*this)[i] = o[i];
  }
  // Between element types: explicit, as in MSL.
  template <class U, bool Q, class = enable_if_t<!is_same_v<U, T>>>
  explicit vec_t(vec_t<U, N, Q> o) {
    for (int i = 0; i < N; ++i) (*this)[i] = T(o[i]);
  }
  T& operator[](int i) { return (&this->x)[i]; }
  const T& operator[](int i) const { return (&this->x)[i]; }

  INGOT_VEC_OP(+) INGOT_VEC_OP(-) INGOT_VEC_OP(*) INGOT_VEC_OP(/) INGOT_VEC_OP(%)
  INGOT_VEC_OP(&) INGOT_VEC_OP(|) INGOT_VEC_OP(^) INGOT_VEC_OP(<<) INGOT_VEC_OP(>>)
  INGOT_VEC_CMP(<) INGOT_VEC_CMP(<=) INGOT_VEC_CMP(>) INGOT_VEC_CMP(>=) INGOT_VEC_CMP(==)
  INGOT_VEC_CMP(!=) INGOT_VEC_CMP(&&) INGOT_VEC_CMP(||)

  vec_t operator+() const { return *this; }
  vec_t operator-() const {
    vec_t r;
    for (int i = 0; i < N; ++i) r[i] = -(*this)[i];
    return r;
  }
  vec_t operator~() const {
    vec_t r;
    for (int i = 0; i < N; ++i) r[i] = ~(*this)[i];
    return r;
  }
  vec_t<bool, N, false> operator!() const {
    vec_t<bool, N, false> r;
    for (int i = 0; i < N; ++i) r[i] = !(*this)[i];
    return r;
  }

 private:
  template <class X> void put(int& k, const X& x) {
    if constexpr (is_vec_v<X>) {
      for (int i = 0; i < lanes_v<X>; ++i) (*this)[k++] = T(x[i]);
    } else {
      (*this)[k++] = T(x);
    }
  }
};
#undef INGOT_VEC_OP
#undef INGOT_VEC_CMP
template <class T, int N> using vec = vec_t<T, N, false>;
template <class T, int N> using packed_vec = vec_t<T, N, true>;
}  // namespace metal

#define INGOT_VEC_TYPES(T)                                                      \
  typedef metal::vec<T, 2> T##2;                                                \
  typedef metal::vec<T, 3> T##3;                                                \
  typedef metal::vec<T, 4> T##4;                                                \
  typedef metal::packed_vec<T, 2> packed_##T##2;                                \
  typedef metal::packed_vec<T, 3> packed_##T##3;                                \
  typedef metal::packed_vec<T, 4> packed_##T##4;
INGOT_VEC_TYPES(bool) INGOT_VEC_TYPES(char) INGOT_VEC_TYPES(uchar) INGOT_VEC_TYPES(short)
INGOT_VEC_TYPES(ushort) INGOT_VEC_TYPES(int) INGOT_VEC_TYPES(uint) INGOT_VEC_TYPES(long)
INGOT_VEC_TYPES(ulong) INGOT_VEC_TYPES(half) INGOT_VEC_TYPES(bfloat) INGOT_VEC_TYPES(float)
#undef INGOT_VEC_TYPES
)MSL";

}  // namespace

std::string msl_header_vectors() {
  return "namespace metal {\ntemplate <class T, int N, bool P> struct vec_t;\n"
         "template <class T, int N, bool P> struct vec_base;\n" +
         vector_bases() + kVector;
}

}  // namespace ingot::metal_emulator
