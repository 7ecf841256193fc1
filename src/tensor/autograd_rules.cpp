// One gradient rule per primitive op. Composite ops (softmax, matmul, var, gelu...) are
// made of these, so their gradients need no rule of their own. The rules run with grad
// mode off (backward turns it off) and read the forward values they need as tensors of
// the recorded sources, realized or not: an unrealized one is recomputed inside the
// backward kernels rather than kept in memory.
#include "tensor/autograd_rules.hpp"

#include <cmath>

#include "ingot/error.hpp"
#include "tensor/frontend.hpp"
#include "tensor/indexing.hpp"

namespace ingot::autograd {
using namespace frontend;

namespace {

Tensor zero_like(const Tensor& t) { return scalar_like(t, 0); }

// The gradient share of one operand of a binary max or min: all of it where the operand
// wins, half where both are equal (as PyTorch's maximum and minimum split it).
Tensor extremum_share(const Tensor& wins, const Tensor& tie, const Tensor& g) {
  return Tensor::where(wins, g, Tensor::where(tie, g * 0.5, zero_like(g)));
}

// The gradient of a product over `axes` without dividing by zero: with no zero in a
// reduced row it is prod / x; with exactly one, the product of the others at the zero
// and 0 elsewhere; with more, 0.
Tensor product_gradient(const Tensor& x, const std::vector<int>& axes, const Tensor& g) {
  Tensor is_zero = x.eq(zero_like(x));
  Tensor zeros = is_zero.astype(x.dtype()).sum(axes, true);
  Tensor others = Tensor::where(is_zero, scalar_like(x, 1), x).prod(axes, true);
  Tensor no_zero = Tensor::where(is_zero, zero_like(x), others / x);
  Tensor one_zero =
      Tensor::where(is_zero.logical_and(zeros.eq(scalar_like(zeros, 1))), others, zero_like(x));
  return g * Tensor::where(zeros.eq(zero_like(zeros)), no_zero, one_zero);
}

// The gradient of a max or min reduction over `axes`, spread equally over the elements
// that equal the result (tinygrad's choice; PyTorch's max over all axes does the same).
Tensor extremum_reduce_gradient(const Tensor& x, const Tensor& out, const std::vector<int>& axes,
                                const Tensor& g) {
  Tensor hits = x.eq(out).astype(x.dtype());
  return hits * (g / hits.sum(axes, true));
}

// Stride with step `step` along `axis` read the source elements start, start + |step|...
// (from the end for a negative step). The gradient puts g there and zeros between: a
// view (reshape, pad, reshape, shrink), flipped back for a negative step.
Tensor unstride_axis(const Tensor& g, int axis, int64_t step, int64_t extent) {
  int64_t count = g.shape()[axis], span = step < 0 ? -step : step;
  Tensor spread = g;
  if (span > 1) {
    Shape split = g.shape();
    split.insert(split.begin() + axis + 1, 1);
    Shape merged = g.shape();
    merged[axis] = count * span;
    std::vector<Slice> keep(g.ndim());
    keep[axis] = Slice{0, extent};
    spread = pad_end(g.reshape(split), axis + 1, span - 1).reshape(merged).slice(keep);
  }
  return step < 0 ? spread.flip({axis}) : spread;
}

Tensor movement_gradient(const GradRecord& r, const Tensor& x, const Tensor& out, const Tensor& g) {
  const Shape& shape = x.shape();
  int n = x.ndim();
  switch (r.op) {
    case Op::Reshape:
      return g.reshape(shape);
    case Op::Permute: {
      std::vector<int> inverse(n);
      for (int i = 0; i < n; ++i) inverse[r.arg[i]] = i;
      return g.permute(inverse);
    }
    case Op::Expand: {
      std::vector<int> grown;
      for (int i = 0; i < n; ++i)
        if (shape[i] != out.shape()[i]) grown.push_back(i);
      return grown.empty() ? g : g.sum(grown, true);
    }
    case Op::Pad: {
      std::vector<Slice> inside(n);
      for (int i = 0; i < n; ++i) inside[i] = Slice{r.arg[2 * i], r.arg[2 * i] + shape[i]};
      return g.slice(inside);
    }
    case Op::Shrink: {
      std::vector<std::pair<int64_t, int64_t>> pads(n);
      for (int i = 0; i < n; ++i) pads[i] = {r.arg[2 * i], shape[i] - r.arg[2 * i + 1]};
      return g.pad(pads);
    }
    case Op::Stride: {
      Tensor out_g = g;
      for (int i = 0; i < n; ++i)
        if (r.arg[i] != 1) out_g = unstride_axis(out_g, i, r.arg[i], shape[i]);
      return out_g;
    }
    default:
      throw Error(std::string("autograd: no gradient rule for movement op ") + op_name(r.op));
  }
}

// The gradients of a unary op's source.
Tensor unary_gradient(Op op, const Tensor& x, const Tensor& out, const Tensor& g) {
  switch (op) {
    case Op::Neg:
      return -g;
    case Op::Exp:
      return g * out;
    case Op::Exp2:
      return g * out * M_LN2;
    case Op::Log:
      return g / x;
    case Op::Log2:
      return g / (x * M_LN2);
    case Op::Sin:
      return g * x.cos();
    case Op::Cos:
      return -(g * x.sin());
    case Op::Tanh:
      return g * (1.0 - out * out);
    case Op::Sqrt:
      return g / (out * 2.0);
    case Op::Recip:
      return -(g * out * out);
    case Op::Cast:
      return g.astype(x.dtype());
    case Op::Contiguous:
      return g;
    case Op::Copy:
      return g.to(x.device());
    default:
      throw Error(std::string("autograd: no gradient rule for ") + op_name(op));
  }
}

std::vector<Tensor> binary_gradients(Op op, const Tensor& x, const Tensor& y, const Tensor& out,
                                     const Tensor& g) {
  switch (op) {
    case Op::Add:
      return {g, g};
    case Op::Sub:
      return {g, -g};
    case Op::Mul:
      return {g * y, g * x};
    case Op::Div:
      return {g / y, -(g * out / y)};
    case Op::Max:
    case Op::Min: {
      Tensor tie = x.eq(y);
      bool is_max = op == Op::Max;
      return {extremum_share(is_max ? y.lt(x) : x.lt(y), tie, g),
              extremum_share(is_max ? x.lt(y) : y.lt(x), tie, g)};
    }
    case Op::Pow: {
      // d/dx x^y = y x^(y-1), 0 where y is 0 (not 0 * inf at x = 0); d/dy = x^y log x,
      // 0 where x is 0 and y >= 0, as PyTorch's.
      Tensor zero = zero_like(g);
      Tensor dx = Tensor::where(y.eq(zero), zero, y * x.pow(y - 1.0));
      Tensor dy = Tensor::where(x.eq(zero).logical_and(y.ge(zero)), zero, out * x.log());
      return {g * dx, g * dy};
    }
    default:
      throw Error(std::string("autograd: no gradient rule for ") + op_name(op));
  }
}

}  // namespace

std::vector<Tensor> source_gradients(const GradRecord& r, const NodePtr& out_node,
                                     const Tensor& g) {
  Tensor out(out_node);
  std::vector<Tensor> src;
  for (const NodePtr& s : r.src) src.emplace_back(s);
  std::vector<Tensor> grads(src.size());
  auto needs = [&](size_t i) { return r.src[i]->requires_grad; };
  if (r.custom) {
    std::vector<NodePtr> given = r.custom(g.node());
    for (size_t i = 0; i < grads.size() && i < given.size(); ++i) grads[i] = Tensor(given[i]);
  } else if (is_movement(r.op)) {
    grads[0] = movement_gradient(r, src[0], out, g);
  } else if (is_reduce(r.op)) {
    std::vector<int> axes(r.arg.begin(), r.arg.end());
    const Tensor& x = src[0];
    if (r.op == Op::ReduceSum) grads[0] = g.expand(x.shape());
    if (r.op == Op::ReduceProd) grads[0] = product_gradient(x, axes, g);
    if (r.op == Op::ReduceMax || r.op == Op::ReduceMin)
      grads[0] = extremum_reduce_gradient(x, out, axes, g);
  } else if (r.op == Op::Where) {
    Tensor zero = zero_like(g);
    if (needs(1)) grads[1] = Tensor::where(src[0], g, zero);
    if (needs(2)) grads[2] = Tensor::where(src[0], zero, g);
  } else if (r.op == Op::Take) {
    grads[0] = take_gradient(src[0], src[1], static_cast<int>(r.arg[0]), g);
  } else if (src.size() == 2) {
    grads = binary_gradients(r.op, src[0], src[1], out, g);
  } else if (src.size() == 1) {
    grads[0] = unary_gradient(r.op, src[0], out, g);
  } else {
    throw Error(std::string("autograd: no gradient rule for ") + op_name(r.op));
  }
  for (size_t i = 0; i < grads.size(); ++i) {
    if (!needs(i)) {
      grads[i] = Tensor();
    } else if (src[i].numel() == 0) {
      grads[i] = Tensor::zeros(src[i].shape(), src[i].dtype(), src[i].device());
    }
  }
  return grads;
}

}  // namespace ingot::autograd
