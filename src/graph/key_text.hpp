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

// Each write checks its room with one comparison and grows the buffer rarely: a key is
// hundreds of bytes written one at a time on every realize, which std::string's push_back
// made about 15 instructions each.
class KeyText {
 public:
  // The most bytes one number takes.
  static constexpr size_t kNumberBytes = 9;

  // Room for `bytes` more bytes, made at once.
  void reserve(size_t bytes) {
    if (used_ + bytes > bytes_.size()) [[unlikely]]
      grow(bytes);
  }
  void mark(char c) {
    reserve(1);
    bytes_[used_++] = c;
  }
  void append(const std::string& s) {
    reserve(s.size());
    std::memcpy(bytes_.data() + used_, s.data(), s.size());
    used_ += s.size();
  }
  void number(int64_t v) {
    reserve(kNumberBytes);
    if (v >= 0 && v < 0x80) {
      bytes_[used_++] = static_cast<char>(v);
      return;
    }
    bytes_[used_++] = static_cast<char>(0x80);
    std::memcpy(bytes_.data() + used_, &v, sizeof v);
    used_ += sizeof v;
  }
  // Each value and the separator `end` after it, which keeps a printed key readable in
  // places (the kind of each field).
  void number(int64_t v, char end) {
    number(v);
    mark(end);
  }
  void numbers(const std::vector<int64_t>& values, char end) {
    number(static_cast<int64_t>(values.size()));
    for (int64_t v : values) number(v);
    mark(end);
  }
  size_t size() const { return used_; }
  std::string take() && {
    bytes_.resize(used_);
    return std::move(bytes_);
  }

 private:
  void grow(size_t bytes);  // out of line: the writes stay small enough to inline

  std::string bytes_;
  size_t used_ = 0;
};

// The nodes a key's walk has met, each with its position in the order met: a short list
// searched in turn (most walks meet a few dozen nodes), indexed by a hash map once it
// grows long (a training step's graph).
class SeenNodes {
 public:
  SeenNodes() { order_.reserve(kListed); }
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
