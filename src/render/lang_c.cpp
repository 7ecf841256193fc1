// The C language table (the CPU backend): C11 with the GNU vector extension, compiled
// by clang or gcc.
#include <fmt/format.h>

#include "render/c_math.hpp"
#include "render/c_types.hpp"
#include "render/language.hpp"
#include "render/prelude.hpp"

namespace ingot::render {
namespace {

// The C prelude: the compiler's own _Float16 where it has one, else the shared
// integer conversions.
std::string prelude() {
  return std::string(R"(#include <math.h>
#include <stdint.h>
#include <string.h>
#define INGOT_FN static inline
static inline float ingot_as_float(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t ingot_as_uint(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
#if defined(__FLT16_MANT_DIG__)
static inline float ingot_h2f(uint16_t h) { _Float16 x; memcpy(&x, &h, 2); return (float)x; }
static inline uint16_t ingot_f2h(float f) { _Float16 x = (_Float16)f; uint16_t h; memcpy(&h, &x, 2); return h; }
#else
)") + kSoftwareHalf +
         R"(#endif
#if defined(__clang__)
#define INGOT_STREAM(v, p) __builtin_nontemporal_store(v, p)
#define INGOT_WIDE __attribute__((min_vector_width(512)))
#else
#define INGOT_STREAM(v, p) (*(p) = (v))
#define INGOT_WIDE
#endif
)" + kFloatHelpers +
         kDoubleHelpers + c_float_math();
}

// float32 exp, exp2, log, log2 and tanh are the prelude's (c_math.hpp), which clang
// vectorizes where libm's calls stay one element at a time.
std::string math(const std::string& fn, DType dt) {
  bool own = fn == "exp" || fn == "exp2" || fn == "log" || fn == "log2" || fn == "tanh";
  return own && dt != DType::Float64 ? "ingot_" + fn + "_f" : c_math(fn, dt);
}

std::string vector_math(const std::string& fn, const std::string& vector) {
  return "ingot_" + fn + "_" + vector;
}

// 16-bit floats are vectors of float32 lanes named after their type (halfx16,
// bhalfx16), so that the kernel's loads and stores of them go through their helpers.
std::string vector_type(DType dt, int width, bool unaligned) {
  std::string lane = dt == DType::Float16    ? "half"
                     : dt == DType::BFloat16 ? "bhalf"
                                             : c_value_type(dt);
  return fmt::format("{}x{}{}", lane, width, unaligned ? "_u" : "");
}

// The float32 vector of a 16-bit float type, and its load and store helpers: float16
// converts lanes at once where the compiler has _Float16 (rounding to nearest even, as
// ingot_f2h does), else lane by lane; bfloat16 widens its bits by a shift, and rounds
// lane by lane through ingot_f2b (NaNs kept quiet).
std::string half_vector_typedef(DType dt, int width) {
  const std::string v = vector_type(dt, width, false);
  std::string s = fmt::format(
      "typedef float {0} __attribute__((vector_size({1})));\n"
      "typedef uint16_t {0}_bits __attribute__((vector_size({2}), aligned(2)));\n",
      v, width * 4, width * 2);
  if (dt == DType::BFloat16)
    return s + fmt::format(
                   "typedef uint32_t {0}_wide __attribute__((vector_size({1})));\n"
                   "INGOT_FN {0} ingot_load_{0}(const uint16_t* p) {{ {0}_bits b; memcpy(&b, p, "
                   "sizeof b); {0}_wide w = __builtin_convertvector(b, {0}_wide) << 16; {0} f; "
                   "memcpy(&f, &w, sizeof f); return f; }}\n"
                   "INGOT_FN void ingot_store_{0}(uint16_t* p, {0} v) {{ for (int i = 0; i < {2}; "
                   "i++) p[i] = ingot_f2b(v[i]); }}\n",
                   v, width * 4, width);
  return s + fmt::format(
                 "#if defined(__FLT16_MANT_DIG__)\n"
                 "typedef _Float16 {0}_h __attribute__((vector_size({1}), aligned(2)));\n"
                 "INGOT_FN {0} ingot_load_{0}(const uint16_t* p) {{ {0}_h h; memcpy(&h, p, "
                 "sizeof h); return __builtin_convertvector(h, {0}); }}\n"
                 "INGOT_FN void ingot_store_{0}(uint16_t* p, {0} v) {{ {0}_h h = "
                 "__builtin_convertvector(v, {0}_h); memcpy(p, &h, sizeof h); }}\n"
                 "#else\n"
                 "INGOT_FN {0} ingot_load_{0}(const uint16_t* p) {{ {0} v; for (int i = 0; i < "
                 "{2}; i++) v[i] = ingot_h2f(p[i]); return v; }}\n"
                 "INGOT_FN void ingot_store_{0}(uint16_t* p, {0} v) {{ for (int i = 0; i < {2}; "
                 "i++) p[i] = ingot_f2h(v[i]); }}\n"
                 "#endif\n",
                 v, width * 2, width);
}

std::string vector_typedef(DType dt, int width) {
  if (is_16bit_float(dt)) return half_vector_typedef(dt, width);
  std::string t = c_value_type(dt);
  size_t bytes = static_cast<size_t>(width) * dtype_size(dt);
  return fmt::format(
      "typedef {0} {1} __attribute__((vector_size({3})));\n"
      "typedef {0} {2} __attribute__((vector_size({3}), aligned({4})));\n",
      t, vector_type(dt, width, false), vector_type(dt, width, true), bytes, dtype_size(dt));
}

std::string open_kernel(const ir::Kernel& k, const LanguageTable& lang) {
  // A register tile of several vectors (ir::Kernel::wide_vectors) keeps 64-byte vectors
  // whole where -march=native prefers 32-byte ones (AVX-512 Xeons): one core's 1000x999 @
  // 999x1001 tile loop 72 -> 146 GFLOP/s; elsewhere the preference stands (sums over rows
  // ran 1.4x slower on 64-byte vectors there).
  std::string s = fmt::format(
      "{}void {}(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, "
      "int64_t end) {{\n  (void)iargs; (void)fargs;\n",
      k.wide_vectors ? "INGOT_WIDE " : "", k.name);
  for (size_t i = 0; i < k.buffers.size(); ++i) {
    std::string t = lang.storage_type(k.buffers[i].dtype);
    std::string c = k.buffers[i].output ? "" : "const ";
    s += fmt::format("  {1}{0}* restrict p{2} = ({1}{0}*)bufs[{2}];\n", t, c, i);
  }
  // The CPU passes Int scalars in iargs and Float ones (as double) in fargs, each in order.
  int ints = 0, floats = 0;
  for (size_t i = 0; i < k.scalars.size(); ++i) {
    const bool is_int = k.scalars[i].dtype == DType::Int64;
    s += fmt::format("  const {} {} = ({}){}[{}];\n", lang.value_type(k.scalars[i].dtype),
                     scalar_name(static_cast<int>(i)), lang.value_type(k.scalars[i].dtype),
                     is_int ? "iargs" : "fargs", is_int ? ints++ : floats++);
  }
  return s + "  for (int64_t gidx = start; gidx < end; gidx++) {\n";
}

}  // namespace

const LanguageTable& language_c() {
  static const LanguageTable table{
      .name = "c",
      .prelude = prelude(),
      .open_kernel = open_kernel,
      .close_loop = "  }\n",
      .close_function = "}\n",
      .stream_store = "INGOT_STREAM({0}, ({1}*)({2}));",
      .stream_fence = "  __atomic_thread_fence(__ATOMIC_SEQ_CST);\n",
      .global_id = "gidx",
      // Threadgroup arrays of KernelBuilder's kernels, which the CPU runs one group an
      // iteration (codegen/host_threads.hpp): arrays of the iteration.
      .local_decl = "{0} {1}[{2}];",
      .int64_suffix = "LL",
      // clang's; gcc ignores it.
      .reassociate = "_Pragma(\"clang fp reassociate(on)\")",
      .vector_load = "*(const {0}*)({1} + {2})",
      .vector_store = "*({0}*)({1} + {2}) = {4};",
      .half_vector_load = "ingot_load_{0}({1} + {2})",
      .half_vector_store = "ingot_store_{0}({1} + {2}, {3});",
      .vector_make = "({0}){{{1}}}",
      // x - 0 is x for every x (0 + x is not: -0 + 0 is +0), so the compiler drops the
      // subtraction and a splat costs one broadcast.
      .vector_splat = "({1}) - ({0}){{0}}",
      .vector_lane = "{0}[{1}]",
      // C has no ?: on vectors (C++ and OpenCL do): the condition's lanes widen to a mask
      // of all ones or zeros, which selects the bits of either operand.
      .vector_where =
          "({{ {3} m_ = -__builtin_convertvector({0}, {3}); "
          "(__typeof__({1}))((m_ & ({3}){1}) | (~m_ & ({3}){2})); }})",
      // A comparison's lanes of -1 or 0 as bools of 1 or 0.
      .vector_compare = "__builtin_convertvector(-{0}, {1})",
      .bitcast = "({{ {1} s_ = {2}; {0} d_; memcpy(&d_, &s_, sizeof d_); d_; }})",
      .storage_type = c_storage_type,
      .value_type = c_value_type,
      .vector_type = vector_type,
      .vector_typedef = vector_typedef,
      .math = math,
      .vector_math = vector_math,
      .vector_math_functions = c_float_vector_math,
  };
  return table;
}

}  // namespace ingot::render
