#line 1 "metal_stdlib"

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
namespace metal {
template <class T, int N, bool P> struct vec_t;
template <class T, int N, bool P> struct vec_base;
template <class T, bool P> struct alignas(P ? sizeof(T) : 2 * sizeof(T)) vec_base<T, 2, P> {
  T x, y;
  T _g_x() const { return T(x); }
  void _s_x(T v) { x = v; }
  __declspec(property(get = _g_x, put = _s_x)) T r;
  T _g_y() const { return T(y); }
  void _s_y(T v) { y = v; }
  __declspec(property(get = _g_y, put = _s_y)) T g;
  vec_t<T, 2, false> _g_xx() const { return vec_t<T, 2, false>(x, x); }
  __declspec(property(get = _g_xx)) vec_t<T, 2, false> xx;
  __declspec(property(get = _g_xx)) vec_t<T, 2, false> rr;
  vec_t<T, 2, false> _g_yx() const { return vec_t<T, 2, false>(y, x); }
  void _s_yx(vec_t<T, 2, false> v) { y = v.x; x = v.y; }
  __declspec(property(get = _g_yx, put = _s_yx)) vec_t<T, 2, false> yx;
  __declspec(property(get = _g_yx, put = _s_yx)) vec_t<T, 2, false> gr;
  vec_t<T, 2, false> _g_xy() const { return vec_t<T, 2, false>(x, y); }
  void _s_xy(vec_t<T, 2, false> v) { x = v.x; y = v.y; }
  __declspec(property(get = _g_xy, put = _s_xy)) vec_t<T, 2, false> xy;
  __declspec(property(get = _g_xy, put = _s_xy)) vec_t<T, 2, false> rg;
  vec_t<T, 2, false> _g_yy() const { return vec_t<T, 2, false>(y, y); }
  __declspec(property(get = _g_yy)) vec_t<T, 2, false> yy;
  __declspec(property(get = _g_yy)) vec_t<T, 2, false> gg;
  vec_t<T, 3, false> _g_xxx() const { return vec_t<T, 3, false>(x, x, x); }
  __declspec(property(get = _g_xxx)) vec_t<T, 3, false> xxx;
  __declspec(property(get = _g_xxx)) vec_t<T, 3, false> rrr;
  vec_t<T, 3, false> _g_yxx() const { return vec_t<T, 3, false>(y, x, x); }
  __declspec(property(get = _g_yxx)) vec_t<T, 3, false> yxx;
  __declspec(property(get = _g_yxx)) vec_t<T, 3, false> grr;
  vec_t<T, 3, false> _g_xyx() const { return vec_t<T, 3, false>(x, y, x); }
  __declspec(property(get = _g_xyx)) vec_t<T, 3, false> xyx;
  __declspec(property(get = _g_xyx)) vec_t<T, 3, false> rgr;
  vec_t<T, 3, false> _g_yyx() const { return vec_t<T, 3, false>(y, y, x); }
  __declspec(property(get = _g_yyx)) vec_t<T, 3, false> yyx;
  __declspec(property(get = _g_yyx)) vec_t<T, 3, false> ggr;
  vec_t<T, 3, false> _g_xxy() const { return vec_t<T, 3, false>(x, x, y); }
  __declspec(property(get = _g_xxy)) vec_t<T, 3, false> xxy;
  __declspec(property(get = _g_xxy)) vec_t<T, 3, false> rrg;
  vec_t<T, 3, false> _g_yxy() const { return vec_t<T, 3, false>(y, x, y); }
  __declspec(property(get = _g_yxy)) vec_t<T, 3, false> yxy;
  __declspec(property(get = _g_yxy)) vec_t<T, 3, false> grg;
  vec_t<T, 3, false> _g_xyy() const { return vec_t<T, 3, false>(x, y, y); }
  __declspec(property(get = _g_xyy)) vec_t<T, 3, false> xyy;
  __declspec(property(get = _g_xyy)) vec_t<T, 3, false> rgg;
  vec_t<T, 3, false> _g_yyy() const { return vec_t<T, 3, false>(y, y, y); }
  __declspec(property(get = _g_yyy)) vec_t<T, 3, false> yyy;
  __declspec(property(get = _g_yyy)) vec_t<T, 3, false> ggg;
  vec_t<T, 4, false> _g_xxxx() const { return vec_t<T, 4, false>(x, x, x, x); }
  __declspec(property(get = _g_xxxx)) vec_t<T, 4, false> xxxx;
  __declspec(property(get = _g_xxxx)) vec_t<T, 4, false> rrrr;
  vec_t<T, 4, false> _g_yxxx() const { return vec_t<T, 4, false>(y, x, x, x); }
  __declspec(property(get = _g_yxxx)) vec_t<T, 4, false> yxxx;
  __declspec(property(get = _g_yxxx)) vec_t<T, 4, false> grrr;
  vec_t<T, 4, false> _g_xyxx() const { return vec_t<T, 4, false>(x, y, x, x); }
  __declspec(property(get = _g_xyxx)) vec_t<T, 4, false> xyxx;
  __declspec(property(get = _g_xyxx)) vec_t<T, 4, false> rgrr;
  vec_t<T, 4, false> _g_yyxx() const { return vec_t<T, 4, false>(y, y, x, x); }
  __declspec(property(get = _g_yyxx)) vec_t<T, 4, false> yyxx;
  __declspec(property(get = _g_yyxx)) vec_t<T, 4, false> ggrr;
  vec_t<T, 4, false> _g_xxyx() const { return vec_t<T, 4, false>(x, x, y, x); }
  __declspec(property(get = _g_xxyx)) vec_t<T, 4, false> xxyx;
  __declspec(property(get = _g_xxyx)) vec_t<T, 4, false> rrgr;
  vec_t<T, 4, false> _g_yxyx() const { return vec_t<T, 4, false>(y, x, y, x); }
  __declspec(property(get = _g_yxyx)) vec_t<T, 4, false> yxyx;
  __declspec(property(get = _g_yxyx)) vec_t<T, 4, false> grgr;
  vec_t<T, 4, false> _g_xyyx() const { return vec_t<T, 4, false>(x, y, y, x); }
  __declspec(property(get = _g_xyyx)) vec_t<T, 4, false> xyyx;
  __declspec(property(get = _g_xyyx)) vec_t<T, 4, false> rggr;
  vec_t<T, 4, false> _g_yyyx() const { return vec_t<T, 4, false>(y, y, y, x); }
  __declspec(property(get = _g_yyyx)) vec_t<T, 4, false> yyyx;
  __declspec(property(get = _g_yyyx)) vec_t<T, 4, false> gggr;
  vec_t<T, 4, false> _g_xxxy() const { return vec_t<T, 4, false>(x, x, x, y); }
  __declspec(property(get = _g_xxxy)) vec_t<T, 4, false> xxxy;
  __declspec(property(get = _g_xxxy)) vec_t<T, 4, false> rrrg;
  vec_t<T, 4, false> _g_yxxy() const { return vec_t<T, 4, false>(y, x, x, y); }
  __declspec(property(get = _g_yxxy)) vec_t<T, 4, false> yxxy;
  __declspec(property(get = _g_yxxy)) vec_t<T, 4, false> grrg;
  vec_t<T, 4, false> _g_xyxy() const { return vec_t<T, 4, false>(x, y, x, y); }
  __declspec(property(get = _g_xyxy)) vec_t<T, 4, false> xyxy;
  __declspec(property(get = _g_xyxy)) vec_t<T, 4, false> rgrg;
  vec_t<T, 4, false> _g_yyxy() const { return vec_t<T, 4, false>(y, y, x, y); }
  __declspec(property(get = _g_yyxy)) vec_t<T, 4, false> yyxy;
  __declspec(property(get = _g_yyxy)) vec_t<T, 4, false> ggrg;
  vec_t<T, 4, false> _g_xxyy() const { return vec_t<T, 4, false>(x, x, y, y); }
  __declspec(property(get = _g_xxyy)) vec_t<T, 4, false> xxyy;
  __declspec(property(get = _g_xxyy)) vec_t<T, 4, false> rrgg;
  vec_t<T, 4, false> _g_yxyy() const { return vec_t<T, 4, false>(y, x, y, y); }
  __declspec(property(get = _g_yxyy)) vec_t<T, 4, false> yxyy;
  __declspec(property(get = _g_yxyy)) vec_t<T, 4, false> grgg;
  vec_t<T, 4, false> _g_xyyy() const { return vec_t<T, 4, false>(x, y, y, y); }
  __declspec(property(get = _g_xyyy)) vec_t<T, 4, false> xyyy;
  __declspec(property(get = _g_xyyy)) vec_t<T, 4, false> rggg;
  vec_t<T, 4, false> _g_yyyy() const { return vec_t<T, 4, false>(y, y, y, y); }
  __declspec(property(get = _g_yyyy)) vec_t<T, 4, false> yyyy;
  __declspec(property(get = _g_yyyy)) vec_t<T, 4, false> gggg;
};
template <class T, bool P> struct alignas(P ? sizeof(T) : 4 * sizeof(T)) vec_base<T, 3, P> {
  T x, y, z;
  T _g_x() const { return T(x); }
  void _s_x(T v) { x = v; }
  __declspec(property(get = _g_x, put = _s_x)) T r;
  T _g_y() const { return T(y); }
  void _s_y(T v) { y = v; }
  __declspec(property(get = _g_y, put = _s_y)) T g;
  T _g_z() const { return T(z); }
  void _s_z(T v) { z = v; }
  __declspec(property(get = _g_z, put = _s_z)) T b;
  vec_t<T, 2, false> _g_xx() const { return vec_t<T, 2, false>(x, x); }
  __declspec(property(get = _g_xx)) vec_t<T, 2, false> xx;
  __declspec(property(get = _g_xx)) vec_t<T, 2, false> rr;
  vec_t<T, 2, false> _g_yx() const { return vec_t<T, 2, false>(y, x); }
  void _s_yx(vec_t<T, 2, false> v) { y = v.x; x = v.y; }
  __declspec(property(get = _g_yx, put = _s_yx)) vec_t<T, 2, false> yx;
  __declspec(property(get = _g_yx, put = _s_yx)) vec_t<T, 2, false> gr;
  vec_t<T, 2, false> _g_zx() const { return vec_t<T, 2, false>(z, x); }
  void _s_zx(vec_t<T, 2, false> v) { z = v.x; x = v.y; }
  __declspec(property(get = _g_zx, put = _s_zx)) vec_t<T, 2, false> zx;
  __declspec(property(get = _g_zx, put = _s_zx)) vec_t<T, 2, false> br;
  vec_t<T, 2, false> _g_xy() const { return vec_t<T, 2, false>(x, y); }
  void _s_xy(vec_t<T, 2, false> v) { x = v.x; y = v.y; }
  __declspec(property(get = _g_xy, put = _s_xy)) vec_t<T, 2, false> xy;
  __declspec(property(get = _g_xy, put = _s_xy)) vec_t<T, 2, false> rg;
  vec_t<T, 2, false> _g_yy() const { return vec_t<T, 2, false>(y, y); }
  __declspec(property(get = _g_yy)) vec_t<T, 2, false> yy;
  __declspec(property(get = _g_yy)) vec_t<T, 2, false> gg;
  vec_t<T, 2, false> _g_zy() const { return vec_t<T, 2, false>(z, y); }
  void _s_zy(vec_t<T, 2, false> v) { z = v.x; y = v.y; }
  __declspec(property(get = _g_zy, put = _s_zy)) vec_t<T, 2, false> zy;
  __declspec(property(get = _g_zy, put = _s_zy)) vec_t<T, 2, false> bg;
  vec_t<T, 2, false> _g_xz() const { return vec_t<T, 2, false>(x, z); }
  void _s_xz(vec_t<T, 2, false> v) { x = v.x; z = v.y; }
  __declspec(property(get = _g_xz, put = _s_xz)) vec_t<T, 2, false> xz;
  __declspec(property(get = _g_xz, put = _s_xz)) vec_t<T, 2, false> rb;
  vec_t<T, 2, false> _g_yz() const { return vec_t<T, 2, false>(y, z); }
  void _s_yz(vec_t<T, 2, false> v) { y = v.x; z = v.y; }
  __declspec(property(get = _g_yz, put = _s_yz)) vec_t<T, 2, false> yz;
  __declspec(property(get = _g_yz, put = _s_yz)) vec_t<T, 2, false> gb;
  vec_t<T, 2, false> _g_zz() const { return vec_t<T, 2, false>(z, z); }
  __declspec(property(get = _g_zz)) vec_t<T, 2, false> zz;
  __declspec(property(get = _g_zz)) vec_t<T, 2, false> bb;
  vec_t<T, 3, false> _g_xxx() const { return vec_t<T, 3, false>(x, x, x); }
  __declspec(property(get = _g_xxx)) vec_t<T, 3, false> xxx;
  __declspec(property(get = _g_xxx)) vec_t<T, 3, false> rrr;
  vec_t<T, 3, false> _g_yxx() const { return vec_t<T, 3, false>(y, x, x); }
  __declspec(property(get = _g_yxx)) vec_t<T, 3, false> yxx;
  __declspec(property(get = _g_yxx)) vec_t<T, 3, false> grr;
  vec_t<T, 3, false> _g_zxx() const { return vec_t<T, 3, false>(z, x, x); }
  __declspec(property(get = _g_zxx)) vec_t<T, 3, false> zxx;
  __declspec(property(get = _g_zxx)) vec_t<T, 3, false> brr;
  vec_t<T, 3, false> _g_xyx() const { return vec_t<T, 3, false>(x, y, x); }
  __declspec(property(get = _g_xyx)) vec_t<T, 3, false> xyx;
  __declspec(property(get = _g_xyx)) vec_t<T, 3, false> rgr;
  vec_t<T, 3, false> _g_yyx() const { return vec_t<T, 3, false>(y, y, x); }
  __declspec(property(get = _g_yyx)) vec_t<T, 3, false> yyx;
  __declspec(property(get = _g_yyx)) vec_t<T, 3, false> ggr;
  vec_t<T, 3, false> _g_zyx() const { return vec_t<T, 3, false>(z, y, x); }
  void _s_zyx(vec_t<T, 3, false> v) { z = v.x; y = v.y; x = v.z; }
  __declspec(property(get = _g_zyx, put = _s_zyx)) vec_t<T, 3, false> zyx;
  __declspec(property(get = _g_zyx, put = _s_zyx)) vec_t<T, 3, false> bgr;
  vec_t<T, 3, false> _g_xzx() const { return vec_t<T, 3, false>(x, z, x); }
  __declspec(property(get = _g_xzx)) vec_t<T, 3, false> xzx;
  __declspec(property(get = _g_xzx)) vec_t<T, 3, false> rbr;
  vec_t<T, 3, false> _g_yzx() const { return vec_t<T, 3, false>(y, z, x); }
  void _s_yzx(vec_t<T, 3, false> v) { y = v.x; z = v.y; x = v.z; }
  __declspec(property(get = _g_yzx, put = _s_yzx)) vec_t<T, 3, false> yzx;
  __declspec(property(get = _g_yzx, put = _s_yzx)) vec_t<T, 3, false> gbr;
  vec_t<T, 3, false> _g_zzx() const { return vec_t<T, 3, false>(z, z, x); }
  __declspec(property(get = _g_zzx)) vec_t<T, 3, false> zzx;
  __declspec(property(get = _g_zzx)) vec_t<T, 3, false> bbr;
  vec_t<T, 3, false> _g_xxy() const { return vec_t<T, 3, false>(x, x, y); }
  __declspec(property(get = _g_xxy)) vec_t<T, 3, false> xxy;
  __declspec(property(get = _g_xxy)) vec_t<T, 3, false> rrg;
  vec_t<T, 3, false> _g_yxy() const { return vec_t<T, 3, false>(y, x, y); }
  __declspec(property(get = _g_yxy)) vec_t<T, 3, false> yxy;
  __declspec(property(get = _g_yxy)) vec_t<T, 3, false> grg;
  vec_t<T, 3, false> _g_zxy() const { return vec_t<T, 3, false>(z, x, y); }
  void _s_zxy(vec_t<T, 3, false> v) { z = v.x; x = v.y; y = v.z; }
  __declspec(property(get = _g_zxy, put = _s_zxy)) vec_t<T, 3, false> zxy;
  __declspec(property(get = _g_zxy, put = _s_zxy)) vec_t<T, 3, false> brg;
  vec_t<T, 3, false> _g_xyy() const { return vec_t<T, 3, false>(x, y, y); }
  __declspec(property(get = _g_xyy)) vec_t<T, 3, false> xyy;
  __declspec(property(get = _g_xyy)) vec_t<T, 3, false> rgg;
  vec_t<T, 3, false> _g_yyy() const { return vec_t<T, 3, false>(y, y, y); }
  __declspec(property(get = _g_yyy)) vec_t<T, 3, false> yyy;
  __declspec(property(get = _g_yyy)) vec_t<T, 3, false> ggg;
  vec_t<T, 3, false> _g_zyy() const { return vec_t<T, 3, false>(z, y, y); }
  __declspec(property(get = _g_zyy)) vec_t<T, 3, false> zyy;
  __declspec(property(get = _g_zyy)) vec_t<T, 3, false> bgg;
  vec_t<T, 3, false> _g_xzy() const { return vec_t<T, 3, false>(x, z, y); }
  void _s_xzy(vec_t<T, 3, false> v) { x = v.x; z = v.y; y = v.z; }
  __declspec(property(get = _g_xzy, put = _s_xzy)) vec_t<T, 3, false> xzy;
  __declspec(property(get = _g_xzy, put = _s_xzy)) vec_t<T, 3, false> rbg;
  vec_t<T, 3, false> _g_yzy() const { return vec_t<T, 3, false>(y, z, y); }
  __declspec(property(get = _g_yzy)) vec_t<T, 3, false> yzy;
  __declspec(property(get = _g_yzy)) vec_t<T, 3, false> gbg;
  vec_t<T, 3, false> _g_zzy() const { return vec_t<T, 3, false>(z, z, y); }
  __declspec(property(get = _g_zzy)) vec_t<T, 3, false> zzy;
  __declspec(property(get = _g_zzy)) vec_t<T, 3, false> bbg;
  vec_t<T, 3, false> _g_xxz() const { return vec_t<T, 3, false>(x, x, z); }
  __declspec(property(get = _g_xxz)) vec_t<T, 3, false> xxz;
  __declspec(property(get = _g_xxz)) vec_t<T, 3, false> rrb;
  vec_t<T, 3, false> _g_yxz() const { return vec_t<T, 3, false>(y, x, z); }
  void _s_yxz(vec_t<T, 3, false> v) { y = v.x; x = v.y; z = v.z; }
  __declspec(property(get = _g_yxz, put = _s_yxz)) vec_t<T, 3, false> yxz;
  __declspec(property(get = _g_yxz, put = _s_yxz)) vec_t<T, 3, false> grb;
  vec_t<T, 3, false> _g_zxz() const { return vec_t<T, 3, false>(z, x, z); }
  __declspec(property(get = _g_zxz)) vec_t<T, 3, false> zxz;
  __declspec(property(get = _g_zxz)) vec_t<T, 3, false> brb;
  vec_t<T, 3, false> _g_xyz() const { return vec_t<T, 3, false>(x, y, z); }
  void _s_xyz(vec_t<T, 3, false> v) { x = v.x; y = v.y; z = v.z; }
  __declspec(property(get = _g_xyz, put = _s_xyz)) vec_t<T, 3, false> xyz;
  __declspec(property(get = _g_xyz, put = _s_xyz)) vec_t<T, 3, false> rgb;
  vec_t<T, 3, false> _g_yyz() const { return vec_t<T, 3, false>(y, y, z); }
  __declspec(property(get = _g_yyz)) vec_t<T, 3, false> yyz;
  __declspec(property(get = _g_yyz)) vec_t<T, 3, false> ggb;
  vec_t<T, 3, false> _g_zyz() const { return vec_t<T, 3, false>(z, y, z); }
  __declspec(property(get = _g_zyz)) vec_t<T, 3, false> zyz;
  __declspec(property(get = _g_zyz)) vec_t<T, 3, false> bgb;
  vec_t<T, 3, false> _g_xzz() const { return vec_t<T, 3, false>(x, z, z); }
  __declspec(property(get = _g_xzz)) vec_t<T, 3, false> xzz;
  __declspec(property(get = _g_xzz)) vec_t<T, 3, false> rbb;
  vec_t<T, 3, false> _g_yzz() const { return vec_t<T, 3, false>(y, z, z); }
  __declspec(property(get = _g_yzz)) vec_t<T, 3, false> yzz;
  __declspec(property(get = _g_yzz)) vec_t<T, 3, false> gbb;
  vec_t<T, 3, false> _g_zzz() const { return vec_t<T, 3, false>(z, z, z); }
  __declspec(property(get = _g_zzz)) vec_t<T, 3, false> zzz;
  __declspec(property(get = _g_zzz)) vec_t<T, 3, false> bbb;
  vec_t<T, 4, false> _g_xxxx() const { return vec_t<T, 4, false>(x, x, x, x); }
  __declspec(property(get = _g_xxxx)) vec_t<T, 4, false> xxxx;
  __declspec(property(get = _g_xxxx)) vec_t<T, 4, false> rrrr;
  vec_t<T, 4, false> _g_yxxx() const { return vec_t<T, 4, false>(y, x, x, x); }
  __declspec(property(get = _g_yxxx)) vec_t<T, 4, false> yxxx;
  __declspec(property(get = _g_yxxx)) vec_t<T, 4, false> grrr;
  vec_t<T, 4, false> _g_zxxx() const { return vec_t<T, 4, false>(z, x, x, x); }
  __declspec(property(get = _g_zxxx)) vec_t<T, 4, false> zxxx;
  __declspec(property(get = _g_zxxx)) vec_t<T, 4, false> brrr;
  vec_t<T, 4, false> _g_xyxx() const { return vec_t<T, 4, false>(x, y, x, x); }
  __declspec(property(get = _g_xyxx)) vec_t<T, 4, false> xyxx;
  __declspec(property(get = _g_xyxx)) vec_t<T, 4, false> rgrr;
  vec_t<T, 4, false> _g_yyxx() const { return vec_t<T, 4, false>(y, y, x, x); }
  __declspec(property(get = _g_yyxx)) vec_t<T, 4, false> yyxx;
  __declspec(property(get = _g_yyxx)) vec_t<T, 4, false> ggrr;
  vec_t<T, 4, false> _g_zyxx() const { return vec_t<T, 4, false>(z, y, x, x); }
  __declspec(property(get = _g_zyxx)) vec_t<T, 4, false> zyxx;
  __declspec(property(get = _g_zyxx)) vec_t<T, 4, false> bgrr;
  vec_t<T, 4, false> _g_xzxx() const { return vec_t<T, 4, false>(x, z, x, x); }
  __declspec(property(get = _g_xzxx)) vec_t<T, 4, false> xzxx;
  __declspec(property(get = _g_xzxx)) vec_t<T, 4, false> rbrr;
  vec_t<T, 4, false> _g_yzxx() const { return vec_t<T, 4, false>(y, z, x, x); }
  __declspec(property(get = _g_yzxx)) vec_t<T, 4, false> yzxx;
  __declspec(property(get = _g_yzxx)) vec_t<T, 4, false> gbrr;
  vec_t<T, 4, false> _g_zzxx() const { return vec_t<T, 4, false>(z, z, x, x); }
  __declspec(property(get = _g_zzxx)) vec_t<T, 4, false> zzxx;
  __declspec(property(get = _g_zzxx)) vec_t<T, 4, false> bbrr;
  vec_t<T, 4, false> _g_xxyx() const { return vec_t<T, 4, false>(x, x, y, x); }
  __declspec(property(get = _g_xxyx)) vec_t<T, 4, false> xxyx;
  __declspec(property(get = _g_xxyx)) vec_t<T, 4, false> rrgr;
  vec_t<T, 4, false> _g_yxyx() const { return vec_t<T, 4, false>(y, x, y, x); }
  __declspec(property(get = _g_yxyx)) vec_t<T, 4, false> yxyx;
  __declspec(property(get = _g_yxyx)) vec_t<T, 4, false> grgr;
  vec_t<T, 4, false> _g_zxyx() const { return vec_t<T, 4, false>(z, x, y, x); }
  __declspec(property(get = _g_zxyx)) vec_t<T, 4, false> zxyx;
  __declspec(property(get = _g_zxyx)) vec_t<T, 4, false> brgr;
  vec_t<T, 4, false> _g_xyyx() const { return vec_t<T, 4, false>(x, y, y, x); }
  __declspec(property(get = _g_xyyx)) vec_t<T, 4, false> xyyx;
  __declspec(property(get = _g_xyyx)) vec_t<T, 4, false> rggr;
  vec_t<T, 4, false> _g_yyyx() const { return vec_t<T, 4, false>(y, y, y, x); }
  __declspec(property(get = _g_yyyx)) vec_t<T, 4, false> yyyx;
  __declspec(property(get = _g_yyyx)) vec_t<T, 4, false> gggr;
  vec_t<T, 4, false> _g_zyyx() const { return vec_t<T, 4, false>(z, y, y, x); }
  __declspec(property(get = _g_zyyx)) vec_t<T, 4, false> zyyx;
  __declspec(property(get = _g_zyyx)) vec_t<T, 4, false> bggr;
  vec_t<T, 4, false> _g_xzyx() const { return vec_t<T, 4, false>(x, z, y, x); }
  __declspec(property(get = _g_xzyx)) vec_t<T, 4, false> xzyx;
  __declspec(property(get = _g_xzyx)) vec_t<T, 4, false> rbgr;
  vec_t<T, 4, false> _g_yzyx() const { return vec_t<T, 4, false>(y, z, y, x); }
  __declspec(property(get = _g_yzyx)) vec_t<T, 4, false> yzyx;
  __declspec(property(get = _g_yzyx)) vec_t<T, 4, false> gbgr;
  vec_t<T, 4, false> _g_zzyx() const { return vec_t<T, 4, false>(z, z, y, x); }
  __declspec(property(get = _g_zzyx)) vec_t<T, 4, false> zzyx;
  __declspec(property(get = _g_zzyx)) vec_t<T, 4, false> bbgr;
  vec_t<T, 4, false> _g_xxzx() const { return vec_t<T, 4, false>(x, x, z, x); }
  __declspec(property(get = _g_xxzx)) vec_t<T, 4, false> xxzx;
  __declspec(property(get = _g_xxzx)) vec_t<T, 4, false> rrbr;
  vec_t<T, 4, false> _g_yxzx() const { return vec_t<T, 4, false>(y, x, z, x); }
  __declspec(property(get = _g_yxzx)) vec_t<T, 4, false> yxzx;
  __declspec(property(get = _g_yxzx)) vec_t<T, 4, false> grbr;
  vec_t<T, 4, false> _g_zxzx() const { return vec_t<T, 4, false>(z, x, z, x); }
  __declspec(property(get = _g_zxzx)) vec_t<T, 4, false> zxzx;
  __declspec(property(get = _g_zxzx)) vec_t<T, 4, false> brbr;
  vec_t<T, 4, false> _g_xyzx() const { return vec_t<T, 4, false>(x, y, z, x); }
  __declspec(property(get = _g_xyzx)) vec_t<T, 4, false> xyzx;
  __declspec(property(get = _g_xyzx)) vec_t<T, 4, false> rgbr;
  vec_t<T, 4, false> _g_yyzx() const { return vec_t<T, 4, false>(y, y, z, x); }
  __declspec(property(get = _g_yyzx)) vec_t<T, 4, false> yyzx;
  __declspec(property(get = _g_yyzx)) vec_t<T, 4, false> ggbr;
  vec_t<T, 4, false> _g_zyzx() const { return vec_t<T, 4, false>(z, y, z, x); }
  __declspec(property(get = _g_zyzx)) vec_t<T, 4, false> zyzx;
  __declspec(property(get = _g_zyzx)) vec_t<T, 4, false> bgbr;
  vec_t<T, 4, false> _g_xzzx() const { return vec_t<T, 4, false>(x, z, z, x); }
  __declspec(property(get = _g_xzzx)) vec_t<T, 4, false> xzzx;
  __declspec(property(get = _g_xzzx)) vec_t<T, 4, false> rbbr;
  vec_t<T, 4, false> _g_yzzx() const { return vec_t<T, 4, false>(y, z, z, x); }
  __declspec(property(get = _g_yzzx)) vec_t<T, 4, false> yzzx;
  __declspec(property(get = _g_yzzx)) vec_t<T, 4, false> gbbr;
  vec_t<T, 4, false> _g_zzzx() const { return vec_t<T, 4, false>(z, z, z, x); }
  __declspec(property(get = _g_zzzx)) vec_t<T, 4, false> zzzx;
  __declspec(property(get = _g_zzzx)) vec_t<T, 4, false> bbbr;
  vec_t<T, 4, false> _g_xxxy() const { return vec_t<T, 4, false>(x, x, x, y); }
  __declspec(property(get = _g_xxxy)) vec_t<T, 4, false> xxxy;
  __declspec(property(get = _g_xxxy)) vec_t<T, 4, false> rrrg;
  vec_t<T, 4, false> _g_yxxy() const { return vec_t<T, 4, false>(y, x, x, y); }
  __declspec(property(get = _g_yxxy)) vec_t<T, 4, false> yxxy;
  __declspec(property(get = _g_yxxy)) vec_t<T, 4, false> grrg;
  vec_t<T, 4, false> _g_zxxy() const { return vec_t<T, 4, false>(z, x, x, y); }
  __declspec(property(get = _g_zxxy)) vec_t<T, 4, false> zxxy;
  __declspec(property(get = _g_zxxy)) vec_t<T, 4, false> brrg;
  vec_t<T, 4, false> _g_xyxy() const { return vec_t<T, 4, false>(x, y, x, y); }
  __declspec(property(get = _g_xyxy)) vec_t<T, 4, false> xyxy;
  __declspec(property(get = _g_xyxy)) vec_t<T, 4, false> rgrg;
  vec_t<T, 4, false> _g_yyxy() const { return vec_t<T, 4, false>(y, y, x, y); }
  __declspec(property(get = _g_yyxy)) vec_t<T, 4, false> yyxy;
  __declspec(property(get = _g_yyxy)) vec_t<T, 4, false> ggrg;
  vec_t<T, 4, false> _g_zyxy() const { return vec_t<T, 4, false>(z, y, x, y); }
  __declspec(property(get = _g_zyxy)) vec_t<T, 4, false> zyxy;
  __declspec(property(get = _g_zyxy)) vec_t<T, 4, false> bgrg;
  vec_t<T, 4, false> _g_xzxy() const { return vec_t<T, 4, false>(x, z, x, y); }
  __declspec(property(get = _g_xzxy)) vec_t<T, 4, false> xzxy;
  __declspec(property(get = _g_xzxy)) vec_t<T, 4, false> rbrg;
  vec_t<T, 4, false> _g_yzxy() const { return vec_t<T, 4, false>(y, z, x, y); }
  __declspec(property(get = _g_yzxy)) vec_t<T, 4, false> yzxy;
  __declspec(property(get = _g_yzxy)) vec_t<T, 4, false> gbrg;
  vec_t<T, 4, false> _g_zzxy() const { return vec_t<T, 4, false>(z, z, x, y); }
  __declspec(property(get = _g_zzxy)) vec_t<T, 4, false> zzxy;
  __declspec(property(get = _g_zzxy)) vec_t<T, 4, false> bbrg;
  vec_t<T, 4, false> _g_xxyy() const { return vec_t<T, 4, false>(x, x, y, y); }
  __declspec(property(get = _g_xxyy)) vec_t<T, 4, false> xxyy;
  __declspec(property(get = _g_xxyy)) vec_t<T, 4, false> rrgg;
  vec_t<T, 4, false> _g_yxyy() const { return vec_t<T, 4, false>(y, x, y, y); }
  __declspec(property(get = _g_yxyy)) vec_t<T, 4, false> yxyy;
  __declspec(property(get = _g_yxyy)) vec_t<T, 4, false> grgg;
  vec_t<T, 4, false> _g_zxyy() const { return vec_t<T, 4, false>(z, x, y, y); }
  __declspec(property(get = _g_zxyy)) vec_t<T, 4, false> zxyy;
  __declspec(property(get = _g_zxyy)) vec_t<T, 4, false> brgg;
  vec_t<T, 4, false> _g_xyyy() const { return vec_t<T, 4, false>(x, y, y, y); }
  __declspec(property(get = _g_xyyy)) vec_t<T, 4, false> xyyy;
  __declspec(property(get = _g_xyyy)) vec_t<T, 4, false> rggg;
  vec_t<T, 4, false> _g_yyyy() const { return vec_t<T, 4, false>(y, y, y, y); }
  __declspec(property(get = _g_yyyy)) vec_t<T, 4, false> yyyy;
  __declspec(property(get = _g_yyyy)) vec_t<T, 4, false> gggg;
  vec_t<T, 4, false> _g_zyyy() const { return vec_t<T, 4, false>(z, y, y, y); }
  __declspec(property(get = _g_zyyy)) vec_t<T, 4, false> zyyy;
  __declspec(property(get = _g_zyyy)) vec_t<T, 4, false> bggg;
  vec_t<T, 4, false> _g_xzyy() const { return vec_t<T, 4, false>(x, z, y, y); }
  __declspec(property(get = _g_xzyy)) vec_t<T, 4, false> xzyy;
  __declspec(property(get = _g_xzyy)) vec_t<T, 4, false> rbgg;
  vec_t<T, 4, false> _g_yzyy() const { return vec_t<T, 4, false>(y, z, y, y); }
  __declspec(property(get = _g_yzyy)) vec_t<T, 4, false> yzyy;
  __declspec(property(get = _g_yzyy)) vec_t<T, 4, false> gbgg;
  vec_t<T, 4, false> _g_zzyy() const { return vec_t<T, 4, false>(z, z, y, y); }
  __declspec(property(get = _g_zzyy)) vec_t<T, 4, false> zzyy;
  __declspec(property(get = _g_zzyy)) vec_t<T, 4, false> bbgg;
  vec_t<T, 4, false> _g_xxzy() const { return vec_t<T, 4, false>(x, x, z, y); }
  __declspec(property(get = _g_xxzy)) vec_t<T, 4, false> xxzy;
  __declspec(property(get = _g_xxzy)) vec_t<T, 4, false> rrbg;
  vec_t<T, 4, false> _g_yxzy() const { return vec_t<T, 4, false>(y, x, z, y); }
  __declspec(property(get = _g_yxzy)) vec_t<T, 4, false> yxzy;
  __declspec(property(get = _g_yxzy)) vec_t<T, 4, false> grbg;
  vec_t<T, 4, false> _g_zxzy() const { return vec_t<T, 4, false>(z, x, z, y); }
  __declspec(property(get = _g_zxzy)) vec_t<T, 4, false> zxzy;
  __declspec(property(get = _g_zxzy)) vec_t<T, 4, false> brbg;
  vec_t<T, 4, false> _g_xyzy() const { return vec_t<T, 4, false>(x, y, z, y); }
  __declspec(property(get = _g_xyzy)) vec_t<T, 4, false> xyzy;
  __declspec(property(get = _g_xyzy)) vec_t<T, 4, false> rgbg;
  vec_t<T, 4, false> _g_yyzy() const { return vec_t<T, 4, false>(y, y, z, y); }
  __declspec(property(get = _g_yyzy)) vec_t<T, 4, false> yyzy;
  __declspec(property(get = _g_yyzy)) vec_t<T, 4, false> ggbg;
  vec_t<T, 4, false> _g_zyzy() const { return vec_t<T, 4, false>(z, y, z, y); }
  __declspec(property(get = _g_zyzy)) vec_t<T, 4, false> zyzy;
  __declspec(property(get = _g_zyzy)) vec_t<T, 4, false> bgbg;
  vec_t<T, 4, false> _g_xzzy() const { return vec_t<T, 4, false>(x, z, z, y); }
  __declspec(property(get = _g_xzzy)) vec_t<T, 4, false> xzzy;
  __declspec(property(get = _g_xzzy)) vec_t<T, 4, false> rbbg;
  vec_t<T, 4, false> _g_yzzy() const { return vec_t<T, 4, false>(y, z, z, y); }
  __declspec(property(get = _g_yzzy)) vec_t<T, 4, false> yzzy;
  __declspec(property(get = _g_yzzy)) vec_t<T, 4, false> gbbg;
  vec_t<T, 4, false> _g_zzzy() const { return vec_t<T, 4, false>(z, z, z, y); }
  __declspec(property(get = _g_zzzy)) vec_t<T, 4, false> zzzy;
  __declspec(property(get = _g_zzzy)) vec_t<T, 4, false> bbbg;
  vec_t<T, 4, false> _g_xxxz() const { return vec_t<T, 4, false>(x, x, x, z); }
  __declspec(property(get = _g_xxxz)) vec_t<T, 4, false> xxxz;
  __declspec(property(get = _g_xxxz)) vec_t<T, 4, false> rrrb;
  vec_t<T, 4, false> _g_yxxz() const { return vec_t<T, 4, false>(y, x, x, z); }
  __declspec(property(get = _g_yxxz)) vec_t<T, 4, false> yxxz;
  __declspec(property(get = _g_yxxz)) vec_t<T, 4, false> grrb;
  vec_t<T, 4, false> _g_zxxz() const { return vec_t<T, 4, false>(z, x, x, z); }
  __declspec(property(get = _g_zxxz)) vec_t<T, 4, false> zxxz;
  __declspec(property(get = _g_zxxz)) vec_t<T, 4, false> brrb;
  vec_t<T, 4, false> _g_xyxz() const { return vec_t<T, 4, false>(x, y, x, z); }
  __declspec(property(get = _g_xyxz)) vec_t<T, 4, false> xyxz;
  __declspec(property(get = _g_xyxz)) vec_t<T, 4, false> rgrb;
  vec_t<T, 4, false> _g_yyxz() const { return vec_t<T, 4, false>(y, y, x, z); }
  __declspec(property(get = _g_yyxz)) vec_t<T, 4, false> yyxz;
  __declspec(property(get = _g_yyxz)) vec_t<T, 4, false> ggrb;
  vec_t<T, 4, false> _g_zyxz() const { return vec_t<T, 4, false>(z, y, x, z); }
  __declspec(property(get = _g_zyxz)) vec_t<T, 4, false> zyxz;
  __declspec(property(get = _g_zyxz)) vec_t<T, 4, false> bgrb;
  vec_t<T, 4, false> _g_xzxz() const { return vec_t<T, 4, false>(x, z, x, z); }
  __declspec(property(get = _g_xzxz)) vec_t<T, 4, false> xzxz;
  __declspec(property(get = _g_xzxz)) vec_t<T, 4, false> rbrb;
  vec_t<T, 4, false> _g_yzxz() const { return vec_t<T, 4, false>(y, z, x, z); }
  __declspec(property(get = _g_yzxz)) vec_t<T, 4, false> yzxz;
  __declspec(property(get = _g_yzxz)) vec_t<T, 4, false> gbrb;
  vec_t<T, 4, false> _g_zzxz() const { return vec_t<T, 4, false>(z, z, x, z); }
  __declspec(property(get = _g_zzxz)) vec_t<T, 4, false> zzxz;
  __declspec(property(get = _g_zzxz)) vec_t<T, 4, false> bbrb;
  vec_t<T, 4, false> _g_xxyz() const { return vec_t<T, 4, false>(x, x, y, z); }
  __declspec(property(get = _g_xxyz)) vec_t<T, 4, false> xxyz;
  __declspec(property(get = _g_xxyz)) vec_t<T, 4, false> rrgb;
  vec_t<T, 4, false> _g_yxyz() const { return vec_t<T, 4, false>(y, x, y, z); }
  __declspec(property(get = _g_yxyz)) vec_t<T, 4, false> yxyz;
  __declspec(property(get = _g_yxyz)) vec_t<T, 4, false> grgb;
  vec_t<T, 4, false> _g_zxyz() const { return vec_t<T, 4, false>(z, x, y, z); }
  __declspec(property(get = _g_zxyz)) vec_t<T, 4, false> zxyz;
  __declspec(property(get = _g_zxyz)) vec_t<T, 4, false> brgb;
  vec_t<T, 4, false> _g_xyyz() const { return vec_t<T, 4, false>(x, y, y, z); }
  __declspec(property(get = _g_xyyz)) vec_t<T, 4, false> xyyz;
  __declspec(property(get = _g_xyyz)) vec_t<T, 4, false> rggb;
  vec_t<T, 4, false> _g_yyyz() const { return vec_t<T, 4, false>(y, y, y, z); }
  __declspec(property(get = _g_yyyz)) vec_t<T, 4, false> yyyz;
  __declspec(property(get = _g_yyyz)) vec_t<T, 4, false> gggb;
  vec_t<T, 4, false> _g_zyyz() const { return vec_t<T, 4, false>(z, y, y, z); }
  __declspec(property(get = _g_zyyz)) vec_t<T, 4, false> zyyz;
  __declspec(property(get = _g_zyyz)) vec_t<T, 4, false> bggb;
  vec_t<T, 4, false> _g_xzyz() const { return vec_t<T, 4, false>(x, z, y, z); }
  __declspec(property(get = _g_xzyz)) vec_t<T, 4, false> xzyz;
  __declspec(property(get = _g_xzyz)) vec_t<T, 4, false> rbgb;
  vec_t<T, 4, false> _g_yzyz() const { return vec_t<T, 4, false>(y, z, y, z); }
  __declspec(property(get = _g_yzyz)) vec_t<T, 4, false> yzyz;
  __declspec(property(get = _g_yzyz)) vec_t<T, 4, false> gbgb;
  vec_t<T, 4, false> _g_zzyz() const { return vec_t<T, 4, false>(z, z, y, z); }
  __declspec(property(get = _g_zzyz)) vec_t<T, 4, false> zzyz;
  __declspec(property(get = _g_zzyz)) vec_t<T, 4, false> bbgb;
  vec_t<T, 4, false> _g_xxzz() const { return vec_t<T, 4, false>(x, x, z, z); }
  __declspec(property(get = _g_xxzz)) vec_t<T, 4, false> xxzz;
  __declspec(property(get = _g_xxzz)) vec_t<T, 4, false> rrbb;
  vec_t<T, 4, false> _g_yxzz() const { return vec_t<T, 4, false>(y, x, z, z); }
  __declspec(property(get = _g_yxzz)) vec_t<T, 4, false> yxzz;
  __declspec(property(get = _g_yxzz)) vec_t<T, 4, false> grbb;
  vec_t<T, 4, false> _g_zxzz() const { return vec_t<T, 4, false>(z, x, z, z); }
  __declspec(property(get = _g_zxzz)) vec_t<T, 4, false> zxzz;
  __declspec(property(get = _g_zxzz)) vec_t<T, 4, false> brbb;
  vec_t<T, 4, false> _g_xyzz() const { return vec_t<T, 4, false>(x, y, z, z); }
  __declspec(property(get = _g_xyzz)) vec_t<T, 4, false> xyzz;
  __declspec(property(get = _g_xyzz)) vec_t<T, 4, false> rgbb;
  vec_t<T, 4, false> _g_yyzz() const { return vec_t<T, 4, false>(y, y, z, z); }
  __declspec(property(get = _g_yyzz)) vec_t<T, 4, false> yyzz;
  __declspec(property(get = _g_yyzz)) vec_t<T, 4, false> ggbb;
  vec_t<T, 4, false> _g_zyzz() const { return vec_t<T, 4, false>(z, y, z, z); }
  __declspec(property(get = _g_zyzz)) vec_t<T, 4, false> zyzz;
  __declspec(property(get = _g_zyzz)) vec_t<T, 4, false> bgbb;
  vec_t<T, 4, false> _g_xzzz() const { return vec_t<T, 4, false>(x, z, z, z); }
  __declspec(property(get = _g_xzzz)) vec_t<T, 4, false> xzzz;
  __declspec(property(get = _g_xzzz)) vec_t<T, 4, false> rbbb;
  vec_t<T, 4, false> _g_yzzz() const { return vec_t<T, 4, false>(y, z, z, z); }
  __declspec(property(get = _g_yzzz)) vec_t<T, 4, false> yzzz;
  __declspec(property(get = _g_yzzz)) vec_t<T, 4, false> gbbb;
  vec_t<T, 4, false> _g_zzzz() const { return vec_t<T, 4, false>(z, z, z, z); }
  __declspec(property(get = _g_zzzz)) vec_t<T, 4, false> zzzz;
  __declspec(property(get = _g_zzzz)) vec_t<T, 4, false> bbbb;
};
template <class T, bool P> struct alignas(P ? sizeof(T) : 4 * sizeof(T)) vec_base<T, 4, P> {
  T x, y, z, w;
  T _g_x() const { return T(x); }
  void _s_x(T v) { x = v; }
  __declspec(property(get = _g_x, put = _s_x)) T r;
  T _g_y() const { return T(y); }
  void _s_y(T v) { y = v; }
  __declspec(property(get = _g_y, put = _s_y)) T g;
  T _g_z() const { return T(z); }
  void _s_z(T v) { z = v; }
  __declspec(property(get = _g_z, put = _s_z)) T b;
  T _g_w() const { return T(w); }
  void _s_w(T v) { w = v; }
  __declspec(property(get = _g_w, put = _s_w)) T a;
  vec_t<T, 2, false> _g_xx() const { return vec_t<T, 2, false>(x, x); }
  __declspec(property(get = _g_xx)) vec_t<T, 2, false> xx;
  __declspec(property(get = _g_xx)) vec_t<T, 2, false> rr;
  vec_t<T, 2, false> _g_yx() const { return vec_t<T, 2, false>(y, x); }
  void _s_yx(vec_t<T, 2, false> v) { y = v.x; x = v.y; }
  __declspec(property(get = _g_yx, put = _s_yx)) vec_t<T, 2, false> yx;
  __declspec(property(get = _g_yx, put = _s_yx)) vec_t<T, 2, false> gr;
  vec_t<T, 2, false> _g_zx() const { return vec_t<T, 2, false>(z, x); }
  void _s_zx(vec_t<T, 2, false> v) { z = v.x; x = v.y; }
  __declspec(property(get = _g_zx, put = _s_zx)) vec_t<T, 2, false> zx;
  __declspec(property(get = _g_zx, put = _s_zx)) vec_t<T, 2, false> br;
  vec_t<T, 2, false> _g_wx() const { return vec_t<T, 2, false>(w, x); }
  void _s_wx(vec_t<T, 2, false> v) { w = v.x; x = v.y; }
  __declspec(property(get = _g_wx, put = _s_wx)) vec_t<T, 2, false> wx;
  __declspec(property(get = _g_wx, put = _s_wx)) vec_t<T, 2, false> ar;
  vec_t<T, 2, false> _g_xy() const { return vec_t<T, 2, false>(x, y); }
  void _s_xy(vec_t<T, 2, false> v) { x = v.x; y = v.y; }
  __declspec(property(get = _g_xy, put = _s_xy)) vec_t<T, 2, false> xy;
  __declspec(property(get = _g_xy, put = _s_xy)) vec_t<T, 2, false> rg;
  vec_t<T, 2, false> _g_yy() const { return vec_t<T, 2, false>(y, y); }
  __declspec(property(get = _g_yy)) vec_t<T, 2, false> yy;
  __declspec(property(get = _g_yy)) vec_t<T, 2, false> gg;
  vec_t<T, 2, false> _g_zy() const { return vec_t<T, 2, false>(z, y); }
  void _s_zy(vec_t<T, 2, false> v) { z = v.x; y = v.y; }
  __declspec(property(get = _g_zy, put = _s_zy)) vec_t<T, 2, false> zy;
  __declspec(property(get = _g_zy, put = _s_zy)) vec_t<T, 2, false> bg;
  vec_t<T, 2, false> _g_wy() const { return vec_t<T, 2, false>(w, y); }
  void _s_wy(vec_t<T, 2, false> v) { w = v.x; y = v.y; }
  __declspec(property(get = _g_wy, put = _s_wy)) vec_t<T, 2, false> wy;
  __declspec(property(get = _g_wy, put = _s_wy)) vec_t<T, 2, false> ag;
  vec_t<T, 2, false> _g_xz() const { return vec_t<T, 2, false>(x, z); }
  void _s_xz(vec_t<T, 2, false> v) { x = v.x; z = v.y; }
  __declspec(property(get = _g_xz, put = _s_xz)) vec_t<T, 2, false> xz;
  __declspec(property(get = _g_xz, put = _s_xz)) vec_t<T, 2, false> rb;
  vec_t<T, 2, false> _g_yz() const { return vec_t<T, 2, false>(y, z); }
  void _s_yz(vec_t<T, 2, false> v) { y = v.x; z = v.y; }
  __declspec(property(get = _g_yz, put = _s_yz)) vec_t<T, 2, false> yz;
  __declspec(property(get = _g_yz, put = _s_yz)) vec_t<T, 2, false> gb;
  vec_t<T, 2, false> _g_zz() const { return vec_t<T, 2, false>(z, z); }
  __declspec(property(get = _g_zz)) vec_t<T, 2, false> zz;
  __declspec(property(get = _g_zz)) vec_t<T, 2, false> bb;
  vec_t<T, 2, false> _g_wz() const { return vec_t<T, 2, false>(w, z); }
  void _s_wz(vec_t<T, 2, false> v) { w = v.x; z = v.y; }
  __declspec(property(get = _g_wz, put = _s_wz)) vec_t<T, 2, false> wz;
  __declspec(property(get = _g_wz, put = _s_wz)) vec_t<T, 2, false> ab;
  vec_t<T, 2, false> _g_xw() const { return vec_t<T, 2, false>(x, w); }
  void _s_xw(vec_t<T, 2, false> v) { x = v.x; w = v.y; }
  __declspec(property(get = _g_xw, put = _s_xw)) vec_t<T, 2, false> xw;
  __declspec(property(get = _g_xw, put = _s_xw)) vec_t<T, 2, false> ra;
  vec_t<T, 2, false> _g_yw() const { return vec_t<T, 2, false>(y, w); }
  void _s_yw(vec_t<T, 2, false> v) { y = v.x; w = v.y; }
  __declspec(property(get = _g_yw, put = _s_yw)) vec_t<T, 2, false> yw;
  __declspec(property(get = _g_yw, put = _s_yw)) vec_t<T, 2, false> ga;
  vec_t<T, 2, false> _g_zw() const { return vec_t<T, 2, false>(z, w); }
  void _s_zw(vec_t<T, 2, false> v) { z = v.x; w = v.y; }
  __declspec(property(get = _g_zw, put = _s_zw)) vec_t<T, 2, false> zw;
  __declspec(property(get = _g_zw, put = _s_zw)) vec_t<T, 2, false> ba;
  vec_t<T, 2, false> _g_ww() const { return vec_t<T, 2, false>(w, w); }
  __declspec(property(get = _g_ww)) vec_t<T, 2, false> ww;
  __declspec(property(get = _g_ww)) vec_t<T, 2, false> aa;
  vec_t<T, 3, false> _g_xxx() const { return vec_t<T, 3, false>(x, x, x); }
  __declspec(property(get = _g_xxx)) vec_t<T, 3, false> xxx;
  __declspec(property(get = _g_xxx)) vec_t<T, 3, false> rrr;
  vec_t<T, 3, false> _g_yxx() const { return vec_t<T, 3, false>(y, x, x); }
  __declspec(property(get = _g_yxx)) vec_t<T, 3, false> yxx;
  __declspec(property(get = _g_yxx)) vec_t<T, 3, false> grr;
  vec_t<T, 3, false> _g_zxx() const { return vec_t<T, 3, false>(z, x, x); }
  __declspec(property(get = _g_zxx)) vec_t<T, 3, false> zxx;
  __declspec(property(get = _g_zxx)) vec_t<T, 3, false> brr;
  vec_t<T, 3, false> _g_wxx() const { return vec_t<T, 3, false>(w, x, x); }
  __declspec(property(get = _g_wxx)) vec_t<T, 3, false> wxx;
  __declspec(property(get = _g_wxx)) vec_t<T, 3, false> arr;
  vec_t<T, 3, false> _g_xyx() const { return vec_t<T, 3, false>(x, y, x); }
  __declspec(property(get = _g_xyx)) vec_t<T, 3, false> xyx;
  __declspec(property(get = _g_xyx)) vec_t<T, 3, false> rgr;
  vec_t<T, 3, false> _g_yyx() const { return vec_t<T, 3, false>(y, y, x); }
  __declspec(property(get = _g_yyx)) vec_t<T, 3, false> yyx;
  __declspec(property(get = _g_yyx)) vec_t<T, 3, false> ggr;
  vec_t<T, 3, false> _g_zyx() const { return vec_t<T, 3, false>(z, y, x); }
  void _s_zyx(vec_t<T, 3, false> v) { z = v.x; y = v.y; x = v.z; }
  __declspec(property(get = _g_zyx, put = _s_zyx)) vec_t<T, 3, false> zyx;
  __declspec(property(get = _g_zyx, put = _s_zyx)) vec_t<T, 3, false> bgr;
  vec_t<T, 3, false> _g_wyx() const { return vec_t<T, 3, false>(w, y, x); }
  void _s_wyx(vec_t<T, 3, false> v) { w = v.x; y = v.y; x = v.z; }
  __declspec(property(get = _g_wyx, put = _s_wyx)) vec_t<T, 3, false> wyx;
  __declspec(property(get = _g_wyx, put = _s_wyx)) vec_t<T, 3, false> agr;
  vec_t<T, 3, false> _g_xzx() const { return vec_t<T, 3, false>(x, z, x); }
  __declspec(property(get = _g_xzx)) vec_t<T, 3, false> xzx;
  __declspec(property(get = _g_xzx)) vec_t<T, 3, false> rbr;
  vec_t<T, 3, false> _g_yzx() const { return vec_t<T, 3, false>(y, z, x); }
  void _s_yzx(vec_t<T, 3, false> v) { y = v.x; z = v.y; x = v.z; }
  __declspec(property(get = _g_yzx, put = _s_yzx)) vec_t<T, 3, false> yzx;
  __declspec(property(get = _g_yzx, put = _s_yzx)) vec_t<T, 3, false> gbr;
  vec_t<T, 3, false> _g_zzx() const { return vec_t<T, 3, false>(z, z, x); }
  __declspec(property(get = _g_zzx)) vec_t<T, 3, false> zzx;
  __declspec(property(get = _g_zzx)) vec_t<T, 3, false> bbr;
  vec_t<T, 3, false> _g_wzx() const { return vec_t<T, 3, false>(w, z, x); }
  void _s_wzx(vec_t<T, 3, false> v) { w = v.x; z = v.y; x = v.z; }
  __declspec(property(get = _g_wzx, put = _s_wzx)) vec_t<T, 3, false> wzx;
  __declspec(property(get = _g_wzx, put = _s_wzx)) vec_t<T, 3, false> abr;
  vec_t<T, 3, false> _g_xwx() const { return vec_t<T, 3, false>(x, w, x); }
  __declspec(property(get = _g_xwx)) vec_t<T, 3, false> xwx;
  __declspec(property(get = _g_xwx)) vec_t<T, 3, false> rar;
  vec_t<T, 3, false> _g_ywx() const { return vec_t<T, 3, false>(y, w, x); }
  void _s_ywx(vec_t<T, 3, false> v) { y = v.x; w = v.y; x = v.z; }
  __declspec(property(get = _g_ywx, put = _s_ywx)) vec_t<T, 3, false> ywx;
  __declspec(property(get = _g_ywx, put = _s_ywx)) vec_t<T, 3, false> gar;
  vec_t<T, 3, false> _g_zwx() const { return vec_t<T, 3, false>(z, w, x); }
  void _s_zwx(vec_t<T, 3, false> v) { z = v.x; w = v.y; x = v.z; }
  __declspec(property(get = _g_zwx, put = _s_zwx)) vec_t<T, 3, false> zwx;
  __declspec(property(get = _g_zwx, put = _s_zwx)) vec_t<T, 3, false> bar;
  vec_t<T, 3, false> _g_wwx() const { return vec_t<T, 3, false>(w, w, x); }
  __declspec(property(get = _g_wwx)) vec_t<T, 3, false> wwx;
  __declspec(property(get = _g_wwx)) vec_t<T, 3, false> aar;
  vec_t<T, 3, false> _g_xxy() const { return vec_t<T, 3, false>(x, x, y); }
  __declspec(property(get = _g_xxy)) vec_t<T, 3, false> xxy;
  __declspec(property(get = _g_xxy)) vec_t<T, 3, false> rrg;
  vec_t<T, 3, false> _g_yxy() const { return vec_t<T, 3, false>(y, x, y); }
  __declspec(property(get = _g_yxy)) vec_t<T, 3, false> yxy;
  __declspec(property(get = _g_yxy)) vec_t<T, 3, false> grg;
  vec_t<T, 3, false> _g_zxy() const { return vec_t<T, 3, false>(z, x, y); }
  void _s_zxy(vec_t<T, 3, false> v) { z = v.x; x = v.y; y = v.z; }
  __declspec(property(get = _g_zxy, put = _s_zxy)) vec_t<T, 3, false> zxy;
  __declspec(property(get = _g_zxy, put = _s_zxy)) vec_t<T, 3, false> brg;
  vec_t<T, 3, false> _g_wxy() const { return vec_t<T, 3, false>(w, x, y); }
  void _s_wxy(vec_t<T, 3, false> v) { w = v.x; x = v.y; y = v.z; }
  __declspec(property(get = _g_wxy, put = _s_wxy)) vec_t<T, 3, false> wxy;
  __declspec(property(get = _g_wxy, put = _s_wxy)) vec_t<T, 3, false> arg;
  vec_t<T, 3, false> _g_xyy() const { return vec_t<T, 3, false>(x, y, y); }
  __declspec(property(get = _g_xyy)) vec_t<T, 3, false> xyy;
  __declspec(property(get = _g_xyy)) vec_t<T, 3, false> rgg;
  vec_t<T, 3, false> _g_yyy() const { return vec_t<T, 3, false>(y, y, y); }
  __declspec(property(get = _g_yyy)) vec_t<T, 3, false> yyy;
  __declspec(property(get = _g_yyy)) vec_t<T, 3, false> ggg;
  vec_t<T, 3, false> _g_zyy() const { return vec_t<T, 3, false>(z, y, y); }
  __declspec(property(get = _g_zyy)) vec_t<T, 3, false> zyy;
  __declspec(property(get = _g_zyy)) vec_t<T, 3, false> bgg;
  vec_t<T, 3, false> _g_wyy() const { return vec_t<T, 3, false>(w, y, y); }
  __declspec(property(get = _g_wyy)) vec_t<T, 3, false> wyy;
  __declspec(property(get = _g_wyy)) vec_t<T, 3, false> agg;
  vec_t<T, 3, false> _g_xzy() const { return vec_t<T, 3, false>(x, z, y); }
  void _s_xzy(vec_t<T, 3, false> v) { x = v.x; z = v.y; y = v.z; }
  __declspec(property(get = _g_xzy, put = _s_xzy)) vec_t<T, 3, false> xzy;
  __declspec(property(get = _g_xzy, put = _s_xzy)) vec_t<T, 3, false> rbg;
  vec_t<T, 3, false> _g_yzy() const { return vec_t<T, 3, false>(y, z, y); }
  __declspec(property(get = _g_yzy)) vec_t<T, 3, false> yzy;
  __declspec(property(get = _g_yzy)) vec_t<T, 3, false> gbg;
  vec_t<T, 3, false> _g_zzy() const { return vec_t<T, 3, false>(z, z, y); }
  __declspec(property(get = _g_zzy)) vec_t<T, 3, false> zzy;
  __declspec(property(get = _g_zzy)) vec_t<T, 3, false> bbg;
  vec_t<T, 3, false> _g_wzy() const { return vec_t<T, 3, false>(w, z, y); }
  void _s_wzy(vec_t<T, 3, false> v) { w = v.x; z = v.y; y = v.z; }
  __declspec(property(get = _g_wzy, put = _s_wzy)) vec_t<T, 3, false> wzy;
  __declspec(property(get = _g_wzy, put = _s_wzy)) vec_t<T, 3, false> abg;
  vec_t<T, 3, false> _g_xwy() const { return vec_t<T, 3, false>(x, w, y); }
  void _s_xwy(vec_t<T, 3, false> v) { x = v.x; w = v.y; y = v.z; }
  __declspec(property(get = _g_xwy, put = _s_xwy)) vec_t<T, 3, false> xwy;
  __declspec(property(get = _g_xwy, put = _s_xwy)) vec_t<T, 3, false> rag;
  vec_t<T, 3, false> _g_ywy() const { return vec_t<T, 3, false>(y, w, y); }
  __declspec(property(get = _g_ywy)) vec_t<T, 3, false> ywy;
  __declspec(property(get = _g_ywy)) vec_t<T, 3, false> gag;
  vec_t<T, 3, false> _g_zwy() const { return vec_t<T, 3, false>(z, w, y); }
  void _s_zwy(vec_t<T, 3, false> v) { z = v.x; w = v.y; y = v.z; }
  __declspec(property(get = _g_zwy, put = _s_zwy)) vec_t<T, 3, false> zwy;
  __declspec(property(get = _g_zwy, put = _s_zwy)) vec_t<T, 3, false> bag;
  vec_t<T, 3, false> _g_wwy() const { return vec_t<T, 3, false>(w, w, y); }
  __declspec(property(get = _g_wwy)) vec_t<T, 3, false> wwy;
  __declspec(property(get = _g_wwy)) vec_t<T, 3, false> aag;
  vec_t<T, 3, false> _g_xxz() const { return vec_t<T, 3, false>(x, x, z); }
  __declspec(property(get = _g_xxz)) vec_t<T, 3, false> xxz;
  __declspec(property(get = _g_xxz)) vec_t<T, 3, false> rrb;
  vec_t<T, 3, false> _g_yxz() const { return vec_t<T, 3, false>(y, x, z); }
  void _s_yxz(vec_t<T, 3, false> v) { y = v.x; x = v.y; z = v.z; }
  __declspec(property(get = _g_yxz, put = _s_yxz)) vec_t<T, 3, false> yxz;
  __declspec(property(get = _g_yxz, put = _s_yxz)) vec_t<T, 3, false> grb;
  vec_t<T, 3, false> _g_zxz() const { return vec_t<T, 3, false>(z, x, z); }
  __declspec(property(get = _g_zxz)) vec_t<T, 3, false> zxz;
  __declspec(property(get = _g_zxz)) vec_t<T, 3, false> brb;
  vec_t<T, 3, false> _g_wxz() const { return vec_t<T, 3, false>(w, x, z); }
  void _s_wxz(vec_t<T, 3, false> v) { w = v.x; x = v.y; z = v.z; }
  __declspec(property(get = _g_wxz, put = _s_wxz)) vec_t<T, 3, false> wxz;
  __declspec(property(get = _g_wxz, put = _s_wxz)) vec_t<T, 3, false> arb;
  vec_t<T, 3, false> _g_xyz() const { return vec_t<T, 3, false>(x, y, z); }
  void _s_xyz(vec_t<T, 3, false> v) { x = v.x; y = v.y; z = v.z; }
  __declspec(property(get = _g_xyz, put = _s_xyz)) vec_t<T, 3, false> xyz;
  __declspec(property(get = _g_xyz, put = _s_xyz)) vec_t<T, 3, false> rgb;
  vec_t<T, 3, false> _g_yyz() const { return vec_t<T, 3, false>(y, y, z); }
  __declspec(property(get = _g_yyz)) vec_t<T, 3, false> yyz;
  __declspec(property(get = _g_yyz)) vec_t<T, 3, false> ggb;
  vec_t<T, 3, false> _g_zyz() const { return vec_t<T, 3, false>(z, y, z); }
  __declspec(property(get = _g_zyz)) vec_t<T, 3, false> zyz;
  __declspec(property(get = _g_zyz)) vec_t<T, 3, false> bgb;
  vec_t<T, 3, false> _g_wyz() const { return vec_t<T, 3, false>(w, y, z); }
  void _s_wyz(vec_t<T, 3, false> v) { w = v.x; y = v.y; z = v.z; }
  __declspec(property(get = _g_wyz, put = _s_wyz)) vec_t<T, 3, false> wyz;
  __declspec(property(get = _g_wyz, put = _s_wyz)) vec_t<T, 3, false> agb;
  vec_t<T, 3, false> _g_xzz() const { return vec_t<T, 3, false>(x, z, z); }
  __declspec(property(get = _g_xzz)) vec_t<T, 3, false> xzz;
  __declspec(property(get = _g_xzz)) vec_t<T, 3, false> rbb;
  vec_t<T, 3, false> _g_yzz() const { return vec_t<T, 3, false>(y, z, z); }
  __declspec(property(get = _g_yzz)) vec_t<T, 3, false> yzz;
  __declspec(property(get = _g_yzz)) vec_t<T, 3, false> gbb;
  vec_t<T, 3, false> _g_zzz() const { return vec_t<T, 3, false>(z, z, z); }
  __declspec(property(get = _g_zzz)) vec_t<T, 3, false> zzz;
  __declspec(property(get = _g_zzz)) vec_t<T, 3, false> bbb;
  vec_t<T, 3, false> _g_wzz() const { return vec_t<T, 3, false>(w, z, z); }
  __declspec(property(get = _g_wzz)) vec_t<T, 3, false> wzz;
  __declspec(property(get = _g_wzz)) vec_t<T, 3, false> abb;
  vec_t<T, 3, false> _g_xwz() const { return vec_t<T, 3, false>(x, w, z); }
  void _s_xwz(vec_t<T, 3, false> v) { x = v.x; w = v.y; z = v.z; }
  __declspec(property(get = _g_xwz, put = _s_xwz)) vec_t<T, 3, false> xwz;
  __declspec(property(get = _g_xwz, put = _s_xwz)) vec_t<T, 3, false> rab;
  vec_t<T, 3, false> _g_ywz() const { return vec_t<T, 3, false>(y, w, z); }
  void _s_ywz(vec_t<T, 3, false> v) { y = v.x; w = v.y; z = v.z; }
  __declspec(property(get = _g_ywz, put = _s_ywz)) vec_t<T, 3, false> ywz;
  __declspec(property(get = _g_ywz, put = _s_ywz)) vec_t<T, 3, false> gab;
  vec_t<T, 3, false> _g_zwz() const { return vec_t<T, 3, false>(z, w, z); }
  __declspec(property(get = _g_zwz)) vec_t<T, 3, false> zwz;
  __declspec(property(get = _g_zwz)) vec_t<T, 3, false> bab;
  vec_t<T, 3, false> _g_wwz() const { return vec_t<T, 3, false>(w, w, z); }
  __declspec(property(get = _g_wwz)) vec_t<T, 3, false> wwz;
  __declspec(property(get = _g_wwz)) vec_t<T, 3, false> aab;
  vec_t<T, 3, false> _g_xxw() const { return vec_t<T, 3, false>(x, x, w); }
  __declspec(property(get = _g_xxw)) vec_t<T, 3, false> xxw;
  __declspec(property(get = _g_xxw)) vec_t<T, 3, false> rra;
  vec_t<T, 3, false> _g_yxw() const { return vec_t<T, 3, false>(y, x, w); }
  void _s_yxw(vec_t<T, 3, false> v) { y = v.x; x = v.y; w = v.z; }
  __declspec(property(get = _g_yxw, put = _s_yxw)) vec_t<T, 3, false> yxw;
  __declspec(property(get = _g_yxw, put = _s_yxw)) vec_t<T, 3, false> gra;
  vec_t<T, 3, false> _g_zxw() const { return vec_t<T, 3, false>(z, x, w); }
  void _s_zxw(vec_t<T, 3, false> v) { z = v.x; x = v.y; w = v.z; }
  __declspec(property(get = _g_zxw, put = _s_zxw)) vec_t<T, 3, false> zxw;
  __declspec(property(get = _g_zxw, put = _s_zxw)) vec_t<T, 3, false> bra;
  vec_t<T, 3, false> _g_wxw() const { return vec_t<T, 3, false>(w, x, w); }
  __declspec(property(get = _g_wxw)) vec_t<T, 3, false> wxw;
  __declspec(property(get = _g_wxw)) vec_t<T, 3, false> ara;
  vec_t<T, 3, false> _g_xyw() const { return vec_t<T, 3, false>(x, y, w); }
  void _s_xyw(vec_t<T, 3, false> v) { x = v.x; y = v.y; w = v.z; }
  __declspec(property(get = _g_xyw, put = _s_xyw)) vec_t<T, 3, false> xyw;
  __declspec(property(get = _g_xyw, put = _s_xyw)) vec_t<T, 3, false> rga;
  vec_t<T, 3, false> _g_yyw() const { return vec_t<T, 3, false>(y, y, w); }
  __declspec(property(get = _g_yyw)) vec_t<T, 3, false> yyw;
  __declspec(property(get = _g_yyw)) vec_t<T, 3, false> gga;
  vec_t<T, 3, false> _g_zyw() const { return vec_t<T, 3, false>(z, y, w); }
  void _s_zyw(vec_t<T, 3, false> v) { z = v.x; y = v.y; w = v.z; }
  __declspec(property(get = _g_zyw, put = _s_zyw)) vec_t<T, 3, false> zyw;
  __declspec(property(get = _g_zyw, put = _s_zyw)) vec_t<T, 3, false> bga;
  vec_t<T, 3, false> _g_wyw() const { return vec_t<T, 3, false>(w, y, w); }
  __declspec(property(get = _g_wyw)) vec_t<T, 3, false> wyw;
  __declspec(property(get = _g_wyw)) vec_t<T, 3, false> aga;
  vec_t<T, 3, false> _g_xzw() const { return vec_t<T, 3, false>(x, z, w); }
  void _s_xzw(vec_t<T, 3, false> v) { x = v.x; z = v.y; w = v.z; }
  __declspec(property(get = _g_xzw, put = _s_xzw)) vec_t<T, 3, false> xzw;
  __declspec(property(get = _g_xzw, put = _s_xzw)) vec_t<T, 3, false> rba;
  vec_t<T, 3, false> _g_yzw() const { return vec_t<T, 3, false>(y, z, w); }
  void _s_yzw(vec_t<T, 3, false> v) { y = v.x; z = v.y; w = v.z; }
  __declspec(property(get = _g_yzw, put = _s_yzw)) vec_t<T, 3, false> yzw;
  __declspec(property(get = _g_yzw, put = _s_yzw)) vec_t<T, 3, false> gba;
  vec_t<T, 3, false> _g_zzw() const { return vec_t<T, 3, false>(z, z, w); }
  __declspec(property(get = _g_zzw)) vec_t<T, 3, false> zzw;
  __declspec(property(get = _g_zzw)) vec_t<T, 3, false> bba;
  vec_t<T, 3, false> _g_wzw() const { return vec_t<T, 3, false>(w, z, w); }
  __declspec(property(get = _g_wzw)) vec_t<T, 3, false> wzw;
  __declspec(property(get = _g_wzw)) vec_t<T, 3, false> aba;
  vec_t<T, 3, false> _g_xww() const { return vec_t<T, 3, false>(x, w, w); }
  __declspec(property(get = _g_xww)) vec_t<T, 3, false> xww;
  __declspec(property(get = _g_xww)) vec_t<T, 3, false> raa;
  vec_t<T, 3, false> _g_yww() const { return vec_t<T, 3, false>(y, w, w); }
  __declspec(property(get = _g_yww)) vec_t<T, 3, false> yww;
  __declspec(property(get = _g_yww)) vec_t<T, 3, false> gaa;
  vec_t<T, 3, false> _g_zww() const { return vec_t<T, 3, false>(z, w, w); }
  __declspec(property(get = _g_zww)) vec_t<T, 3, false> zww;
  __declspec(property(get = _g_zww)) vec_t<T, 3, false> baa;
  vec_t<T, 3, false> _g_www() const { return vec_t<T, 3, false>(w, w, w); }
  __declspec(property(get = _g_www)) vec_t<T, 3, false> www;
  __declspec(property(get = _g_www)) vec_t<T, 3, false> aaa;
  vec_t<T, 4, false> _g_xxxx() const { return vec_t<T, 4, false>(x, x, x, x); }
  __declspec(property(get = _g_xxxx)) vec_t<T, 4, false> xxxx;
  __declspec(property(get = _g_xxxx)) vec_t<T, 4, false> rrrr;
  vec_t<T, 4, false> _g_yxxx() const { return vec_t<T, 4, false>(y, x, x, x); }
  __declspec(property(get = _g_yxxx)) vec_t<T, 4, false> yxxx;
  __declspec(property(get = _g_yxxx)) vec_t<T, 4, false> grrr;
  vec_t<T, 4, false> _g_zxxx() const { return vec_t<T, 4, false>(z, x, x, x); }
  __declspec(property(get = _g_zxxx)) vec_t<T, 4, false> zxxx;
  __declspec(property(get = _g_zxxx)) vec_t<T, 4, false> brrr;
  vec_t<T, 4, false> _g_wxxx() const { return vec_t<T, 4, false>(w, x, x, x); }
  __declspec(property(get = _g_wxxx)) vec_t<T, 4, false> wxxx;
  __declspec(property(get = _g_wxxx)) vec_t<T, 4, false> arrr;
  vec_t<T, 4, false> _g_xyxx() const { return vec_t<T, 4, false>(x, y, x, x); }
  __declspec(property(get = _g_xyxx)) vec_t<T, 4, false> xyxx;
  __declspec(property(get = _g_xyxx)) vec_t<T, 4, false> rgrr;
  vec_t<T, 4, false> _g_yyxx() const { return vec_t<T, 4, false>(y, y, x, x); }
  __declspec(property(get = _g_yyxx)) vec_t<T, 4, false> yyxx;
  __declspec(property(get = _g_yyxx)) vec_t<T, 4, false> ggrr;
  vec_t<T, 4, false> _g_zyxx() const { return vec_t<T, 4, false>(z, y, x, x); }
  __declspec(property(get = _g_zyxx)) vec_t<T, 4, false> zyxx;
  __declspec(property(get = _g_zyxx)) vec_t<T, 4, false> bgrr;
  vec_t<T, 4, false> _g_wyxx() const { return vec_t<T, 4, false>(w, y, x, x); }
  __declspec(property(get = _g_wyxx)) vec_t<T, 4, false> wyxx;
  __declspec(property(get = _g_wyxx)) vec_t<T, 4, false> agrr;
  vec_t<T, 4, false> _g_xzxx() const { return vec_t<T, 4, false>(x, z, x, x); }
  __declspec(property(get = _g_xzxx)) vec_t<T, 4, false> xzxx;
  __declspec(property(get = _g_xzxx)) vec_t<T, 4, false> rbrr;
  vec_t<T, 4, false> _g_yzxx() const { return vec_t<T, 4, false>(y, z, x, x); }
  __declspec(property(get = _g_yzxx)) vec_t<T, 4, false> yzxx;
  __declspec(property(get = _g_yzxx)) vec_t<T, 4, false> gbrr;
  vec_t<T, 4, false> _g_zzxx() const { return vec_t<T, 4, false>(z, z, x, x); }
  __declspec(property(get = _g_zzxx)) vec_t<T, 4, false> zzxx;
  __declspec(property(get = _g_zzxx)) vec_t<T, 4, false> bbrr;
  vec_t<T, 4, false> _g_wzxx() const { return vec_t<T, 4, false>(w, z, x, x); }
  __declspec(property(get = _g_wzxx)) vec_t<T, 4, false> wzxx;
  __declspec(property(get = _g_wzxx)) vec_t<T, 4, false> abrr;
  vec_t<T, 4, false> _g_xwxx() const { return vec_t<T, 4, false>(x, w, x, x); }
  __declspec(property(get = _g_xwxx)) vec_t<T, 4, false> xwxx;
  __declspec(property(get = _g_xwxx)) vec_t<T, 4, false> rarr;
  vec_t<T, 4, false> _g_ywxx() const { return vec_t<T, 4, false>(y, w, x, x); }
  __declspec(property(get = _g_ywxx)) vec_t<T, 4, false> ywxx;
  __declspec(property(get = _g_ywxx)) vec_t<T, 4, false> garr;
  vec_t<T, 4, false> _g_zwxx() const { return vec_t<T, 4, false>(z, w, x, x); }
  __declspec(property(get = _g_zwxx)) vec_t<T, 4, false> zwxx;
  __declspec(property(get = _g_zwxx)) vec_t<T, 4, false> barr;
  vec_t<T, 4, false> _g_wwxx() const { return vec_t<T, 4, false>(w, w, x, x); }
  __declspec(property(get = _g_wwxx)) vec_t<T, 4, false> wwxx;
  __declspec(property(get = _g_wwxx)) vec_t<T, 4, false> aarr;
  vec_t<T, 4, false> _g_xxyx() const { return vec_t<T, 4, false>(x, x, y, x); }
  __declspec(property(get = _g_xxyx)) vec_t<T, 4, false> xxyx;
  __declspec(property(get = _g_xxyx)) vec_t<T, 4, false> rrgr;
  vec_t<T, 4, false> _g_yxyx() const { return vec_t<T, 4, false>(y, x, y, x); }
  __declspec(property(get = _g_yxyx)) vec_t<T, 4, false> yxyx;
  __declspec(property(get = _g_yxyx)) vec_t<T, 4, false> grgr;
  vec_t<T, 4, false> _g_zxyx() const { return vec_t<T, 4, false>(z, x, y, x); }
  __declspec(property(get = _g_zxyx)) vec_t<T, 4, false> zxyx;
  __declspec(property(get = _g_zxyx)) vec_t<T, 4, false> brgr;
  vec_t<T, 4, false> _g_wxyx() const { return vec_t<T, 4, false>(w, x, y, x); }
  __declspec(property(get = _g_wxyx)) vec_t<T, 4, false> wxyx;
  __declspec(property(get = _g_wxyx)) vec_t<T, 4, false> argr;
  vec_t<T, 4, false> _g_xyyx() const { return vec_t<T, 4, false>(x, y, y, x); }
  __declspec(property(get = _g_xyyx)) vec_t<T, 4, false> xyyx;
  __declspec(property(get = _g_xyyx)) vec_t<T, 4, false> rggr;
  vec_t<T, 4, false> _g_yyyx() const { return vec_t<T, 4, false>(y, y, y, x); }
  __declspec(property(get = _g_yyyx)) vec_t<T, 4, false> yyyx;
  __declspec(property(get = _g_yyyx)) vec_t<T, 4, false> gggr;
  vec_t<T, 4, false> _g_zyyx() const { return vec_t<T, 4, false>(z, y, y, x); }
  __declspec(property(get = _g_zyyx)) vec_t<T, 4, false> zyyx;
  __declspec(property(get = _g_zyyx)) vec_t<T, 4, false> bggr;
  vec_t<T, 4, false> _g_wyyx() const { return vec_t<T, 4, false>(w, y, y, x); }
  __declspec(property(get = _g_wyyx)) vec_t<T, 4, false> wyyx;
  __declspec(property(get = _g_wyyx)) vec_t<T, 4, false> aggr;
  vec_t<T, 4, false> _g_xzyx() const { return vec_t<T, 4, false>(x, z, y, x); }
  __declspec(property(get = _g_xzyx)) vec_t<T, 4, false> xzyx;
  __declspec(property(get = _g_xzyx)) vec_t<T, 4, false> rbgr;
  vec_t<T, 4, false> _g_yzyx() const { return vec_t<T, 4, false>(y, z, y, x); }
  __declspec(property(get = _g_yzyx)) vec_t<T, 4, false> yzyx;
  __declspec(property(get = _g_yzyx)) vec_t<T, 4, false> gbgr;
  vec_t<T, 4, false> _g_zzyx() const { return vec_t<T, 4, false>(z, z, y, x); }
  __declspec(property(get = _g_zzyx)) vec_t<T, 4, false> zzyx;
  __declspec(property(get = _g_zzyx)) vec_t<T, 4, false> bbgr;
  vec_t<T, 4, false> _g_wzyx() const { return vec_t<T, 4, false>(w, z, y, x); }
  void _s_wzyx(vec_t<T, 4, false> v) { w = v.x; z = v.y; y = v.z; x = v.w; }
  __declspec(property(get = _g_wzyx, put = _s_wzyx)) vec_t<T, 4, false> wzyx;
  __declspec(property(get = _g_wzyx, put = _s_wzyx)) vec_t<T, 4, false> abgr;
  vec_t<T, 4, false> _g_xwyx() const { return vec_t<T, 4, false>(x, w, y, x); }
  __declspec(property(get = _g_xwyx)) vec_t<T, 4, false> xwyx;
  __declspec(property(get = _g_xwyx)) vec_t<T, 4, false> ragr;
  vec_t<T, 4, false> _g_ywyx() const { return vec_t<T, 4, false>(y, w, y, x); }
  __declspec(property(get = _g_ywyx)) vec_t<T, 4, false> ywyx;
  __declspec(property(get = _g_ywyx)) vec_t<T, 4, false> gagr;
  vec_t<T, 4, false> _g_zwyx() const { return vec_t<T, 4, false>(z, w, y, x); }
  void _s_zwyx(vec_t<T, 4, false> v) { z = v.x; w = v.y; y = v.z; x = v.w; }
  __declspec(property(get = _g_zwyx, put = _s_zwyx)) vec_t<T, 4, false> zwyx;
  __declspec(property(get = _g_zwyx, put = _s_zwyx)) vec_t<T, 4, false> bagr;
  vec_t<T, 4, false> _g_wwyx() const { return vec_t<T, 4, false>(w, w, y, x); }
  __declspec(property(get = _g_wwyx)) vec_t<T, 4, false> wwyx;
  __declspec(property(get = _g_wwyx)) vec_t<T, 4, false> aagr;
  vec_t<T, 4, false> _g_xxzx() const { return vec_t<T, 4, false>(x, x, z, x); }
  __declspec(property(get = _g_xxzx)) vec_t<T, 4, false> xxzx;
  __declspec(property(get = _g_xxzx)) vec_t<T, 4, false> rrbr;
  vec_t<T, 4, false> _g_yxzx() const { return vec_t<T, 4, false>(y, x, z, x); }
  __declspec(property(get = _g_yxzx)) vec_t<T, 4, false> yxzx;
  __declspec(property(get = _g_yxzx)) vec_t<T, 4, false> grbr;
  vec_t<T, 4, false> _g_zxzx() const { return vec_t<T, 4, false>(z, x, z, x); }
  __declspec(property(get = _g_zxzx)) vec_t<T, 4, false> zxzx;
  __declspec(property(get = _g_zxzx)) vec_t<T, 4, false> brbr;
  vec_t<T, 4, false> _g_wxzx() const { return vec_t<T, 4, false>(w, x, z, x); }
  __declspec(property(get = _g_wxzx)) vec_t<T, 4, false> wxzx;
  __declspec(property(get = _g_wxzx)) vec_t<T, 4, false> arbr;
  vec_t<T, 4, false> _g_xyzx() const { return vec_t<T, 4, false>(x, y, z, x); }
  __declspec(property(get = _g_xyzx)) vec_t<T, 4, false> xyzx;
  __declspec(property(get = _g_xyzx)) vec_t<T, 4, false> rgbr;
  vec_t<T, 4, false> _g_yyzx() const { return vec_t<T, 4, false>(y, y, z, x); }
  __declspec(property(get = _g_yyzx)) vec_t<T, 4, false> yyzx;
  __declspec(property(get = _g_yyzx)) vec_t<T, 4, false> ggbr;
  vec_t<T, 4, false> _g_zyzx() const { return vec_t<T, 4, false>(z, y, z, x); }
  __declspec(property(get = _g_zyzx)) vec_t<T, 4, false> zyzx;
  __declspec(property(get = _g_zyzx)) vec_t<T, 4, false> bgbr;
  vec_t<T, 4, false> _g_wyzx() const { return vec_t<T, 4, false>(w, y, z, x); }
  void _s_wyzx(vec_t<T, 4, false> v) { w = v.x; y = v.y; z = v.z; x = v.w; }
  __declspec(property(get = _g_wyzx, put = _s_wyzx)) vec_t<T, 4, false> wyzx;
  __declspec(property(get = _g_wyzx, put = _s_wyzx)) vec_t<T, 4, false> agbr;
  vec_t<T, 4, false> _g_xzzx() const { return vec_t<T, 4, false>(x, z, z, x); }
  __declspec(property(get = _g_xzzx)) vec_t<T, 4, false> xzzx;
  __declspec(property(get = _g_xzzx)) vec_t<T, 4, false> rbbr;
  vec_t<T, 4, false> _g_yzzx() const { return vec_t<T, 4, false>(y, z, z, x); }
  __declspec(property(get = _g_yzzx)) vec_t<T, 4, false> yzzx;
  __declspec(property(get = _g_yzzx)) vec_t<T, 4, false> gbbr;
  vec_t<T, 4, false> _g_zzzx() const { return vec_t<T, 4, false>(z, z, z, x); }
  __declspec(property(get = _g_zzzx)) vec_t<T, 4, false> zzzx;
  __declspec(property(get = _g_zzzx)) vec_t<T, 4, false> bbbr;
  vec_t<T, 4, false> _g_wzzx() const { return vec_t<T, 4, false>(w, z, z, x); }
  __declspec(property(get = _g_wzzx)) vec_t<T, 4, false> wzzx;
  __declspec(property(get = _g_wzzx)) vec_t<T, 4, false> abbr;
  vec_t<T, 4, false> _g_xwzx() const { return vec_t<T, 4, false>(x, w, z, x); }
  __declspec(property(get = _g_xwzx)) vec_t<T, 4, false> xwzx;
  __declspec(property(get = _g_xwzx)) vec_t<T, 4, false> rabr;
  vec_t<T, 4, false> _g_ywzx() const { return vec_t<T, 4, false>(y, w, z, x); }
  void _s_ywzx(vec_t<T, 4, false> v) { y = v.x; w = v.y; z = v.z; x = v.w; }
  __declspec(property(get = _g_ywzx, put = _s_ywzx)) vec_t<T, 4, false> ywzx;
  __declspec(property(get = _g_ywzx, put = _s_ywzx)) vec_t<T, 4, false> gabr;
  vec_t<T, 4, false> _g_zwzx() const { return vec_t<T, 4, false>(z, w, z, x); }
  __declspec(property(get = _g_zwzx)) vec_t<T, 4, false> zwzx;
  __declspec(property(get = _g_zwzx)) vec_t<T, 4, false> babr;
  vec_t<T, 4, false> _g_wwzx() const { return vec_t<T, 4, false>(w, w, z, x); }
  __declspec(property(get = _g_wwzx)) vec_t<T, 4, false> wwzx;
  __declspec(property(get = _g_wwzx)) vec_t<T, 4, false> aabr;
  vec_t<T, 4, false> _g_xxwx() const { return vec_t<T, 4, false>(x, x, w, x); }
  __declspec(property(get = _g_xxwx)) vec_t<T, 4, false> xxwx;
  __declspec(property(get = _g_xxwx)) vec_t<T, 4, false> rrar;
  vec_t<T, 4, false> _g_yxwx() const { return vec_t<T, 4, false>(y, x, w, x); }
  __declspec(property(get = _g_yxwx)) vec_t<T, 4, false> yxwx;
  __declspec(property(get = _g_yxwx)) vec_t<T, 4, false> grar;
  vec_t<T, 4, false> _g_zxwx() const { return vec_t<T, 4, false>(z, x, w, x); }
  __declspec(property(get = _g_zxwx)) vec_t<T, 4, false> zxwx;
  __declspec(property(get = _g_zxwx)) vec_t<T, 4, false> brar;
  vec_t<T, 4, false> _g_wxwx() const { return vec_t<T, 4, false>(w, x, w, x); }
  __declspec(property(get = _g_wxwx)) vec_t<T, 4, false> wxwx;
  __declspec(property(get = _g_wxwx)) vec_t<T, 4, false> arar;
  vec_t<T, 4, false> _g_xywx() const { return vec_t<T, 4, false>(x, y, w, x); }
  __declspec(property(get = _g_xywx)) vec_t<T, 4, false> xywx;
  __declspec(property(get = _g_xywx)) vec_t<T, 4, false> rgar;
  vec_t<T, 4, false> _g_yywx() const { return vec_t<T, 4, false>(y, y, w, x); }
  __declspec(property(get = _g_yywx)) vec_t<T, 4, false> yywx;
  __declspec(property(get = _g_yywx)) vec_t<T, 4, false> ggar;
  vec_t<T, 4, false> _g_zywx() const { return vec_t<T, 4, false>(z, y, w, x); }
  void _s_zywx(vec_t<T, 4, false> v) { z = v.x; y = v.y; w = v.z; x = v.w; }
  __declspec(property(get = _g_zywx, put = _s_zywx)) vec_t<T, 4, false> zywx;
  __declspec(property(get = _g_zywx, put = _s_zywx)) vec_t<T, 4, false> bgar;
  vec_t<T, 4, false> _g_wywx() const { return vec_t<T, 4, false>(w, y, w, x); }
  __declspec(property(get = _g_wywx)) vec_t<T, 4, false> wywx;
  __declspec(property(get = _g_wywx)) vec_t<T, 4, false> agar;
  vec_t<T, 4, false> _g_xzwx() const { return vec_t<T, 4, false>(x, z, w, x); }
  __declspec(property(get = _g_xzwx)) vec_t<T, 4, false> xzwx;
  __declspec(property(get = _g_xzwx)) vec_t<T, 4, false> rbar;
  vec_t<T, 4, false> _g_yzwx() const { return vec_t<T, 4, false>(y, z, w, x); }
  void _s_yzwx(vec_t<T, 4, false> v) { y = v.x; z = v.y; w = v.z; x = v.w; }
  __declspec(property(get = _g_yzwx, put = _s_yzwx)) vec_t<T, 4, false> yzwx;
  __declspec(property(get = _g_yzwx, put = _s_yzwx)) vec_t<T, 4, false> gbar;
  vec_t<T, 4, false> _g_zzwx() const { return vec_t<T, 4, false>(z, z, w, x); }
  __declspec(property(get = _g_zzwx)) vec_t<T, 4, false> zzwx;
  __declspec(property(get = _g_zzwx)) vec_t<T, 4, false> bbar;
  vec_t<T, 4, false> _g_wzwx() const { return vec_t<T, 4, false>(w, z, w, x); }
  __declspec(property(get = _g_wzwx)) vec_t<T, 4, false> wzwx;
  __declspec(property(get = _g_wzwx)) vec_t<T, 4, false> abar;
  vec_t<T, 4, false> _g_xwwx() const { return vec_t<T, 4, false>(x, w, w, x); }
  __declspec(property(get = _g_xwwx)) vec_t<T, 4, false> xwwx;
  __declspec(property(get = _g_xwwx)) vec_t<T, 4, false> raar;
  vec_t<T, 4, false> _g_ywwx() const { return vec_t<T, 4, false>(y, w, w, x); }
  __declspec(property(get = _g_ywwx)) vec_t<T, 4, false> ywwx;
  __declspec(property(get = _g_ywwx)) vec_t<T, 4, false> gaar;
  vec_t<T, 4, false> _g_zwwx() const { return vec_t<T, 4, false>(z, w, w, x); }
  __declspec(property(get = _g_zwwx)) vec_t<T, 4, false> zwwx;
  __declspec(property(get = _g_zwwx)) vec_t<T, 4, false> baar;
  vec_t<T, 4, false> _g_wwwx() const { return vec_t<T, 4, false>(w, w, w, x); }
  __declspec(property(get = _g_wwwx)) vec_t<T, 4, false> wwwx;
  __declspec(property(get = _g_wwwx)) vec_t<T, 4, false> aaar;
  vec_t<T, 4, false> _g_xxxy() const { return vec_t<T, 4, false>(x, x, x, y); }
  __declspec(property(get = _g_xxxy)) vec_t<T, 4, false> xxxy;
  __declspec(property(get = _g_xxxy)) vec_t<T, 4, false> rrrg;
  vec_t<T, 4, false> _g_yxxy() const { return vec_t<T, 4, false>(y, x, x, y); }
  __declspec(property(get = _g_yxxy)) vec_t<T, 4, false> yxxy;
  __declspec(property(get = _g_yxxy)) vec_t<T, 4, false> grrg;
  vec_t<T, 4, false> _g_zxxy() const { return vec_t<T, 4, false>(z, x, x, y); }
  __declspec(property(get = _g_zxxy)) vec_t<T, 4, false> zxxy;
  __declspec(property(get = _g_zxxy)) vec_t<T, 4, false> brrg;
  vec_t<T, 4, false> _g_wxxy() const { return vec_t<T, 4, false>(w, x, x, y); }
  __declspec(property(get = _g_wxxy)) vec_t<T, 4, false> wxxy;
  __declspec(property(get = _g_wxxy)) vec_t<T, 4, false> arrg;
  vec_t<T, 4, false> _g_xyxy() const { return vec_t<T, 4, false>(x, y, x, y); }
  __declspec(property(get = _g_xyxy)) vec_t<T, 4, false> xyxy;
  __declspec(property(get = _g_xyxy)) vec_t<T, 4, false> rgrg;
  vec_t<T, 4, false> _g_yyxy() const { return vec_t<T, 4, false>(y, y, x, y); }
  __declspec(property(get = _g_yyxy)) vec_t<T, 4, false> yyxy;
  __declspec(property(get = _g_yyxy)) vec_t<T, 4, false> ggrg;
  vec_t<T, 4, false> _g_zyxy() const { return vec_t<T, 4, false>(z, y, x, y); }
  __declspec(property(get = _g_zyxy)) vec_t<T, 4, false> zyxy;
  __declspec(property(get = _g_zyxy)) vec_t<T, 4, false> bgrg;
  vec_t<T, 4, false> _g_wyxy() const { return vec_t<T, 4, false>(w, y, x, y); }
  __declspec(property(get = _g_wyxy)) vec_t<T, 4, false> wyxy;
  __declspec(property(get = _g_wyxy)) vec_t<T, 4, false> agrg;
  vec_t<T, 4, false> _g_xzxy() const { return vec_t<T, 4, false>(x, z, x, y); }
  __declspec(property(get = _g_xzxy)) vec_t<T, 4, false> xzxy;
  __declspec(property(get = _g_xzxy)) vec_t<T, 4, false> rbrg;
  vec_t<T, 4, false> _g_yzxy() const { return vec_t<T, 4, false>(y, z, x, y); }
  __declspec(property(get = _g_yzxy)) vec_t<T, 4, false> yzxy;
  __declspec(property(get = _g_yzxy)) vec_t<T, 4, false> gbrg;
  vec_t<T, 4, false> _g_zzxy() const { return vec_t<T, 4, false>(z, z, x, y); }
  __declspec(property(get = _g_zzxy)) vec_t<T, 4, false> zzxy;
  __declspec(property(get = _g_zzxy)) vec_t<T, 4, false> bbrg;
  vec_t<T, 4, false> _g_wzxy() const { return vec_t<T, 4, false>(w, z, x, y); }
  void _s_wzxy(vec_t<T, 4, false> v) { w = v.x; z = v.y; x = v.z; y = v.w; }
  __declspec(property(get = _g_wzxy, put = _s_wzxy)) vec_t<T, 4, false> wzxy;
  __declspec(property(get = _g_wzxy, put = _s_wzxy)) vec_t<T, 4, false> abrg;
  vec_t<T, 4, false> _g_xwxy() const { return vec_t<T, 4, false>(x, w, x, y); }
  __declspec(property(get = _g_xwxy)) vec_t<T, 4, false> xwxy;
  __declspec(property(get = _g_xwxy)) vec_t<T, 4, false> rarg;
  vec_t<T, 4, false> _g_ywxy() const { return vec_t<T, 4, false>(y, w, x, y); }
  __declspec(property(get = _g_ywxy)) vec_t<T, 4, false> ywxy;
  __declspec(property(get = _g_ywxy)) vec_t<T, 4, false> garg;
  vec_t<T, 4, false> _g_zwxy() const { return vec_t<T, 4, false>(z, w, x, y); }
  void _s_zwxy(vec_t<T, 4, false> v) { z = v.x; w = v.y; x = v.z; y = v.w; }
  __declspec(property(get = _g_zwxy, put = _s_zwxy)) vec_t<T, 4, false> zwxy;
  __declspec(property(get = _g_zwxy, put = _s_zwxy)) vec_t<T, 4, false> barg;
  vec_t<T, 4, false> _g_wwxy() const { return vec_t<T, 4, false>(w, w, x, y); }
  __declspec(property(get = _g_wwxy)) vec_t<T, 4, false> wwxy;
  __declspec(property(get = _g_wwxy)) vec_t<T, 4, false> aarg;
  vec_t<T, 4, false> _g_xxyy() const { return vec_t<T, 4, false>(x, x, y, y); }
  __declspec(property(get = _g_xxyy)) vec_t<T, 4, false> xxyy;
  __declspec(property(get = _g_xxyy)) vec_t<T, 4, false> rrgg;
  vec_t<T, 4, false> _g_yxyy() const { return vec_t<T, 4, false>(y, x, y, y); }
  __declspec(property(get = _g_yxyy)) vec_t<T, 4, false> yxyy;
  __declspec(property(get = _g_yxyy)) vec_t<T, 4, false> grgg;
  vec_t<T, 4, false> _g_zxyy() const { return vec_t<T, 4, false>(z, x, y, y); }
  __declspec(property(get = _g_zxyy)) vec_t<T, 4, false> zxyy;
  __declspec(property(get = _g_zxyy)) vec_t<T, 4, false> brgg;
  vec_t<T, 4, false> _g_wxyy() const { return vec_t<T, 4, false>(w, x, y, y); }
  __declspec(property(get = _g_wxyy)) vec_t<T, 4, false> wxyy;
  __declspec(property(get = _g_wxyy)) vec_t<T, 4, false> argg;
  vec_t<T, 4, false> _g_xyyy() const { return vec_t<T, 4, false>(x, y, y, y); }
  __declspec(property(get = _g_xyyy)) vec_t<T, 4, false> xyyy;
  __declspec(property(get = _g_xyyy)) vec_t<T, 4, false> rggg;
  vec_t<T, 4, false> _g_yyyy() const { return vec_t<T, 4, false>(y, y, y, y); }
  __declspec(property(get = _g_yyyy)) vec_t<T, 4, false> yyyy;
  __declspec(property(get = _g_yyyy)) vec_t<T, 4, false> gggg;
  vec_t<T, 4, false> _g_zyyy() const { return vec_t<T, 4, false>(z, y, y, y); }
  __declspec(property(get = _g_zyyy)) vec_t<T, 4, false> zyyy;
  __declspec(property(get = _g_zyyy)) vec_t<T, 4, false> bggg;
  vec_t<T, 4, false> _g_wyyy() const { return vec_t<T, 4, false>(w, y, y, y); }
  __declspec(property(get = _g_wyyy)) vec_t<T, 4, false> wyyy;
  __declspec(property(get = _g_wyyy)) vec_t<T, 4, false> aggg;
  vec_t<T, 4, false> _g_xzyy() const { return vec_t<T, 4, false>(x, z, y, y); }
  __declspec(property(get = _g_xzyy)) vec_t<T, 4, false> xzyy;
  __declspec(property(get = _g_xzyy)) vec_t<T, 4, false> rbgg;
  vec_t<T, 4, false> _g_yzyy() const { return vec_t<T, 4, false>(y, z, y, y); }
  __declspec(property(get = _g_yzyy)) vec_t<T, 4, false> yzyy;
  __declspec(property(get = _g_yzyy)) vec_t<T, 4, false> gbgg;
  vec_t<T, 4, false> _g_zzyy() const { return vec_t<T, 4, false>(z, z, y, y); }
  __declspec(property(get = _g_zzyy)) vec_t<T, 4, false> zzyy;
  __declspec(property(get = _g_zzyy)) vec_t<T, 4, false> bbgg;
  vec_t<T, 4, false> _g_wzyy() const { return vec_t<T, 4, false>(w, z, y, y); }
  __declspec(property(get = _g_wzyy)) vec_t<T, 4, false> wzyy;
  __declspec(property(get = _g_wzyy)) vec_t<T, 4, false> abgg;
  vec_t<T, 4, false> _g_xwyy() const { return vec_t<T, 4, false>(x, w, y, y); }
  __declspec(property(get = _g_xwyy)) vec_t<T, 4, false> xwyy;
  __declspec(property(get = _g_xwyy)) vec_t<T, 4, false> ragg;
  vec_t<T, 4, false> _g_ywyy() const { return vec_t<T, 4, false>(y, w, y, y); }
  __declspec(property(get = _g_ywyy)) vec_t<T, 4, false> ywyy;
  __declspec(property(get = _g_ywyy)) vec_t<T, 4, false> gagg;
  vec_t<T, 4, false> _g_zwyy() const { return vec_t<T, 4, false>(z, w, y, y); }
  __declspec(property(get = _g_zwyy)) vec_t<T, 4, false> zwyy;
  __declspec(property(get = _g_zwyy)) vec_t<T, 4, false> bagg;
  vec_t<T, 4, false> _g_wwyy() const { return vec_t<T, 4, false>(w, w, y, y); }
  __declspec(property(get = _g_wwyy)) vec_t<T, 4, false> wwyy;
  __declspec(property(get = _g_wwyy)) vec_t<T, 4, false> aagg;
  vec_t<T, 4, false> _g_xxzy() const { return vec_t<T, 4, false>(x, x, z, y); }
  __declspec(property(get = _g_xxzy)) vec_t<T, 4, false> xxzy;
  __declspec(property(get = _g_xxzy)) vec_t<T, 4, false> rrbg;
  vec_t<T, 4, false> _g_yxzy() const { return vec_t<T, 4, false>(y, x, z, y); }
  __declspec(property(get = _g_yxzy)) vec_t<T, 4, false> yxzy;
  __declspec(property(get = _g_yxzy)) vec_t<T, 4, false> grbg;
  vec_t<T, 4, false> _g_zxzy() const { return vec_t<T, 4, false>(z, x, z, y); }
  __declspec(property(get = _g_zxzy)) vec_t<T, 4, false> zxzy;
  __declspec(property(get = _g_zxzy)) vec_t<T, 4, false> brbg;
  vec_t<T, 4, false> _g_wxzy() const { return vec_t<T, 4, false>(w, x, z, y); }
  void _s_wxzy(vec_t<T, 4, false> v) { w = v.x; x = v.y; z = v.z; y = v.w; }
  __declspec(property(get = _g_wxzy, put = _s_wxzy)) vec_t<T, 4, false> wxzy;
  __declspec(property(get = _g_wxzy, put = _s_wxzy)) vec_t<T, 4, false> arbg;
  vec_t<T, 4, false> _g_xyzy() const { return vec_t<T, 4, false>(x, y, z, y); }
  __declspec(property(get = _g_xyzy)) vec_t<T, 4, false> xyzy;
  __declspec(property(get = _g_xyzy)) vec_t<T, 4, false> rgbg;
  vec_t<T, 4, false> _g_yyzy() const { return vec_t<T, 4, false>(y, y, z, y); }
  __declspec(property(get = _g_yyzy)) vec_t<T, 4, false> yyzy;
  __declspec(property(get = _g_yyzy)) vec_t<T, 4, false> ggbg;
  vec_t<T, 4, false> _g_zyzy() const { return vec_t<T, 4, false>(z, y, z, y); }
  __declspec(property(get = _g_zyzy)) vec_t<T, 4, false> zyzy;
  __declspec(property(get = _g_zyzy)) vec_t<T, 4, false> bgbg;
  vec_t<T, 4, false> _g_wyzy() const { return vec_t<T, 4, false>(w, y, z, y); }
  __declspec(property(get = _g_wyzy)) vec_t<T, 4, false> wyzy;
  __declspec(property(get = _g_wyzy)) vec_t<T, 4, false> agbg;
  vec_t<T, 4, false> _g_xzzy() const { return vec_t<T, 4, false>(x, z, z, y); }
  __declspec(property(get = _g_xzzy)) vec_t<T, 4, false> xzzy;
  __declspec(property(get = _g_xzzy)) vec_t<T, 4, false> rbbg;
  vec_t<T, 4, false> _g_yzzy() const { return vec_t<T, 4, false>(y, z, z, y); }
  __declspec(property(get = _g_yzzy)) vec_t<T, 4, false> yzzy;
  __declspec(property(get = _g_yzzy)) vec_t<T, 4, false> gbbg;
  vec_t<T, 4, false> _g_zzzy() const { return vec_t<T, 4, false>(z, z, z, y); }
  __declspec(property(get = _g_zzzy)) vec_t<T, 4, false> zzzy;
  __declspec(property(get = _g_zzzy)) vec_t<T, 4, false> bbbg;
  vec_t<T, 4, false> _g_wzzy() const { return vec_t<T, 4, false>(w, z, z, y); }
  __declspec(property(get = _g_wzzy)) vec_t<T, 4, false> wzzy;
  __declspec(property(get = _g_wzzy)) vec_t<T, 4, false> abbg;
  vec_t<T, 4, false> _g_xwzy() const { return vec_t<T, 4, false>(x, w, z, y); }
  void _s_xwzy(vec_t<T, 4, false> v) { x = v.x; w = v.y; z = v.z; y = v.w; }
  __declspec(property(get = _g_xwzy, put = _s_xwzy)) vec_t<T, 4, false> xwzy;
  __declspec(property(get = _g_xwzy, put = _s_xwzy)) vec_t<T, 4, false> rabg;
  vec_t<T, 4, false> _g_ywzy() const { return vec_t<T, 4, false>(y, w, z, y); }
  __declspec(property(get = _g_ywzy)) vec_t<T, 4, false> ywzy;
  __declspec(property(get = _g_ywzy)) vec_t<T, 4, false> gabg;
  vec_t<T, 4, false> _g_zwzy() const { return vec_t<T, 4, false>(z, w, z, y); }
  __declspec(property(get = _g_zwzy)) vec_t<T, 4, false> zwzy;
  __declspec(property(get = _g_zwzy)) vec_t<T, 4, false> babg;
  vec_t<T, 4, false> _g_wwzy() const { return vec_t<T, 4, false>(w, w, z, y); }
  __declspec(property(get = _g_wwzy)) vec_t<T, 4, false> wwzy;
  __declspec(property(get = _g_wwzy)) vec_t<T, 4, false> aabg;
  vec_t<T, 4, false> _g_xxwy() const { return vec_t<T, 4, false>(x, x, w, y); }
  __declspec(property(get = _g_xxwy)) vec_t<T, 4, false> xxwy;
  __declspec(property(get = _g_xxwy)) vec_t<T, 4, false> rrag;
  vec_t<T, 4, false> _g_yxwy() const { return vec_t<T, 4, false>(y, x, w, y); }
  __declspec(property(get = _g_yxwy)) vec_t<T, 4, false> yxwy;
  __declspec(property(get = _g_yxwy)) vec_t<T, 4, false> grag;
  vec_t<T, 4, false> _g_zxwy() const { return vec_t<T, 4, false>(z, x, w, y); }
  void _s_zxwy(vec_t<T, 4, false> v) { z = v.x; x = v.y; w = v.z; y = v.w; }
  __declspec(property(get = _g_zxwy, put = _s_zxwy)) vec_t<T, 4, false> zxwy;
  __declspec(property(get = _g_zxwy, put = _s_zxwy)) vec_t<T, 4, false> brag;
  vec_t<T, 4, false> _g_wxwy() const { return vec_t<T, 4, false>(w, x, w, y); }
  __declspec(property(get = _g_wxwy)) vec_t<T, 4, false> wxwy;
  __declspec(property(get = _g_wxwy)) vec_t<T, 4, false> arag;
  vec_t<T, 4, false> _g_xywy() const { return vec_t<T, 4, false>(x, y, w, y); }
  __declspec(property(get = _g_xywy)) vec_t<T, 4, false> xywy;
  __declspec(property(get = _g_xywy)) vec_t<T, 4, false> rgag;
  vec_t<T, 4, false> _g_yywy() const { return vec_t<T, 4, false>(y, y, w, y); }
  __declspec(property(get = _g_yywy)) vec_t<T, 4, false> yywy;
  __declspec(property(get = _g_yywy)) vec_t<T, 4, false> ggag;
  vec_t<T, 4, false> _g_zywy() const { return vec_t<T, 4, false>(z, y, w, y); }
  __declspec(property(get = _g_zywy)) vec_t<T, 4, false> zywy;
  __declspec(property(get = _g_zywy)) vec_t<T, 4, false> bgag;
  vec_t<T, 4, false> _g_wywy() const { return vec_t<T, 4, false>(w, y, w, y); }
  __declspec(property(get = _g_wywy)) vec_t<T, 4, false> wywy;
  __declspec(property(get = _g_wywy)) vec_t<T, 4, false> agag;
  vec_t<T, 4, false> _g_xzwy() const { return vec_t<T, 4, false>(x, z, w, y); }
  void _s_xzwy(vec_t<T, 4, false> v) { x = v.x; z = v.y; w = v.z; y = v.w; }
  __declspec(property(get = _g_xzwy, put = _s_xzwy)) vec_t<T, 4, false> xzwy;
  __declspec(property(get = _g_xzwy, put = _s_xzwy)) vec_t<T, 4, false> rbag;
  vec_t<T, 4, false> _g_yzwy() const { return vec_t<T, 4, false>(y, z, w, y); }
  __declspec(property(get = _g_yzwy)) vec_t<T, 4, false> yzwy;
  __declspec(property(get = _g_yzwy)) vec_t<T, 4, false> gbag;
  vec_t<T, 4, false> _g_zzwy() const { return vec_t<T, 4, false>(z, z, w, y); }
  __declspec(property(get = _g_zzwy)) vec_t<T, 4, false> zzwy;
  __declspec(property(get = _g_zzwy)) vec_t<T, 4, false> bbag;
  vec_t<T, 4, false> _g_wzwy() const { return vec_t<T, 4, false>(w, z, w, y); }
  __declspec(property(get = _g_wzwy)) vec_t<T, 4, false> wzwy;
  __declspec(property(get = _g_wzwy)) vec_t<T, 4, false> abag;
  vec_t<T, 4, false> _g_xwwy() const { return vec_t<T, 4, false>(x, w, w, y); }
  __declspec(property(get = _g_xwwy)) vec_t<T, 4, false> xwwy;
  __declspec(property(get = _g_xwwy)) vec_t<T, 4, false> raag;
  vec_t<T, 4, false> _g_ywwy() const { return vec_t<T, 4, false>(y, w, w, y); }
  __declspec(property(get = _g_ywwy)) vec_t<T, 4, false> ywwy;
  __declspec(property(get = _g_ywwy)) vec_t<T, 4, false> gaag;
  vec_t<T, 4, false> _g_zwwy() const { return vec_t<T, 4, false>(z, w, w, y); }
  __declspec(property(get = _g_zwwy)) vec_t<T, 4, false> zwwy;
  __declspec(property(get = _g_zwwy)) vec_t<T, 4, false> baag;
  vec_t<T, 4, false> _g_wwwy() const { return vec_t<T, 4, false>(w, w, w, y); }
  __declspec(property(get = _g_wwwy)) vec_t<T, 4, false> wwwy;
  __declspec(property(get = _g_wwwy)) vec_t<T, 4, false> aaag;
  vec_t<T, 4, false> _g_xxxz() const { return vec_t<T, 4, false>(x, x, x, z); }
  __declspec(property(get = _g_xxxz)) vec_t<T, 4, false> xxxz;
  __declspec(property(get = _g_xxxz)) vec_t<T, 4, false> rrrb;
  vec_t<T, 4, false> _g_yxxz() const { return vec_t<T, 4, false>(y, x, x, z); }
  __declspec(property(get = _g_yxxz)) vec_t<T, 4, false> yxxz;
  __declspec(property(get = _g_yxxz)) vec_t<T, 4, false> grrb;
  vec_t<T, 4, false> _g_zxxz() const { return vec_t<T, 4, false>(z, x, x, z); }
  __declspec(property(get = _g_zxxz)) vec_t<T, 4, false> zxxz;
  __declspec(property(get = _g_zxxz)) vec_t<T, 4, false> brrb;
  vec_t<T, 4, false> _g_wxxz() const { return vec_t<T, 4, false>(w, x, x, z); }
  __declspec(property(get = _g_wxxz)) vec_t<T, 4, false> wxxz;
  __declspec(property(get = _g_wxxz)) vec_t<T, 4, false> arrb;
  vec_t<T, 4, false> _g_xyxz() const { return vec_t<T, 4, false>(x, y, x, z); }
  __declspec(property(get = _g_xyxz)) vec_t<T, 4, false> xyxz;
  __declspec(property(get = _g_xyxz)) vec_t<T, 4, false> rgrb;
  vec_t<T, 4, false> _g_yyxz() const { return vec_t<T, 4, false>(y, y, x, z); }
  __declspec(property(get = _g_yyxz)) vec_t<T, 4, false> yyxz;
  __declspec(property(get = _g_yyxz)) vec_t<T, 4, false> ggrb;
  vec_t<T, 4, false> _g_zyxz() const { return vec_t<T, 4, false>(z, y, x, z); }
  __declspec(property(get = _g_zyxz)) vec_t<T, 4, false> zyxz;
  __declspec(property(get = _g_zyxz)) vec_t<T, 4, false> bgrb;
  vec_t<T, 4, false> _g_wyxz() const { return vec_t<T, 4, false>(w, y, x, z); }
  void _s_wyxz(vec_t<T, 4, false> v) { w = v.x; y = v.y; x = v.z; z = v.w; }
  __declspec(property(get = _g_wyxz, put = _s_wyxz)) vec_t<T, 4, false> wyxz;
  __declspec(property(get = _g_wyxz, put = _s_wyxz)) vec_t<T, 4, false> agrb;
  vec_t<T, 4, false> _g_xzxz() const { return vec_t<T, 4, false>(x, z, x, z); }
  __declspec(property(get = _g_xzxz)) vec_t<T, 4, false> xzxz;
  __declspec(property(get = _g_xzxz)) vec_t<T, 4, false> rbrb;
  vec_t<T, 4, false> _g_yzxz() const { return vec_t<T, 4, false>(y, z, x, z); }
  __declspec(property(get = _g_yzxz)) vec_t<T, 4, false> yzxz;
  __declspec(property(get = _g_yzxz)) vec_t<T, 4, false> gbrb;
  vec_t<T, 4, false> _g_zzxz() const { return vec_t<T, 4, false>(z, z, x, z); }
  __declspec(property(get = _g_zzxz)) vec_t<T, 4, false> zzxz;
  __declspec(property(get = _g_zzxz)) vec_t<T, 4, false> bbrb;
  vec_t<T, 4, false> _g_wzxz() const { return vec_t<T, 4, false>(w, z, x, z); }
  __declspec(property(get = _g_wzxz)) vec_t<T, 4, false> wzxz;
  __declspec(property(get = _g_wzxz)) vec_t<T, 4, false> abrb;
  vec_t<T, 4, false> _g_xwxz() const { return vec_t<T, 4, false>(x, w, x, z); }
  __declspec(property(get = _g_xwxz)) vec_t<T, 4, false> xwxz;
  __declspec(property(get = _g_xwxz)) vec_t<T, 4, false> rarb;
  vec_t<T, 4, false> _g_ywxz() const { return vec_t<T, 4, false>(y, w, x, z); }
  void _s_ywxz(vec_t<T, 4, false> v) { y = v.x; w = v.y; x = v.z; z = v.w; }
  __declspec(property(get = _g_ywxz, put = _s_ywxz)) vec_t<T, 4, false> ywxz;
  __declspec(property(get = _g_ywxz, put = _s_ywxz)) vec_t<T, 4, false> garb;
  vec_t<T, 4, false> _g_zwxz() const { return vec_t<T, 4, false>(z, w, x, z); }
  __declspec(property(get = _g_zwxz)) vec_t<T, 4, false> zwxz;
  __declspec(property(get = _g_zwxz)) vec_t<T, 4, false> barb;
  vec_t<T, 4, false> _g_wwxz() const { return vec_t<T, 4, false>(w, w, x, z); }
  __declspec(property(get = _g_wwxz)) vec_t<T, 4, false> wwxz;
  __declspec(property(get = _g_wwxz)) vec_t<T, 4, false> aarb;
  vec_t<T, 4, false> _g_xxyz() const { return vec_t<T, 4, false>(x, x, y, z); }
  __declspec(property(get = _g_xxyz)) vec_t<T, 4, false> xxyz;
  __declspec(property(get = _g_xxyz)) vec_t<T, 4, false> rrgb;
  vec_t<T, 4, false> _g_yxyz() const { return vec_t<T, 4, false>(y, x, y, z); }
  __declspec(property(get = _g_yxyz)) vec_t<T, 4, false> yxyz;
  __declspec(property(get = _g_yxyz)) vec_t<T, 4, false> grgb;
  vec_t<T, 4, false> _g_zxyz() const { return vec_t<T, 4, false>(z, x, y, z); }
  __declspec(property(get = _g_zxyz)) vec_t<T, 4, false> zxyz;
  __declspec(property(get = _g_zxyz)) vec_t<T, 4, false> brgb;
  vec_t<T, 4, false> _g_wxyz() const { return vec_t<T, 4, false>(w, x, y, z); }
  void _s_wxyz(vec_t<T, 4, false> v) { w = v.x; x = v.y; y = v.z; z = v.w; }
  __declspec(property(get = _g_wxyz, put = _s_wxyz)) vec_t<T, 4, false> wxyz;
  __declspec(property(get = _g_wxyz, put = _s_wxyz)) vec_t<T, 4, false> argb;
  vec_t<T, 4, false> _g_xyyz() const { return vec_t<T, 4, false>(x, y, y, z); }
  __declspec(property(get = _g_xyyz)) vec_t<T, 4, false> xyyz;
  __declspec(property(get = _g_xyyz)) vec_t<T, 4, false> rggb;
  vec_t<T, 4, false> _g_yyyz() const { return vec_t<T, 4, false>(y, y, y, z); }
  __declspec(property(get = _g_yyyz)) vec_t<T, 4, false> yyyz;
  __declspec(property(get = _g_yyyz)) vec_t<T, 4, false> gggb;
  vec_t<T, 4, false> _g_zyyz() const { return vec_t<T, 4, false>(z, y, y, z); }
  __declspec(property(get = _g_zyyz)) vec_t<T, 4, false> zyyz;
  __declspec(property(get = _g_zyyz)) vec_t<T, 4, false> bggb;
  vec_t<T, 4, false> _g_wyyz() const { return vec_t<T, 4, false>(w, y, y, z); }
  __declspec(property(get = _g_wyyz)) vec_t<T, 4, false> wyyz;
  __declspec(property(get = _g_wyyz)) vec_t<T, 4, false> aggb;
  vec_t<T, 4, false> _g_xzyz() const { return vec_t<T, 4, false>(x, z, y, z); }
  __declspec(property(get = _g_xzyz)) vec_t<T, 4, false> xzyz;
  __declspec(property(get = _g_xzyz)) vec_t<T, 4, false> rbgb;
  vec_t<T, 4, false> _g_yzyz() const { return vec_t<T, 4, false>(y, z, y, z); }
  __declspec(property(get = _g_yzyz)) vec_t<T, 4, false> yzyz;
  __declspec(property(get = _g_yzyz)) vec_t<T, 4, false> gbgb;
  vec_t<T, 4, false> _g_zzyz() const { return vec_t<T, 4, false>(z, z, y, z); }
  __declspec(property(get = _g_zzyz)) vec_t<T, 4, false> zzyz;
  __declspec(property(get = _g_zzyz)) vec_t<T, 4, false> bbgb;
  vec_t<T, 4, false> _g_wzyz() const { return vec_t<T, 4, false>(w, z, y, z); }
  __declspec(property(get = _g_wzyz)) vec_t<T, 4, false> wzyz;
  __declspec(property(get = _g_wzyz)) vec_t<T, 4, false> abgb;
  vec_t<T, 4, false> _g_xwyz() const { return vec_t<T, 4, false>(x, w, y, z); }
  void _s_xwyz(vec_t<T, 4, false> v) { x = v.x; w = v.y; y = v.z; z = v.w; }
  __declspec(property(get = _g_xwyz, put = _s_xwyz)) vec_t<T, 4, false> xwyz;
  __declspec(property(get = _g_xwyz, put = _s_xwyz)) vec_t<T, 4, false> ragb;
  vec_t<T, 4, false> _g_ywyz() const { return vec_t<T, 4, false>(y, w, y, z); }
  __declspec(property(get = _g_ywyz)) vec_t<T, 4, false> ywyz;
  __declspec(property(get = _g_ywyz)) vec_t<T, 4, false> gagb;
  vec_t<T, 4, false> _g_zwyz() const { return vec_t<T, 4, false>(z, w, y, z); }
  __declspec(property(get = _g_zwyz)) vec_t<T, 4, false> zwyz;
  __declspec(property(get = _g_zwyz)) vec_t<T, 4, false> bagb;
  vec_t<T, 4, false> _g_wwyz() const { return vec_t<T, 4, false>(w, w, y, z); }
  __declspec(property(get = _g_wwyz)) vec_t<T, 4, false> wwyz;
  __declspec(property(get = _g_wwyz)) vec_t<T, 4, false> aagb;
  vec_t<T, 4, false> _g_xxzz() const { return vec_t<T, 4, false>(x, x, z, z); }
  __declspec(property(get = _g_xxzz)) vec_t<T, 4, false> xxzz;
  __declspec(property(get = _g_xxzz)) vec_t<T, 4, false> rrbb;
  vec_t<T, 4, false> _g_yxzz() const { return vec_t<T, 4, false>(y, x, z, z); }
  __declspec(property(get = _g_yxzz)) vec_t<T, 4, false> yxzz;
  __declspec(property(get = _g_yxzz)) vec_t<T, 4, false> grbb;
  vec_t<T, 4, false> _g_zxzz() const { return vec_t<T, 4, false>(z, x, z, z); }
  __declspec(property(get = _g_zxzz)) vec_t<T, 4, false> zxzz;
  __declspec(property(get = _g_zxzz)) vec_t<T, 4, false> brbb;
  vec_t<T, 4, false> _g_wxzz() const { return vec_t<T, 4, false>(w, x, z, z); }
  __declspec(property(get = _g_wxzz)) vec_t<T, 4, false> wxzz;
  __declspec(property(get = _g_wxzz)) vec_t<T, 4, false> arbb;
  vec_t<T, 4, false> _g_xyzz() const { return vec_t<T, 4, false>(x, y, z, z); }
  __declspec(property(get = _g_xyzz)) vec_t<T, 4, false> xyzz;
  __declspec(property(get = _g_xyzz)) vec_t<T, 4, false> rgbb;
  vec_t<T, 4, false> _g_yyzz() const { return vec_t<T, 4, false>(y, y, z, z); }
  __declspec(property(get = _g_yyzz)) vec_t<T, 4, false> yyzz;
  __declspec(property(get = _g_yyzz)) vec_t<T, 4, false> ggbb;
  vec_t<T, 4, false> _g_zyzz() const { return vec_t<T, 4, false>(z, y, z, z); }
  __declspec(property(get = _g_zyzz)) vec_t<T, 4, false> zyzz;
  __declspec(property(get = _g_zyzz)) vec_t<T, 4, false> bgbb;
  vec_t<T, 4, false> _g_wyzz() const { return vec_t<T, 4, false>(w, y, z, z); }
  __declspec(property(get = _g_wyzz)) vec_t<T, 4, false> wyzz;
  __declspec(property(get = _g_wyzz)) vec_t<T, 4, false> agbb;
  vec_t<T, 4, false> _g_xzzz() const { return vec_t<T, 4, false>(x, z, z, z); }
  __declspec(property(get = _g_xzzz)) vec_t<T, 4, false> xzzz;
  __declspec(property(get = _g_xzzz)) vec_t<T, 4, false> rbbb;
  vec_t<T, 4, false> _g_yzzz() const { return vec_t<T, 4, false>(y, z, z, z); }
  __declspec(property(get = _g_yzzz)) vec_t<T, 4, false> yzzz;
  __declspec(property(get = _g_yzzz)) vec_t<T, 4, false> gbbb;
  vec_t<T, 4, false> _g_zzzz() const { return vec_t<T, 4, false>(z, z, z, z); }
  __declspec(property(get = _g_zzzz)) vec_t<T, 4, false> zzzz;
  __declspec(property(get = _g_zzzz)) vec_t<T, 4, false> bbbb;
  vec_t<T, 4, false> _g_wzzz() const { return vec_t<T, 4, false>(w, z, z, z); }
  __declspec(property(get = _g_wzzz)) vec_t<T, 4, false> wzzz;
  __declspec(property(get = _g_wzzz)) vec_t<T, 4, false> abbb;
  vec_t<T, 4, false> _g_xwzz() const { return vec_t<T, 4, false>(x, w, z, z); }
  __declspec(property(get = _g_xwzz)) vec_t<T, 4, false> xwzz;
  __declspec(property(get = _g_xwzz)) vec_t<T, 4, false> rabb;
  vec_t<T, 4, false> _g_ywzz() const { return vec_t<T, 4, false>(y, w, z, z); }
  __declspec(property(get = _g_ywzz)) vec_t<T, 4, false> ywzz;
  __declspec(property(get = _g_ywzz)) vec_t<T, 4, false> gabb;
  vec_t<T, 4, false> _g_zwzz() const { return vec_t<T, 4, false>(z, w, z, z); }
  __declspec(property(get = _g_zwzz)) vec_t<T, 4, false> zwzz;
  __declspec(property(get = _g_zwzz)) vec_t<T, 4, false> babb;
  vec_t<T, 4, false> _g_wwzz() const { return vec_t<T, 4, false>(w, w, z, z); }
  __declspec(property(get = _g_wwzz)) vec_t<T, 4, false> wwzz;
  __declspec(property(get = _g_wwzz)) vec_t<T, 4, false> aabb;
  vec_t<T, 4, false> _g_xxwz() const { return vec_t<T, 4, false>(x, x, w, z); }
  __declspec(property(get = _g_xxwz)) vec_t<T, 4, false> xxwz;
  __declspec(property(get = _g_xxwz)) vec_t<T, 4, false> rrab;
  vec_t<T, 4, false> _g_yxwz() const { return vec_t<T, 4, false>(y, x, w, z); }
  void _s_yxwz(vec_t<T, 4, false> v) { y = v.x; x = v.y; w = v.z; z = v.w; }
  __declspec(property(get = _g_yxwz, put = _s_yxwz)) vec_t<T, 4, false> yxwz;
  __declspec(property(get = _g_yxwz, put = _s_yxwz)) vec_t<T, 4, false> grab;
  vec_t<T, 4, false> _g_zxwz() const { return vec_t<T, 4, false>(z, x, w, z); }
  __declspec(property(get = _g_zxwz)) vec_t<T, 4, false> zxwz;
  __declspec(property(get = _g_zxwz)) vec_t<T, 4, false> brab;
  vec_t<T, 4, false> _g_wxwz() const { return vec_t<T, 4, false>(w, x, w, z); }
  __declspec(property(get = _g_wxwz)) vec_t<T, 4, false> wxwz;
  __declspec(property(get = _g_wxwz)) vec_t<T, 4, false> arab;
  vec_t<T, 4, false> _g_xywz() const { return vec_t<T, 4, false>(x, y, w, z); }
  void _s_xywz(vec_t<T, 4, false> v) { x = v.x; y = v.y; w = v.z; z = v.w; }
  __declspec(property(get = _g_xywz, put = _s_xywz)) vec_t<T, 4, false> xywz;
  __declspec(property(get = _g_xywz, put = _s_xywz)) vec_t<T, 4, false> rgab;
  vec_t<T, 4, false> _g_yywz() const { return vec_t<T, 4, false>(y, y, w, z); }
  __declspec(property(get = _g_yywz)) vec_t<T, 4, false> yywz;
  __declspec(property(get = _g_yywz)) vec_t<T, 4, false> ggab;
  vec_t<T, 4, false> _g_zywz() const { return vec_t<T, 4, false>(z, y, w, z); }
  __declspec(property(get = _g_zywz)) vec_t<T, 4, false> zywz;
  __declspec(property(get = _g_zywz)) vec_t<T, 4, false> bgab;
  vec_t<T, 4, false> _g_wywz() const { return vec_t<T, 4, false>(w, y, w, z); }
  __declspec(property(get = _g_wywz)) vec_t<T, 4, false> wywz;
  __declspec(property(get = _g_wywz)) vec_t<T, 4, false> agab;
  vec_t<T, 4, false> _g_xzwz() const { return vec_t<T, 4, false>(x, z, w, z); }
  __declspec(property(get = _g_xzwz)) vec_t<T, 4, false> xzwz;
  __declspec(property(get = _g_xzwz)) vec_t<T, 4, false> rbab;
  vec_t<T, 4, false> _g_yzwz() const { return vec_t<T, 4, false>(y, z, w, z); }
  __declspec(property(get = _g_yzwz)) vec_t<T, 4, false> yzwz;
  __declspec(property(get = _g_yzwz)) vec_t<T, 4, false> gbab;
  vec_t<T, 4, false> _g_zzwz() const { return vec_t<T, 4, false>(z, z, w, z); }
  __declspec(property(get = _g_zzwz)) vec_t<T, 4, false> zzwz;
  __declspec(property(get = _g_zzwz)) vec_t<T, 4, false> bbab;
  vec_t<T, 4, false> _g_wzwz() const { return vec_t<T, 4, false>(w, z, w, z); }
  __declspec(property(get = _g_wzwz)) vec_t<T, 4, false> wzwz;
  __declspec(property(get = _g_wzwz)) vec_t<T, 4, false> abab;
  vec_t<T, 4, false> _g_xwwz() const { return vec_t<T, 4, false>(x, w, w, z); }
  __declspec(property(get = _g_xwwz)) vec_t<T, 4, false> xwwz;
  __declspec(property(get = _g_xwwz)) vec_t<T, 4, false> raab;
  vec_t<T, 4, false> _g_ywwz() const { return vec_t<T, 4, false>(y, w, w, z); }
  __declspec(property(get = _g_ywwz)) vec_t<T, 4, false> ywwz;
  __declspec(property(get = _g_ywwz)) vec_t<T, 4, false> gaab;
  vec_t<T, 4, false> _g_zwwz() const { return vec_t<T, 4, false>(z, w, w, z); }
  __declspec(property(get = _g_zwwz)) vec_t<T, 4, false> zwwz;
  __declspec(property(get = _g_zwwz)) vec_t<T, 4, false> baab;
  vec_t<T, 4, false> _g_wwwz() const { return vec_t<T, 4, false>(w, w, w, z); }
  __declspec(property(get = _g_wwwz)) vec_t<T, 4, false> wwwz;
  __declspec(property(get = _g_wwwz)) vec_t<T, 4, false> aaab;
  vec_t<T, 4, false> _g_xxxw() const { return vec_t<T, 4, false>(x, x, x, w); }
  __declspec(property(get = _g_xxxw)) vec_t<T, 4, false> xxxw;
  __declspec(property(get = _g_xxxw)) vec_t<T, 4, false> rrra;
  vec_t<T, 4, false> _g_yxxw() const { return vec_t<T, 4, false>(y, x, x, w); }
  __declspec(property(get = _g_yxxw)) vec_t<T, 4, false> yxxw;
  __declspec(property(get = _g_yxxw)) vec_t<T, 4, false> grra;
  vec_t<T, 4, false> _g_zxxw() const { return vec_t<T, 4, false>(z, x, x, w); }
  __declspec(property(get = _g_zxxw)) vec_t<T, 4, false> zxxw;
  __declspec(property(get = _g_zxxw)) vec_t<T, 4, false> brra;
  vec_t<T, 4, false> _g_wxxw() const { return vec_t<T, 4, false>(w, x, x, w); }
  __declspec(property(get = _g_wxxw)) vec_t<T, 4, false> wxxw;
  __declspec(property(get = _g_wxxw)) vec_t<T, 4, false> arra;
  vec_t<T, 4, false> _g_xyxw() const { return vec_t<T, 4, false>(x, y, x, w); }
  __declspec(property(get = _g_xyxw)) vec_t<T, 4, false> xyxw;
  __declspec(property(get = _g_xyxw)) vec_t<T, 4, false> rgra;
  vec_t<T, 4, false> _g_yyxw() const { return vec_t<T, 4, false>(y, y, x, w); }
  __declspec(property(get = _g_yyxw)) vec_t<T, 4, false> yyxw;
  __declspec(property(get = _g_yyxw)) vec_t<T, 4, false> ggra;
  vec_t<T, 4, false> _g_zyxw() const { return vec_t<T, 4, false>(z, y, x, w); }
  void _s_zyxw(vec_t<T, 4, false> v) { z = v.x; y = v.y; x = v.z; w = v.w; }
  __declspec(property(get = _g_zyxw, put = _s_zyxw)) vec_t<T, 4, false> zyxw;
  __declspec(property(get = _g_zyxw, put = _s_zyxw)) vec_t<T, 4, false> bgra;
  vec_t<T, 4, false> _g_wyxw() const { return vec_t<T, 4, false>(w, y, x, w); }
  __declspec(property(get = _g_wyxw)) vec_t<T, 4, false> wyxw;
  __declspec(property(get = _g_wyxw)) vec_t<T, 4, false> agra;
  vec_t<T, 4, false> _g_xzxw() const { return vec_t<T, 4, false>(x, z, x, w); }
  __declspec(property(get = _g_xzxw)) vec_t<T, 4, false> xzxw;
  __declspec(property(get = _g_xzxw)) vec_t<T, 4, false> rbra;
  vec_t<T, 4, false> _g_yzxw() const { return vec_t<T, 4, false>(y, z, x, w); }
  void _s_yzxw(vec_t<T, 4, false> v) { y = v.x; z = v.y; x = v.z; w = v.w; }
  __declspec(property(get = _g_yzxw, put = _s_yzxw)) vec_t<T, 4, false> yzxw;
  __declspec(property(get = _g_yzxw, put = _s_yzxw)) vec_t<T, 4, false> gbra;
  vec_t<T, 4, false> _g_zzxw() const { return vec_t<T, 4, false>(z, z, x, w); }
  __declspec(property(get = _g_zzxw)) vec_t<T, 4, false> zzxw;
  __declspec(property(get = _g_zzxw)) vec_t<T, 4, false> bbra;
  vec_t<T, 4, false> _g_wzxw() const { return vec_t<T, 4, false>(w, z, x, w); }
  __declspec(property(get = _g_wzxw)) vec_t<T, 4, false> wzxw;
  __declspec(property(get = _g_wzxw)) vec_t<T, 4, false> abra;
  vec_t<T, 4, false> _g_xwxw() const { return vec_t<T, 4, false>(x, w, x, w); }
  __declspec(property(get = _g_xwxw)) vec_t<T, 4, false> xwxw;
  __declspec(property(get = _g_xwxw)) vec_t<T, 4, false> rara;
  vec_t<T, 4, false> _g_ywxw() const { return vec_t<T, 4, false>(y, w, x, w); }
  __declspec(property(get = _g_ywxw)) vec_t<T, 4, false> ywxw;
  __declspec(property(get = _g_ywxw)) vec_t<T, 4, false> gara;
  vec_t<T, 4, false> _g_zwxw() const { return vec_t<T, 4, false>(z, w, x, w); }
  __declspec(property(get = _g_zwxw)) vec_t<T, 4, false> zwxw;
  __declspec(property(get = _g_zwxw)) vec_t<T, 4, false> bara;
  vec_t<T, 4, false> _g_wwxw() const { return vec_t<T, 4, false>(w, w, x, w); }
  __declspec(property(get = _g_wwxw)) vec_t<T, 4, false> wwxw;
  __declspec(property(get = _g_wwxw)) vec_t<T, 4, false> aara;
  vec_t<T, 4, false> _g_xxyw() const { return vec_t<T, 4, false>(x, x, y, w); }
  __declspec(property(get = _g_xxyw)) vec_t<T, 4, false> xxyw;
  __declspec(property(get = _g_xxyw)) vec_t<T, 4, false> rrga;
  vec_t<T, 4, false> _g_yxyw() const { return vec_t<T, 4, false>(y, x, y, w); }
  __declspec(property(get = _g_yxyw)) vec_t<T, 4, false> yxyw;
  __declspec(property(get = _g_yxyw)) vec_t<T, 4, false> grga;
  vec_t<T, 4, false> _g_zxyw() const { return vec_t<T, 4, false>(z, x, y, w); }
  void _s_zxyw(vec_t<T, 4, false> v) { z = v.x; x = v.y; y = v.z; w = v.w; }
  __declspec(property(get = _g_zxyw, put = _s_zxyw)) vec_t<T, 4, false> zxyw;
  __declspec(property(get = _g_zxyw, put = _s_zxyw)) vec_t<T, 4, false> brga;
  vec_t<T, 4, false> _g_wxyw() const { return vec_t<T, 4, false>(w, x, y, w); }
  __declspec(property(get = _g_wxyw)) vec_t<T, 4, false> wxyw;
  __declspec(property(get = _g_wxyw)) vec_t<T, 4, false> arga;
  vec_t<T, 4, false> _g_xyyw() const { return vec_t<T, 4, false>(x, y, y, w); }
  __declspec(property(get = _g_xyyw)) vec_t<T, 4, false> xyyw;
  __declspec(property(get = _g_xyyw)) vec_t<T, 4, false> rgga;
  vec_t<T, 4, false> _g_yyyw() const { return vec_t<T, 4, false>(y, y, y, w); }
  __declspec(property(get = _g_yyyw)) vec_t<T, 4, false> yyyw;
  __declspec(property(get = _g_yyyw)) vec_t<T, 4, false> ggga;
  vec_t<T, 4, false> _g_zyyw() const { return vec_t<T, 4, false>(z, y, y, w); }
  __declspec(property(get = _g_zyyw)) vec_t<T, 4, false> zyyw;
  __declspec(property(get = _g_zyyw)) vec_t<T, 4, false> bgga;
  vec_t<T, 4, false> _g_wyyw() const { return vec_t<T, 4, false>(w, y, y, w); }
  __declspec(property(get = _g_wyyw)) vec_t<T, 4, false> wyyw;
  __declspec(property(get = _g_wyyw)) vec_t<T, 4, false> agga;
  vec_t<T, 4, false> _g_xzyw() const { return vec_t<T, 4, false>(x, z, y, w); }
  void _s_xzyw(vec_t<T, 4, false> v) { x = v.x; z = v.y; y = v.z; w = v.w; }
  __declspec(property(get = _g_xzyw, put = _s_xzyw)) vec_t<T, 4, false> xzyw;
  __declspec(property(get = _g_xzyw, put = _s_xzyw)) vec_t<T, 4, false> rbga;
  vec_t<T, 4, false> _g_yzyw() const { return vec_t<T, 4, false>(y, z, y, w); }
  __declspec(property(get = _g_yzyw)) vec_t<T, 4, false> yzyw;
  __declspec(property(get = _g_yzyw)) vec_t<T, 4, false> gbga;
  vec_t<T, 4, false> _g_zzyw() const { return vec_t<T, 4, false>(z, z, y, w); }
  __declspec(property(get = _g_zzyw)) vec_t<T, 4, false> zzyw;
  __declspec(property(get = _g_zzyw)) vec_t<T, 4, false> bbga;
  vec_t<T, 4, false> _g_wzyw() const { return vec_t<T, 4, false>(w, z, y, w); }
  __declspec(property(get = _g_wzyw)) vec_t<T, 4, false> wzyw;
  __declspec(property(get = _g_wzyw)) vec_t<T, 4, false> abga;
  vec_t<T, 4, false> _g_xwyw() const { return vec_t<T, 4, false>(x, w, y, w); }
  __declspec(property(get = _g_xwyw)) vec_t<T, 4, false> xwyw;
  __declspec(property(get = _g_xwyw)) vec_t<T, 4, false> raga;
  vec_t<T, 4, false> _g_ywyw() const { return vec_t<T, 4, false>(y, w, y, w); }
  __declspec(property(get = _g_ywyw)) vec_t<T, 4, false> ywyw;
  __declspec(property(get = _g_ywyw)) vec_t<T, 4, false> gaga;
  vec_t<T, 4, false> _g_zwyw() const { return vec_t<T, 4, false>(z, w, y, w); }
  __declspec(property(get = _g_zwyw)) vec_t<T, 4, false> zwyw;
  __declspec(property(get = _g_zwyw)) vec_t<T, 4, false> baga;
  vec_t<T, 4, false> _g_wwyw() const { return vec_t<T, 4, false>(w, w, y, w); }
  __declspec(property(get = _g_wwyw)) vec_t<T, 4, false> wwyw;
  __declspec(property(get = _g_wwyw)) vec_t<T, 4, false> aaga;
  vec_t<T, 4, false> _g_xxzw() const { return vec_t<T, 4, false>(x, x, z, w); }
  __declspec(property(get = _g_xxzw)) vec_t<T, 4, false> xxzw;
  __declspec(property(get = _g_xxzw)) vec_t<T, 4, false> rrba;
  vec_t<T, 4, false> _g_yxzw() const { return vec_t<T, 4, false>(y, x, z, w); }
  void _s_yxzw(vec_t<T, 4, false> v) { y = v.x; x = v.y; z = v.z; w = v.w; }
  __declspec(property(get = _g_yxzw, put = _s_yxzw)) vec_t<T, 4, false> yxzw;
  __declspec(property(get = _g_yxzw, put = _s_yxzw)) vec_t<T, 4, false> grba;
  vec_t<T, 4, false> _g_zxzw() const { return vec_t<T, 4, false>(z, x, z, w); }
  __declspec(property(get = _g_zxzw)) vec_t<T, 4, false> zxzw;
  __declspec(property(get = _g_zxzw)) vec_t<T, 4, false> brba;
  vec_t<T, 4, false> _g_wxzw() const { return vec_t<T, 4, false>(w, x, z, w); }
  __declspec(property(get = _g_wxzw)) vec_t<T, 4, false> wxzw;
  __declspec(property(get = _g_wxzw)) vec_t<T, 4, false> arba;
  vec_t<T, 4, false> _g_xyzw() const { return vec_t<T, 4, false>(x, y, z, w); }
  void _s_xyzw(vec_t<T, 4, false> v) { x = v.x; y = v.y; z = v.z; w = v.w; }
  __declspec(property(get = _g_xyzw, put = _s_xyzw)) vec_t<T, 4, false> xyzw;
  __declspec(property(get = _g_xyzw, put = _s_xyzw)) vec_t<T, 4, false> rgba;
  vec_t<T, 4, false> _g_yyzw() const { return vec_t<T, 4, false>(y, y, z, w); }
  __declspec(property(get = _g_yyzw)) vec_t<T, 4, false> yyzw;
  __declspec(property(get = _g_yyzw)) vec_t<T, 4, false> ggba;
  vec_t<T, 4, false> _g_zyzw() const { return vec_t<T, 4, false>(z, y, z, w); }
  __declspec(property(get = _g_zyzw)) vec_t<T, 4, false> zyzw;
  __declspec(property(get = _g_zyzw)) vec_t<T, 4, false> bgba;
  vec_t<T, 4, false> _g_wyzw() const { return vec_t<T, 4, false>(w, y, z, w); }
  __declspec(property(get = _g_wyzw)) vec_t<T, 4, false> wyzw;
  __declspec(property(get = _g_wyzw)) vec_t<T, 4, false> agba;
  vec_t<T, 4, false> _g_xzzw() const { return vec_t<T, 4, false>(x, z, z, w); }
  __declspec(property(get = _g_xzzw)) vec_t<T, 4, false> xzzw;
  __declspec(property(get = _g_xzzw)) vec_t<T, 4, false> rbba;
  vec_t<T, 4, false> _g_yzzw() const { return vec_t<T, 4, false>(y, z, z, w); }
  __declspec(property(get = _g_yzzw)) vec_t<T, 4, false> yzzw;
  __declspec(property(get = _g_yzzw)) vec_t<T, 4, false> gbba;
  vec_t<T, 4, false> _g_zzzw() const { return vec_t<T, 4, false>(z, z, z, w); }
  __declspec(property(get = _g_zzzw)) vec_t<T, 4, false> zzzw;
  __declspec(property(get = _g_zzzw)) vec_t<T, 4, false> bbba;
  vec_t<T, 4, false> _g_wzzw() const { return vec_t<T, 4, false>(w, z, z, w); }
  __declspec(property(get = _g_wzzw)) vec_t<T, 4, false> wzzw;
  __declspec(property(get = _g_wzzw)) vec_t<T, 4, false> abba;
  vec_t<T, 4, false> _g_xwzw() const { return vec_t<T, 4, false>(x, w, z, w); }
  __declspec(property(get = _g_xwzw)) vec_t<T, 4, false> xwzw;
  __declspec(property(get = _g_xwzw)) vec_t<T, 4, false> raba;
  vec_t<T, 4, false> _g_ywzw() const { return vec_t<T, 4, false>(y, w, z, w); }
  __declspec(property(get = _g_ywzw)) vec_t<T, 4, false> ywzw;
  __declspec(property(get = _g_ywzw)) vec_t<T, 4, false> gaba;
  vec_t<T, 4, false> _g_zwzw() const { return vec_t<T, 4, false>(z, w, z, w); }
  __declspec(property(get = _g_zwzw)) vec_t<T, 4, false> zwzw;
  __declspec(property(get = _g_zwzw)) vec_t<T, 4, false> baba;
  vec_t<T, 4, false> _g_wwzw() const { return vec_t<T, 4, false>(w, w, z, w); }
  __declspec(property(get = _g_wwzw)) vec_t<T, 4, false> wwzw;
  __declspec(property(get = _g_wwzw)) vec_t<T, 4, false> aaba;
  vec_t<T, 4, false> _g_xxww() const { return vec_t<T, 4, false>(x, x, w, w); }
  __declspec(property(get = _g_xxww)) vec_t<T, 4, false> xxww;
  __declspec(property(get = _g_xxww)) vec_t<T, 4, false> rraa;
  vec_t<T, 4, false> _g_yxww() const { return vec_t<T, 4, false>(y, x, w, w); }
  __declspec(property(get = _g_yxww)) vec_t<T, 4, false> yxww;
  __declspec(property(get = _g_yxww)) vec_t<T, 4, false> graa;
  vec_t<T, 4, false> _g_zxww() const { return vec_t<T, 4, false>(z, x, w, w); }
  __declspec(property(get = _g_zxww)) vec_t<T, 4, false> zxww;
  __declspec(property(get = _g_zxww)) vec_t<T, 4, false> braa;
  vec_t<T, 4, false> _g_wxww() const { return vec_t<T, 4, false>(w, x, w, w); }
  __declspec(property(get = _g_wxww)) vec_t<T, 4, false> wxww;
  __declspec(property(get = _g_wxww)) vec_t<T, 4, false> araa;
  vec_t<T, 4, false> _g_xyww() const { return vec_t<T, 4, false>(x, y, w, w); }
  __declspec(property(get = _g_xyww)) vec_t<T, 4, false> xyww;
  __declspec(property(get = _g_xyww)) vec_t<T, 4, false> rgaa;
  vec_t<T, 4, false> _g_yyww() const { return vec_t<T, 4, false>(y, y, w, w); }
  __declspec(property(get = _g_yyww)) vec_t<T, 4, false> yyww;
  __declspec(property(get = _g_yyww)) vec_t<T, 4, false> ggaa;
  vec_t<T, 4, false> _g_zyww() const { return vec_t<T, 4, false>(z, y, w, w); }
  __declspec(property(get = _g_zyww)) vec_t<T, 4, false> zyww;
  __declspec(property(get = _g_zyww)) vec_t<T, 4, false> bgaa;
  vec_t<T, 4, false> _g_wyww() const { return vec_t<T, 4, false>(w, y, w, w); }
  __declspec(property(get = _g_wyww)) vec_t<T, 4, false> wyww;
  __declspec(property(get = _g_wyww)) vec_t<T, 4, false> agaa;
  vec_t<T, 4, false> _g_xzww() const { return vec_t<T, 4, false>(x, z, w, w); }
  __declspec(property(get = _g_xzww)) vec_t<T, 4, false> xzww;
  __declspec(property(get = _g_xzww)) vec_t<T, 4, false> rbaa;
  vec_t<T, 4, false> _g_yzww() const { return vec_t<T, 4, false>(y, z, w, w); }
  __declspec(property(get = _g_yzww)) vec_t<T, 4, false> yzww;
  __declspec(property(get = _g_yzww)) vec_t<T, 4, false> gbaa;
  vec_t<T, 4, false> _g_zzww() const { return vec_t<T, 4, false>(z, z, w, w); }
  __declspec(property(get = _g_zzww)) vec_t<T, 4, false> zzww;
  __declspec(property(get = _g_zzww)) vec_t<T, 4, false> bbaa;
  vec_t<T, 4, false> _g_wzww() const { return vec_t<T, 4, false>(w, z, w, w); }
  __declspec(property(get = _g_wzww)) vec_t<T, 4, false> wzww;
  __declspec(property(get = _g_wzww)) vec_t<T, 4, false> abaa;
  vec_t<T, 4, false> _g_xwww() const { return vec_t<T, 4, false>(x, w, w, w); }
  __declspec(property(get = _g_xwww)) vec_t<T, 4, false> xwww;
  __declspec(property(get = _g_xwww)) vec_t<T, 4, false> raaa;
  vec_t<T, 4, false> _g_ywww() const { return vec_t<T, 4, false>(y, w, w, w); }
  __declspec(property(get = _g_ywww)) vec_t<T, 4, false> ywww;
  __declspec(property(get = _g_ywww)) vec_t<T, 4, false> gaaa;
  vec_t<T, 4, false> _g_zwww() const { return vec_t<T, 4, false>(z, w, w, w); }
  __declspec(property(get = _g_zwww)) vec_t<T, 4, false> zwww;
  __declspec(property(get = _g_zwww)) vec_t<T, 4, false> baaa;
  vec_t<T, 4, false> _g_wwww() const { return vec_t<T, 4, false>(w, w, w, w); }
  __declspec(property(get = _g_wwww)) vec_t<T, 4, false> wwww;
  __declspec(property(get = _g_wwww)) vec_t<T, 4, false> aaaa;
};

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
enum IngotMslBuiltin { ingot_thread_position_in_grid, ingot_thread_position_in_threadgroup, ingot_threadgroup_position_in_grid, ingot_threads_per_threadgroup, ingot_threadgroups_per_grid, ingot_threads_per_grid, ingot_thread_index_in_threadgroup, ingot_thread_index_in_simdgroup, ingot_simdgroup_index_in_threadgroup, ingot_threads_per_simdgroup, ingot_simdgroups_per_threadgroup, ingot_builtin_count }; enum IngotMslSync { ingot_sync_threadgroup, ingot_sync_simdgroup }; struct IngotMslSimd { unsigned char bank[2][32][32]; unsigned mask[2]; unsigned round; }; struct IngotMslThread { unsigned builtin[ingot_builtin_count][3]; void* const* buffers; void* const* threadgroup; IngotMslSimd* simd; void (*sync)(IngotMslThread*, int); void* runner; };

namespace metal {
enum memory_order {
  memory_order_relaxed,
  memory_order_acquire,
  memory_order_release,
  memory_order_acq_rel,
  memory_order_seq_cst
};
template <class T> struct atomic {
  typedef T value_type;
  T value;
};
typedef atomic<int> atomic_int;
typedef atomic<uint> atomic_uint;
typedef atomic<bool> atomic_bool;
typedef atomic<ulong> atomic_ulong;
typedef atomic<float> atomic_float;

template <class T> inline T* atomic_address(volatile atomic<T>* object) {
  return const_cast<T*>(&object->value);
}
template <class T>
inline void atomic_store_explicit(volatile atomic<T>* object,
                                  typename atomic<T>::value_type desired, memory_order) {
  __atomic_store(atomic_address(object), &desired, __ATOMIC_SEQ_CST);
}
template <class T> inline T atomic_load_explicit(volatile atomic<T>* object, memory_order) {
  T value;
  __atomic_load(atomic_address(object), &value, __ATOMIC_SEQ_CST);
  return value;
}
template <class T>
inline T atomic_exchange_explicit(volatile atomic<T>* object,
                                  typename atomic<T>::value_type desired, memory_order) {
  T old;
  __atomic_exchange(atomic_address(object), &desired, &old, __ATOMIC_SEQ_CST);
  return old;
}
template <class T>
inline bool atomic_compare_exchange_weak_explicit(volatile atomic<T>* object, T* expected,
                                                  typename atomic<T>::value_type desired,
                                                  memory_order, memory_order) {
  return __atomic_compare_exchange(atomic_address(object), expected, &desired, false,
                                   __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
template <class T>
inline bool atomic_compare_exchange_strong_explicit(volatile atomic<T>* object, T* expected,
                                                    typename atomic<T>::value_type desired,
                                                    memory_order success, memory_order failure) {
  return atomic_compare_exchange_weak_explicit(object, expected, desired, success, failure);
}
// Read-modify-write through compare-and-swap: works for float as for the integers.
template <class T, class F> inline T atomic_update(volatile atomic<T>* object, F f) {
  T old = atomic_load_explicit(object, memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(object, &old, f(old), memory_order_relaxed,
                                                memory_order_relaxed)) {
  }
  return old;
}
#define INGOT_ATOMIC_RMW(name, expr)                                                   \
  template <class T>                                                                 \
  inline T atomic_fetch_##name##_explicit(volatile atomic<T>* object,                \
                                          typename atomic<T>::value_type operand,    \
                                          memory_order) {                            \
    return atomic_update(object, [operand](T old) { return (T)(expr); });            \
  }
INGOT_ATOMIC_RMW(add, old + operand)
INGOT_ATOMIC_RMW(sub, old - operand)
INGOT_ATOMIC_RMW(and, old & operand)
INGOT_ATOMIC_RMW(or, old | operand)
INGOT_ATOMIC_RMW(xor, old ^ operand)
INGOT_ATOMIC_RMW(min, operand < old ? operand : old)
INGOT_ATOMIC_RMW(max, old < operand ? operand : old)
#undef INGOT_ATOMIC_RMW
inline void atomic_thread_fence(int, memory_order) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
}  // namespace metal

namespace ingot_msl {
inline thread_local IngotMslThread* current;

// Yields to the group's other fibers until the synchronization completes.
inline void sync(int kind) {
  IngotMslThread* self = current;
  self->sync(self, kind);
  current = self;  // the other fibers of this host thread set it meanwhile
}

// The values every active lane of the simdgroup passed.
template <class T> struct lanes {
  const unsigned char (*bank)[32];
  unsigned mask;
  unsigned lane;
  bool active(unsigned l) const { return l < 32 && (mask >> l & 1u); }
  T operator[](unsigned l) const {
    T v;
    __builtin_memcpy(&v, bank[l], sizeof(T));
    return v;
  }
  unsigned first() const { return __builtin_ctz(mask); }
};
template <class T> inline lanes<T> exchange(T value) {
  static_assert(sizeof(T) <= 32, "SIMD-group functions take values of at most 32 bytes");
  IngotMslThread* self = current;
  IngotMslSimd* simd = self->simd;
  unsigned bank = simd->round & 1u, lane = self->builtin[ingot_thread_index_in_simdgroup][0];
  __builtin_memcpy(simd->bank[bank][lane], &value, sizeof(T));
  sync(ingot_sync_simdgroup);
  return {simd->bank[bank], simd->mask[bank], lane};
}
// Combines the active lanes up to `end` (exclusive), in lane order; `init` when none.
template <class T, class F> inline T fold(const lanes<T>& l, unsigned end, T init, F f) {
  T acc = init;
  for (unsigned i = 0; i < end; ++i)
    if (l.active(i)) acc = f(acc, l[i]);
  return acc;
}
}  // namespace ingot_msl

namespace metal {
enum class mem_flags {
  mem_none = 0,
  mem_device = 1,
  mem_threadgroup = 2,
  mem_texture = 4,
  mem_threadgroup_imageblock = 8,
  mem_object_data = 16
};
inline mem_flags operator|(mem_flags a, mem_flags b) { return mem_flags(int(a) | int(b)); }
inline void threadgroup_barrier(mem_flags) { ingot_msl::sync(ingot_sync_threadgroup); }
inline void simdgroup_barrier(mem_flags) { ingot_msl::sync(ingot_sync_simdgroup); }

#define INGOT_SIMD_FOLD(name, init, expr)                                              \
  template <class T> inline T name(T x) {                                            \
    auto l = ingot_msl::exchange(x);                                                 \
    return ingot_msl::fold(l, 32, T(init), [](T a, T b) { return expr; });           \
  }
INGOT_SIMD_FOLD(simd_sum, 0, a + b)
INGOT_SIMD_FOLD(simd_product, 1, a * b)
INGOT_SIMD_FOLD(simd_and, ~T(0), a & b)
INGOT_SIMD_FOLD(simd_or, 0, a | b)
INGOT_SIMD_FOLD(simd_xor, 0, a ^ b)
#undef INGOT_SIMD_FOLD
template <class T> inline T simd_max(T x) {
  auto l = ingot_msl::exchange(x);
  return ingot_msl::fold(l, 32, l[l.first()], [](T a, T b) { return max(a, b); });
}
template <class T> inline T simd_min(T x) {
  auto l = ingot_msl::exchange(x);
  return ingot_msl::fold(l, 32, l[l.first()], [](T a, T b) { return min(a, b); });
}
template <class T> inline T simd_prefix_exclusive_sum(T x) {
  auto l = ingot_msl::exchange(x);
  return ingot_msl::fold(l, l.lane, T(0), [](T a, T b) { return a + b; });
}
template <class T> inline T simd_prefix_inclusive_sum(T x) {
  auto l = ingot_msl::exchange(x);
  return ingot_msl::fold(l, l.lane + 1, T(0), [](T a, T b) { return a + b; });
}
template <class T> inline T simd_prefix_exclusive_product(T x) {
  auto l = ingot_msl::exchange(x);
  return ingot_msl::fold(l, l.lane, T(1), [](T a, T b) { return a * b; });
}
template <class T> inline T simd_prefix_inclusive_product(T x) {
  auto l = ingot_msl::exchange(x);
  return ingot_msl::fold(l, l.lane + 1, T(1), [](T a, T b) { return a * b; });
}
inline bool simd_all(bool x) { return simd_and(uint(x)) != 0; }
inline bool simd_any(bool x) { return simd_or(uint(x)) != 0; }
// A lane reads `source`'s value; an inactive or absent source leaves its own.
template <class T> inline T simd_shuffle_from(T x, unsigned source) {
  auto l = ingot_msl::exchange(x);
  return l.active(source) ? l[source] : x;
}
template <class T> inline T simd_shuffle(T x, ushort lane) { return simd_shuffle_from(x, lane); }
template <class T> inline T simd_broadcast(T x, ushort lane) { return simd_shuffle_from(x, lane); }
template <class T> inline T simd_shuffle_xor(T x, ushort mask) {
  return simd_shuffle_from(x, ingot_msl::current->builtin[ingot_thread_index_in_simdgroup][0] ^ mask);
}
template <class T> inline T simd_shuffle_down(T x, ushort delta) {
  return simd_shuffle_from(x, ingot_msl::current->builtin[ingot_thread_index_in_simdgroup][0] + delta);
}
template <class T> inline T simd_shuffle_up(T x, ushort delta) {
  unsigned lane = ingot_msl::current->builtin[ingot_thread_index_in_simdgroup][0];
  return simd_shuffle_from(x, lane >= delta ? lane - delta : 32u);
}
template <class T> inline T simd_shuffle_rotate_down(T x, ushort delta) {
  return simd_shuffle_from(x, (ingot_msl::current->builtin[ingot_thread_index_in_simdgroup][0] + delta) % 32u);
}
template <class T> inline T simd_shuffle_rotate_up(T x, ushort delta) {
  return simd_shuffle_from(x, (ingot_msl::current->builtin[ingot_thread_index_in_simdgroup][0] + 32u - delta % 32u) % 32u);
}
template <class T> inline T simd_broadcast_first(T x) {
  auto l = ingot_msl::exchange(x);
  return l[l.first()];
}
inline bool simd_is_first() {
  auto l = ingot_msl::exchange(0);
  return l.lane == l.first();
}

// simdgroup matrices, row-major; every thread of the simdgroup holds the whole matrix.
template <class T, int Cols, int Rows> struct simdgroup_matrix {
  T e[Rows][Cols];
  simdgroup_matrix() = default;
  explicit simdgroup_matrix(T diagonal) {
    for (int r = 0; r < Rows; ++r)
      for (int c = 0; c < Cols; ++c) e[r][c] = r == c ? diagonal : T(0);
  }
};
typedef simdgroup_matrix<float, 8, 8> simdgroup_float8x8;
typedef simdgroup_matrix<half, 8, 8> simdgroup_half8x8;
typedef simdgroup_matrix<bfloat, 8, 8> simdgroup_bfloat8x8;
template <class T, int Cols, int Rows>
inline simdgroup_matrix<T, Cols, Rows> make_filled_simdgroup_matrix(T value) {
  simdgroup_matrix<T, Cols, Rows> m;
  for (int r = 0; r < Rows; ++r)
    for (int c = 0; c < Cols; ++c) m.e[r][c] = value;
  return m;
}
// Element (r, c) is at src[(origin.y + r) * elements_per_row + origin.x + c], or at
// (c, r) when transposed.
template <class T, int Cols, int Rows, class U>
inline void simdgroup_load(simdgroup_matrix<T, Cols, Rows>& d, const U* src,
                           ulong elements_per_row = Cols, ulong2 matrix_origin = ulong2(0),
                           bool transpose_matrix = false) {
  const U* base = src + matrix_origin.y * elements_per_row + matrix_origin.x;
  for (int r = 0; r < Rows; ++r)
    for (int c = 0; c < Cols; ++c)
      d.e[r][c] = T(transpose_matrix ? base[c * elements_per_row + r]
                                     : base[r * elements_per_row + c]);
}
template <class T, int Cols, int Rows, class U>
inline void simdgroup_store(const simdgroup_matrix<T, Cols, Rows>& a, U* dst,
                            ulong elements_per_row = Cols, ulong2 matrix_origin = ulong2(0),
                            bool transpose_matrix = false) {
  U* base = dst + matrix_origin.y * elements_per_row + matrix_origin.x;
  for (int r = 0; r < Rows; ++r)
    for (int c = 0; c < Cols; ++c)
      (transpose_matrix ? base[c * elements_per_row + r] : base[r * elements_per_row + c]) =
          U(a.e[r][c]);
}
// d = a * b + c, each sum accumulated in float.
template <class TD, class TA, class TB, class TC, int M, int N, int K>
inline void simdgroup_multiply_accumulate(simdgroup_matrix<TD, N, M>& d,
                                          const simdgroup_matrix<TA, K, M>& a,
                                          const simdgroup_matrix<TB, N, K>& b,
                                          const simdgroup_matrix<TC, N, M>& c) {
  simdgroup_matrix<TD, N, M> r;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float sum = float(c.e[i][j]);
      for (int k = 0; k < K; ++k) sum = __builtin_fmaf(float(a.e[i][k]), float(b.e[k][j]), sum);
      r.e[i][j] = TD(sum);
    }
  d = r;
}
template <class TD, class TA, class TB, int M, int N, int K>
inline void simdgroup_multiply(simdgroup_matrix<TD, N, M>& d, const simdgroup_matrix<TA, K, M>& a,
                               const simdgroup_matrix<TB, N, K>& b) {
  simdgroup_multiply_accumulate(d, a, b, make_filled_simdgroup_matrix<TD, N, M>(TD(0)));
}
}  // namespace metal

extern "C" unsigned long ingot_msl_tg_bytes[];
namespace ingot_msl {
template <int I> struct buffer_arg {};
template <int I> struct threadgroup_arg {};
template <int B> struct builtin_arg {};
template <class P> inline P bind(void* p) {
  if constexpr (metal::is_pointer_v<P>) {
    return (P)p;
  } else {
    return *(typename metal::remove_reference<P>::type*)p;
  }
}
template <class P, int I> inline P get(buffer_arg<I>, IngotMslThread* t) {
  return bind<P>(t->buffers[I]);
}
template <class P, int I> inline P get(threadgroup_arg<I>, IngotMslThread* t) {
  return bind<P>(t->threadgroup[I]);
}
template <class P, int B> inline P get(builtin_arg<B>, IngotMslThread* t) {
  typedef metal::remove_cv_t<typename metal::remove_reference<P>::type> V;
  const unsigned* v = t->builtin[B];
  if constexpr (metal::is_vec_v<V>) {
    V r;
    for (int i = 0; i < V::size; ++i) r[i] = (typename V::value_type)v[i];
    return r;
  } else {
    return (V)v[0];
  }
}
template <class... K, class R, class... P> inline void call(R (*f)(P...), IngotMslThread* t) {
  static_assert(sizeof...(K) == sizeof...(P), "a kernel parameter without binding");
  f(get<P>(K{}, t)...);
}
// Every thread of the group in turn (kernels that never synchronize).
template <class... K, class F> inline void run_group(F f, IngotMslThread* t) {
  const unsigned* n = t->builtin[ingot_threads_per_threadgroup];
  const unsigned* g = t->builtin[ingot_threadgroup_position_in_grid];
  unsigned* local = t->builtin[ingot_thread_position_in_threadgroup];
  unsigned* global = t->builtin[ingot_thread_position_in_grid];
  unsigned index = 0;
  for (unsigned z = 0; z < n[2]; ++z)
    for (unsigned y = 0; y < n[1]; ++y)
      for (unsigned x = 0; x < n[0]; ++x, ++index) {
        local[0] = x, local[1] = y, local[2] = z;
        global[0] = g[0] * n[0] + x, global[1] = g[1] * n[1] + y, global[2] = g[2] * n[2] + z;
        t->builtin[ingot_thread_index_in_threadgroup][0] = index;
        t->builtin[ingot_thread_index_in_simdgroup][0] = index % 32u;
        t->builtin[ingot_simdgroup_index_in_threadgroup][0] = index / 32u;
        call<K...>(f, t);
      }
}
// Adds a threadgroup array of a kernel to the kernel's static threadgroup bytes when the
// library is loaded.
template <int Kernel, int Index, unsigned long Bytes> struct threadgroup_array {
  static inline int counted = (ingot_msl_tg_bytes[Kernel] += (Bytes + 15) / 16 * 16, 0);
};
}  // namespace ingot_msl
#define INGOT_MSL_THREADGROUP(kernel, index, name) \
  (void)::ingot_msl::threadgroup_array<kernel, index, sizeof(name)>::counted;

// MSL's address spaces and function qualifier: nothing in C++.
#define kernel
#define device
#define constant
#define threadgroup
#define threadgroup_imageblock
#define thread
