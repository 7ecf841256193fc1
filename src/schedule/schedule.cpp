#include "schedule/schedule.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "graph/key_text.hpp"

namespace ingot::engine {
namespace {

bool is_leaf(const LazyNode& n) {
  return n.realized() || n.op == Op::Const || n.op == Op::Iota || n.op == Op::Buffer;
}
bool is_compute(const LazyNode& n) { return !is_leaf(n) && !is_movement(n.op); }

// The targets' graph in one depth-first walk: its nodes, sources before consumers, each as
// the pointer that reached it first (a target or a source slot, which owns it), and a key
// equal for two walks exactly when the rules below see the same graph: the device, and
// every node's op, type, shape and arguments, whether it is realized, and which nodes are
// shared. Constants' values and other devices do not change a cut.
struct Walk {
  KeyText key;
  std::vector<const NodePtr*> order;
  SeenNodes seen;

  void visit(const NodePtr& n) {
    if (int64_t id = seen.find_or_add(n.get()); id >= 0) {
      key.mark('@');
      key.number(id, ';');
      return;
    }
    key.mark(n->realized() ? 'B' : 'N');
    key.number(static_cast<int>(n->op), ':');
    key.number(static_cast<int>(n->dtype), '[');
    key.numbers(n->shape, ']');
    if (!n->realized()) {
      key.numbers(n->arg, '{');
      for (const auto& s : n->src) visit(s);
      key.mark('}');
    }
    order.push_back(&n);
  }
};

struct Graph {
  std::vector<LazyNode*> order;  // sources before consumers
  std::unordered_map<LazyNode*, std::vector<LazyNode*>> parents;

  explicit Graph(const Walk& walk) {
    order.reserve(walk.order.size());
    for (const NodePtr* p : walk.order) {
      LazyNode* n = p->get();
      order.push_back(n);
      if (!n->realized())
        for (const auto& s : n->src) parents[s.get()].push_back(n);
    }
  }
};

struct Use {
  LazyNode* consumer;
  bool through_expand;
  bool row_broadcast;  // the chain only expands the last axis (of size 1)
};

// An expand that grows only the last axis, from 1: a row's value broadcast along it.
bool expands_last_axis(const LazyNode& n) {
  if (n.op != Op::Expand || n.shape.empty()) return false;
  const Shape& from = n.src[0]->shape;
  for (size_t i = 0; i + 1 < n.shape.size(); ++i)
    if (from[i] != n.shape[i]) return false;
  return from.back() == 1;
}

// A reduction of exactly the last axis: one value per row.
bool is_row_reduce(const LazyNode& n) {
  return is_reduce(n.op) && n.arg.size() == 1 &&
         n.arg[0] == static_cast<int64_t>(n.src[0]->shape.size()) - 1;
}

// A reshape or permute after which the last axis is no longer the source's rows: a region
// reducing each row and broadcasting the result along it (a normalization) must be
// computed before it, or every output row would recompute the reductions of a whole
// source row (a groupnorm's reshape back to NCHW: 48 outputs a row, 18432 inputs).
bool moves_rows(const LazyNode& n) {
  if (n.shape.empty() || n.src.empty() || n.src[0]->shape.empty()) return false;
  const int64_t last = static_cast<int64_t>(n.src[0]->shape.size()) - 1;
  if (n.op == Op::Permute) return n.arg.back() != last;
  return n.op == Op::Reshape && n.shape.back() != n.src[0]->shape.back();
}

// The non-movement consumers of `n`, looking through chains of movement ops, and
// whether the chain expands.
void uses_of(const Graph& g, LazyNode* n, bool expanded, bool rowwise,
             const std::set<LazyNode*>& outputs, std::vector<Use>& out) {
  auto it = g.parents.find(n);
  if (it == g.parents.end()) return;
  std::set<LazyNode*> distinct(it->second.begin(), it->second.end());
  for (LazyNode* p : distinct) {
    bool grows = p->op == Op::Expand && shape_numel(p->shape) > shape_numel(n->shape);
    // A Take reads its source at data-dependent places, any number of times each, and may
    // broadcast its index: as a broadcast would, and never along rows only.
    bool taken = p->op == Op::Take &&
                 (p->src[0].get() == n || shape_numel(n->shape) < shape_numel(p->shape));
    if (is_movement(p->op) && !outputs.count(p))
      uses_of(g, p, expanded || grows, rowwise && expands_last_axis(*p), outputs, out);
    else
      out.push_back({p, expanded || grows || taken, rowwise && !taken});
  }
}

// Whether the graph under `n` is a tree of elementwise and movement ops over leaves,
// with no expand of anything that reads memory: then the rules below make exactly one
// kernel, and the eager path of small ops skips the general analysis.
struct TreeScan {
  std::vector<const LazyNode*> inner;
  bool ok = true;

  bool reads_memory(const LazyNode* n) {  // also records whether the tree is simple
    if (n->realized()) return true;
    if (is_leaf(*n)) return false;
    if (is_reduce(n->op) || n->op == Op::Copy || n->op == Op::Contiguous ||
        std::find(inner.begin(), inner.end(), n) != inner.end() || inner.size() > 64) {
      ok = false;
      return true;
    }
    inner.push_back(n);
    bool reads = false;
    for (const auto& s : n->src) reads |= reads_memory(s.get());
    if (n->op == Op::Expand && reads) ok = false;
    // A Take of computed values (or a broadcast computed index) would compute them at
    // every element read.
    if (n->op == Op::Take)
      for (const auto& s : n->src)
        if (!is_leaf(*s) && !is_view_of_buffer(s.get())) ok = false;
    return reads;
  }
};

// A product's operand below the broadcast Tensor::matmul lays it into the product with
// (an axis of 1 inserted, then expanded).
LazyNode* below_broadcast(LazyNode* y) {
  while (!y->realized() &&
         (y->op == Op::Expand ||
          (y->op == Op::Reshape && y->shape.size() == y->src[0]->shape.size() + 1 &&
           shape_numel(y->shape) == shape_numel(y->src[0]->shape))))
    y = y->src[0].get();
  return y;
}

// Whether `n` is a view swapping the last two axes of its source.
bool swaps_last_two(const LazyNode* n) {
  const size_t r = n->arg.size();
  return n->op == Op::Permute && !n->realized() && r >= 2 &&
         n->arg[r - 1] == static_cast<int64_t>(r) - 2 &&
         n->arg[r - 2] == static_cast<int64_t>(r) - 1;
}

// A matmul's right operand as the product holds it ([..., 1, N, K]: b's transpose), where
// b itself swaps the last two axes of its data (b = x^T, stored [..., N, K]): that
// transposed view b, or nullptr.
LazyNode* transposed_right_operand(LazyNode* y) {
  y = below_broadcast(y);
  if (!swaps_last_two(y) || !swaps_last_two(y->src[0].get())) return nullptr;
  return y->src[0].get();
}

// The fewest columns of a product for which the CPU copies a left operand stored
// depth-major first (see Regions::realize_untileable_operands).
constexpr int64_t kLeftCopyColumns = 256;

// A matmul's left operand as the product holds it ([..., M, 1, K]), where it swaps the
// last two axes of its data (a = x^T, stored [..., K, M]): that view, or nullptr.
LazyNode* transposed_left_operand(LazyNode* y) {
  y = below_broadcast(y);
  return swaps_last_two(y) ? y : nullptr;
}

// What the region of each node holds, as the schedule decides it sources first.
struct Regions {
  std::set<LazyNode*>& outputs;
  std::unordered_map<LazyNode*, bool> has_reduce, has_load, row_only, behind_broadcast;

  // Whether `s` holds a reduction a kernel reading it would compute inline, other than
  // row reductions broadcast along their rows, which a ROW kernel computes once per row
  // (softmax's max and sum).
  bool inline_reduction(LazyNode* s) {
    return has_reduce[s] && !outputs.count(s) && !(row_only[s] && behind_broadcast[s]);
  }
  // The first reduction a kernel reading `s` would compute inline, and the nodes on the
  // way to it.
  LazyNode* held_reduction(LazyNode* s, std::vector<LazyNode*>& path) {
    path.push_back(s);
    if (is_reduce(s->op)) return s;
    for (const auto& x : s->src)
      if (has_reduce[x.get()] && !outputs.count(x.get())) return held_reduction(x.get(), path);
    return nullptr;
  }
  // A product's operand that merges axes of a permuted view (the gradient of q, k and v
  // put back into one [b, t, 3 d]) is copied contiguous first, so that the matmul plans
  // tile it (the H200's training step: 2.4 ms for the weight gradient of qkv).
  // On a device whose matmul plans are SIMD vectors without threadgroups (the CPU), a
  // right operand stored transposed (a @ b^T) is copied first too, one pass over it: the
  // plans would take its sums along the depth, each reduced across its lanes at the end
  // (16x512x64 @ 16x64x511: 11 -> 4.8 ms; NumPy 2.9). So is a left operand stored
  // depth-major (a^T @ b) where the product has kLeftCopyColumns columns or more: the
  // plans' tiles of 6 rows read 6 values of each of its rows, a cache line a step of the
  // depth, which a tile's panel of the right operand then pushes out of the cache
  // ((1024x2047)^T @ 1024x512 on an AMD EPYC: 40-55 -> 19-23 ms). With fewer columns the
  // copy costs more than the product saves (4096^2 transposed by 64 columns: 49 -> 91 ms).
  void realize_untileable_operands(const LazyNode& reduce, const DeviceLookup& device) {
    const LazyNode& product = *reduce.src[0];
    if (reduce.op != Op::ReduceSum || product.op != Op::Mul || product.realized()) return;
    auto copy = [&](LazyNode* view) {
      if (outputs.insert(view).second) has_load[view] = true;
    };
    for (const auto& operand : product.src)
      if (LazyNode* merge = merge_of_permuted(operand.get())) copy(merge);
    if (!device) return;
    if (const DeviceInfo& info = device(); info.threadgroups || info.simd_width <= 1) return;
    if (LazyNode* stored = transposed_right_operand(product.src[1].get())) copy(stored);
    if (LazyNode* stored = transposed_left_operand(product.src[0].get());
        stored && product.shape.size() >= 3 &&
        product.shape[product.shape.size() - 2] >= kLeftCopyColumns)
      copy(stored);
  }
  // A padded reduction is computed by a kernel of its own first: a kernel of the padded
  // tensor would compute it under the pad's guard, where no plan tiles it (the gradients
  // of q, k and v padded into one tensor: 2 ms on the H200 for a head's three products).
  void realize_padded(const LazyNode& pad) {
    LazyNode* s = pad.src[0].get();
    std::vector<LazyNode*> path;
    if (!inline_reduction(s)) return;
    LazyNode* r = held_reduction(s, path);
    if (!r) return;
    outputs.insert(r);
    for (LazyNode* m : path) {
      has_reduce[m] = false;
      has_load[m] = true;
    }
  }
};

// The positions in `walk`'s order of the nodes that become kernel outputs or copies.
std::vector<int> cut(const Walk& walk, const std::vector<NodePtr>& targets,
                     const DeviceLookup& device) {
  Graph g(walk);
  std::set<LazyNode*> outputs;
  for (const auto& t : targets) {
    if (t->realized() || is_view_of_buffer(t.get()) || t->op == Op::Buffer) continue;
    // A view of a contiguous copy stays a view of it, as a view of a buffer does: the copy
    // is the kernel (a running sum's rows sliced from its whole blocks).
    LazyNode* base = t.get();
    while (is_movement(base->op)) base = base->src[0].get();
    outputs.insert(base != t.get() && base->op == Op::Contiguous ? base : t.get());
  }

  // What each node's fused region contains, decided sources first. A region may hold
  // row reductions broadcast along the last axis (softmax's max and sum): the lowerer
  // loops over each row and computes them once per row (codegen ROW). `row_only`: every
  // reduction in the region is such a row reduction, at any depth; `behind_broadcast`:
  // every one is reached through a broadcast along the last axis.
  Regions regions{outputs};
  auto& has_reduce = regions.has_reduce;
  auto& has_load = regions.has_load;
  auto& row_only = regions.row_only;
  auto& behind_broadcast = regions.behind_broadcast;
  for (LazyNode* n : g.order) {
    if (n->realized()) {
      has_load[n] = true;
      continue;
    }
    bool red = is_reduce(n->op), load = false;
    bool rows = !red || is_row_reduce(*n), behind = !red;
    if (n->op == Op::Pad) regions.realize_padded(*n);
    if (is_reduce(n->op)) regions.realize_untileable_operands(*n, device);
    for (const auto& s : n->src) {
      if (has_reduce[s.get()] && row_only[s.get()] && behind_broadcast[s.get()] && moves_rows(*n))
        outputs.insert(s.get());
      bool boundary = outputs.count(s.get()) > 0;
      bool inner = !boundary && has_reduce[s.get()];
      red |= inner;
      load |= boundary || has_load[s.get()];
      if (!inner) continue;
      bool moves = is_movement(n->op) && !expands_last_axis(*n);
      rows &= row_only[s.get()] && !moves;
      behind &= expands_last_axis(*n) || (!moves && behind_broadcast[s.get()]);
    }
    if (n->op == Op::Contiguous || n->op == Op::Copy) outputs.insert(n);
    if (n->op == Op::Copy) outputs.insert(n->src[0].get());
    if (is_compute(*n)) {
      std::vector<Use> uses;
      uses_of(g, n, false, true, outputs, uses);
      bool expanded = false, feeds_reduce = false, row_uses = true, row_feeds = true;
      for (const Use& u : uses) {
        expanded |= u.through_expand;
        row_uses &= !u.through_expand || u.row_broadcast;
        feeds_reduce |= is_reduce(u.consumer->op);
        row_feeds &= !is_reduce(u.consumer->op) || is_row_reduce(*u.consumer);
      }
      bool row_fused = red && rows;
      if ((expanded && (red || load) && !(row_fused && row_uses)) ||
          (red && feeds_reduce && !(row_fused && behind && row_feeds)))
        outputs.insert(n);
    }
    has_reduce[n] = outputs.count(n) ? false : red;
    has_load[n] = outputs.count(n) ? true : load;
    row_only[n] = rows;
    behind_broadcast[n] = behind;
  }

  // Consumers first: the kernels each node would be computed in. A node that reads
  // memory or reduces and would be computed by several kernels is computed once, by a
  // kernel of its own; a pure function of the index (constants, iota, random bits) is
  // cheaper to recompute than to store.
  std::unordered_map<LazyNode*, std::set<LazyNode*>> kernels;
  for (auto it = g.order.rbegin(); it != g.order.rend(); ++it) {
    LazyNode* n = *it;
    if (n->realized()) continue;
    std::set<LazyNode*>& ks = kernels[n];
    for (LazyNode* p : g.parents[n]) {
      if (outputs.count(p))
        ks.insert(p);
      else
        ks.insert(kernels[p].begin(), kernels[p].end());
    }
    if (outputs.count(n) || !is_compute(*n) || ks.size() < 2) continue;
    if (has_load[n] || has_reduce[n]) {
      outputs.insert(n);
      ks = {n};
    }
  }

  std::vector<int> positions;
  for (size_t i = 0; i < g.order.size(); ++i)
    if (outputs.count(g.order[i]) && !g.order[i]->realized())
      positions.push_back(static_cast<int>(i));
  return positions;
}

// The cuts of graphs seen before, by their walk's key: a realize of a structure seen before
// (a training step, a loop of small ops) skips the analysis (softmax of 16x16 on the CPU:
// 13 -> 10 us a realize). Bounded by the keys' bytes (a training step's key is tens of
// kilobytes): a program making ever new structures starts over.
constexpr size_t kMaxCachedKeyBytes = size_t{32} << 20;
struct CachedCuts {
  std::mutex mutex;
  std::unordered_map<std::string, std::vector<int>> by_key;
  size_t key_bytes = 0;
};
CachedCuts& cached_cuts() {
  static auto* cuts = new CachedCuts;  // leaked: realizes may run during static destruction
  return *cuts;
}

}  // namespace

std::vector<ScheduleItem> schedule(const std::vector<NodePtr>& targets,
                                   const DeviceLookup& device) {
  if (targets.size() == 1 && !targets[0]->realized() && !is_view_of_buffer(targets[0].get())) {
    TreeScan scan;
    scan.inner.reserve(16);
    scan.reads_memory(targets[0].get());
    if (scan.ok) return {{ScheduleItem::Kind::Kernel, targets[0]}};
  }
  Walk walk;
  walk.order.reserve(64);
  walk.key.reserve(512);
  if (!targets.empty()) walk.key.append(targets[0]->device);
  for (const auto& t : targets) {
    walk.key.mark('|');
    walk.visit(t);
  }
  std::string key = std::move(walk.key).take();
  CachedCuts& cache = cached_cuts();
  std::vector<int> positions;
  bool found = false;
  {
    std::lock_guard lock(cache.mutex);
    auto it = cache.by_key.find(key);
    if ((found = it != cache.by_key.end())) positions = it->second;
  }
  if (!found) {
    positions = cut(walk, targets, device);
    std::lock_guard lock(cache.mutex);
    if (cache.key_bytes + key.size() > kMaxCachedKeyBytes) {
      cache.by_key.clear();
      cache.key_bytes = 0;
    }
    const size_t bytes = key.size();
    if (cache.by_key.emplace(std::move(key), positions).second) cache.key_bytes += bytes;
  }
  std::vector<ScheduleItem> items;
  items.reserve(positions.size());
  for (int i : positions) {
    const NodePtr& n = *walk.order[static_cast<size_t>(i)];
    items.push_back({n->op == Op::Copy ? ScheduleItem::Kind::Copy : ScheduleItem::Kind::Kernel, n});
  }
  return items;
}

}  // namespace ingot::engine
