// The text of a structural key: numbers in a compact binary form, appended without
// allocating beyond the string's own growth (keys are built on every realize and launch).
// A number below 128 is one byte; any other is a marker byte and its 8 bytes. A list
// starts with its length, so that no two structures make the same text.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

namespace ingot {

struct KeyText {
  std::string text;

  void number(int64_t v) {
    if (v >= 0 && v < 0x80) {
      text += static_cast<char>(v);
      return;
    }
    char buf[9];
    buf[0] = static_cast<char>(0x80);
    std::memcpy(buf + 1, &v, sizeof v);
    text.append(buf, sizeof buf);
  }

  // Each value and the separator `end` after it, which keeps a printed key readable in
  // places (the kind of each field).
  void number(int64_t v, char end) {
    number(v);
    text += end;
  }

  void numbers(const std::vector<int64_t>& values, char end) {
    number(static_cast<int64_t>(values.size()));
    for (int64_t v : values) number(v);
    text += end;
  }
};

// The nodes a key's walk has met, each with its position in the order met: a short list
// searched in turn (most walks meet a few dozen nodes), indexed by a hash map once it
// grows long (a training step's graph).
class SeenNodes {
 public:
  // The position of `n` where it was met before; otherwise records it and returns -1.
  int64_t find_or_add(const void* n) {
    if (order_.size() < kListed) {
      for (size_t i = 0; i < order_.size(); ++i)
        if (order_[i] == n) return static_cast<int64_t>(i);
    } else {
      if (index_.empty())
        for (size_t i = 0; i < order_.size(); ++i) index_.emplace(order_[i], i);
      auto [it, fresh] = index_.try_emplace(n, order_.size());
      if (!fresh) return static_cast<int64_t>(it->second);
    }
    order_.push_back(n);
    return -1;
  }
  size_t size() const { return order_.size(); }

 private:
  static constexpr size_t kListed = 48;
  std::vector<const void*> order_;
  std::unordered_map<const void*, size_t> index_;
};

}  // namespace ingot
