// sort, argsort and topk by ranking: each element's rank along the axis is the number of
// elements that come before it (a reduction over an n x n comparison, one kernel), and
// the element of rank r is selected with a one-hot mask of the ranks (another). Equal
// elements are ranked by position, so the order is stable, and every rank is distinct.
// The work is n^2 per row: meant for rows of up to a few thousand elements (a bitonic
// network, n log^2 n, would suit long rows better; docs/indexing.md).
#include <fmt/format.h>

#include "ingot/error.hpp"
#include "tensor/indexing.hpp"

namespace ingot {
using namespace frontend;

namespace {

// Whether a comes before b in ascending order with NaN above every number.
Tensor less(const Tensor& a, const Tensor& b) {
  Tensor lt = a.lt(b);
  if (!is_float(a.dtype())) return lt;
  return lt.logical_or(b.ne(b).logical_and(a.eq(a)));
}

Tensor equal(const Tensor& a, const Tensor& b) {
  Tensor eq = a.eq(b);
  if (!is_float(a.dtype())) return eq;
  return eq.logical_or(a.ne(a).logical_and(b.ne(b)));
}

// The rank of each element along the last axis of x (int64, x's shape).
Tensor ranks(const Tensor& x, bool descending) {
  int64_t n = x.shape().back();
  // x[..., i] and x[..., j] broadcast to [..., i, j] before any arithmetic, which then
  // fuses into the reduction (see one_hot_mask).
  Shape square = x.shape();
  square.push_back(n);
  Tensor mine = x.unsqueeze(-1).expand(square), other = x.unsqueeze(-2).expand(square);
  Tensor position = iota({n}, DType::Int32, x.device());
  Tensor earlier = position.reshape({1, n}).lt(position.reshape({n, 1}));  // j < i
  Tensor ahead = descending ? less(mine, other) : less(other, mine);
  return ahead.logical_or(equal(mine, other).logical_and(earlier)).sum({-1});
}

// The first k elements of x's last axis in rank order, and their positions.
std::pair<Tensor, Tensor> ranked(const Tensor& x, int64_t k, bool descending) {
  int64_t n = x.shape().back();
  // mask[..., r, i]: element i has rank r. The reductions run over the last axis (i).
  Shape by_rank = x.shape();
  by_rank.insert(by_rank.end() - 1, k);
  Tensor rank = ranks(x, descending).unsqueeze(-2).expand(by_rank);
  Tensor mask = rank.eq(iota({k}, DType::Int64, x.device()).reshape({k, 1}));
  Tensor values = select_by_mask(x.unsqueeze(-2), mask, -1);
  return {values, select_by_mask(iota({n}, DType::Int64, x.device()), mask, -1)};
}

std::pair<Tensor, Tensor> ranked_along(const Tensor& t, int axis, std::optional<int64_t> k,
                                       bool descending, const char* name) {
  if (!t.defined()) throw ArgumentError(std::string(name) + ": undefined tensor operand");
  int a = normalize_axis(axis, t.ndim(), name);
  int64_t n = t.ndim() ? t.shape()[a] : 1;
  if (k && (*k < 0 || *k > n))
    throw ArgumentError(
        fmt::format("{}: k = {} is out of range for axis {} of size {} (valid: "
                    "0 to {})",
                    name, *k, a, n, n));
  if (t.ndim() == 0) return {t, constant({}, DType::Int64, t.device(), 0)};
  int last = t.ndim() - 1;
  auto [values, positions] = ranked(move_axis(t, a, last), k.value_or(n), descending);
  return {move_axis(values, last, a), move_axis(positions, last, a)};
}

}  // namespace

std::pair<Tensor, Tensor> Tensor::sort(int axis, bool descending) const {
  return ranked_along(*this, axis, std::nullopt, descending, "sort");
}

Tensor Tensor::argsort(int axis, bool descending) const {
  return ranked_along(*this, axis, std::nullopt, descending, "argsort").second;
}

std::pair<Tensor, Tensor> Tensor::topk(int64_t k, int axis, bool largest) const {
  return ranked_along(*this, axis, k, largest, "topk");
}

}  // namespace ingot
