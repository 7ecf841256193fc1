// The MSL header, part 1: scalar type names, half and bfloat, the few type traits the
// rest uses, and the constants of <metal_math>. No standard C++ header is included, so
// that every library compiles quickly; everything comes from compiler builtins.
#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {

std::string msl_header_types() {
  return R"MSL(
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;
typedef unsigned long size_t;
typedef long ptrdiff_t;
typedef _Float16 half;
typedef __bf16 bfloat;

// clang lowers float -> bfloat to a libgcc routine that GCC 12's libgcc lacks; this one
// rounds to nearest even and keeps NaNs quiet, as Metal converts.
extern "C" __attribute__((weak, visibility("hidden"))) bfloat __truncsfbf2(float f) {
  unsigned x = __builtin_bit_cast(unsigned, f);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return __builtin_bit_cast(bfloat, (unsigned short)((x >> 16) | 0x40u));
  x += 0x7fffu + ((x >> 16) & 1u);
  return __builtin_bit_cast(bfloat, (unsigned short)(x >> 16));
}
extern "C" __attribute__((weak, visibility("hidden"))) bfloat __truncdfbf2(double d) {
  return __truncsfbf2((float)d);
}

#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define HUGE_VALF __builtin_huge_valf()
#define MAXFLOAT 0x1.fffffep127f
#define FLT_MAX 0x1.fffffep127f
#define FLT_MIN 0x1p-126f
#define FLT_EPSILON 0x1p-23f
#define HALF_MAX ((half)65504.0f)
#define HALF_MIN ((half)0x1p-14f)
#define HALF_EPSILON ((half)0x1p-10f)
#define CHAR_BIT 8
#define SCHAR_MAX 127
#define SCHAR_MIN (-128)
#define UCHAR_MAX 255
#define SHRT_MAX 32767
#define SHRT_MIN (-32768)
#define USHRT_MAX 65535
#define INT_MAX 2147483647
#define INT_MIN (-2147483647 - 1)
#define UINT_MAX 4294967295u
#define LONG_MAX 9223372036854775807L
#define LONG_MIN (-9223372036854775807L - 1)
#define ULONG_MAX 18446744073709551615ul
#define M_E_F 2.71828182845904523536f
#define M_LOG2E_F 1.44269504088896340736f
#define M_LOG10E_F 0.434294481903251827651f
#define M_LN2_F 0.693147180559945309417f
#define M_LN10_F 2.30258509299404568402f
#define M_PI_F 3.14159265358979323846f
#define M_PI_2_F 1.57079632679489661923f
#define M_PI_4_F 0.785398163397448309616f
#define M_1_PI_F 0.318309886183790671538f
#define M_2_PI_F 0.636619772367581343076f
#define M_2_SQRTPI_F 1.12837916709551257390f
#define M_SQRT2_F 1.41421356237309504880f
#define M_SQRT1_2_F 0.707106781186547524401f

namespace metal {
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <class T, class U> struct is_same { static constexpr bool value = false; };
template <class T> struct is_same<T, T> { static constexpr bool value = true; };
template <class T, class U> constexpr bool is_same_v = is_same<T, U>::value;
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T&> { typedef T type; };
template <class T> struct remove_cv { typedef T type; };
template <class T> struct remove_cv<const T> { typedef T type; };
template <class T> struct remove_cv<volatile T> { typedef T type; };
template <class T> struct remove_cv<const volatile T> { typedef T type; };
template <class T> using remove_cv_t = typename remove_cv<T>::type;
template <class T> constexpr bool is_pointer_v = false;
template <class T> constexpr bool is_pointer_v<T*> = true;
template <class T> constexpr bool is_pointer_v<T* const> = true;
template <class T> constexpr bool is_floating_point_v =
    is_same_v<remove_cv_t<T>, float> || is_same_v<remove_cv_t<T>, half> ||
    is_same_v<remove_cv_t<T>, bfloat> || is_same_v<remove_cv_t<T>, double>;
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
// A float function's result for argument type H: H, or bool for predicates (isnan...).
template <class R, class H> using result_t = typename conditional<is_same_v<R, bool>, bool, H>::type;
template <class T> constexpr bool is_integral_v = __is_integral(T);
template <class T> constexpr bool is_signed_v = T(-1) < T(0);

template <class To, class From> inline To as_type(From from) {
  static_assert(sizeof(To) == sizeof(From), "as_type: the types differ in size");
  return __builtin_bit_cast(To, from);
}
}  // namespace metal
)MSL";
}

}  // namespace ingot::metal_emulator
