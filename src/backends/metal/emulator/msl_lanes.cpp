// Rewrites the source so that the lanes of its synchronizing kernels run as C++20
// coroutines (msl_parser.hpp: MslParser::plan_lanes). A function at namespace scope or a
// struct's member function that reaches a barrier or a SIMD-group function through the
// names its body calls (transitively), or a simdgroup matrix multiply where lanes hold
// their own elements (thread_elements(), msl_header_matrix.cpp), returns
// ingot_msl::lane<T> instead of T; its `return`s become `co_return`s and each of its calls
// of such a function (`f(...)`, `ns::f(...)`, `x.f(...)`, `p->template f<T>(...)`,
// `X<T>::f(...)`), or of a synchronizing function (made ingot_msl::co::'s), is awaited:
// `(co_await f(...))`. A kernel's name inside `decltype(...)` (instantiations through its
// type, as MLX and llama.cpp write them) names the rewritten type and needs no edit.
// Everything is edited in place, line for line. Where a synchronizing call is out of this
// rewrite's reach (a macro, a global initializer, an operator, a local struct; a function
// reaching one that holds a lambda, whose name is used but not called, that is declared
// ahead of its definition, or returns auto or a reference; docs/metal-emulator.md lists
// them all), no edit is made and every synchronizing kernel of the library runs its lanes
// as fibers.
#include <algorithm>
#include <cctype>
#include <set>

#include "backends/metal/emulator/msl_parser.hpp"

namespace ingot::metal_emulator {
namespace {

// Declaration specifiers before a function's return type.
const std::set<std::string> kSpecifiers = {"kernel", "inline",    "static",
                                           "extern", "constexpr", "METAL_FUNC"};
// A return type whose meaning the wrapping would change.
const std::set<std::string> kUnwrappable = {"auto", "decltype", "consteval"};
// Keywords that may stand right before an expression: no qualifier of the name after them.
const std::set<std::string> kBeforeExpression = {"return", "else", "do", "case", "throw"};
// Tokens that end the search for a template's `<` from its `>`.
const std::set<std::string> kNotInTemplateArguments = {";", "{", "}", "(", ")",
                                                       "&", "|", "?", "=", "!"};
// Tokens after which `[` opens a lambda rather than indexes.
const std::set<std::string> kBeforeLambda = {"=", "(", ",", "{", ";", "}", "return", "?", ":"};

// Whether a preprocessor line of `source` names one of `names`: a macro's body is out of
// the tokens' reach.
bool macro_names(const std::string& source, const std::set<std::string>& names) {
  bool line_start = true, directive = false;
  for (size_t i = 0; i < source.size();) {
    char c = source[i];
    if (c == '\n') {
      directive = directive && i > 0 && source[i - 1] == '\\';  // continued
      line_start = !directive;
      ++i;
    } else if (c == '#' && line_start) {
      directive = true;
      line_start = false;
      ++i;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t end = i;
      while (end < source.size() &&
             (std::isalnum(static_cast<unsigned char>(source[end])) || source[end] == '_'))
        ++end;
      if (directive && names.contains(source.substr(i, end - i))) return true;
      line_start = false;
      i = end;
    } else {
      line_start = line_start && (c == ' ' || c == '\t');
      ++i;
    }
  }
  return false;
}

}  // namespace

std::optional<MslParser::Function> MslParser::function_at(const Definition& d) const {
  size_t begin = d.begin;
  if (is(begin, "template") && is(begin + 1, "<")) begin = match(begin + 1) + 1;
  if (is(begin, "struct") || is(begin, "class") || is(begin, "union") || is(begin, "enum"))
    return std::nullopt;
  Function f{d};
  size_t paren = begin;
  while (paren < d.open && !is(paren, "(") && !is(paren, "=")) {
    if (is(paren, "[") || (is(paren, "<") && paren > begin && is(paren - 1, "template")))
      paren = match(paren);
    ++paren;
  }
  if (paren >= d.open || !is(paren, "(") || paren == begin ||
      tokens_[paren - 1].kind != Token::Ident || is(paren - 1, "operator") ||
      is(paren - 2, "operator"))
    return std::nullopt;
  f.name = paren - 1;
  f.type_end = f.name;
  while (f.type_end >= begin + 2 && is(f.type_end - 1, "::") &&
         tokens_[f.type_end - 2].kind == Token::Ident)
    f.type_end -= 2;
  f.type_begin = begin;
  for (;;) {
    if (is(f.type_begin, "[") && is(f.type_begin + 1, "[")) {
      f.type_begin = match(f.type_begin) + 1;
    } else if (is(f.type_begin, "__attribute__") && is(f.type_begin + 1, "(")) {
      f.type_begin = match(f.type_begin + 1) + 1;
    } else if (f.type_begin < f.type_end && kSpecifiers.contains(tokens_[f.type_begin].text)) {
      ++f.type_begin;
    } else {
      break;
    }
  }
  return f;
}

void MslParser::member_functions(size_t open, size_t close,
                                 std::vector<Function>& functions) const {
  size_t entity = open + 1;
  for (size_t i = open + 1; i < close;) {
    if (is(i, "template") && is(i + 1, "<")) {
      i = match(i + 1) + 1;
    } else if (is(i + 1, ":") && (is(i, "public") || is(i, "private") || is(i, "protected"))) {
      i = entity = i + 2;
    } else if (is(i, ";")) {
      i = entity = i + 1;
    } else if (is(i, "{")) {
      Definition d{entity, i, match(i)};
      if (std::optional<Function> f = function_at(d)) {
        f->owner = open;
        functions.push_back(*f);
      } else if (std::optional<size_t> body = struct_body(d))
        member_functions(*body, d.close, functions);
      i = entity = d.close + 1;
    } else {
      ++i;
    }
  }
}

std::optional<size_t> MslParser::struct_body(const Definition& d) const {
  size_t begin = d.begin;
  if (is(begin, "template") && is(begin + 1, "<")) begin = match(begin + 1) + 1;
  if (!is(begin, "struct") && !is(begin, "class")) return std::nullopt;
  return d.open;
}

std::optional<size_t> MslParser::callee_begin(size_t i) const {
  size_t first = i;
  for (;;) {
    if (first >= 1 && is(first - 1, "template")) {
      --first;
    } else if (first >= 2 && is(first - 1, "::") && is(first - 2, ">")) {
      std::optional<size_t> open = template_open(first - 2);  // X<T>::f
      if (!open || *open == 0 || tokens_[*open - 1].kind != Token::Ident) return std::nullopt;
      first = *open - 1;
    } else if (first >= 1 && is(first - 1, "::")) {
      bool qualified = first >= 2 && tokens_[first - 2].kind == Token::Ident &&
                       !kBeforeExpression.contains(tokens_[first - 2].text);
      first -= qualified ? 2 : 1;
    } else if (first >= 2 && is(first - 1, ".")) {
      if (tokens_[first - 2].kind != Token::Ident) return std::nullopt;  // g().f, a[i].f
      first -= 2;
    } else if (first >= 3 && is(first - 1, ">") && is(first - 2, "-")) {  // p->f
      if (tokens_[first - 3].kind != Token::Ident) return std::nullopt;
      first -= 3;
    } else {
      return first;
    }
  }
}

std::optional<size_t> MslParser::template_open(size_t close) const {
  int depth = 0;
  for (size_t q = close + 1; q-- > 0;) {
    // What template arguments hold seldom and an expression around a `>` often (`a < b &&
    // c > ::f(x)`): such a `>` is taken for a comparison.
    if (kNotInTemplateArguments.contains(tokens_[q].text) || (is(q, ">") && is(q - 1, "-")))
      return std::nullopt;
    if (is(q, ">")) ++depth;
    if (is(q, "<") && --depth == 0) return q;
  }
  return std::nullopt;
}

std::vector<char> MslParser::inside_decltype() const {
  std::vector<char> inside(tokens_.size(), 0);
  for (size_t i = 0; i + 1 < tokens_.size(); ++i)
    if (is(i, "decltype") && is(i + 1, "("))
      for (size_t j = i + 2, close = match(i + 1); j < close; ++j) inside[j] = 1;
  return inside;
}

bool MslParser::is_call(size_t i) const {
  if (is(i + 1, "<")) return is(match(i + 1) + 1, "(");
  return is(i + 1, "(");
}

size_t MslParser::call_end(size_t i) const {
  return match(is(i + 1, "<") ? match(i + 1) + 1 : i + 1);
}

void MslParser::wrap_type(size_t begin, size_t end) {
  edits_.push_back({tokens_[begin].offset, 0, "ingot_msl::lane<"});
  edits_.push_back({tokens_[end - 1].offset + tokens_[end - 1].text.size(), 0, ">"});
}

bool MslParser::calls_in_reach(const std::vector<Function>& functions,
                               const std::set<std::string>& sync,
                               const std::set<std::string>& coroutines,
                               std::vector<std::pair<size_t, size_t>>& instances) const {
  auto awaited = [&](const std::string& s) { return sync.contains(s) || coroutines.contains(s); };
  // Where each such name may stand: called in a coroutine's body, as the name of a
  // definition or of an explicit instantiation, or named (not called) in a decltype outside
  // the bodies. Anywhere else, nothing is rewritten.
  std::vector<char> in_decltype = inside_decltype();
  std::vector<char> reachable(tokens_.size(), 0);
  // A name only member functions have, called unqualified, is theirs only from inside their
  // struct: elsewhere it may be Metal's own function of that name (a member `max`).
  std::set<std::string> free_functions;
  std::set<std::pair<size_t, std::string>> members;  // (struct, name)
  for (const Function& f : functions)
    if (f.owner)
      members.insert({f.owner, tokens_[f.name].text});
    else
      free_functions.insert(tokens_[f.name].text);
  auto unqualified_call_reaches = [&](const Function& caller, size_t j) {
    const std::string& name = tokens_[j].text;
    return sync.contains(name) || free_functions.contains(name) ||
           (caller.owner && members.contains({caller.owner, name}));
  };
  // A synchronizing function's call names Metal's: `f`, `metal::f`, `::metal::f`, `::f`.
  auto names_metal = [&](size_t first, size_t j) {
    std::string qualifier;
    for (size_t q = first; q < j; ++q) qualifier += tokens_[q].text;
    return qualifier.empty() || qualifier == "metal::" || qualifier == "::metal::" ||
           qualifier == "::";
  };
  for (const Function& f : functions) {
    reachable[f.name] = 1;
    if (!coroutines.contains(tokens_[f.name].text)) continue;
    for (size_t j = f.type_begin; j < f.type_end; ++j)
      if (kUnwrappable.contains(tokens_[j].text)) return false;
    if (f.type_begin == f.type_end || is(f.type_end - 1, "&")) return false;  // a reference
    for (size_t j = f.body.open + 1; j < f.body.close; ++j) {
      if (is(j, "[") && !is(j + 1, "[") && kBeforeLambda.contains(tokens_[j - 1].text))
        return false;                                       // a lambda's body cannot await
      if (is(j, "struct") || is(j, "class")) return false;  // nor a local struct's functions
      if (awaited(tokens_[j].text)) {
        if (!is_call(j) || in_decltype[j]) return false;  // its address taken, or passed on
        std::optional<size_t> callee = callee_begin(j);
        if (!callee || (*callee == j && !unqualified_call_reaches(f, j))) return false;
        // x.simd_sum(v) is no call of Metal's simd_sum.
        if (sync.contains(tokens_[j].text) && !names_metal(*callee, j)) return false;
        reachable[j] = 1;
      }
    }
  }
  for (size_t j = 0; j < tokens_.size(); ++j)
    if (in_decltype[j] && awaited(tokens_[j].text) && !reachable[j]) {
      if (is_call(j)) return false;  // the type of a call's result would change
      reachable[j] = 1;
    }
  for (auto [begin, end] : instantiations_)
    for (size_t j = begin; j < end; ++j)
      if (coroutines.contains(tokens_[j].text) && !in_decltype[j]) {
        reachable[j] = 1;
        // `decltype(f<T>) f<T>;` or `f_t f<T>;`: a function type, already rewritten.
        if (!is(is(j + 1, "<") ? match(j + 1) + 1 : j + 1, "(")) continue;
        size_t type = j;
        while (type >= begin + 2 && is(type - 1, "::")) type -= 2;
        size_t type_end = type;
        while (type > begin && !is(type - 1, "]") && !is(type - 1, "template") &&
               !kSpecifiers.contains(tokens_[type - 1].text))
          --type;
        if (type == type_end) return false;
        instances.push_back({type, type_end});
      }
  for (size_t j = 0; j < tokens_.size(); ++j)
    if (awaited(tokens_[j].text) && !reachable[j]) return false;
  return true;
}

std::set<std::string> MslParser::plan_lanes(bool matrix_lanes) {
  const std::vector<std::string>& listed = msl_synchronizing_functions();
  std::set<std::string> sync(listed.begin(), listed.end());
  if (matrix_lanes) sync.insert({"simdgroup_multiply_accumulate", "simdgroup_multiply"});
  if (macro_names(src_, sync)) {
    sync_outside_kernels_ = true;  // which kernels use the macro is out of reach too
    return {};
  }
  std::vector<Function> functions;
  for (const Definition& d : definitions_) {
    if (std::optional<Function> f = function_at(d))
      functions.push_back(*f);
    else if (std::optional<size_t> body = struct_body(d))
      member_functions(*body, d.close, functions);
  }
  // The functions reaching a synchronizing one, by name.
  std::set<std::string> coroutines;
  for (bool grew = true; grew;) {
    grew = false;
    for (const Function& f : functions) {
      const std::string& name = tokens_[f.name].text;
      if (coroutines.contains(name)) continue;
      for (size_t j = f.body.open + 1; j < f.body.close; ++j)
        if (sync.contains(tokens_[j].text) || coroutines.contains(tokens_[j].text)) {
          coroutines.insert(name);
          grew = true;
          break;
        }
    }
  }
  if (coroutines.empty() || macro_names(src_, coroutines)) return {};
  std::vector<std::pair<size_t, size_t>> instances;
  if (!calls_in_reach(functions, sync, coroutines, instances)) return {};
  auto awaited = [&](const std::string& s) { return sync.contains(s) || coroutines.contains(s); };
  // The edits, now that all of them can be made.
  for (auto [type, type_end] : instances) wrap_type(type, type_end);
  for (const Function& f : functions) {
    if (!coroutines.contains(tokens_[f.name].text)) continue;
    wrap_type(f.type_begin, f.type_end);
    // A coroutine cannot be constexpr, and one reaching a SIMD-group function is never
    // evaluated as a constant (MLX declares its fragments' multiplies constexpr).
    for (size_t j = f.body.begin; j < f.type_begin; ++j)
      if (is(j, "constexpr")) blank(j, j);
    for (size_t j = f.body.open + 1; j < f.body.close; ++j) {
      const Token& t = tokens_[j];
      if (t.text == "return") edits_.push_back({t.offset, t.text.size(), "co_return"});
      if (!awaited(t.text)) continue;
      size_t begin = tokens_[*callee_begin(j)].offset, end = t.offset + t.text.size();
      std::string callee =
          sync.contains(t.text) ? "::ingot_msl::co::" + t.text : src_.substr(begin, end - begin);
      edits_.push_back({begin, end - begin, "(co_await " + callee});
      const Token& close = tokens_[call_end(j)];
      edits_.push_back({close.offset + 1, 0, ")"});
    }
  }
  return coroutines;
}

}  // namespace ingot::metal_emulator
