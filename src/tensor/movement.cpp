// Movement operations: each is a node mapping indices, never a copy.
#include <algorithm>

#include "ingot/error.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

namespace {

Tensor movement(const Tensor& t, Op op, Shape shape, std::vector<int64_t> arg, double value = 0) {
  // Every element of a constant is the same: any view of it but a pad (whose border may
  // differ) is the constant at the view's shape. A scalar broadcast into a binary op is then
  // one node, not three, for every later pass of the realize (a tiny op's host time).
  const LazyNode& n = *t.node();
  if (n.op == Op::Const && !n.realized() && !n.requires_grad && op != Op::Pad)
    return wrap(make_node(Op::Const, n.dtype, std::move(shape), n.device, {}, {}, n.value));
  return wrap(make_node(op, t.dtype(), std::move(shape), t.device(), {t.node()}, std::move(arg),
                        ConstValue::of(value, t.dtype())));
}

std::string axes_str(const std::vector<int>& v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + ")";
}

}  // namespace

Tensor Tensor::reshape(const Shape& target) const {
  Shape out = target;
  int infer = -1;
  int64_t known = 1;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == -1) {
      if (infer >= 0)
        throw ArgumentError("reshape: only one -1 is allowed in the new shape " +
                            shape_str(target));
      infer = static_cast<int>(i);
    } else if (out[i] < 0) {
      throw ArgumentError("reshape: negative size in the new shape " + shape_str(target));
    } else {
      known *= out[i];
    }
  }
  if (infer >= 0) {
    if (known == 0 || numel() % known != 0)
      throw ArgumentError("reshape: cannot infer -1 in " + shape_str(target) +
                          " for a tensor of shape " + shape_str(shape()) + " (" +
                          std::to_string(numel()) + " elements)");
    out[infer] = numel() / known;
  }
  if (shape_numel(out) != numel())
    throw ArgumentError("reshape: cannot reshape a tensor of shape " + shape_str(shape()) + " (" +
                        std::to_string(numel()) + " elements) to " + shape_str(target) + " (" +
                        std::to_string(shape_numel(out)) + " elements)");
  if (out == shape()) return *this;
  // A reshape of a reshape is one reshape of the original, unless that would change what
  // gradients reach.
  if (node_->op == Op::Reshape && view_is_transparent(*node_))
    return Tensor(node_->src[0]).reshape(out);
  return movement(*this, Op::Reshape, out, {});
}

Tensor Tensor::permute(const std::vector<int>& order) const {
  std::vector<int> seen(ndim(), 0);
  bool valid = static_cast<int>(order.size()) == ndim();
  std::vector<int64_t> arg;
  Shape out;
  for (size_t i = 0; valid && i < order.size(); ++i) {
    int a = order[i] < 0 ? order[i] + ndim() : order[i];
    valid = a >= 0 && a < ndim() && !seen[a]++;
    if (valid) {
      arg.push_back(a);
      out.push_back(shape()[a]);
    }
  }
  if (!valid)
    throw ArgumentError("permute: " + axes_str(order) + " is not a permutation of the " +
                        std::to_string(ndim()) + " axes of a tensor of shape " +
                        shape_str(shape()));
  bool identity = true;
  for (size_t i = 0; i < arg.size(); ++i) identity &= arg[i] == static_cast<int64_t>(i);
  if (identity) return *this;
  return movement(*this, Op::Permute, out, arg);
}

Tensor Tensor::transpose(int a, int b) const {
  if (ndim() < 2) return *this;
  a = normalize_axis(a, ndim(), "transpose");
  b = normalize_axis(b, ndim(), "transpose");
  std::vector<int> order(ndim());
  for (int i = 0; i < ndim(); ++i) order[i] = i;
  std::swap(order[a], order[b]);
  return permute(order);
}

Tensor Tensor::T() const {
  std::vector<int> order(ndim());
  for (int i = 0; i < ndim(); ++i) order[i] = ndim() - 1 - i;
  return permute(order);
}

Tensor Tensor::expand(const Shape& target) const {
  if (target.size() < shape().size())
    throw ArgumentError("expand: the new shape " + shape_str(target) + " has fewer axes than " +
                        shape_str(shape()));
  const Shape& own = shape();
  const size_t lead = target.size() - own.size();
  // The size of axis i of this tensor with `lead` axes of 1 in front.
  auto src = [&](size_t i) { return i < lead ? int64_t{1} : own[i - lead]; };
  // Its size in the result: -1 keeps an axis of this tensor's as it is.
  auto want = [&](size_t i) { return target[i] == -1 && i >= lead ? src(i) : target[i]; };
  bool grows = false;
  for (size_t i = 0; i < target.size(); ++i) {
    if (want(i) < 0 || (src(i) != 1 && src(i) != want(i)))
      throw ArgumentError("expand: cannot expand shape " + shape_str(own) + " to " +
                          shape_str(target) + " (axis " + std::to_string(i) + " has size " +
                          std::to_string(src(i)) + "; only size-1 axes can grow)");
    grows |= want(i) != src(i);
  }
  if (lead == 0 && !grows) return *this;  // the common case of an operand already in shape
  Tensor base = *this;
  if (lead) {
    Shape padded(lead, 1);
    padded.insert(padded.end(), own.begin(), own.end());
    base = reshape(padded);
  }
  if (!grows) return base;
  Shape out(target.size());
  for (size_t i = 0; i < target.size(); ++i) out[i] = want(i);
  return movement(base, Op::Expand, std::move(out), {});
}

Tensor Tensor::broadcast_to(const Shape& target) const { return expand(target); }

Tensor Tensor::pad(const std::vector<std::pair<int64_t, int64_t>>& pads, double value) const {
  if (static_cast<int>(pads.size()) > ndim())
    throw ArgumentError("pad: " + std::to_string(pads.size()) +
                        " pad pairs for a tensor of shape " + shape_str(shape()) +
                        " (at most one per axis)");
  std::vector<int64_t> arg;
  Shape out = shape();
  bool any = false;
  for (int i = 0; i < ndim(); ++i) {
    auto [b, a] = i < static_cast<int>(pads.size()) ? pads[i] : std::pair<int64_t, int64_t>{0, 0};
    if (b < 0 || a < 0)
      throw ArgumentError("pad: negative padding (" + std::to_string(b) + ", " + std::to_string(a) +
                          ") on axis " + std::to_string(i) + "; use slice to remove elements");
    arg.push_back(b);
    arg.push_back(a);
    out[i] += b + a;
    any |= b || a;
  }
  if (!any) return *this;
  return movement(*this, Op::Pad, out, arg, value);
}

Tensor Tensor::slice(const std::vector<Slice>& slices) const {
  if (static_cast<int>(slices.size()) > ndim())
    throw ArgumentError("slice: " + std::to_string(slices.size()) +
                        " slices for a tensor of shape " + shape_str(shape()));
  std::vector<int64_t> bounds, steps;
  Shape shrunk = shape(), out = shape();
  bool any_shrink = false, any_step = false;
  for (int i = 0; i < ndim(); ++i) {
    Slice s = i < static_cast<int>(slices.size()) ? slices[i] : Slice{};
    int64_t n = shape()[i];
    if (s.step == 0)
      throw ArgumentError("slice: step 0 on axis " + std::to_string(i) + " (must be nonzero)");
    auto resolve = [&](std::optional<int64_t> v, const char* what) -> std::optional<int64_t> {
      if (!v) return std::nullopt;
      if (*v < -n || *v > n)
        throw ArgumentError("slice: " + std::string(what) + " " + std::to_string(*v) +
                            " is out of range for axis " + std::to_string(i) + " of shape " +
                            shape_str(shape()) + " (valid: " + std::to_string(-n) + " to " +
                            std::to_string(n) + ")");
      return *v < 0 ? *v + n : *v;
    };
    std::optional<int64_t> start = resolve(s.start, "start"), stop = resolve(s.stop, "stop");
    int64_t lo, hi, count;  // the covered elements lie in [lo, hi)
    if (s.step > 0) {
      int64_t b = start.value_or(0), e = stop.value_or(n);
      count = e > b ? (e - b + s.step - 1) / s.step : 0;
      lo = b;
      hi = count ? b + s.step * (count - 1) + 1 : b;
    } else {
      int64_t b = start ? std::min(*start, n - 1) : n - 1, e = stop.value_or(-1);
      count = b > e ? (b - e + (-s.step) - 1) / (-s.step) : 0;
      hi = count ? b + 1 : 0;
      lo = count ? b + s.step * (count - 1) : 0;
    }
    bounds.push_back(lo);
    bounds.push_back(hi);
    shrunk[i] = hi - lo;
    out[i] = count;
    steps.push_back(count > 1 || s.step < 0 ? s.step : 1);
    any_shrink |= shrunk[i] != n;
    any_step |= steps.back() != 1;
  }
  Tensor t = any_shrink ? movement(*this, Op::Shrink, shrunk, bounds) : *this;
  return any_step ? movement(t, Op::Stride, out, steps) : t;
}

Tensor Tensor::flip(const std::vector<int>& axes) const {
  std::vector<int64_t> steps(ndim(), 1);
  bool any = false;
  // No axes flip nothing, as PyTorch's flip(dims=()) (normalize_axes reads {} as all).
  if (axes.empty()) return *this;
  for (int a : normalize_axes(axes, ndim(), "flip")) {
    if (shape()[a] > 1) steps[a] = -1, any = true;
  }
  if (!any) return *this;
  return movement(*this, Op::Stride, shape(), steps);
}

Tensor Tensor::squeeze(std::optional<int> axis) const {
  Shape out;
  int only = axis ? normalize_axis(*axis, ndim(), "squeeze") : -1;
  for (int i = 0; i < ndim(); ++i)
    if (!(shape()[i] == 1 && (only < 0 || only == i))) out.push_back(shape()[i]);
  return reshape(out);
}

Tensor Tensor::unsqueeze(int axis) const {
  if (axis < -(ndim() + 1) || axis > ndim())
    throw ArgumentError("unsqueeze: axis " + std::to_string(axis) + " is out of range for shape " +
                        shape_str(shape()) + " (valid: " + std::to_string(-(ndim() + 1)) + " to " +
                        std::to_string(ndim()) + ")");
  int a = axis < 0 ? axis + ndim() + 1 : axis;
  Shape out = shape();
  out.insert(out.begin() + a, 1);
  return reshape(out);
}

Tensor Tensor::flatten(int start, int end) const {
  if (ndim() == 0) return reshape({1});
  start = normalize_axis(start, ndim(), "flatten");
  end = normalize_axis(end, ndim(), "flatten");
  if (start > end) throw ArgumentError("flatten: start axis comes after end axis");
  Shape out(shape().begin(), shape().begin() + start);
  int64_t n = 1;
  for (int i = start; i <= end; ++i) n *= shape()[i];
  out.push_back(n);
  out.insert(out.end(), shape().begin() + end + 1, shape().end());
  return reshape(out);
}

Tensor Tensor::cat(const std::vector<Tensor>& tensors, int axis) {
  if (tensors.empty()) throw ArgumentError("cat: needs at least one tensor");
  const Tensor& first = tensors[0];
  for (size_t i = 0; i < tensors.size(); ++i)
    if (tensors[i].ndim() == 0)
      throw ArgumentError(
          "cat: tensor " + std::to_string(i) +
          " is 0-d and has no axis to concatenate along; use stack, or unsqueeze it");
  int a = normalize_axis(axis, first.ndim(), "cat");
  DType dt = first.dtype();
  int64_t total = 0;
  for (const Tensor& t : tensors) {
    check_same_device(first, t, "cat");
    bool ok = t.ndim() == first.ndim();
    for (int i = 0; ok && i < t.ndim(); ++i) ok = i == a || t.shape()[i] == first.shape()[i];
    if (!ok)
      throw ArgumentError("cat: shapes " + shape_str(first.shape()) + " and " +
                          shape_str(t.shape()) + " differ outside axis " + std::to_string(a));
    dt = promote_types(dt, t.dtype());
    total += t.shape()[a];
  }
  // Each input padded with zeros to the full extent; the sum of the padded inputs is
  // the concatenation, and it fuses into one kernel.
  Tensor out;
  int64_t at = 0;
  for (const Tensor& t : tensors) {
    std::vector<std::pair<int64_t, int64_t>> pads(t.ndim(), {0, 0});
    pads[a] = {at, total - at - t.shape()[a]};
    at += t.shape()[a];
    // Padded with -0.0 for floats: x + -0.0 is x for every x, where + 0.0 would turn a
    // -0.0 element into 0.0 (ingot_fuzz seed 21011, seen through bitcast).
    Tensor padded = cast(t, dt).pad(pads, is_float(dt) ? -0.0 : 0.0);
    out = out.defined() ? wrap(make_node(dt == DType::Bool ? Op::Or : Op::Add, dt, padded.shape(),
                                         padded.device(), {out.node(), padded.node()}))
                        : padded;
  }
  return out;
}

Tensor Tensor::stack(const std::vector<Tensor>& tensors, int axis) {
  if (tensors.empty()) throw ArgumentError("stack: needs at least one tensor");
  int a = axis < 0 ? axis + tensors[0].ndim() + 1 : axis;
  std::vector<Tensor> parts;
  for (const Tensor& t : tensors) {
    if (t.shape() != tensors[0].shape())
      throw ArgumentError("stack: shapes " + shape_str(tensors[0].shape()) + " and " +
                          shape_str(t.shape()) + " differ; all tensors must have the same shape");
    parts.push_back(t.unsqueeze(a));
  }
  return cat(parts, a);
}

Tensor Tensor::repeat(const std::vector<int64_t>& repeats) const {
  if (static_cast<int>(repeats.size()) < ndim())
    throw ArgumentError("repeat: " + std::to_string(repeats.size()) +
                        " repeats for a tensor of shape " + shape_str(shape()) +
                        " (at least one per axis)");
  Shape base(repeats.size() - ndim(), 1);
  base.insert(base.end(), shape().begin(), shape().end());
  Shape split, expanded, out;
  for (size_t i = 0; i < repeats.size(); ++i) {
    if (repeats[i] < 0)
      throw ArgumentError("repeat: negative repeat count " + std::to_string(repeats[i]));
    split.insert(split.end(), {1, base[i]});
    expanded.insert(expanded.end(), {repeats[i], base[i]});
    out.push_back(repeats[i] * base[i]);
  }
  return reshape(split).expand(expanded).reshape(out);
}

}  // namespace ingot
