// What the plans ask of a kernel's graph about its axes (opts.cpp): which output axis a
// copy's buffer runs along, along which a reduction's loads are all broadcast, along which
// a concatenation's parts are padded.
#include "codegen/plan_axes.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "codegen/index.hpp"

namespace ingot::codegen {
namespace {

// A concatenation (cat and stack: a sum of its parts, each padded to the output's shape)
// along an output axis this short is unrolled whole on the CPU.
constexpr int64_t kMostConcatParts = 16;

// Whether every buffer `n` reads is read alike along axis `axis` of n's shape: the inputs
// reach n through an expand from size 1 along it (or have size 1 there); what reads no
// buffer (a mask of iotas) is computed, not loaded. Other movements end the search. Each
// node is answered once (a kernel's graph shares its nodes).
class BroadcastLoads {
 public:
  explicit BroadcastLoads(int axis) : axis_(axis) {}

  bool along(const AstNode* n) {
    if (auto found = answers_.find(n); found != answers_.end()) return found->second;
    bool answer = true;
    if (n->shape[static_cast<size_t>(axis_)] > 1 && reads_buffer(n)) {
      if (n->op == Op::Expand)
        answer = along(n->src[0]);
      else if (n->is_input() || is_movement(n->op) || n->src.empty())
        answer = false;
      else
        for (const AstNode* s : n->src)
          if (s->shape != n->shape || !along(s)) {
            answer = false;
            break;
          }
    }
    answers_[n] = answer;
    return answer;
  }

 private:
  bool reads_buffer(const AstNode* n) {
    if (n->is_input()) return true;
    if (no_buffer_.count(n)) return false;
    for (const AstNode* s : n->src)
      if (reads_buffer(s)) return true;
    no_buffer_.insert(n);
    return false;
  }

  const int axis_;
  std::unordered_map<const AstNode*, bool> answers_;
  std::unordered_set<const AstNode*> no_buffer_;  // nodes found to read no buffer
};

}  // namespace

int copy_contiguous_axis(const AstNode* out, int lanes) {
  Index idx;
  for (size_t i = 0; i < out->shape.size(); ++i)
    idx.push_back(sym::var(static_cast<int>(i), 0, std::max<int64_t>(out->shape[i], 1) - 1));
  Expr guard = sym::cnst(1);
  const AstNode* n = viewed_buffer(out, idx, guard, true);
  if (!n) return -1;
  const Expr flat = flat_index(idx, n->shape);
  if (sym::coefficient(flat, lanes) == 1) return -1;
  for (int axis = lanes - 1; axis >= 0; --axis)
    if (sym::coefficient(flat, axis) == 1) return axis;
  return -1;
}

int shared_loads_axis(const AstNode* r, const Shape& out) {
  const Shape& in = r->src[0]->shape;
  const size_t kept = in.size() - r->arg.size();
  if (out.size() != kept && out != r->shape) return -1;
  for (size_t i = 0; i < r->arg.size(); ++i)
    if (r->arg[i] != static_cast<int64_t>(kept + i)) return -1;
  for (int axis = static_cast<int>(kept) - 1; axis >= 0; --axis)
    if (out[static_cast<size_t>(axis)] == in[static_cast<size_t>(axis)] &&
        out[static_cast<size_t>(axis)] > 1 && BroadcastLoads(axis).along(r->src[0]))
      return axis;
  return -1;
}

int concat_axis(const std::vector<const AstNode*>& pads, const Shape& shape, int lanes) {
  for (const AstNode* pad : pads) {
    if (pad->shape != shape) continue;
    for (int a = 0; a < static_cast<int>(shape.size()); ++a)
      if (a != lanes && (pad->arg[2 * a] || pad->arg[2 * a + 1]) &&
          shape[static_cast<size_t>(a)] <= kMostConcatParts)
        return a;
  }
  return -1;
}

}  // namespace ingot::codegen
