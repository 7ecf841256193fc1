// Structural keys' bytes (graph/key_text.hpp): different structures never make the same
// key, whatever their numbers, and the nodes a walk meets keep their positions once the
// short list gives way to the hash map.
#include "graph/key_text.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <vector>

namespace {

using ingot::KeyText;
using ingot::SeenNodes;

std::string key_of(const std::vector<std::vector<int64_t>>& lists) {
  KeyText key;
  for (const auto& list : lists) key.numbers(list, ']');
  return std::move(key).take();
}

TEST(KeyText, ListsOfDifferentSplitsDiffer) {
  // Without the lengths, [93, 2] and [93] [2] could meet: 93 is the separator ']'.
  std::set<std::string> keys = {key_of({{93, 2}}), key_of({{93}, {2}}), key_of({{}, {93, 2}}),
                                key_of({{93, 2}, {}}), key_of({{93}, {}, {2}})};
  EXPECT_EQ(keys.size(), 5u);
}

TEST(KeyText, EveryNumberHasItsOwnBytes) {
  const int64_t lowest = std::numeric_limits<int64_t>::min();
  const int64_t highest = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> values = {0, 1, 93, 127, 128, 255, 256, -1, -128, lowest, highest};
  std::set<std::string> keys;
  for (int64_t v : values) {
    KeyText key;
    key.number(v);
    std::string text = std::move(key).take();
    EXPECT_EQ(text.size(), v >= 0 && v < 128 ? 1u : 9u) << v;
    keys.insert(text);
  }
  EXPECT_EQ(keys.size(), values.size());
}

TEST(KeyText, LongKeysGrowTheirRoom) {
  KeyText key;
  std::string expected;
  for (int i = 0; i < 1000; ++i) {
    key.mark('x');
    key.number(i % 100);
    expected += 'x';
    expected += static_cast<char>(i % 100);
  }
  key.append("|tail");
  EXPECT_EQ(key.size(), expected.size() + 5);
  EXPECT_EQ(std::move(key).take(), expected + "|tail");
}

TEST(SeenNodes, PositionsHoldPastTheShortList) {
  std::vector<int> nodes(200);
  SeenNodes seen;
  for (size_t i = 0; i < nodes.size(); ++i) EXPECT_EQ(seen.find_or_add(&nodes[i]), -1) << i;
  EXPECT_EQ(seen.size(), nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i)
    EXPECT_EQ(seen.find_or_add(&nodes[i]), static_cast<int64_t>(i)) << i;
  EXPECT_EQ(seen.size(), nodes.size());
}

}  // namespace
