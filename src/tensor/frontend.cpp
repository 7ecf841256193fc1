#include "tensor/frontend.hpp"

#include <algorithm>
#include <cmath>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot::frontend {

std::string device_name(const std::string& device) { return Device::get(device).name(); }

Tensor constant(const Shape& shape, DType dtype, const std::string& device, double value) {
  for (int64_t d : shape)
    if (d < 0) throw ArgumentError("full: negative dimension in shape " + shape_str(shape));
  return wrap(make_node(Op::Const, dtype, shape, device_name(device), {}, {},
                        ConstValue::of(value, dtype)));
}

Tensor iota(const Shape& shape, DType dtype, const std::string& device) {
  return wrap(make_node(Op::Iota, dtype, shape, device_name(device), {}));
}

int normalize_axis(int axis, int ndim, const char* op) {
  int n = std::max(ndim, 1);
  if (axis < -n || axis >= n)
    throw ArgumentError(std::string(op) + ": axis " + std::to_string(axis) +
                        " is out of range for a " + std::to_string(ndim) + "-d tensor (valid: " +
                        std::to_string(-n) + " to " + std::to_string(n - 1) + ")");
  return axis < 0 ? axis + n : axis;
}

std::vector<int> normalize_axes(const std::vector<int>& axes, int ndim, const char* op) {
  std::vector<int> out;
  if (axes.empty()) {
    for (int i = 0; i < ndim; ++i) out.push_back(i);
    return out;
  }
  for (int a : axes) {
    int n = normalize_axis(a, ndim, op);
    if (std::find(out.begin(), out.end(), n) != out.end())
      throw ArgumentError(std::string(op) + ": axis " + std::to_string(a) + " is repeated");
    out.push_back(n);
  }
  // A 0-d tensor accepts axis 0 (or -1), as PyTorch does, naming no axis of its own: the
  // op reduces, flips... over nothing.
  if (ndim == 0) out.clear();
  std::sort(out.begin(), out.end());
  return out;
}

Shape broadcast_shapes(const Shape& a, const Shape& b, const char* op) {
  size_t n = std::max(a.size(), b.size());
  Shape out(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1)
      throw ArgumentError(std::string(op) + ": shapes " + shape_str(a) + " and " + shape_str(b) +
                          " cannot be broadcast together (axis " + std::to_string(i) + ": " +
                          std::to_string(da) + " vs " + std::to_string(db) +
                          "; sizes must match or one must be 1)");
    out[i] = da == 1 ? db : da;
  }
  return out;
}

namespace {

// The order of `t` where it is a permuted view of something stored in another layout (a
// convolution's output, stored channels last and seen as NCHW) that elementwise ops may
// compute in instead: unrealized, transparent to gradients, of a source that is no view
// itself (a contraction's operands are permuted broadcasts, laid out for the matmul
// plans). Empty otherwise.
std::vector<int64_t> stored_order(const Tensor& t) {
  const LazyNode& n = *t.node();
  if (n.op != Op::Permute || !view_is_transparent(n)) return {};
  const LazyNode& source = *n.src[0];
  if (!source.realized() && is_movement(source.op)) return {};
  return n.arg;
}

std::vector<int> inverse_of(const std::vector<int64_t>& order) {
  std::vector<int> inverse(order.size());
  for (size_t i = 0; i < order.size(); ++i)
    inverse[static_cast<size_t>(order[i])] = static_cast<int>(i);
  return inverse;
}

std::vector<int> as_axes(const std::vector<int64_t>& order) {
  return std::vector<int>(order.begin(), order.end());
}

// `t` (broadcastable to `shape`) in the layout that `order` permutes into `shape`: its
// source where it is the same permuted view, else a view of it with the inverse order.
Tensor in_stored_layout(const Tensor& t, const Shape& shape, const std::vector<int64_t>& order) {
  if (t.shape() == shape && stored_order(t) == order) return Tensor(t.node()->src[0]);
  Shape padded(shape.size() - t.shape().size(), 1);
  padded.insert(padded.end(), t.shape().begin(), t.shape().end());
  return t.reshape(padded).permute(inverse_of(order));
}

// Whether an elementwise op of `operands` at `shape` computes in the stored layout of the
// first of them that is a permuted view (stored_order): where every operand as large as
// the result is that same view of a source of the same shape, the others broadcast
// (batch norm's statistics) or constants. The result is then that layout's, seen through
// the permute: a convolution's output went through batch norm and ReLU written in NCHW,
// read channels last, a transposing pass each (ResNet-18's step on the H200: 0.5-1 TB/s).
std::vector<int64_t> shared_stored_order(std::initializer_list<const Tensor*> operands,
                                         const Shape& shape) {
  std::vector<int64_t> order;
  for (const Tensor* t : operands)
    if (t->shape() == shape && t->node()->op != Op::Const) {
      const std::vector<int64_t> mine = stored_order(*t);
      if (mine.empty() || (!order.empty() && mine != order)) return {};
      order = mine;
    }
  return order;
}

}  // namespace

Tensor cast(const Tensor& t, DType dtype) {
  if (t.dtype() == dtype) return t;
  if (const std::vector<int64_t> order = stored_order(t); !order.empty())
    return cast(Tensor(t.node()->src[0]), dtype).permute(as_axes(order));
  return wrap(make_node(Op::Cast, dtype, t.shape(), t.device(), {t.node()}));
}

Tensor unary(const Tensor& t, Op op, DType out_dtype) {
  if (const std::vector<int64_t> order = stored_order(t); !order.empty())
    return unary(Tensor(t.node()->src[0]), op, out_dtype).permute(as_axes(order));
  Tensor x = cast(t, out_dtype);
  return wrap(make_node(op, out_dtype, x.shape(), x.device(), {x.node()}));
}

void check_same_device(const Tensor& a, const Tensor& b, const char* op) {
  if (a.device() != b.device())
    throw ArgumentError(std::string(op) + ": operands are on different devices (" + a.device() +
                        " and " + b.device() + "); move one with .to(device)");
}

Tensor binary(const Tensor& a, const Tensor& b, Op op, DType operand_dtype, DType out_dtype,
              const char* name) {
  if (!a.defined() || !b.defined())
    throw ArgumentError(std::string(name) + ": undefined tensor operand");
  check_same_device(a, b, name);
  Shape shape = broadcast_shapes(a.shape(), b.shape(), name);
  if (const std::vector<int64_t> order = shared_stored_order({&a, &b}, shape); !order.empty())
    return binary(in_stored_layout(a, shape, order), in_stored_layout(b, shape, order), op,
                  operand_dtype, out_dtype, name)
        .permute(as_axes(order));
  Tensor x = cast(a, operand_dtype).broadcast_to(shape);
  Tensor y = cast(b, operand_dtype).broadcast_to(shape);
  return wrap(make_node(op, out_dtype, std::move(shape), a.device(), {x.node(), y.node()}));
}

Tensor arith(const Tensor& a, const Tensor& b, Op op, const char* name) {
  DType dt = promote_types(a.dtype(), b.dtype());
  return binary(a, b, op, dt, dt, name);
}

DType accumulate_type(DType dt) {
  if (dt == DType::Bool || is_signed_int(dt)) return DType::Int64;
  if (is_unsigned_int(dt)) return DType::UInt64;
  return dt;
}

Tensor scalar_like(const Tensor& t, double value) {
  bool fractional = std::isfinite(value) ? value != std::floor(value) : true;
  const DType dtype = promote_with_scalar(t.dtype(), fractional);
  // t's device is a name the registry gave already.
  return wrap(
      make_node(Op::Const, dtype, t.shape(), t.device(), {}, {}, ConstValue::of(value, dtype)));
}

Tensor pad_end(const Tensor& t, int axis, int64_t count, double value) {
  std::vector<std::pair<int64_t, int64_t>> pads(t.ndim(), {0, 0});
  pads[static_cast<size_t>(axis)].second = count;
  return t.pad(pads, value);
}

Tensor copy_of(const Tensor& t) {
  const Buffer& from = *t.node()->buffer;
  const size_t bytes = size_t(t.numel()) * dtype_size(t.dtype());
  std::shared_ptr<Buffer> to = from.device().allocator().alloc(bytes);
  if (bytes) Allocator::transfer(*to, from, bytes);
  return wrap(make_buffer_node(std::move(to), t.dtype(), t.shape(), t.device()));
}

}  // namespace ingot::frontend
