#include "engine/node_checks.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "engine/realize.hpp"
#include "engine/recording.hpp"

namespace ingot::engine {

namespace {

// The unrealized nodes reachable from `targets` that carry checks.
std::vector<LazyNode*> checked_nodes(const std::vector<NodePtr>& targets) {
  std::vector<LazyNode*> found, stack;
  std::unordered_set<LazyNode*> seen;
  for (const NodePtr& t : targets) stack.push_back(t.get());
  while (!stack.empty()) {
    LazyNode* n = stack.back();
    stack.pop_back();
    if (n->realized() || !seen.insert(n).second) continue;
    if (!n->checks.empty()) found.push_back(n);
    for (const NodePtr& s : n->src) stack.push_back(s.get());
  }
  return found;
}

// The realized node whose every value `subject` holds (it, or a buffer it reshapes,
// permutes or broadcasts), or null.
LazyNode* whole_view_of(LazyNode* subject) {
  LazyNode* n = subject;
  while (!n->realized() && (n->op == Op::Reshape || n->op == Op::Permute || n->op == Op::Expand))
    n = n->src[0].get();
  return n->realized() ? n : nullptr;
}

std::array<int64_t, 2> read_range(const Buffer& flag) {
  int64_t v[2];
  flag.copy_out(v, sizeof v);
  return {-1 - v[1], v[0]};
}

}  // namespace

void verify_checks(const std::vector<NodePtr>& targets) {
  if (std::none_of(targets.begin(), targets.end(),
                   [](const NodePtr& t) { return t->checks_below || !t->checks.empty(); }))
    return;
  std::vector<LazyNode*> nodes = checked_nodes(targets);
  if (nodes.empty()) return;
  // A JIT capture checks on the device, and keeps no range: its replays take new inputs.
  const bool recording = Recording::current() != nullptr;
  std::unordered_map<const NodeCheck*, NodePtr> built;
  std::vector<NodePtr> flags;
  for (LazyNode* n : nodes)
    for (const auto& c : n->checks) {
      if (!recording && known_range(*c->subject)) continue;
      const NodePtr& flag = built[c.get()] = c->flag();
      flags.push_back(flag);
      // A computed subject is realized beside its flag, so the targets read it instead of
      // computing it again.
      if (!is_view_of_buffer(c->subject.get())) flags.push_back(c->subject);
    }
  realize(flags);
  for (LazyNode* n : nodes)
    for (const auto& c : n->checks) {
      if (!recording)
        if (auto range = known_range(*c->subject)) {
          c->verify((*range)[0], (*range)[1]);
          continue;
        }
      const NodePtr& flag = built.at(c.get());
      const std::array<int64_t, 2> range = read_range(*flag->buffer);
      c->verify(range[0], range[1]);
      if (recording)  // a JIT replay verifies it again
        Recording::check(flag->buffer, [verify = c->verify](const Buffer& flag) {
          const std::array<int64_t, 2> r = read_range(flag);
          verify(r[0], r[1]);
        });
      else if (LazyNode* whole = whole_view_of(c->subject.get()))
        whole->known_range = range;
    }
  for (LazyNode* n : nodes) n->checks.clear();
}

}  // namespace ingot::engine
