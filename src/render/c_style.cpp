// The one C-style renderer: walks the linear IR and spells each instruction through the
// target's language table.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <set>

#include "ingot/error.hpp"
#include "render/c_literals.hpp"
#include "render/c_types.hpp"
#include "render/language.hpp"

namespace ingot::render {

const LanguageTable& language_c();
const LanguageTable& language_opencl();
const LanguageTable& language_cuda();
const LanguageTable& language_metal();

const LanguageTable& language(const std::string& name) {
  if (name == "c") return language_c();
  if (name == "opencl") return language_opencl();
  if (name == "cuda") return language_cuda();
  if (name == "metal") return language_metal();
  throw Error("render: no language table named '" + name + "' (available: c, opencl, cuda, metal)");
}

std::string scalar_name(int i) { return fmt::format("s{}", i); }

namespace {

// Operations spelled as a math function call (the table adds the type suffix).
const std::map<Op, std::string> kMath = {{Op::Exp, "exp"},   {Op::Exp2, "exp2"}, {Op::Log, "log"},
                                         {Op::Log2, "log2"}, {Op::Sin, "sin"},   {Op::Cos, "cos"},
                                         {Op::Tanh, "tanh"}, {Op::Sqrt, "sqrt"}, {Op::Pow, "pow"}};

// Operations spelled as a C infix operator.
const std::map<Op, std::string> kInfix = {
    {Op::Add, "+"},   {Op::Sub, "-"},    {Op::Mul, "*"},    {Op::Div, "/"}, {Op::Mod, "%"},
    {Op::CmpLt, "<"}, {Op::CmpEq, "=="}, {Op::CmpNe, "!="}, {Op::And, "&"}, {Op::Or, "|"},
    {Op::Xor, "^"},   {Op::Shl, "<<"},   {Op::Shr, ">>"}};

class Renderer {
 public:
  Renderer(const ir::Kernel& k, const LanguageTable& lang)
      : k_(k), lang_(lang), names_(k.insts.size()) {}

  std::string run() {
    find_accumulations();
    std::string body;
    int depth = lang_.close_loop.empty() ? 1 : 2;  // inside the CPU's loop, or the function
    for (size_t i = 0; i < k_.insts.size(); ++i) {
      const ir::Inst& in = k_.insts[i];
      std::string line = statement(static_cast<int>(i), in);
      if (in.op == ir::IOp::EndRange || in.op == ir::IOp::EndIf) --depth;
      if (!line.empty()) body += std::string(static_cast<size_t>(depth) * 2, ' ') + line + "\n";
      if (in.op == ir::IOp::Range || in.op == ir::IOp::If) ++depth;
    }
    std::string types;
    for (const auto& [dt, w] : vectors_) types += lang_.vector_typedef(dt, w);
    for (const auto& [dt, w] : math_vectors_)
      types += lang_.vector_math_functions(lang_.vector_type(dt, w, false),
                                           lang_.vector_type(DType::Int32, w, false));
    // Threadgroup arrays are declared at the kernel's outermost scope, as OpenCL and
    // Metal require.
    return lang_.prelude + types + lang_.open_kernel(k_, lang_) + locals_ + body +
           lang_.close_loop + (streamed_ ? lang_.stream_fence : "") + lang_.close_function;
  }

 private:
  // The scalar float sums that update an accumulator (acc = acc + x, then assigned back
  // to acc), which the language may reassociate.
  void find_accumulations() {
    for (const ir::Inst& in : k_.insts) {
      if (in.op != ir::IOp::Assign || lang_.reassociate.empty()) continue;
      const int acc = in.src[0], next = in.src[1];
      const ir::Inst& sum = k_.insts[next];
      if (k_.insts[acc].op == ir::IOp::DefineAcc && sum.op == ir::IOp::Alu && sum.alu == Op::Add &&
          sum.width == 1 && is_float(sum.dtype) && sum.src[0] == acc)
        accumulations_.insert(next);
    }
  }

  std::string type(const ir::Inst& in) {
    if (in.width == 1) return lang_.value_type(in.dtype);
    vectors_.insert({in.dtype, in.width});
    return lang_.vector_type(in.dtype, in.width, false);
  }

  const std::string& name(int i) const { return names_[i]; }

  std::string matrix_type(DType dt) {
    if (lang_.matrix_type.empty())
      throw Error("render: the " + lang_.name + " table has no SIMD-group matrices");
    return fmt::format(fmt::runtime(lang_.matrix_type), lang_.storage_type(dt), dtype_name(dt));
  }

  const std::string& async(const char* what, const std::string& spelling) const {
    if (spelling.empty())
      throw Error("render: the " + lang_.name + " table has no asynchronous " + what);
    return spelling;
  }

  const std::string& warpgroup(const char* what, const std::string& spelling) const {
    if (spelling.empty())
      throw Error("render: the " + lang_.name + " table has no warpgroup " + what);
    return spelling;
  }

  // A vector of `in`'s type with `scalar` in every lane.
  std::string splat(const ir::Inst& in, const std::string& scalar) {
    return fmt::format(fmt::runtime(lang_.vector_splat), type(in), scalar);
  }

  // The pointer to the instruction's buffer or threadgroup array.
  // A kernel buffer parameter's name, or a threadgroup array's.
  static std::string array_name(bool local, int buffer) {
    return fmt::format("{}{}", local ? "l" : "p", buffer);
  }
  static std::string pointer(const ir::Inst& in) { return array_name(in.local, in.buffer); }
  // The address of element `index` of the instruction's buffer or threadgroup array.
  static std::string memory(const ir::Inst& in, const std::string& index) {
    return fmt::format("{} + {}", pointer(in), index);
  }

  std::string load_expr(const ir::Inst& in, const std::string& index) {
    std::string p = pointer(in);
    if (in.local && in.width == 1) return fmt::format("{}[{}]", p, index);
    if (in.width > 1 && is_16bit_float(in.dtype))
      return half_vector(lang_.half_vector_load, in, index, "");
    if (in.width > 1) {
      vectors_.insert({in.dtype, in.width});
      bool aligned = in.aligned && !lang_.vector_load_aligned.empty();
      return fmt::format(fmt::runtime(aligned ? lang_.vector_load_aligned : lang_.vector_load),
                         lang_.vector_type(in.dtype, in.width, !aligned), p, index, in.width);
    }
    return from_storage(in.dtype, fmt::format("{}[{}]", p, index));
  }

  std::string half_vector(const std::string& form, const ir::Inst& in, const std::string& index,
                          const std::string& value) {
    if (form.empty())
      throw Error("render: the " + lang_.name + " table has no vector of " + dtype_name(in.dtype));
    vectors_.insert({in.dtype, in.width});
    return fmt::format(fmt::runtime(form), lang_.vector_type(in.dtype, in.width, false),
                       pointer(in), index, value, dtype_name(in.dtype), in.aligned);
  }

  std::string to_storage(DType dt, const std::string& v) {
    if (dt == DType::Float16) return "ingot_f2h(" + v + ")";
    if (dt == DType::BFloat16) return "ingot_f2b(" + v + ")";
    if (dt == DType::Bool) return "(" + lang_.storage_type(dt) + ")((" + v + ") != 0)";
    return v;
  }

  std::string from_storage(DType dt, const std::string& v) {
    if (dt == DType::Float16) return "ingot_h2f(" + v + ")";
    if (dt == DType::BFloat16) return "ingot_b2f(" + v + ")";
    // A bool is 0 or 1 in every kernel, whatever byte a buffer holds (host data, the
    // bytes of another type reinterpreted by bitcast): any nonzero byte is true.
    if (dt == DType::Bool) return "(" + v + " != 0)";
    return v;
  }

  // Float to integer saturates: NaN gives 0 and a value beyond the type's range its
  // nearest limit, where C, OpenCL C, CUDA C++ and MSL leave the conversion undefined
  // (CUDA's cvt.rzi.sat and OpenCL's convert_*_sat do the same). The bounds are powers of
  // two, exact in every float type; between them the conversion truncates, as C's does.
  std::string float_to_int(DType from, DType to, const std::string& x) {
    const int bits = static_cast<int>(dtype_size(to) * 8);
    const bool sign = is_signed_int(to);
    const DType held = from == DType::Float64 ? DType::Float64 : DType::Float32;
    const double lo = sign ? -std::ldexp(1.0, bits - 1) : 0.0,
                 hi = std::ldexp(1.0, sign ? bits - 1 : bits);
    auto literal = [&](int64_t v) {
      return const_literal({.op = ir::IOp::Const, .dtype = to, .value = {0, v}}, lang_);
    };
    const int64_t min = sign ? (bits == 64 ? INT64_MIN : -(int64_t{1} << (bits - 1))) : 0;
    const int64_t max =
        bits == 64 ? (sign ? INT64_MAX : -1) : (int64_t{1} << (sign ? bits - 1 : bits)) - 1;
    return fmt::format("({0} != {0} ? ({1})0 : {0} <= {2} ? {3} : {0} >= {4} ? {5} : ({1})({0}))",
                       x, lang_.value_type(to), float_literal(lo, held), literal(min),
                       float_literal(hi, held), literal(max));
  }

  std::string cast(DType from, DType to, const std::string& x) {
    if (to == DType::Bool) return "((" + x + ") != 0)";
    if (is_float(from) && is_int(to)) return float_to_int(from, to, x);
    if (is_16bit_float(to)) return from_storage(to, to_storage(to, "(float)(" + x + ")"));
    return "(" + lang_.value_type(to) + ")(" + x + ")";
  }

  // The language's vector form of math function `fn` for `in`'s vector type.
  std::string vector_math(const std::string& fn, const ir::Inst& in) {
    if (!lang_.vector_math) throw Error("render: the " + lang_.name + " table has no vector " + fn);
    math_vectors_.insert({in.dtype, in.width});
    vectors_.insert({DType::Int32, in.width});
    return lang_.vector_math(fn, type(in));
  }

  // Where `condition` (a vector of bools) picks lanes of `in`'s first operand, else of its
  // last: a where's, or an integer max's (whose operands are its only two).
  std::string vector_where(const ir::Inst& in, const std::string& condition) {
    // A lane mask of signed integers as wide as the values' lanes.
    const DType dt = in.dtype;
    size_t lane = is_float(dt) ? std::max<size_t>(4, dtype_size(dt)) : dtype_size(dt);
    DType mask = lane == 8   ? DType::Int64
                 : lane == 4 ? DType::Int32
                 : lane == 2 ? DType::Int16
                             : DType::Int8;
    vectors_.insert({mask, in.width});
    return fmt::format(fmt::runtime(lang_.vector_where), condition, name(in.src[in.src.size() - 2]),
                       name(in.src.back()), lang_.vector_type(mask, in.width, false));
  }

  // The comparison `lhs op rhs` of vectors of `width` lanes, as bools.
  std::string compare_lanes(const std::string& lhs, const std::string& op, const std::string& rhs,
                            int width) {
    if (lang_.vector_compare.empty())
      throw Error("render: the " + lang_.name + " table has no vector comparison");
    vectors_.insert({DType::Bool, width});
    return fmt::format(fmt::runtime(lang_.vector_compare), "(" + lhs + " " + op + " " + rhs + ")",
                       lang_.vector_type(DType::Bool, width, false));
  }

  // NaN-propagating max or min of scalars `a` and `b` of type `dt`.
  std::string min_max(bool max, DType dt, const std::string& a, const std::string& b) {
    if (is_float(dt))  // the prelude's helpers
      return fmt::format("ingot_{}{}({}, {})", max ? "max" : "min", dt == DType::Float64 ? "" : "f",
                         a, b);
    return fmt::format("({0} {2} {1} ? {0} : {1})", a, b, max ? ">" : "<");
  }

  std::string alu(const ir::Inst& in) {
    auto a = [&](int i) { return name(in.src[i]); };
    DType dt = in.dtype;
    DType operand = k_.insts[in.src[0]].dtype;
    // Narrow integer types promote to int in C: their results are cast back.
    auto narrow = [&](const std::string& s) {
      return in.width == 1 && is_int(dt) && dtype_size(dt) < 4
                 ? "(" + lang_.value_type(dt) + ")(" + s + ")"
                 : s;
    };
    if (auto fn = kMath.find(in.alu); fn != kMath.end()) {
      std::string args = a(0);
      for (size_t i = 1; i < in.src.size(); ++i) args += ", " + a(static_cast<int>(i));
      return (in.width > 1 ? vector_math(fn->second, in) : lang_.math(fn->second, dt)) + "(" +
             args + ")";
    }
    const bool compare = in.alu == Op::CmpLt || in.alu == Op::CmpEq || in.alu == Op::CmpNe;
    if (compare && in.width > 1) return compare_lanes(a(0), kInfix.at(in.alu), a(1), in.width);
    if (auto op = kInfix.find(in.alu); op != kInfix.end()) {
      // Unsigned 8- and 16-bit products would overflow the signed int they promote to.
      bool widen = in.alu == Op::Mul && is_unsigned_int(dt) && dtype_size(dt) < 4;
      std::string lhs = widen ? "(" + lang_.value_type(DType::UInt32) + ")" + a(0) : a(0),
                  rhs = widen ? "(" + lang_.value_type(DType::UInt32) + ")" + a(1) : a(1);
      return narrow("(" + lhs + " " + op->second + " " + rhs + ")");
    }
    switch (in.alu) {
      case Op::Neg:
        return narrow("(-" + a(0) + ")");
      case Op::Not:
        return "(!" + a(0) + ")";
      case Op::Recip:
        return "(" + std::string(dt == DType::Float64 ? "1.0" : "1.0f") + " / " + a(0) + ")";
      case Op::Cast:
        return cast(operand, dt, a(0));
      case Op::Bitcast:
        // Through the storage types, so half and bfloat16 reinterpret their 16 bits.
        return from_storage(dt,
                            fmt::format(fmt::runtime(lang_.bitcast), lang_.storage_type(dt),
                                        lang_.storage_type(operand), to_storage(operand, a(0))));
      case Op::Max:
      case Op::Min: {
        bool max = in.alu == Op::Max;
        if (in.width > 1 && !is_float(dt))
          return vector_where(in, compare_lanes(a(0), max ? ">" : "<", a(1), in.width));
        if (in.width > 1)
          return vector_math(max ? "max" : "min", in) + "(" + a(0) + ", " + a(1) + ")";
        return min_max(max, operand, a(0), a(1));
      }
      case Op::Where:
        if (in.width == 1) return "(" + a(0) + " ? " + a(1) + " : " + a(2) + ")";
        return vector_where(in, a(0));
      default:
        throw Error(std::string("render: no C spelling for ") + op_name(in.alu));
    }
  }

  std::string statement(int i, const ir::Inst& in) {
    std::string v = fmt::format("v{}", i);
    names_[i] = v;
    switch (in.op) {
      case ir::IOp::Const:
        names_[i] = const_literal(in, lang_);
        return "";
      case ir::IOp::GlobalIdx:
        names_[i] = fmt::format(fmt::runtime(lang_.global_id), in.dim, "xyz"[in.dim]);
        return "";
      case ir::IOp::GroupIdx:
        names_[i] = fmt::format(fmt::runtime(lang_.group_id), in.dim, "xyz"[in.dim]);
        return "";
      case ir::IOp::LocalIdx:
        names_[i] = fmt::format(fmt::runtime(lang_.local_id), in.dim, "xyz"[in.dim]);
        return "";
      case ir::IOp::Param:
        names_[i] = scalar_name(in.buffer);
        return "";
      case ir::IOp::DefineLocal:
        locals_ += "  " +
                   fmt::format(fmt::runtime(in.dynamic ? warpgroup("dynamic threadgroup memory",
                                                                   lang_.dynamic_local_decl)
                                                       : lang_.local_decl),
                               lang_.value_type(in.dtype), array_name(true, in.buffer), in.hi) +
                   "\n";
        return "";
      case ir::IOp::Barrier:
        return lang_.barrier;
      case ir::IOp::If:
        return fmt::format("if ({}) {{", name(in.src[0]));
      case ir::IOp::EndIf:
        return "}";
      case ir::IOp::MatZero: {
        std::string element = lang_.storage_type(in.dtype);
        return fmt::format(
            "{} {} = {};", matrix_type(in.dtype), v,
            fmt::format(fmt::runtime(lang_.matrix_zero), matrix_type(in.dtype), element));
      }
      case ir::IOp::MatLoad:
        return fmt::format("{} {}; ", matrix_type(in.dtype), v) +
               fmt::format(fmt::runtime(lang_.matrix_load), v, memory(in, name(in.src[0])), in.lo,
                           in.transposed, in.dim, in.local);
      case ir::IOp::MatMulAcc:
        return fmt::format(fmt::runtime(lang_.matrix_mma), name(in.src[0]), name(in.src[1]),
                           name(in.src[2]));
      case ir::IOp::MatStore:
        return fmt::format(fmt::runtime(lang_.matrix_store), name(in.src[1]),
                           memory(in, name(in.src[0])), in.lo, false);
      case ir::IOp::AsyncCopy: {
        const bool guarded = in.src.size() > 2;
        return fmt::format(
            fmt::runtime(async("copy", guarded ? lang_.async_copy_zero_fill : lang_.async_copy)),
            fmt::format("{} + {}", array_name(true, in.lo), name(in.src[0])),
            memory(in, name(in.src[1])), in.width * static_cast<int>(dtype_size(in.dtype)),
            guarded ? name(in.src[2]) : "");
      }
      case ir::IOp::AsyncCommit:
        return async("commit", lang_.async_commit);
      case ir::IOp::AsyncWait:
        return fmt::format(fmt::runtime(async("wait", lang_.async_wait)), in.hi);
      case ir::IOp::Wgmma:
        return fmt::format(fmt::runtime(warpgroup("matrix products", lang_.warpgroup_mma)),
                           name(in.src[0]), memory(in, name(in.src[1])),
                           memory(in, name(in.src[2])), in.hi, (in.dim & 1) != 0, (in.dim & 2) != 0,
                           dtype_name(in.dtype));
      case ir::IOp::WgmmaFence:
        return warpgroup("matrix products", lang_.warpgroup_fence);
      case ir::IOp::WgmmaCommit:
        return warpgroup("matrix products", lang_.warpgroup_commit);
      case ir::IOp::WgmmaWait:
        return fmt::format(fmt::runtime(warpgroup("matrix products", lang_.warpgroup_wait)), in.hi);
      case ir::IOp::AsyncProxyFence:
        return warpgroup("proxy fences", lang_.async_proxy_fence);
      case ir::IOp::ShuffleDown:
        if (lang_.shuffle_down.empty())
          throw Error("render: the " + lang_.name + " table has no SIMD-group shuffle");
        return fmt::format("{} {} = {};", type(in), v,
                           fmt::format(fmt::runtime(lang_.shuffle_down), name(in.src[0]), in.hi));
      case ir::IOp::Range:
        return fmt::format("{0}for ({1} {2} = {3}; {2} < {4}; {2}++) {{",
                           in.rolled ? lang_.rolled_loop : "", lang_.value_type(DType::Int64), v,
                           in.lo, in.hi);
      case ir::IOp::EndRange:
        return "}";
      case ir::IOp::Load: {
        std::string e = load_expr(in, name(in.src[0]));
        if (in.src.size() > 1)
          e = fmt::format("({} ? {} : {})", name(in.src[1]), e,
                          in.width > 1 ? splat(in, "0") : "0");
        return fmt::format("{} {} = {};", type(in), v, e);
      }
      case ir::IOp::Store: {
        const ir::Inst& val = k_.insts[in.src[1]];
        std::string p = pointer(in);
        if (in.local && in.width == 1)
          return fmt::format("{}[{}] = {};", p, name(in.src[0]), name(in.src[1]));
        if (in.width > 1 && is_16bit_float(in.dtype))
          return half_vector(lang_.half_vector_store, in, name(in.src[0]), name(in.src[1]));
        if (in.width > 1) {
          vectors_.insert({in.dtype, in.width});
          if (in.streaming && !lang_.stream_store.empty()) {
            streamed_ = true;
            return fmt::format(fmt::runtime(lang_.stream_store), name(in.src[1]),
                               lang_.vector_type(in.dtype, in.width, false),
                               fmt::format("{} + {}", p, name(in.src[0])));
          }
          bool aligned = in.aligned && !lang_.vector_store_aligned.empty();
          return fmt::format(
              fmt::runtime(aligned ? lang_.vector_store_aligned : lang_.vector_store),
              lang_.vector_type(in.dtype, in.width, !aligned), p, name(in.src[0]), in.width,
              name(in.src[1]));
        }
        std::string value =
            val.dtype == in.dtype ? name(in.src[1]) : cast(val.dtype, in.dtype, name(in.src[1]));
        return fmt::format("{}[{}] = {};", p, name(in.src[0]), to_storage(in.dtype, value));
      }
      case ir::IOp::Alu:
        if (accumulations_.count(i))
          return fmt::format("{0} {1}; {{ {2} {1} = {3}; }}", type(in), v, lang_.reassociate,
                             alu(in));
        return fmt::format("{} {} = {};", type(in), v, alu(in));
      case ir::IOp::DefineAcc: {
        ir::Inst c{.op = ir::IOp::Const, .dtype = in.dtype, .value = in.value};
        std::string init = const_literal(c, lang_);
        if (in.width > 1) init = splat(in, init);
        return fmt::format("{} {} = {};", type(in), v, init);
      }
      case ir::IOp::Assign:
        return fmt::format("{} = {};", name(in.src[0]), name(in.src[1]));
      case ir::IOp::Broadcast:
        return fmt::format("{} {} = {};", type(in), v, splat(in, name(in.src[0])));
      case ir::IOp::Gather: {
        std::string parts;
        for (size_t j = 0; j < in.src.size(); ++j) parts += (j ? ", " : "") + name(in.src[j]);
        return fmt::format("{} {} = {};", type(in), v,
                           fmt::format(fmt::runtime(lang_.vector_make), type(in), parts));
      }
      case ir::IOp::Lane:
        return fmt::format("{} {} = {};", type(in), v,
                           fmt::format(fmt::runtime(lang_.vector_lane), name(in.src[0]), in.hi));
      case ir::IOp::HReduce: {
        const ir::Inst& src = k_.insts[in.src[0]];
        auto lane_of = [&](int l) {
          return fmt::format(fmt::runtime(lang_.vector_lane), name(in.src[0]), l);
        };
        // One statement a lane: an integer max names its operands twice, so one nested
        // expression would double its text with every lane.
        std::string s = fmt::format("{} {} = {};", type(in), v, lane_of(0));
        for (int l = 1; l < src.width; ++l) {
          std::string lane = lane_of(l);
          s += fmt::format(" {} = {};", v,
                           in.alu == Op::Add   ? "(" + v + " + " + lane + ")"
                           : in.alu == Op::Mul ? "(" + v + " * " + lane + ")"
                                               : min_max(in.alu == Op::Max, in.dtype, v, lane));
        }
        return s;
      }
    }
    return "";
  }

  const ir::Kernel& k_;
  const LanguageTable& lang_;
  std::vector<std::string> names_;
  std::set<std::pair<DType, int>> vectors_;
  std::set<std::pair<DType, int>> math_vectors_;  // vector types the kernel's math is on
  std::set<int> accumulations_;                   // find_accumulations()
  std::string locals_;
  bool streamed_ = false;
};

}  // namespace

std::string render(const ir::Kernel& kernel, const LanguageTable& lang) {
  return Renderer(kernel, lang).run();
}

}  // namespace ingot::render
