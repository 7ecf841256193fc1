#include "engine/node_checks.hpp"

#include <algorithm>
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

}  // namespace

void verify_checks(const std::vector<NodePtr>& targets) {
  if (std::none_of(targets.begin(), targets.end(),
                   [](const NodePtr& t) { return t->checks_below || !t->checks.empty(); }))
    return;
  std::vector<LazyNode*> nodes = checked_nodes(targets);
  if (nodes.empty()) return;
  std::vector<NodePtr> flags;
  for (LazyNode* n : nodes)
    for (const auto& c : n->checks) {
      flags.push_back(c->flag);
      // A computed subject is realized beside its flag, so the targets read it instead of
      // computing it again.
      if (!is_view_of_buffer(c->subject.get())) flags.push_back(c->subject);
    }
  realize(flags);
  for (LazyNode* n : nodes)
    for (const auto& c : n->checks) {
      c->verify(*c->flag->buffer);
      Recording::check(c->flag->buffer, c->verify);  // a JIT replay verifies it again
    }
  for (LazyNode* n : nodes) n->checks.clear();
}

}  // namespace ingot::engine
