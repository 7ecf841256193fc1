// The text of a structural key: numbers each followed by a separator, appended without
// allocating beyond the string's own growth (keys are built on every realize and launch).
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

namespace ingot {

struct KeyText {
  std::string text;

  void number(int64_t v, char end) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    text.append(buf, r.ptr);
    text += end;
  }

  void numbers(const std::vector<int64_t>& values, char end) {
    for (int64_t v : values) number(v, ',');
    text += end;
  }
};

}  // namespace ingot
