// The MSL source as tokens, and the edits its lexical spellings need (msl_parser.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "backends/metal/emulator/msl_parser.hpp"

namespace ingot::metal_emulator {
namespace {

// Skips a preprocessor line (with its continuations); blanks #include <metal_...>.
size_t directive(const std::string& src, size_t i, int& line, std::vector<Edit>& edits) {
  size_t start = i;
  while (i < src.size() && src[i] != '\n') {
    if (src[i] == '\\' && i + 1 < src.size() && src[i + 1] == '\n') ++line, ++i;
    ++i;
  }
  std::string text = src.substr(start, i - start);
  std::string compact;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) compact += c;
  if (compact.starts_with("#include<metal_")) edits.push_back({start, i - start, ""});
  return i;
}

// Metal has no double: an unsuffixed floating literal (0.5, 1e-3, 0x1p-2) is a float.
// 1.5h is a half literal and 1.5bf a bfloat one, suffixes C++ lacks.
void literal(const Token& t, std::vector<Edit>& edits) {
  const std::string& s = t.text;
  bool hex = s.starts_with("0x") || s.starts_with("0X");
  bool floating = hex ? s.find_first_of("pP") != std::string::npos
                      : s.find_first_of(".eE") != std::string::npos;
  if (!floating) return;
  size_t suffix = s.ends_with("bf") ? 2 : (!hex && (s.back() == 'h' || s.back() == 'H')) ? 1 : 0;
  if (suffix) {
    edits.push_back({t.offset, s.size(),
                     fmt::format("(({}){}f)", suffix == 2 ? "bfloat" : "half",
                                 s.substr(0, s.size() - suffix))});
  } else if (std::isdigit(static_cast<unsigned char>(s.back())) || s.back() == '.') {
    edits.push_back({t.offset + s.size(), 0, "f"});
  }
}

}  // namespace

Tokens tokenize_msl(const std::string& src) {
  Tokens out;
  size_t i = 0, n = src.size();
  int line = 1;
  bool line_start = true;
  while (i < n) {
    char c = src[i];
    if (c == '\n') {
      ++line, ++i, line_start = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && src[i + 1] == '/') {
      while (i < n && src[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && src[i + 1] == '*') {
      size_t end = src.find("*/", i + 2);
      end = end == std::string::npos ? n : end + 2;
      line += static_cast<int>(std::count(src.begin() + i, src.begin() + end, '\n'));
      i = end;
      continue;
    }
    if (c == '#' && line_start) {
      i = directive(src, i, line, out.edits);
      continue;
    }
    line_start = false;
    size_t start = i;
    Token::Kind kind;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (i < n && (std::isalnum(static_cast<unsigned char>(src[i])) || src[i] == '_')) ++i;
      kind = Token::Ident;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(src[i + 1])))) {
      while (i < n && (std::isalnum(static_cast<unsigned char>(src[i])) || src[i] == '.' ||
                       ((src[i] == '+' || src[i] == '-') && std::strchr("eEpP", src[i - 1]))))
        ++i;
      kind = Token::Number;
    } else if (c == '"' || c == '\'') {
      for (++i; i < n && src[i] != c; ++i)
        if (src[i] == '\\') ++i;
      ++i;
      kind = Token::Literal;
    } else {
      i += src.compare(i, 2, "::") == 0 ? 2 : 1;
      kind = Token::Punct;
    }
    out.tokens.push_back({kind, src.substr(start, i - start), start, line});
    if (kind == Token::Number) literal(out.tokens.back(), out.edits);
  }
  return out;
}

}  // namespace ingot::metal_emulator
