// The program generator. It builds a program step by step and evaluates the reference as
// it goes, so every choice sees the shapes and types of the values it picks from. Choices
// lean toward what breaks compilers: sizes 0, 1, primes and powers of two; ranks 0 to 5;
// every dtype; views of views; values that feed two consumers; NaN, infinities and -0.
#include "fuzz/generate.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "fuzz/evaluate.hpp"
#include "support/reference.hpp"

namespace fuzz {
namespace {

constexpr DType kDTypes[] = {DType::Float32, DType::Float16, DType::BFloat16, DType::Float64,
                             DType::Int32,   DType::Int64,   DType::Int8,     DType::Int16,
                             DType::UInt8,   DType::UInt16,  DType::UInt32,   DType::UInt64,
                             DType::Bool};
constexpr double kDTypeWeights[] = {30, 8, 7, 7, 10, 6, 5, 4, 5, 3, 3, 2, 8};

constexpr int64_t kDims[] = {0, 1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 32, 64};
constexpr double kDimWeights[] = {2, 16, 12, 12, 10, 6, 6, 6, 4, 5, 3, 3, 2};

const char* const kUnary[] = {"neg",  "abs",   "exp",    "exp2",       "log",        "log2",
                              "sqrt", "rsqrt", "sin",    "cos",        "tanh",       "sigmoid",
                              "relu", "gelu",  "square", "reciprocal", "logical_not"};
const char* const kArith[] = {"add", "sub", "mul", "div", "maximum", "minimum", "pow"};
const char* const kCompare[] = {"eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or"};
const char* const kReduce[] = {"sum", "prod", "max", "min", "mean", "var", "std", "any", "all"};

class Generator {
 public:
  Generator(uint64_t seed, const GenerateOptions& options) : rng_(seed), opt_(options) {}

  Program run() {
    int inputs = uniform(1, 3);
    for (int i = 0; i < inputs; ++i) initial_input();
    int steps = uniform(1, opt_.max_steps);
    for (int tries = 0; count_operations() < steps && tries < steps * 20; ++tries) operation();
    program_.outputs.push_back(static_cast<int>(program_.steps.size()) - 1);
    for (int extra = uniform(0, 2); extra > 0; --extra) {
      int o = uniform(0, static_cast<int>(program_.steps.size()) - 1);
      if (std::find(program_.outputs.begin(), program_.outputs.end(), o) == program_.outputs.end())
        program_.outputs.push_back(o);
    }
    return program_;
  }

 private:
  // ---- randomness ----
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }
  template <class T, size_t N>
  const T& weighted(const T (&items)[N], const double (&weights)[N]) {
    std::discrete_distribution<size_t> d(std::begin(weights), std::end(weights));
    return items[d(rng_)];
  }
  template <class T, size_t N>
  const T& one_of(const T (&items)[N]) {
    return items[uniform(0, static_cast<int>(N) - 1)];
  }

  DType dtype() {
    for (;;) {
      DType d = weighted(kDTypes, kDTypeWeights);
      if (d != DType::Float64 || opt_.float64) return d;
    }
  }
  int64_t dim() { return weighted(kDims, kDimWeights); }

  Shape shape(int rank) {
    Shape s;
    for (int i = 0; i < rank; ++i) s.push_back(dim());
    fit(s);
    return s;
  }
  Shape shape() {
    static constexpr int kRanks[] = {0, 1, 2, 3, 4, 5};
    static constexpr double kRankWeights[] = {8, 22, 30, 22, 12, 6};
    return shape(weighted(kRanks, kRankWeights));
  }
  // Halves the largest axis until the shape fits the size limit.
  void fit(Shape& s) {
    while (ref::numel_of(s) > opt_.max_numel) {
      auto it = std::max_element(s.begin(), s.end());
      *it = std::max<int64_t>(1, *it / 2);
    }
  }
  bool fits(const Shape& s) const { return ref::numel_of(s) <= opt_.max_numel; }

  // Values of one input, representable in `dt`.
  std::vector<double> values(int64_t n, DType dt) {
    std::vector<double> out(static_cast<size_t>(n));
    int mode = uniform(0, 3);
    bool specials = ingot::is_float(dt) && chance(0.08);
    bool extremes = ingot::is_int(dt) && chance(0.1);
    for (double& v : out) {
      if (dt == DType::Bool) {
        v = chance(0.5);
      } else if (ingot::is_int(dt)) {
        v = extremes ? extreme(dt) : (ingot::is_signed_int(dt) ? uniform(-8, 8) : uniform(0, 16));
      } else if (specials && chance(0.15)) {
        static constexpr double kSpecial[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0};
        v = one_of(kSpecial);
      } else {
        v = mode == 0   ? uniform(-4, 4)
            : mode == 1 ? real(-3, 3)
            : mode == 2 ? real(-100, 100)
                        : real(0.05, 4);
      }
      v = ref::cast_value(v, dt);
    }
    return out;
  }
  // A value near one end of an integer type (below 2^53, where float64 is exact).
  double extreme(DType dt) {
    double bits = std::min(8.0 * static_cast<double>(ingot::dtype_size(dt)), 52.0);
    double top = std::ldexp(1.0, static_cast<int>(ingot::is_signed_int(dt) ? bits - 1 : bits));
    double v = top - uniform(1, 3);
    return ingot::is_signed_int(dt) && chance(0.5) ? -v - 1 : v;
  }
  // A scalar operand, integral for integer tensors most of the time.
  double scalar() {
    static constexpr double kScalars[] = {0, 1, 2, -1, -3, 0.5, 2.5, -0.25, 3};
    return one_of(kScalars);
  }

  // ---- steps ----
  int add(Step s) {
    IArray r;
    try {
      if (is_creation(s.op)) {
        r = create_reference(s);
      } else {
        std::vector<const IArray*> args;
        for (int a : s.args) args.push_back(&values_[a]);
        r = apply<IArray>(s, args);
      }
    } catch (const std::exception&) {
      return -1;  // the generator asked for something invalid: drop the step
    }
    if (!fits(r.shape)) return -1;
    program_.steps.push_back(std::move(s));
    values_.push_back(std::move(r));
    return static_cast<int>(values_.size()) - 1;
  }
  int count_operations() const {
    int n = 0;
    for (const Step& s : program_.steps) n += !is_creation(s.op);
    return n;
  }
  const IArray& value(int i) const { return values_[i]; }

  int input(const Shape& s, DType dt) {
    if (chance(0.15)) {
      double v = ingot::is_float(dt) && chance(0.1) ? NAN : scalar();
      return add({.op = "full", .dtype = dt, .ints = s, .reals = {ref::cast_value(v, dt)}});
    }
    return add({.op = "input", .dtype = dt, .ints = s, .reals = values(ref::numel_of(s), dt)});
  }
  void initial_input() {
    int kind = uniform(0, 9);
    DType dt = dtype();
    if (kind == 0) {
      double start = uniform(-5, 5), step = chance(0.5) ? uniform(1, 3) : 0.5;
      if (!ingot::is_float(dt)) step = std::floor(step) + 1;
      add({.op = "arange", .dtype = dt, .reals = {start, start + step * uniform(0, 20), step}});
    } else if (kind == 1) {
      add({.op = "linspace",
           .dtype = dt,
           .ints = {uniform(0, 17)},
           .reals = {static_cast<double>(uniform(-4, 4)), static_cast<double>(uniform(-4, 4))}});
    } else if (kind == 2) {
      add({.op = "eye", .dtype = dt, .ints = {dim(), dim()}});
    } else {
      input(shape(), dt);
    }
    if (program_.steps.empty()) input(shape(), dt);
  }

  // Prefers the newest value, so chains grow deep, but reuses older ones too.
  int pick() {
    int n = static_cast<int>(values_.size());
    return chance(0.6) ? n - 1 : uniform(0, n - 1);
  }
  int pick_with_rank(int min_rank) {
    for (int tries = 0; tries < 8; ++tries) {
      int i = pick();
      if (value(i).ndim() >= min_rank) return i;
    }
    return input(shape(uniform(min_rank, 4)), dtype());
  }

  // A shape that broadcasts with `s`: trailing axes kept or 1, sometimes fewer axes, and
  // sometimes a size-1 axis of `s` met by a larger one.
  Shape partner(const Shape& s) {
    int rank = chance(0.2) ? uniform(0, static_cast<int>(s.size())) : static_cast<int>(s.size());
    Shape out;
    for (size_t i = s.size() - rank; i < s.size(); ++i) {
      int64_t d = s[i];
      if (d == 1 && chance(0.2)) d = dim();
      out.push_back(chance(0.3) ? 1 : d);
    }
    Shape joined = ref::broadcast_shapes(s, out);
    return fits(joined) ? out : Shape(out.size(), 1);
  }
  // An operand for `s`'s value: an existing one that broadcasts, else a new input.
  int operand_for(Shape s, DType dt) {
    if (chance(0.4)) {
      std::vector<int> fitting;
      for (int i = 0; i < static_cast<int>(values_.size()); ++i) {
        try {
          if (fits(ref::broadcast_shapes(s, value(i).shape))) fitting.push_back(i);
        } catch (const std::exception&) {
        }
      }
      if (!fitting.empty()) return fitting[uniform(0, static_cast<int>(fitting.size()) - 1)];
    }
    return input(partner(s), chance(0.7) ? dt : dtype());
  }

  std::vector<int64_t> axes_of(const IArray& x, bool allow_empty) {
    std::vector<int64_t> axes;
    if (x.ndim() == 0) {
      if (chance(0.5)) axes.push_back(chance(0.5) ? 0 : -1);
      return axes;
    }
    if (allow_empty && chance(0.3)) return axes;
    for (int a = 0; a < x.ndim(); ++a)
      if (chance(0.5)) axes.push_back(chance(0.3) ? a - x.ndim() : a);
    if (axes.empty()) axes.push_back(uniform(0, x.ndim() - 1));
    std::shuffle(axes.begin(), axes.end(), rng_);
    return axes;
  }
  int64_t axis_of(const IArray& x) {
    int n = std::max(x.ndim(), 1);
    return uniform(-n, n - 1);
  }
  int64_t extent(const IArray& x, const std::vector<int64_t>& axes) {
    int64_t n = 1;
    for (int a : x.normalized_axes(int_list(axes))) n *= x.shape[a];
    return n;
  }

  // ---- operations ----
  void operation() {
    static constexpr int kKinds[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    static constexpr double kKindWeights[] = {12, 14, 7, 6, 4, 6, 12, 4, 24,
                                              5,  5,  3, 3, 2, 3, 2,  4};
    switch (weighted(kKinds, kKindWeights)) {
      case 0:
        return unary();
      case 1:
        return binary(one_of(kArith));
      case 2:
        return binary(one_of(kCompare));
      case 3:
        return scalar_op();
      case 4:
        return clamp();
      case 5:
        return chance(0.8) ? cast() : bitcast();
      case 6:
        return reduce();
      case 7:
        return arg_reduce();
      case 8:
        return movement();
      case 9:
        return cat();
      case 10:
        return matmul();
      case 11:
        return softmax();
      case 12:
        return where();
      case 13:
        add({.op = chance(0.5) ? "realize" : "contiguous", .args = {pick()}});
        return;
      case 14:
        return pow_scalar();
      case 16:
        return take();
      default:
        add({.op = "T", .args = {pick()}});
        return;
    }
  }

  void unary() {
    int x = pick();
    std::string op = one_of(kUnary);
    if (op == "neg" && value(x).dtype == DType::Bool) op = "logical_not";
    add({.op = op, .args = {x}});
  }
  void binary(const std::string& op) {
    int a = pick();
    int b = operand_for(value(a).shape, value(a).dtype);
    if (b < 0) return;
    // bool - bool is refused, as in PyTorch
    if (op == "sub" && ingot::promote_types(value(a).dtype, value(b).dtype) == DType::Bool) return;
    if (chance(0.5)) std::swap(a, b);
    add({.op = op, .args = {a, b}});
  }
  void scalar_op() {
    static constexpr const char* kOps[] = {"add_scalar", "sub_scalar", "mul_scalar", "div_scalar"};
    int x = pick();
    add({.op = one_of(kOps), .args = {x}, .reals = {scalar()}, .flag = chance(0.3)});
  }
  void pow_scalar() {
    static constexpr double kExponents[] = {2, 3, 0.5, -1, 0, 1.5};
    add({.op = "pow_scalar", .args = {pick()}, .reals = {one_of(kExponents)}});
  }
  void clamp() {
    bool lo = chance(0.7), hi = !lo || chance(0.6);
    double a = scalar(), b = scalar();
    add({.op = "clamp",
         .args = {pick()},
         .ints = {int64_t{lo}, int64_t{hi}},
         .reals = {std::min(a, b), std::max(a, b)}});
  }
  void cast() { add({.op = "cast", .dtype = dtype(), .args = {pick()}}); }
  // A same-size reinterpretation (bool has no other one-byte type whose bytes are all valid).
  void bitcast() {
    int x = pick();
    DType from = value(x).dtype;
    std::vector<DType> same;
    for (DType d : kDTypes)
      if (d != from && d != DType::Bool && from != DType::Bool &&
          ingot::dtype_size(d) == ingot::dtype_size(from) && (d != DType::Float64 || opt_.float64))
        same.push_back(d);
    if (same.empty()) return;
    add({.op = "bitcast",
         .dtype = same[uniform(0, static_cast<int>(same.size()) - 1)],
         .args = {x}});
  }
  void where() {
    int a = pick();
    int c = operand_for(value(a).shape, DType::Bool);
    if (c < 0) return;
    int b = operand_for(value(a).shape, value(a).dtype);
    if (b < 0) return;
    add({.op = "where", .args = {c, a, b}});
  }

  void reduce() {
    int x = pick();
    std::string op = one_of(kReduce);
    std::vector<int64_t> axes = axes_of(value(x), true);
    // max and min of nothing have no value (an Error, as in PyTorch)
    if ((op == "max" || op == "min") && extent(value(x), axes) == 0) op = "sum";
    Step s{.op = op, .args = {x}, .ints = axes, .flag = chance(0.5)};
    if (op == "var" || op == "std") s.reals = {static_cast<double>(uniform(0, 1))};
    add(s);
  }
  void arg_reduce() {
    int x = pick();
    std::vector<int64_t> axis;
    if (chance(0.7)) axis.push_back(axis_of(value(x)));
    int64_t n = axis.empty() ? value(x).numel() : extent(value(x), axis);
    if (n == 0) return;
    add({.op = chance(0.5) ? "argmax" : "argmin", .args = {x}, .ints = axis, .flag = chance(0.5)});
  }
  // take (an index of any shape) or take_along_axis (x's shape but on the axis, each other
  // axis equal or 1 on either side), with indices in range, some counted from the end.
  void take() {
    int x = pick_with_rank(1);
    if (x < 0) return;
    Shape xs = value(x).shape;  // a copy: the index's values below need no new value
    const int nd = static_cast<int>(xs.size());
    const int axis = uniform(0, nd - 1);
    const int64_t n = xs[static_cast<size_t>(axis)];
    if (n == 0) return;
    const bool along = chance(0.6);
    Shape is, out;
    if (along) {
      is = xs;
      for (int d = 0; d < nd; ++d)
        if (d == axis)
          is[static_cast<size_t>(d)] = chance(0.3) ? 1 : dim();
        else if (chance(0.2))
          is[static_cast<size_t>(d)] = 1;
      out = is;
      for (int d = 0; d < nd; ++d)
        if (d != axis && is[static_cast<size_t>(d)] == 1)
          out[static_cast<size_t>(d)] = xs[static_cast<size_t>(d)];
    } else {
      is = shape(uniform(0, 2));
      out = Shape(xs.begin(), xs.begin() + axis);
      out.insert(out.end(), is.begin(), is.end());
      out.insert(out.end(), xs.begin() + axis + 1, xs.end());
    }
    if (!fits(out)) return;
    std::vector<int64_t> ints = {axis - (chance(0.3) ? nd : 0), static_cast<int64_t>(is.size())};
    ints.insert(ints.end(), is.begin(), is.end());
    for (int64_t i = ref::numel_of(is); i > 0; --i) ints.push_back(uniform(-n, n - 1));
    add({.op = along ? "take_along_axis" : "take", .args = {x}, .ints = ints});
  }
  void softmax() {
    int x = pick();
    add({.op = chance(0.6) ? "softmax" : "log_softmax", .args = {x}, .ints = {axis_of(value(x))}});
  }

  void matmul() {
    int a = pick_with_rank(1);
    if (a < 0) return;
    Shape sa = value(a).shape;  // a copy: new inputs below grow values_
    DType da = value(a).dtype;
    int64_t k = sa.back();
    Shape sb;
    if (sa.size() == 1 || chance(0.2)) {
      sb = chance(0.5) ? Shape{k} : Shape{k, dim()};
    } else {
      Shape batch(sa.begin(), sa.end() - 2);
      sb = partner(batch);
      sb.insert(sb.end(), {k, dim()});
    }
    if (chance(0.3)) std::swap(sb[sb.size() - 1], sb[sb.size() > 1 ? sb.size() - 2 : 0]);
    int64_t work = ref::numel_of(sa) * ref::numel_of(sb);
    if (work > 64 * opt_.max_numel) return;
    int b = input(sb, chance(0.8) ? da : dtype());
    if (b < 0) return;
    if (value(b).ndim() >= 2 && value(b).shape[value(b).ndim() - 2] != k) return;
    add({.op = "matmul", .args = {a, b}});
  }

  void cat() {
    int x = pick_with_rank(1);
    if (x < 0) return;
    IArray v = value(x);  // a copy: new inputs below grow values_
    int axis = uniform(0, v.ndim() - 1);
    bool stack = chance(0.3);
    std::vector<int> parts = {x};
    for (int n = uniform(1, 3); n > 0; --n) {
      Shape s = v.shape;
      if (!stack) s[axis] = chance(0.2) ? 0 : dim();
      int p = chance(0.3) ? x : input(s, chance(0.7) ? v.dtype : dtype());
      if (p < 0) return;
      parts.push_back(p);
    }
    if (chance(0.5)) std::shuffle(parts.begin(), parts.end(), rng_);
    int64_t at = stack ? uniform(-(v.ndim() + 1), v.ndim()) : axis - (chance(0.3) ? v.ndim() : 0);
    add({.op = stack ? "stack" : "cat", .args = parts, .ints = {at}});
  }

  void movement() {
    int x = pick();
    const IArray& v = value(x);
    int nd = v.ndim();
    switch (uniform(0, 10)) {
      case 0:
        add({.op = "reshape", .args = {x}, .ints = reshape_target(v)});
        return;
      case 1: {
        std::vector<int64_t> order(nd);
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng_);
        for (int64_t& o : order)
          if (chance(0.2)) o -= nd;
        add({.op = "permute", .args = {x}, .ints = order});
        return;
      }
      case 2:
        if (nd >= 2) add({.op = "transpose", .args = {x}, .ints = {axis_of(v), axis_of(v)}});
        return;
      case 3:
        add({.op = "expand", .args = {x}, .ints = expand_target(v)});
        return;
      case 4:
        return pad(x);
      case 5:
        return slice(x);
      case 6: {
        std::vector<int64_t> axes = nd ? axes_of(v, false) : std::vector<int64_t>{};
        add({.op = "flip", .args = {x}, .ints = axes});
        return;
      }
      case 7:
        add({.op = "squeeze",
             .args = {x},
             .ints = chance(0.5) ? std::vector<int64_t>{} : std::vector<int64_t>{axis_of(v)}});
        return;
      case 8:
        add({.op = "unsqueeze", .args = {x}, .ints = {uniform(-(nd + 1), nd)}});
        return;
      case 9: {
        int64_t a = axis_of(v), b = axis_of(v);
        int n = std::max(nd, 1);
        if ((a + n) % n > (b + n) % n) std::swap(a, b);
        add({.op = "flatten", .args = {x}, .ints = {a, b}});
        return;
      }
      default: {
        std::vector<int64_t> counts(nd + (chance(0.3) ? 1 : 0));
        for (int64_t& c : counts) c = chance(0.6) ? 1 : uniform(0, 3);
        add({.op = "repeat", .args = {x}, .ints = counts});
        return;
      }
    }
  }

  // The element count split into a random number of axes; sometimes one -1.
  Shape reshape_target(const IArray& v) {
    int64_t n = v.numel();
    int rank = uniform(n == 1 ? 0 : 1, 5);
    Shape s(rank, 1);
    if (n == 0) {
      for (int64_t& d : s) d = dim() % 5;
      s[uniform(0, rank - 1)] = 0;
      return s;
    }
    int64_t rest = n;
    for (int64_t p = 2; rest > 1; ++p)
      while (rest % p == 0) {
        s[uniform(0, rank - 1)] *= p;
        rest /= p;
      }
    if (rank > 0 && chance(0.3)) s[uniform(0, rank - 1)] = -1;
    return s;
  }
  Shape expand_target(const IArray& v) {
    Shape s = v.shape;
    for (int64_t& d : s)
      if (d == 1 && chance(0.6))
        d = dim();
      else if (chance(0.2))
        d = -1;
    if (chance(0.3)) s.insert(s.begin(), dim());
    Shape real = s;
    for (size_t i = 0; i < real.size(); ++i)
      if (real[i] == -1) real[i] = v.shape[i - (real.size() - v.shape.size())];
    return fits(real) ? s : v.shape;
  }
  void pad(int x) {
    const IArray& v = value(x);
    std::vector<int64_t> ints;
    for (int a = 0, n = uniform(0, v.ndim()); a < n; ++a) {
      ints.push_back(uniform(0, 3) * chance(0.7));
      ints.push_back(uniform(0, 3) * chance(0.7));
    }
    double fill = v.dtype == DType::Bool     ? chance(0.5)
                  : ingot::is_float(v.dtype) ? scalar()
                                             : uniform(-2, 2);
    if (ingot::is_unsigned_int(v.dtype)) fill = std::fabs(fill);
    add({.op = "pad", .args = {x}, .ints = ints, .reals = {fill}});
  }
  void slice(int x) {
    const IArray& v = value(x);
    std::vector<int64_t> ints;
    for (int a = 0, n = uniform(0, v.ndim()); a < n; ++a) {
      int64_t size = v.shape[a];
      static constexpr int64_t kSteps[] = {1, 1, 1, 2, 3, -1, -2};
      bool has_start = chance(0.5), has_stop = chance(0.5);
      auto bound = [&] {
        return static_cast<int64_t>(uniform(static_cast<int>(-size), static_cast<int>(size)));
      };
      ints.insert(ints.end(), {has_start, has_start ? bound() : 0, has_stop, has_stop ? bound() : 0,
                               one_of(kSteps)});
    }
    add({.op = "slice", .args = {x}, .ints = ints});
  }

  std::mt19937_64 rng_;
  GenerateOptions opt_;
  Program program_;
  std::vector<IArray> values_;
};

}  // namespace

Program generate(uint64_t seed, const GenerateOptions& options) {
  return Generator(seed, options).run();
}

}  // namespace fuzz
