// The MSL header, part 5: simdgroup matrices (8x8 float, half, bfloat). Metal requires
// every thread of the simdgroup to pass the same operands to a matrix function, so a
// library whose source never calls thread_elements() keeps each matrix whole in every
// thread and lets the simdgroup's first lane alone load, multiply and store it: the other
// 31 would repeat the same work with the same effect (a store writes the same values),
// and nothing lets them observe a matrix's elements. A library that calls
// thread_elements() (each thread sets or reads its two elements, in Apple's layout) runs
// its kernels in lock-step: a multiply exchanges each lane's elements of its operands
// (a call to await, as a SIMD-group function is), and a store writes each lane's own elements.
#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {

std::string msl_header_matrix() {
  return R"MSL(
// Defined by each library (msl_library.cpp): whether its source calls thread_elements().
extern "C" const bool ingot_msl_matrix_lanes;

namespace ingot_msl {
// Apple's layout: lane l holds elements (row, col) and (row, col + 1) of an 8x8 matrix.
inline unsigned matrix_row(unsigned l) { return ((l / 4) & 4) + (l / 2) % 4; }
inline unsigned matrix_col(unsigned l) { return ((l / 4) & 2) * 2 + (l % 2) * 2; }
// Whether this thread does a matrix function's work: every lane when lanes hold their
// own elements, else the first lane for the simdgroup.
inline bool matrix_worker() { return ingot_msl_matrix_lanes || simd_lane() == 0; }
}  // namespace ingot_msl

namespace metal {
// Row-major; whole in each thread (see above for which elements hold meaning).
template <class T, int Cols, int Rows> struct alignas(16) simdgroup_matrix {
  static_assert(Cols == 8 && Rows == 8, "simdgroup matrices are 8x8");
  T e[Rows][Cols];
  simdgroup_matrix() = default;
  explicit simdgroup_matrix(T diagonal) {
    for (int r = 0; r < Rows; ++r)
      for (int c = 0; c < Cols; ++c) e[r][c] = r == c ? diagonal : T(0);
  }
  // This thread's two elements.
  vec<T, 2>& thread_elements() {
    unsigned lane = ingot_msl::simd_lane();
    return *reinterpret_cast<vec<T, 2>*>(&e[ingot_msl::matrix_row(lane)][ingot_msl::matrix_col(lane)]);
  }
  const vec<T, 2>& thread_elements() const {
    return const_cast<simdgroup_matrix*>(this)->thread_elements();
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
  if (!ingot_msl::matrix_worker()) return;
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
  if (!ingot_msl::matrix_worker()) return;
  U* base = dst + matrix_origin.y * elements_per_row + matrix_origin.x;
  unsigned lane = ingot_msl::simd_lane();
  for (int r = 0; r < Rows; ++r)
    for (int c = 0; c < Cols; ++c) {
      if (ingot_msl_matrix_lanes &&
          (r != int(ingot_msl::matrix_row(lane)) || c / 2 != int(ingot_msl::matrix_col(lane) / 2)))
        continue;
      (transpose_matrix ? base[c * elements_per_row + r] : base[r * elements_per_row + c]) =
          U(a.e[r][c]);
    }
}

namespace detail {
// d = a * b + c over whole matrices, each sum accumulated in float, a row of d at a time
// (the inner loop runs along contiguous rows and vectorizes). Called, not inlined: inlined
// into a kernel's loop, clang keeps the accumulator in registers in a shuffled layout and
// spends more on the shuffles than on the multiply; hidden, so the call is direct.
template <class TD, class TA, class TB, class TC>
__attribute__((noinline, visibility("hidden"))) void multiply_accumulate(simdgroup_matrix<TD, 8, 8>& d, const simdgroup_matrix<TA, 8, 8>& a,
                                const simdgroup_matrix<TB, 8, 8>& b,
                                const simdgroup_matrix<TC, 8, 8>& c) {
  float bf[8][8];
  for (int k = 0; k < 8; ++k)
    for (int j = 0; j < 8; ++j) bf[k][j] = float(b.e[k][j]);
  for (int i = 0; i < 8; ++i) {
    float row[8];
    for (int j = 0; j < 8; ++j) row[j] = float(c.e[i][j]);
    for (int k = 0; k < 8; ++k) {
      float aik = float(a.e[i][k]);
      for (int j = 0; j < 8; ++j) row[j] += aik * bf[k][j];  // fused (-ffp-contract=fast)
    }
    for (int j = 0; j < 8; ++j) d.e[i][j] = TD(row[j]);
  }
}
// Each lane's two elements of the operands, exchanged so that every lane sees them all.
template <class TA, class TB, class TC> struct lane_elements {
  vec<TA, 2> a;
  vec<TB, 2> b;
  vec<TC, 2> c;
};
}  // namespace detail

}  // namespace metal

namespace ingot_msl::co {
// d = a * b + c where lanes hold their own elements: a call to await (a lane run as a
// coroutine awaits it, a fiber completes it at once), which exchanges each lane's two
// elements of the operands so that every lane multiplies the whole matrices.
template <class TD, class TA, class TB, class TC>
inline auto simdgroup_multiply_accumulate(metal::simdgroup_matrix<TD, 8, 8>& d,
                                          const metal::simdgroup_matrix<TA, 8, 8>& a,
                                          const metal::simdgroup_matrix<TB, 8, 8>& b,
                                          const metal::simdgroup_matrix<TC, 8, 8>& c) {
  typedef metal::detail::lane_elements<TA, TB, TC> elements;
  return exchange(elements{a.thread_elements(), b.thread_elements(), c.thread_elements()},
                  [out = &d](const lanes<elements>& all) {
                    metal::simdgroup_matrix<TA, 8, 8> wa;
                    metal::simdgroup_matrix<TB, 8, 8> wb;
                    metal::simdgroup_matrix<TC, 8, 8> wc;
                    for (unsigned l = 0; l < 32; ++l) {
                      elements part = all[l];
                      unsigned r = matrix_row(l), col = matrix_col(l);
                      for (unsigned i = 0; i < 2; ++i)
                        wa.e[r][col + i] = part.a[i], wb.e[r][col + i] = part.b[i],
                                  wc.e[r][col + i] = part.c[i];
                    }
                    metal::detail::multiply_accumulate(*out, wa, wb, wc);
                  });
}
template <class TD, class TA, class TB>
inline auto simdgroup_multiply(metal::simdgroup_matrix<TD, 8, 8>& d,
                               const metal::simdgroup_matrix<TA, 8, 8>& a,
                               const metal::simdgroup_matrix<TB, 8, 8>& b) {
  return simdgroup_multiply_accumulate(d, a, b,
                                       metal::make_filled_simdgroup_matrix<TD, 8, 8>(TD(0)));
}
}  // namespace ingot_msl::co

namespace metal {
// d = a * b + c, each sum accumulated in float. Always inlined, so that the lanes with no
// work to do (all but the first, where lanes do not hold their own elements) test their
// lane in the caller's loop instead of calling through the library's PLT (the call and its
// thread-local look-up, 31 lanes a multiply, took about as long as the multiplies).
template <class TD, class TA, class TB, class TC>
__attribute__((always_inline)) inline void simdgroup_multiply_accumulate(simdgroup_matrix<TD, 8, 8>& d,
                                          const simdgroup_matrix<TA, 8, 8>& a,
                                          const simdgroup_matrix<TB, 8, 8>& b,
                                          const simdgroup_matrix<TC, 8, 8>& c) {
  if (ingot_msl_matrix_lanes) {
    ingot_msl::co::simdgroup_multiply_accumulate(d, a, b, c).now();
  } else if (ingot_msl::simd_lane() == 0) {
    detail::multiply_accumulate(d, a, b, c);
  }
}
template <class TD, class TA, class TB>
__attribute__((always_inline)) inline void simdgroup_multiply(
    simdgroup_matrix<TD, 8, 8>& d, const simdgroup_matrix<TA, 8, 8>& a,
    const simdgroup_matrix<TB, 8, 8>& b) {
  simdgroup_multiply_accumulate(d, a, b, make_filled_simdgroup_matrix<TD, 8, 8>(TD(0)));
}
}  // namespace metal
)MSL";
}

}  // namespace ingot::metal_emulator
