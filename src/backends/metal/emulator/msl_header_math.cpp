// The MSL header, part 3: <metal_math>, <metal_integer>, <metal_relational> and
// <metal_geometric>. Float functions are compiler builtins; half and bfloat compute in
// float and round once, as Metal's precise functions do; vectors apply the scalar
// function lane by lane. precise:: and fast:: name the same functions (the library's
// fast-math option changes the compile flags instead).
#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {

std::string msl_header_math() {
  return R"MSL(
namespace metal {
template <class F, class T, int N, bool P> inline auto lanewise(F f, vec_t<T, N, P> a) {
  vec_t<decltype(f(a[0])), N, P> r;
  for (int i = 0; i < N; ++i) r[i] = f(a[i]);
  return r;
}
template <class F, class T, int N, bool P>
inline auto lanewise(F f, vec_t<T, N, P> a, vec_t<T, N, P> b) {
  vec_t<decltype(f(a[0], b[0])), N, P> r;
  for (int i = 0; i < N; ++i) r[i] = f(a[i], b[i]);
  return r;
}
template <class F, class T, int N, bool P>
inline auto lanewise(F f, vec_t<T, N, P> a, vec_t<T, N, P> b, vec_t<T, N, P> c) {
  vec_t<decltype(f(a[0], b[0], c[0])), N, P> r;
  for (int i = 0; i < N; ++i) r[i] = f(a[i], b[i], c[i]);
  return r;
}

// Integers: min, max and clamp compare; the float versions come below.
#define INGOT_MINMAX(T)                                                               \
  inline T min(T a, T b) { return b < a ? b : a; }                                   \
  inline T max(T a, T b) { return a < b ? b : a; }                                   \
  inline T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
INGOT_MINMAX(char) INGOT_MINMAX(uchar) INGOT_MINMAX(short) INGOT_MINMAX(ushort)
INGOT_MINMAX(int) INGOT_MINMAX(uint) INGOT_MINMAX(long) INGOT_MINMAX(ulong)
#undef INGOT_MINMAX
#define INGOT_INT(T, U)                                                               \
  inline T abs(T x) { return x < 0 ? (T)-x : x; }                                     \
  inline U absdiff(T a, T b) { return a < b ? (U)b - (U)a : (U)a - (U)b; }           \
  inline U abs(U x) { return x; }                                                    \
  inline U absdiff(U a, U b) { return a < b ? b - a : a - b; }                       \
  inline T popcount(T x) { return (T)__builtin_popcountll((U)x); }                   \
  inline U popcount(U x) { return (U)__builtin_popcountll(x); }                      \
  inline T clz(T x) { return (T)clz((U)x); }                                         \
  inline T ctz(T x) { return (T)ctz((U)x); }                                         \
  inline T mulhi(T a, T b) { return (T)(((__int128)a * b) >> (8 * sizeof(T))); }     \
  inline U mulhi(U a, U b) { return (U)(((unsigned __int128)a * b) >> (8 * sizeof(T))); }
inline uchar clz(uchar x) { return x ? __builtin_clz(x) - 24 : 8; }
inline ushort clz(ushort x) { return x ? __builtin_clz(x) - 16 : 16; }
inline uint clz(uint x) { return x ? __builtin_clz(x) : 32; }
inline ulong clz(ulong x) { return x ? __builtin_clzl(x) : 64; }
inline uchar ctz(uchar x) { return x ? __builtin_ctz(x) : 8; }
inline ushort ctz(ushort x) { return x ? __builtin_ctz(x) : 16; }
inline uint ctz(uint x) { return x ? __builtin_ctz(x) : 32; }
inline ulong ctz(ulong x) { return x ? __builtin_ctzl(x) : 64; }
INGOT_INT(char, uchar) INGOT_INT(short, ushort) INGOT_INT(int, uint) INGOT_INT(long, ulong)
#undef INGOT_INT
// A function of one float, for half and bfloat (through float), double (computed in
// float: MSL has no double) and vectors.
#define INGOT_F1(R, name, expr)                                                        \
  inline R name(float x) { return expr; }                                            \
  inline R name(double d) { return name((float)d); }                                 \
  inline result_t<R, half> name(half x) { return (result_t<R, half>)name((float)x); }   \
  inline result_t<R, bfloat> name(bfloat x) { return (result_t<R, bfloat>)name((float)x); } \
  template <class T, int N, bool P> inline auto name(vec_t<T, N, P> v) {             \
    return lanewise([](T x) { return name(x); }, v);                                 \
  }
#define INGOT_F2(name, expr)                                                           \
  inline float name(float x, float y) { return expr; }                              \
  inline half name(half x, half y) { return (half)name((float)x, (float)y); }       \
  inline bfloat name(bfloat x, bfloat y) { return (bfloat)name((float)x, (float)y); } \
  template <class T, int N, bool P> inline auto name(vec_t<T, N, P> a, vec_t<T, N, P> b) { \
    return lanewise([](T x, T y) { return name(x, y); }, a, b);                      \
  }                                                                                  \
  template <class T, int N, bool P>                                                  \
  inline auto name(vec_t<T, N, P> a, typename vec_t<T, N, P>::value_type b) {        \
    return name(a, vec_t<T, N, P>(b));                                               \
  }
#define INGOT_F3(name, expr)                                                           \
  inline float name(float x, float y, float z) { return expr; }                     \
  inline half name(half x, half y, half z) {                                         \
    return (half)name((float)x, (float)y, (float)z);                                 \
  }                                                                                  \
  inline bfloat name(bfloat x, bfloat y, bfloat z) {                                 \
    return (bfloat)name((float)x, (float)y, (float)z);                               \
  }                                                                                  \
  template <class T, int N, bool P>                                                  \
  inline auto name(vec_t<T, N, P> a, vec_t<T, N, P> b, vec_t<T, N, P> c) {           \
    return lanewise([](T x, T y, T z) { return name(x, y, z); }, a, b, c);           \
  }                                                                                  \
  template <class T, int N, bool P>                                                  \
  inline auto name(vec_t<T, N, P> a, typename vec_t<T, N, P>::value_type b,          \
                   typename vec_t<T, N, P>::value_type c) {                          \
    return name(a, vec_t<T, N, P>(b), vec_t<T, N, P>(c));                            \
  }

INGOT_F1(float, exp, __builtin_expf(x))
INGOT_F1(float, exp2, __builtin_exp2f(x))
INGOT_F1(float, exp10, __builtin_powf(10.0f, x))
INGOT_F1(float, log, __builtin_logf(x))
INGOT_F1(float, log2, __builtin_log2f(x))
INGOT_F1(float, log10, __builtin_log10f(x))
INGOT_F1(float, sqrt, __builtin_sqrtf(x))
INGOT_F1(float, rsqrt, 1.0f / __builtin_sqrtf(x))
INGOT_F1(float, cbrt, __builtin_cbrtf(x))
INGOT_F1(float, sin, __builtin_sinf(x))
INGOT_F1(float, cos, __builtin_cosf(x))
INGOT_F1(float, tan, __builtin_tanf(x))
INGOT_F1(float, sinpi, __builtin_sinf(x * M_PI_F))
INGOT_F1(float, cospi, __builtin_cosf(x * M_PI_F))
INGOT_F1(float, tanpi, __builtin_tanf(x * M_PI_F))
INGOT_F1(float, asin, __builtin_asinf(x))
INGOT_F1(float, acos, __builtin_acosf(x))
INGOT_F1(float, atan, __builtin_atanf(x))
INGOT_F1(float, sinh, __builtin_sinhf(x))
INGOT_F1(float, cosh, __builtin_coshf(x))
INGOT_F1(float, tanh, __builtin_tanhf(x))
INGOT_F1(float, asinh, __builtin_asinhf(x))
INGOT_F1(float, acosh, __builtin_acoshf(x))
INGOT_F1(float, atanh, __builtin_atanhf(x))
INGOT_F1(float, floor, __builtin_floorf(x))
INGOT_F1(float, ceil, __builtin_ceilf(x))
INGOT_F1(float, round, __builtin_roundf(x))
INGOT_F1(float, rint, __builtin_rintf(x))
INGOT_F1(float, trunc, __builtin_truncf(x))
INGOT_F1(float, fabs, __builtin_fabsf(x))
INGOT_F1(float, abs, __builtin_fabsf(x))
INGOT_F1(float, fract, __builtin_fminf(x - __builtin_floorf(x), 0x1.fffffep-1f))
INGOT_F1(float, sign, x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x == x ? 0.0f * x : 0.0f)
INGOT_F1(float, saturate, __builtin_fminf(__builtin_fmaxf(x, 0.0f), 1.0f))
INGOT_F1(bool, isnan, __builtin_isnan(x))
INGOT_F1(bool, isinf, __builtin_isinf(x))
INGOT_F1(bool, isfinite, __builtin_isfinite(x))
INGOT_F1(bool, isnormal, __builtin_isnormal(x))
INGOT_F1(bool, signbit, __builtin_signbit(x))
INGOT_F2(pow, __builtin_powf(x, y))
INGOT_F2(powr, __builtin_powf(x, y))
INGOT_F2(fmod, __builtin_fmodf(x, y))
INGOT_F2(atan2, __builtin_atan2f(x, y))
INGOT_F2(copysign, __builtin_copysignf(x, y))
INGOT_F2(fdim, __builtin_fdimf(x, y))
INGOT_F2(fmin, __builtin_fminf(x, y))
INGOT_F2(fmax, __builtin_fmaxf(x, y))
INGOT_F2(step, y < x ? 0.0f : 1.0f)
// Floats: a NaN operand is ignored, as by fmin and fmax.
INGOT_F2(min, __builtin_fminf(x, y))
INGOT_F2(max, __builtin_fmaxf(x, y))
INGOT_F3(fma, __builtin_fmaf(x, y, z))
INGOT_F3(mix, x + (y - x) * z)
INGOT_F3(smoothstep, (z = __builtin_fminf(__builtin_fmaxf((z - x) / (y - x), 0.0f), 1.0f),
                      z * z * (3.0f - 2.0f * z)))
INGOT_F3(clamp, __builtin_fminf(__builtin_fmaxf(x, y), z))

// select(a, b, c): c ? b : a, lane by lane.
template <class T> inline T select(T a, T b, bool c) { return c ? b : a; }
template <class T, int N, bool P, bool Q>
inline vec_t<T, N, P> select(vec_t<T, N, P> a, vec_t<T, N, P> b, vec_t<bool, N, Q> c) {
  vec_t<T, N, P> r;
  for (int i = 0; i < N; ++i) r[i] = c[i] ? b[i] : a[i];
  return r;
}
inline bool all(bool b) { return b; }
inline bool any(bool b) { return b; }
template <class T, int N, bool P> inline bool all(vec_t<T, N, P> v) {
  for (int i = 0; i < N; ++i)
    if (!v[i]) return false;
  return true;
}
template <class T, int N, bool P> inline bool any(vec_t<T, N, P> v) {
  for (int i = 0; i < N; ++i)
    if (v[i]) return true;
  return false;
}

template <class T, int N, bool P> inline T dot(vec_t<T, N, P> a, vec_t<T, N, P> b) {
  float sum = 0.0f;
  for (int i = 0; i < N; ++i) sum = __builtin_fmaf((float)a[i], (float)b[i], sum);
  return (T)sum;
}
template <class T, int N, bool P> inline T length_squared(vec_t<T, N, P> v) { return dot(v, v); }
template <class T, int N, bool P> inline T length(vec_t<T, N, P> v) {
  return (T)__builtin_sqrtf((float)dot(v, v));
}
template <class T, int N, bool P> inline T distance(vec_t<T, N, P> a, vec_t<T, N, P> b) {
  return length(a - b);
}
template <class T, int N, bool P> inline vec_t<T, N, P> normalize(vec_t<T, N, P> v) {
  return v * (T)(1.0f / __builtin_sqrtf((float)dot(v, v)));
}
template <class T, bool P> inline vec_t<T, 3, P> cross(vec_t<T, 3, P> a, vec_t<T, 3, P> b) {
  return vec_t<T, 3, P>(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
#undef INGOT_F1
#undef INGOT_F2
#undef INGOT_F3

#define INGOT_MATH_NAMES(X)                                                           \
  X(exp) X(exp2) X(exp10) X(log) X(log2) X(log10) X(sqrt) X(rsqrt) X(cbrt) X(sin) X(cos) \
  X(tan) X(sinpi) X(cospi) X(tanpi) X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh)   \
  X(asinh) X(acosh) X(atanh) X(floor) X(ceil) X(round) X(rint) X(trunc) X(fabs) X(abs) \
  X(fract) X(sign) X(saturate) X(isnan) X(isinf) X(isfinite) X(isnormal) X(signbit)   \
  X(pow) X(powr) X(fmod) X(atan2) X(copysign) X(fdim) X(fmin) X(fmax) X(step) X(fma)  \
  X(mix) X(smoothstep) X(min) X(max) X(clamp) X(dot) X(length) X(distance)           \
  X(normalize) X(cross)
#define INGOT_USING(name) using metal::name;
namespace precise { INGOT_MATH_NAMES(INGOT_USING) }
namespace fast { INGOT_MATH_NAMES(INGOT_USING) }
#undef INGOT_USING
#undef INGOT_MATH_NAMES
}  // namespace metal
)MSL";
}

}  // namespace ingot::metal_emulator
