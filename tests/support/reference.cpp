#include "support/reference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace ref {
namespace {

[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument("ref: " + what); }

int norm_axis(int axis, int ndim) {
  int a = axis < 0 ? axis + ndim : axis;
  if (a < 0 || a >= std::max(ndim, 1)) fail("axis " + std::to_string(axis) + " out of range");
  return a;
}

// Rounds to a binary float with `bits` significand bits (incl. the implicit one), minimum
// normal exponent `emin` and largest finite value `maxval`; ties go to even.
double round_float(double v, int bits, int emin, double maxval) {
  if (v == 0 || !std::isfinite(v)) return v;
  int e = 0;
  std::frexp(v, &e);  // v = m * 2^e, 0.5 <= |m| < 1
  int exponent = std::max(e - 1, emin);
  double ulp = std::ldexp(1.0, exponent - (bits - 1));
  double r = std::nearbyint(v / ulp) * ulp;
  if (std::fabs(r) > maxval) return std::copysign(std::numeric_limits<double>::infinity(), v);
  return r;
}

double wrap_int(double v, int bits, bool is_signed) {
  double t = std::trunc(v);
  double mod = std::ldexp(1.0, bits);
  double r = std::fmod(t, mod);
  if (r < 0) r += mod;
  if (is_signed && r >= mod / 2) r -= mod;
  return r + 0.0;  // an integer has no -0
}

}  // namespace

int64_t numel_of(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::string shape_str(const Shape& shape) {
  std::string s = "{";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "}";
}

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  size_t n = std::max(a.size(), b.size());
  Shape out(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1) fail("cannot broadcast " + shape_str(a) + shape_str(b));
    out[i] = da == 1 ? db : da;
  }
  return out;
}

double cast_value(double v, DType dtype) {
  switch (dtype) {
    case DType::Bool:
      return v != 0 ? 1.0 : 0.0;
    case DType::Int8:
      return wrap_int(v, 8, true);
    case DType::Int16:
      return wrap_int(v, 16, true);
    case DType::Int32:
      return wrap_int(v, 32, true);
    case DType::Int64:
      return std::trunc(v) + 0.0;
    case DType::UInt8:
      return wrap_int(v, 8, false);
    case DType::UInt16:
      return wrap_int(v, 16, false);
    case DType::UInt32:
      return wrap_int(v, 32, false);
    case DType::UInt64:  // wraps negative values; exact below 2^53 only
      return std::trunc(v) < 0 ? std::trunc(v) + std::ldexp(1.0, 64) : std::trunc(v) + 0.0;
    case DType::Float16:
      return round_float(v, 11, -14, 65504.0);
    case DType::BFloat16:
      return round_float(v, 8, -126, 3.3895313892515355e38);
    case DType::Float32:
      return static_cast<double>(static_cast<float>(v));
    case DType::Float64:
      return v;
  }
  return v;
}

void for_each_index(const Shape& shape, const std::function<void(const Index&)>& fn) {
  if (numel_of(shape) == 0) return;
  Index idx(shape.size(), 0);
  while (true) {
    fn(idx);
    int d = static_cast<int>(shape.size()) - 1;
    for (; d >= 0; --d) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

Array::Array(Shape s, std::vector<double> d) : shape(std::move(s)), data(std::move(d)) {
  for (int64_t x : shape)
    if (x < 0) fail("negative dimension in " + shape_str(shape));
  if (static_cast<int64_t>(data.size()) != numel_of(shape))
    fail("data size " + std::to_string(data.size()) + " does not match " + shape_str(shape));
}

Array Array::full(const Shape& shape, double value) {
  return Array(shape, std::vector<double>(static_cast<size_t>(numel_of(shape)), value));
}

Array Array::generate(const Shape& shape, const std::function<double(const Index&)>& fn) {
  std::vector<double> out;
  out.reserve(static_cast<size_t>(numel_of(shape)));
  for_each_index(shape, [&](const Index& i) { out.push_back(fn(i)); });
  return Array(shape, std::move(out));
}

int64_t Array::flat(const Index& index) const {
  int64_t f = 0;
  for (size_t d = 0; d < shape.size(); ++d) f = f * shape[d] + index[d];
  return f;
}

Array Array::map(const std::function<double(double)>& fn) const {
  Array out = *this;
  for (double& v : out.data) v = fn(v);
  return out;
}

Array Array::zip(const Array& a, const Array& b, const std::function<double(double, double)>& fn) {
  Shape s = broadcast_shapes(a.shape, b.shape);
  auto source = [&](const Array& x, const Index& i) {
    size_t off = s.size() - x.shape.size();
    Index j(x.shape.size());
    for (size_t d = 0; d < j.size(); ++d) j[d] = x.shape[d] == 1 ? 0 : i[d + off];
    return x.at(j);
  };
  return generate(s, [&](const Index& i) { return fn(source(a, i), source(b, i)); });
}

// ---- elementwise ----
Array Array::neg() const {
  return map([](double x) { return -x; });
}
Array Array::abs() const {
  return map([](double x) { return std::fabs(x); });
}
Array Array::exp() const {
  return map([](double x) { return std::exp(x); });
}
Array Array::exp2() const {
  return map([](double x) { return std::exp2(x); });
}
Array Array::log() const {
  return map([](double x) { return std::log(x); });
}
Array Array::log2() const {
  return map([](double x) { return std::log2(x); });
}
Array Array::sqrt() const {
  return map([](double x) { return std::sqrt(x); });
}
Array Array::rsqrt() const {
  return map([](double x) { return 1.0 / std::sqrt(x); });
}
Array Array::sin() const {
  return map([](double x) { return std::sin(x); });
}
Array Array::cos() const {
  return map([](double x) { return std::cos(x); });
}
Array Array::tanh() const {
  return map([](double x) { return std::tanh(x); });
}
Array Array::sigmoid() const {
  return map([](double x) { return 1.0 / (1.0 + std::exp(-x)); });
}
Array Array::relu() const {
  return map([](double x) { return x > 0 ? x : 0.0; });
}
Array Array::gelu() const {
  const double k = std::sqrt(2.0 / M_PI);
  return map([k](double x) { return 0.5 * x * (1 + std::tanh(k * (x + 0.044715 * x * x * x))); });
}
Array Array::reciprocal() const {
  return map([](double x) { return 1.0 / x; });
}
Array Array::square() const {
  return map([](double x) { return x * x; });
}
Array Array::pow(const Array& e) const {
  return zip(*this, e, [](double a, double b) { return std::pow(a, b); });
}
Array Array::pow(double e) const {
  return map([e](double a) { return std::pow(a, e); });
}
Array Array::maximum(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return std::max(a, b); });
}
Array Array::minimum(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return std::min(a, b); });
}
Array Array::clamp(std::optional<double> lo, std::optional<double> hi) const {
  return map([=](double x) {
    if (lo && x < *lo) x = *lo;
    if (hi && x > *hi) x = *hi;
    return x;
  });
}
Array Array::where(const Array& c, const Array& a, const Array& b) {
  Shape s = broadcast_shapes(broadcast_shapes(c.shape, a.shape), b.shape);
  Array ce = c.expand(s), ae = a.expand(s), be = b.expand(s);
  Array out = ae;
  for (size_t i = 0; i < out.data.size(); ++i)
    out.data[i] = ce.data[i] != 0 ? ae.data[i] : be.data[i];
  return out;
}
Array Array::eq(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return double(a == b); });
}
Array Array::ne(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return double(a != b); });
}
Array Array::lt(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return double(a < b); });
}
Array Array::le(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return double(a <= b); });
}
Array Array::gt(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return double(a > b); });
}
Array Array::ge(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return double(a >= b); });
}
Array Array::logical_and(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return double(a != 0 && b != 0); });
}
Array Array::logical_or(const Array& o) const {
  return zip(*this, o, [](double a, double b) { return double(a != 0 || b != 0); });
}
Array Array::logical_not() const {
  return map([](double x) { return double(x == 0); });
}
Array Array::astype(DType dtype) const {
  return map([dtype](double x) { return cast_value(x, dtype); });
}

Array operator+(const Array& a, const Array& b) { return Array::zip(a, b, std::plus<double>()); }
Array operator-(const Array& a, const Array& b) { return Array::zip(a, b, std::minus<double>()); }
Array operator*(const Array& a, const Array& b) {
  return Array::zip(a, b, std::multiplies<double>());
}
Array operator/(const Array& a, const Array& b) { return Array::zip(a, b, std::divides<double>()); }
Array operator+(const Array& a, double b) { return a + Array::scalar(b); }
Array operator-(const Array& a, double b) { return a - Array::scalar(b); }
Array operator*(const Array& a, double b) { return a * Array::scalar(b); }
Array operator/(const Array& a, double b) { return a / Array::scalar(b); }
Array operator+(double a, const Array& b) { return Array::scalar(a) + b; }
Array operator-(double a, const Array& b) { return Array::scalar(a) - b; }
Array operator*(double a, const Array& b) { return Array::scalar(a) * b; }
Array operator/(double a, const Array& b) { return Array::scalar(a) / b; }

// ---- reductions ----
namespace {
std::vector<bool> reduced_mask(const std::vector<int>& axes, int ndim) {
  std::vector<bool> mask(static_cast<size_t>(ndim), axes.empty());
  for (int a : axes) {
    int n = norm_axis(a, ndim);
    if (mask[n]) fail("repeated axis");
    mask[n] = true;
  }
  return mask;
}
}  // namespace

Array Array::reduce(const std::vector<int>& axes, bool keepdim, double init,
                    const std::function<double(double, double)>& fn) const {
  std::vector<bool> mask = reduced_mask(axes, ndim());
  Shape kept;
  for (int d = 0; d < ndim(); ++d) kept.push_back(mask[d] ? 1 : shape[d]);
  Array out = full(kept, init);
  for_each_index(shape, [&](const Index& i) {
    Index o = i;
    for (int d = 0; d < ndim(); ++d)
      if (mask[d]) o[d] = 0;
    double& acc = out.data[static_cast<size_t>(out.flat(o))];
    acc = fn(acc, at(i));
  });
  if (!keepdim) {
    Shape s;
    for (int d = 0; d < ndim(); ++d)
      if (!mask[d]) s.push_back(shape[d]);
    out.shape = s;
  }
  return out;
}

Array Array::sum(const std::vector<int>& axes, bool keepdim) const {
  return reduce(axes, keepdim, 0.0, std::plus<double>());
}
Array Array::prod(const std::vector<int>& axes, bool keepdim) const {
  return reduce(axes, keepdim, 1.0, std::multiplies<double>());
}
Array Array::max(const std::vector<int>& axes, bool keepdim) const {
  return reduce(axes, keepdim, -INFINITY, [](double a, double b) { return std::max(a, b); });
}
Array Array::min(const std::vector<int>& axes, bool keepdim) const {
  return reduce(axes, keepdim, INFINITY, [](double a, double b) { return std::min(a, b); });
}
Array Array::any(const std::vector<int>& axes, bool keepdim) const {
  return reduce(axes, keepdim, 0.0, [](double a, double b) { return double(a != 0 || b != 0); });
}
Array Array::all(const std::vector<int>& axes, bool keepdim) const {
  return reduce(axes, keepdim, 1.0, [](double a, double b) { return double(a != 0 && b != 0); });
}
Array Array::mean(const std::vector<int>& axes, bool keepdim) const {
  Array s = sum(axes, keepdim);
  double n = s.numel() ? double(numel()) / double(s.numel()) : 0;
  return s / n;
}
Array Array::var(const std::vector<int>& axes, bool keepdim, int correction) const {
  Array m = mean(axes, true);
  Array sq = (*this - m).square().sum(axes, keepdim);
  double n = sq.numel() ? double(numel()) / double(sq.numel()) : 0;
  return sq / std::max(0.0, n - correction);
}
Array Array::std(const std::vector<int>& axes, bool keepdim, int correction) const {
  return var(axes, keepdim, correction).sqrt();
}

Array Array::arg_reduce(std::optional<int> axis, bool keepdim, bool want_max) const {
  if (!axis) return reshape({numel()}).arg_reduce(0, false, want_max);
  int ax = norm_axis(*axis, ndim());
  if (ndim() == 0) return scalar(0);
  if (shape[ax] == 0) fail("arg reduction over an empty axis");
  Shape kept = shape;
  kept[ax] = 1;
  Array out = generate(kept, [&](const Index& o) {
    Index i = o;
    int64_t best = 0;
    double bv = at(i);
    for (int64_t k = 1; k < shape[ax]; ++k) {
      i[ax] = k;
      double v = at(i);
      if (want_max ? v > bv : v < bv) bv = v, best = k;
    }
    return double(best);
  });
  if (!keepdim) out.shape.erase(out.shape.begin() + ax);
  return out;
}
Array Array::argmax(std::optional<int> axis, bool keepdim) const {
  return arg_reduce(axis, keepdim, true);
}
Array Array::argmin(std::optional<int> axis, bool keepdim) const {
  return arg_reduce(axis, keepdim, false);
}

// ---- movement ----
Array Array::reshape(const Shape& s) const {
  Shape out = s;
  int infer = -1;
  int64_t known = 1;
  for (size_t d = 0; d < out.size(); ++d) {
    if (out[d] == -1) {
      if (infer >= 0) fail("two -1 in reshape");
      infer = static_cast<int>(d);
    } else {
      known *= out[d];
    }
  }
  if (infer >= 0) out[infer] = known ? numel() / known : 0;
  if (numel_of(out) != numel()) fail("reshape " + shape_str(shape) + " to " + shape_str(s));
  return Array(out, data);
}

Array Array::permute(const std::vector<int>& order) const {
  if (static_cast<int>(order.size()) != ndim()) fail("permute order size");
  std::vector<int> ax(order.size());
  Shape s(order.size());
  for (size_t d = 0; d < order.size(); ++d) {
    ax[d] = norm_axis(order[d], ndim());
    s[d] = shape[ax[d]];
  }
  return generate(s, [&](const Index& o) {
    Index i(o.size());
    for (size_t d = 0; d < o.size(); ++d) i[ax[d]] = o[d];
    return at(i);
  });
}

Array Array::transpose(int a, int b) const {
  std::vector<int> order(static_cast<size_t>(ndim()));
  std::iota(order.begin(), order.end(), 0);
  std::swap(order[norm_axis(a, ndim())], order[norm_axis(b, ndim())]);
  return permute(order);
}

Array Array::T() const {
  std::vector<int> order(static_cast<size_t>(ndim()));
  std::iota(order.rbegin(), order.rend(), 0);
  return permute(order);
}

Array Array::expand(const Shape& target) const {
  if (target.size() < shape.size()) fail("expand to fewer dims");
  size_t off = target.size() - shape.size();
  Shape s = target;
  for (size_t d = 0; d < s.size(); ++d) {
    if (s[d] == -1) {
      if (d < off) fail("-1 on a new axis");
      s[d] = shape[d - off];
    }
    if (d >= off && shape[d - off] != 1 && shape[d - off] != s[d]) fail("expand of a non-1 dim");
  }
  return generate(s, [&](const Index& o) {
    Index i(shape.size());
    for (size_t d = 0; d < i.size(); ++d) i[d] = shape[d] == 1 ? 0 : o[d + off];
    return at(i);
  });
}

Array Array::pad(const std::vector<std::pair<int64_t, int64_t>>& pads, double value) const {
  Shape s = shape;
  for (size_t d = 0; d < pads.size(); ++d) s[d] += pads[d].first + pads[d].second;
  return generate(s, [&](const Index& o) {
    Index i = o;
    for (size_t d = 0; d < pads.size(); ++d) {
      i[d] -= pads[d].first;
      if (i[d] < 0 || i[d] >= shape[d]) return value;
    }
    return at(i);
  });
}

Array Array::slice(const std::vector<ingot::Slice>& slices) const {
  if (static_cast<int>(slices.size()) > ndim()) fail("too many slices");
  Shape s = shape;
  std::vector<int64_t> starts(shape.size(), 0), steps(shape.size(), 1);
  for (size_t d = 0; d < slices.size(); ++d) {
    int64_t n = shape[d], step = slices[d].step;
    if (step == 0) fail("slice step 0");
    auto norm = [&](std::optional<int64_t> v, int64_t dflt) {
      if (!v) return dflt;
      int64_t x = *v < 0 ? *v + n : *v;
      return step > 0 ? std::clamp<int64_t>(x, 0, n) : std::clamp<int64_t>(x, -1, n - 1);
    };
    int64_t start = norm(slices[d].start, step > 0 ? 0 : n - 1);
    int64_t stop = norm(slices[d].stop, step > 0 ? n : -1);
    int64_t len = step > 0 ? (stop - start + step - 1) / step : (start - stop - step - 1) / -step;
    s[d] = std::max<int64_t>(len, 0);
    starts[d] = start;
    steps[d] = step;
  }
  return generate(s, [&](const Index& o) {
    Index i(o.size());
    for (size_t d = 0; d < o.size(); ++d) i[d] = starts[d] + o[d] * steps[d];
    return at(i);
  });
}

Array Array::flip(const std::vector<int>& axes) const {
  std::vector<bool> mask = reduced_mask(axes, ndim());
  if (axes.empty()) mask.assign(mask.size(), false);
  return generate(shape, [&](const Index& o) {
    Index i = o;
    for (int d = 0; d < ndim(); ++d)
      if (mask[d]) i[d] = shape[d] - 1 - o[d];
    return at(i);
  });
}

Array Array::squeeze(std::optional<int> axis) const {
  Shape s;
  int ax = axis ? norm_axis(*axis, ndim()) : -1;
  for (int d = 0; d < ndim(); ++d)
    if (!(shape[d] == 1 && (ax < 0 || ax == d))) s.push_back(shape[d]);
  return Array(s, data);
}

Array Array::unsqueeze(int axis) const {
  int a = axis < 0 ? axis + ndim() + 1 : axis;
  if (a < 0 || a > ndim()) fail("unsqueeze axis");
  Shape s = shape;
  s.insert(s.begin() + a, 1);
  return Array(s, data);
}

Array Array::flatten(int start, int end) const {
  if (ndim() == 0) return Array({1}, data);
  int a = norm_axis(start, ndim()), b = norm_axis(end, ndim());
  Shape s(shape.begin(), shape.begin() + a);
  int64_t n = 1;
  for (int d = a; d <= b; ++d) n *= shape[d];
  s.push_back(n);
  s.insert(s.end(), shape.begin() + b + 1, shape.end());
  return Array(s, data);
}

Array Array::cat(const std::vector<Array>& arrays, int axis) {
  const Array& first = arrays.at(0);
  int ax = norm_axis(axis, first.ndim());
  Shape s = first.shape;
  s[ax] = 0;
  std::vector<int64_t> begin;
  for (const Array& a : arrays) {
    for (int d = 0; d < first.ndim(); ++d)
      if (d != ax && a.shape[d] != first.shape[d]) fail("cat shapes");
    begin.push_back(s[ax]);
    s[ax] += a.shape[ax];
  }
  return generate(s, [&](const Index& o) {
    size_t k = static_cast<size_t>(std::upper_bound(begin.begin(), begin.end(), o[ax]) -
                                   begin.begin() - 1);
    while (arrays[k].shape[ax] == 0) --k;  // not reached: upper_bound skips empty pieces
    Index i = o;
    i[ax] -= begin[k];
    return arrays[k].at(i);
  });
}

Array Array::stack(const std::vector<Array>& arrays, int axis) {
  int nd = arrays.at(0).ndim();
  int a = axis < 0 ? axis + nd + 1 : axis;
  std::vector<Array> parts;
  for (const Array& x : arrays) parts.push_back(x.unsqueeze(a));
  return cat(parts, a);
}

Array Array::repeat(const std::vector<int64_t>& repeats) const {
  if (repeats.size() < shape.size()) fail("repeat needs one count per axis");
  size_t off = repeats.size() - shape.size();
  Shape s(repeats.size());
  for (size_t d = 0; d < s.size(); ++d) s[d] = repeats[d] * (d < off ? 1 : shape[d - off]);
  return generate(s, [&](const Index& o) {
    Index i(shape.size());
    for (size_t d = 0; d < i.size(); ++d) i[d] = o[d + off] % shape[d];
    return at(i);
  });
}

// ---- composite ----
Array Array::matmul(const Array& o) const {
  if (ndim() == 0 || o.ndim() == 0) fail("matmul of a scalar");
  Array a = ndim() == 1 ? unsqueeze(0) : *this;
  Array b = o.ndim() == 1 ? o.unsqueeze(1) : o;
  int64_t m = a.shape[a.ndim() - 2], k = a.shape.back(), n = b.shape.back();
  if (b.shape[b.ndim() - 2] != k) fail("matmul inner dims");
  Shape batch = broadcast_shapes(Shape(a.shape.begin(), a.shape.end() - 2),
                                 Shape(b.shape.begin(), b.shape.end() - 2));
  Shape sa = batch, sb = batch, s = batch;
  sa.insert(sa.end(), {m, k});
  sb.insert(sb.end(), {k, n});
  s.insert(s.end(), {m, n});
  Array ae = a.expand(sa), be = b.expand(sb);
  Array out = generate(s, [&](const Index& i) {
    Index ia = i, ib = i;
    double acc = 0;
    for (int64_t p = 0; p < k; ++p) {
      ia[ia.size() - 1] = p;
      ib[ib.size() - 2] = p;
      acc += ae.at(ia) * be.at(ib);
    }
    return acc;
  });
  if (ndim() == 1) out = out.squeeze(static_cast<int>(out.ndim()) - 2);
  if (o.ndim() == 1) out = out.squeeze(-1);
  return out;
}

Array Array::softmax(int axis) const {
  Array e = (*this - max({axis}, true)).exp();
  return e / e.sum({axis}, true);
}

Array Array::log_softmax(int axis) const {
  Array shifted = *this - max({axis}, true);
  return shifted - shifted.exp().sum({axis}, true).log();
}

}  // namespace ref
