#include "codegen/index.hpp"

namespace ingot::codegen {

namespace {

std::vector<int64_t> strides_of(const Shape& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * shape[i + 1];
  return s;
}

}  // namespace

Expr flat_index(const Index& idx, const Shape& shape) {
  auto st = strides_of(shape);
  Expr f = sym::cnst(0);
  for (size_t i = 0; i < idx.size(); ++i) f = sym::add(f, sym::mul(idx[i], st[i]));
  return f;
}

Index unravel(const Expr& flat, const Shape& shape) {
  // A shape without elements has no index to unravel to, and its strides and extents hold
  // zeros to divide by: its values are only ever asked for under a false guard (a padded
  // empty part of a cat), where they are not read.
  if (shape_numel(shape) == 0) return Index(shape.size(), sym::cnst(0));
  auto st = strides_of(shape);
  Index idx;
  for (size_t i = 0; i < shape.size(); ++i)
    idx.push_back(sym::mod(sym::floordiv(flat, st[i]), shape[i]));
  return idx;
}

Index broadcast_from(const Index& idx, const Shape& from) {
  Index out(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) out[i] = from[i] == 1 ? sym::cnst(0) : idx[i];
  return out;
}

Index through_movement(const AstNode* n, const Index& idx, Expr& guard) {
  const Shape& src = n->src[0]->shape;
  Index out(src.size());
  switch (n->op) {
    case Op::Reshape:
      return unravel(flat_index(idx, n->shape), src);
    case Op::Permute:
      for (size_t i = 0; i < idx.size(); ++i) out[n->arg[i]] = idx[i];
      return out;
    case Op::Expand:
      return broadcast_from(idx, src);
    case Op::Shrink:
      for (size_t i = 0; i < idx.size(); ++i) out[i] = sym::add(idx[i], n->arg[2 * i]);
      return out;
    case Op::Stride:
      for (size_t i = 0; i < idx.size(); ++i) {
        int64_t s = n->arg[i];
        out[i] = s > 0 ? sym::mul(idx[i], s) : sym::add(sym::mul(idx[i], s), src[i] - 1);
      }
      return out;
    case Op::Pad:
      for (size_t i = 0; i < idx.size(); ++i) {
        out[i] = sym::add(idx[i], -n->arg[2 * i]);
        if (n->arg[2 * i] || n->arg[2 * i + 1])
          guard = sym::logical_and(guard,
                                   sym::logical_and(sym::ge(out[i], 0), sym::lt(out[i], src[i])));
      }
      // An empty source is never read (the bounds above need not fold to false).
      if (shape_numel(src) == 0) guard = sym::cnst(0);
      return out;
    default:
      return idx;
  }
}

const AstNode* viewed_buffer(const AstNode* n, Index& idx, Expr& guard, bool through_contiguous) {
  for (; !n->is_input(); n = n->src[0]) {
    if (through_contiguous && n->op == Op::Contiguous) continue;
    if (!is_movement(n->op)) return nullptr;
    idx = through_movement(n, idx, guard);
  }
  return n;
}

}  // namespace ingot::codegen
