// Reads an MSL source far enough to compile it as C++: finds its `kernel` functions and
// their parameters' bindings, tells which synchronize, and rewrites, line for line, the
// few spellings C++ lacks: threadgroup variables declared in a kernel (made static
// thread_local: a host thread runs one threadgroup at a time, all of its fibers
// included, so each group gets its own copy), half literals (1.0h) and the
// #include <metal_*> lines (the header comes first instead).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

#include "backends/metal/emulator/msl_internal.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

struct Token {
  enum Kind { Ident, Number, Punct, Literal } kind;
  std::string text;
  size_t offset;
  int line;
};

struct Edit {
  size_t offset, length;
  std::string text;
};

// The MSL attribute of a built-in parameter, and the record's field it reads.
const std::map<std::string, std::string> kBuiltins = {
    {"thread_position_in_grid", "ingot_thread_position_in_grid"},
    {"thread_position_in_threadgroup", "ingot_thread_position_in_threadgroup"},
    {"threadgroup_position_in_grid", "ingot_threadgroup_position_in_grid"},
    {"threads_per_threadgroup", "ingot_threads_per_threadgroup"},
    {"dispatch_threads_per_threadgroup", "ingot_dispatch_threads_per_threadgroup"},
    {"threadgroups_per_grid", "ingot_threadgroups_per_grid"},
    {"threads_per_grid", "ingot_threads_per_grid"},
    {"grid_size", "ingot_threads_per_grid"},  // no stage-in region: the whole grid
    {"grid_origin", "ingot_grid_origin"},
    {"thread_index_in_threadgroup", "ingot_thread_index_in_threadgroup"},
    {"thread_index_in_simdgroup", "ingot_thread_index_in_simdgroup"},
    {"simdgroup_index_in_threadgroup", "ingot_simdgroup_index_in_threadgroup"},
    {"threads_per_simdgroup", "ingot_threads_per_simdgroup"},
    {"thread_execution_width", "ingot_threads_per_simdgroup"},
    {"simdgroups_per_threadgroup", "ingot_simdgroups_per_threadgroup"},
    {"dispatch_simdgroups_per_threadgroup", "ingot_dispatch_simdgroups_per_threadgroup"},
    {"thread_index_in_quadgroup", "ingot_thread_index_in_quadgroup"},
    {"quadgroup_index_in_threadgroup", "ingot_quadgroup_index_in_threadgroup"},
    {"quadgroups_per_threadgroup", "ingot_quadgroups_per_threadgroup"},
    {"dispatch_quadgroups_per_threadgroup", "ingot_dispatch_quadgroups_per_threadgroup"},
};

// Calls that make a kernel's threads wait for each other, so they must run as fibers.
bool synchronizing(const std::string& name) {
  return name == "threadgroup_barrier" || name == "simdgroup_barrier" ||
         name.starts_with("simd_") || name.starts_with("quad_");
}

class Parser {
 public:
  explicit Parser(const std::string& source) : src_(source) { tokenize(); }

  ParsedSource run() {
    scope(0, tokens_.size(), "");
    bool lanes = std::any_of(tokens_.begin(), tokens_.end(),
                             [](const Token& t) { return t.text == "thread_elements"; });
    for (ParsedKernel& k : kernels_) {
      k.synchronizes = k.synchronizes || sync_outside_kernels_ || lanes;
      k.info.constants = reached_constants(k.info.name);
    }
    std::sort(edits_.begin(), edits_.end(),
              [](const Edit& a, const Edit& b) { return a.offset > b.offset; });
    std::string text = src_;
    for (const Edit& e : edits_) text.replace(e.offset, e.length, e.text);
    return {std::move(kernels_), std::move(constants_), std::move(text), lanes};
  }

 private:
  [[noreturn]] void fail(int line, const std::string& what) const {
    throw Error(fmt::format("MSL: program_source:{}: {}", line, what));
  }

  // ---- tokens ----
  void tokenize() {
    size_t i = 0, n = src_.size();
    int line = 1;
    bool line_start = true;
    while (i < n) {
      char c = src_[i];
      if (c == '\n') {
        ++line, ++i, line_start = true;
        continue;
      }
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i;
        continue;
      }
      if (c == '/' && i + 1 < n && src_[i + 1] == '/') {
        while (i < n && src_[i] != '\n') ++i;
        continue;
      }
      if (c == '/' && i + 1 < n && src_[i + 1] == '*') {
        size_t end = src_.find("*/", i + 2);
        end = end == std::string::npos ? n : end + 2;
        line += static_cast<int>(std::count(src_.begin() + i, src_.begin() + end, '\n'));
        i = end;
        continue;
      }
      if (c == '#' && line_start) {
        i = directive(i, line);
        continue;
      }
      line_start = false;
      size_t start = i;
      Token::Kind kind;
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        while (i < n && (std::isalnum(static_cast<unsigned char>(src_[i])) || src_[i] == '_')) ++i;
        kind = Token::Ident;
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(src_[i + 1])))) {
        while (i < n && (std::isalnum(static_cast<unsigned char>(src_[i])) || src_[i] == '.' ||
                         ((src_[i] == '+' || src_[i] == '-') && std::strchr("eEpP", src_[i - 1]))))
          ++i;
        kind = Token::Number;
      } else if (c == '"' || c == '\'') {
        for (++i; i < n && src_[i] != c; ++i)
          if (src_[i] == '\\') ++i;
        ++i;
        kind = Token::Literal;
      } else {
        i += src_.compare(i, 2, "::") == 0 ? 2 : 1;
        kind = Token::Punct;
      }
      tokens_.push_back({kind, src_.substr(start, i - start), start, line});
      if (kind == Token::Number) half_literal(tokens_.back());
    }
  }

  // Skips a preprocessor line (with its continuations); blanks #include <metal_...>.
  size_t directive(size_t i, int& line) {
    size_t start = i;
    while (i < src_.size() && src_[i] != '\n') {
      if (src_[i] == '\\' && i + 1 < src_.size() && src_[i + 1] == '\n') ++line, ++i;
      ++i;
    }
    std::string text = src_.substr(start, i - start);
    std::string compact;
    for (char c : text)
      if (!std::isspace(static_cast<unsigned char>(c))) compact += c;
    if (compact.starts_with("#include<metal_")) edits_.push_back({start, i - start, ""});
    return i;
  }

  // 1.5h is a half literal in MSL; C++ has no such suffix.
  void half_literal(const Token& t) {
    const std::string& s = t.text;
    if (s.size() < 2 || s.starts_with("0x") || s.starts_with("0X")) return;
    size_t suffix = s.ends_with("bf") ? 2 : (s.back() == 'h' || s.back() == 'H') ? 1 : 0;
    if (!suffix) return;
    edits_.push_back(
        {t.offset, s.size(),
         fmt::format("(({}){})", suffix == 2 ? "bfloat" : "half", s.substr(0, s.size() - suffix))});
  }

  // Blanks tokens [first, last] but their line breaks: an MSL attribute such as
  // [[threadgroup(0)]] would not survive the keyword macros, and C++ ignores them anyway.
  void blank(size_t first, size_t last) {
    size_t begin = tokens_[first].offset, end = tokens_[last].offset + tokens_[last].text.size();
    std::string text = src_.substr(begin, end - begin);
    for (char& c : text)
      if (c != '\n') c = ' ';
    edits_.push_back({begin, end - begin, text});
  }

  // ---- structure ----
  bool is(size_t i, const char* text) const {
    return i < tokens_.size() && tokens_[i].text == text;
  }

  // The index of the token closing the bracket opened at `i`.
  size_t match(size_t i) const {
    const std::string open = tokens_[i].text;
    const std::string close = open == "{" ? "}" : open == "(" ? ")" : "]";
    int depth = 0;
    for (size_t j = i; j < tokens_.size(); ++j) {
      if (tokens_[j].text == open) ++depth;
      if (tokens_[j].text == close && --depth == 0) return j;
    }
    fail(tokens_[i].line, "'" + open + "' is never closed");
  }

  // Namespace scope [begin, end): namespaces, attributes, and function bodies.
  void scope(size_t begin, size_t end, const std::string& prefix) {
    bool kernel = false;
    int64_t max_threads = kMaxThreadsPerThreadgroup;
    size_t entity = begin;  // where the declaration at `i` began
    for (size_t i = begin; i < end;) {
      const Token& t = tokens_[i];
      size_t brace = i + 1;  // a namespace's braces, unless it is `using namespace x;`
      while (t.text == "namespace" && brace < end && !is(brace, "{") && !is(brace, ";")) ++brace;
      if (t.text == "namespace" && is(brace, "{")) {
        std::string name;
        for (size_t j = i + 1; j < brace; ++j) name += tokens_[j].text;
        size_t j = brace, close = match(j);
        scope(j + 1, close, name.empty() ? prefix : prefix + name + "::");
        i = entity = close + 1;
      } else if (t.text == "[" && is(i + 1, "[")) {
        size_t close = match(i);
        bool constant = false;
        for (size_t j = i + 2; j < close; ++j) {
          if (tokens_[j].text == "kernel") kernel = true;
          if (tokens_[j].text == "max_total_threads_per_threadgroup" && is(j + 1, "("))
            max_threads = std::min(max_threads, number(j + 2, "max_total_threads_per_threadgroup"));
          constant = constant || tokens_[j].text == "function_constant";
        }
        if (constant)
          function_constant(entity, i, close);
        else
          blank(i, close);
        i = close + 1;
      } else if (t.text == "kernel") {
        kernel = true;
        ++i;
      } else if (t.text == ";") {
        declaration(entity, i);
        kernel = false;
        max_threads = kMaxThreadsPerThreadgroup;
        i = entity = i + 1;
      } else if (t.text == "{") {
        size_t close = match(i);
        if (kernel) {
          parse_kernel(i, close, prefix, max_threads);
        } else {
          for (size_t j = i; j < close; ++j)
            sync_outside_kernels_ = sync_outside_kernels_ || synchronizing(tokens_[j].text);
        }
        declaration(entity, close + 1);
        kernel = false;
        max_threads = kMaxThreadsPerThreadgroup;
        i = entity = close + 1;
      } else {
        sync_outside_kernels_ = sync_outside_kernels_ || synchronizing(t.text);
        ++i;
      }
    }
  }

  int64_t number(size_t i, const std::string& what) const {
    if (i >= tokens_.size() || tokens_[i].kind != Token::Number)
      fail(tokens_[std::min(i, tokens_.size() - 1)].line, what + " takes a number");
    return std::stoll(tokens_[i].text, nullptr, 0);
  }

  // A kernel whose body is the braces [open, close].
  void parse_kernel(size_t open, size_t close, const std::string& prefix, int64_t max_threads) {
    size_t rparen = open - 1;
    while (rparen > 0 && !is(rparen, ")")) --rparen;
    size_t lparen = rparen;
    for (int depth = 0; lparen > 0; --lparen) {
      if (is(lparen, ")")) ++depth;
      if (is(lparen, "(") && --depth == 0) break;
    }
    if (lparen == 0 || tokens_[lparen - 1].kind != Token::Ident)
      fail(tokens_[open].line, "cannot find the kernel's name and parameters");
    ParsedKernel k;
    k.info.name = tokens_[lparen - 1].text;
    k.qualified_name = "::" + prefix + k.info.name;
    k.info.max_total_threads = max_threads;
    int kernel_index = static_cast<int>(kernels_.size());
    // Parameters: split at the commas outside brackets.
    size_t start = lparen + 1;
    int depth = 0;
    for (size_t j = lparen + 1; j <= rparen; ++j) {
      const std::string& s = tokens_[j].text;
      if (s == "(" || s == "[" || s == "<") ++depth;
      if (s == ")" || s == "]" || s == ">") --depth;
      if ((s == "," && depth == 0) || j == rparen) {
        if (j > start) k.arguments.push_back(parameter(k, start, j));
        start = j + 1;
      }
    }
    int arrays = 0;
    for (size_t j = open + 1; j < close; ++j) {
      const Token& t = tokens_[j];
      k.synchronizes = k.synchronizes || synchronizing(t.text);
      if (t.text == "threadgroup" && (is(j - 1, "{") || is(j - 1, "}") || is(j - 1, ";")))
        threadgroup_variable(j, close, kernel_index, arrays);
    }
    kernels_.push_back(std::move(k));
  }

  // The tag type of the parameter in tokens [begin, end), from its [[attribute]].
  std::string parameter(ParsedKernel& k, size_t begin, size_t end) {
    size_t attr = begin;
    while (attr < end && !(is(attr, "[") && is(attr + 1, "["))) ++attr;
    std::string name = attr > begin ? tokens_[attr - 1].text : "?";
    int line = tokens_[begin].line;
    if (attr == end)
      fail(line, fmt::format("parameter '{}' of kernel '{}' has no [[buffer(i)]], "
                             "[[threadgroup(i)]] or built-in attribute",
                             name, k.info.name));
    blank(attr, match(attr));
    const std::string& what = tokens_[attr + 2].text;
    if (what == "buffer" || what == "threadgroup") {
      int64_t index = number(attr + 4, what);
      if (index < 0 || index >= kMaxBufferBindings)
        fail(line, fmt::format("[[{}({})]] of '{}': indices run from 0 to {}", what, index, name,
                               kMaxBufferBindings - 1));
      (what == "buffer" ? k.info.buffer_indices : k.info.threadgroup_indices)
          .push_back(static_cast<int>(index));
      return fmt::format("::ingot_msl::{}_arg<{}>", what, index);
    }
    auto builtin = kBuiltins.find(what);
    if (builtin == kBuiltins.end())
      fail(line, fmt::format("parameter '{}' of kernel '{}': [[{}]] is not supported by the "
                             "emulated Metal (buffers, threadgroup memory and thread positions "
                             "are)",
                             name, k.info.name, what));
    return "::ingot_msl::builtin_arg<" + builtin->second + ">";
  }

  // `threadgroup T name[...];` at token i: shared by the group's threads, and counted in
  // the kernel's static threadgroup memory. Pointers to threadgroup memory stay as they are.
  void threadgroup_variable(size_t i, size_t close, int kernel, int& arrays) {
    size_t stop = i + 1;
    while (stop < close && !is(stop, ";") && !is(stop, "=") && !is(stop, "[")) {
      if (is(stop, "*") || is(stop, "&")) return;
      ++stop;
    }
    size_t semicolon = stop;
    while (semicolon < close && !is(semicolon, ";")) ++semicolon;
    if (semicolon == close || tokens_[stop - 1].kind != Token::Ident)
      fail(tokens_[i].line, "cannot read this threadgroup declaration");
    edits_.push_back({tokens_[i].offset, tokens_[i].text.size(), "static thread_local"});
    const Token& end = tokens_[semicolon];
    edits_.push_back({end.offset + 1, 0,
                      fmt::format(" INGOT_MSL_THREADGROUP({}, {}, {})", kernel, arrays++,
                                  tokens_[stop - 1].text)});
  }

  // ---- function constants ----
  // `constant T name [[function_constant(index)]];`, its attribute at tokens [attr, close]:
  // made `static const T name = INGOT_MSL_FC_VALUE(name);`.
  void function_constant(size_t begin, size_t attr, size_t close) {
    int line = tokens_[attr].line;
    if (!is(begin, "constant") || attr < begin + 3 || tokens_[attr - 1].kind != Token::Ident ||
        !is(close + 1, ";"))
      fail(line, "[[function_constant(i)]] is read on `constant T name [[function_constant(i)]];`");
    MslFunctionConstant c;
    c.name = tokens_[attr - 1].text;
    for (size_t j = begin + 1; j + 1 < attr; ++j) {
      if (!c.type.empty() && tokens_[j].kind == Token::Ident && tokens_[j - 1].kind == Token::Ident)
        c.type += ' ';
      c.type += tokens_[j].text;
    }
    if (c.type.starts_with("metal::")) c.type.erase(0, 7);
    if (constant_type_bytes(c.type) == 0)
      fail(line, fmt::format("function constant '{}' of type '{}': the emulated Metal takes "
                             "bool, char, uchar, short, ushort, int, uint, long, ulong, half, "
                             "bfloat and float, and their vectors of 2 to 4",
                             c.name, c.type));
    size_t at = attr + 2;
    while (at < close && !is(at, "function_constant")) ++at;
    c.index = static_cast<int>(number(at + 2, "function_constant"));
    for (const MslFunctionConstant& other : constants_)
      if (other.index == c.index || other.name == c.name)
        fail(line, fmt::format("function constant '{}' ({}) has the index or name of '{}' ({})",
                               c.name, c.index, other.name, other.index));
    edits_.push_back({tokens_[begin].offset, tokens_[begin].text.size(), "static const"});
    size_t from = tokens_[attr].offset, to = tokens_[close].offset + 1;
    edits_.push_back({from, to - from, fmt::format("= INGOT_MSL_FC_VALUE({})", c.name)});
    constants_.push_back(std::move(c));
  }

  // A declaration at namespace scope, tokens [begin, end): the name it declares and the
  // names it refers to, for the function constants each kernel reaches. A name inside
  // is_function_constant_defined(...) is no use of the constant: it has a default.
  void declaration(size_t begin, size_t end) {
    if (begin >= end) return;
    Declaration d;
    size_t stop = begin;
    while (stop < end && !is(stop, "(") && !is(stop, "=") && !is(stop, "{") && !is(stop, ";")) {
      if (is(stop, "[") &&
          (!is(stop + 1, "[") || (stop > begin && tokens_[stop - 1].kind == Token::Ident)))
        break;  // an array's or an attributed variable's name is before it
      stop = is(stop, "[") ? match(stop) + 1 : stop + 1;
    }
    if (stop > begin && tokens_[stop - 1].kind == Token::Ident) d.name = tokens_[stop - 1].text;
    for (size_t j = begin; j < end; ++j) {
      if (is(j, "is_function_constant_defined") && is(j + 1, "(")) {
        size_t close = match(j + 1);
        for (size_t k = j + 2; k < close; ++k) guarded_.insert(tokens_[k].text);
        j = close;
      } else if (tokens_[j].kind == Token::Ident) {
        d.refers.insert(tokens_[j].text);
      }
    }
    declarations_.push_back(std::move(d));
  }

  // The function constants the kernel `name` reaches through the names it refers to.
  std::vector<MslFunctionConstant> reached_constants(const std::string& name) const {
    std::set<std::string> seen = {name};
    std::vector<std::string> todo = {name};
    while (!todo.empty()) {
      std::string next = std::move(todo.back());
      todo.pop_back();
      for (const Declaration& d : declarations_)
        if (d.name == next)
          for (const std::string& r : d.refers)
            if (seen.insert(r).second) todo.push_back(r);
    }
    std::vector<MslFunctionConstant> reached;
    for (MslFunctionConstant c : constants_)
      if (seen.contains(c.name)) {
        c.required = !guarded_.contains(c.name);
        reached.push_back(std::move(c));
      }
    return reached;
  }

  struct Declaration {
    std::string name;
    std::set<std::string> refers;
  };

  const std::string& src_;
  std::vector<Token> tokens_;
  std::vector<Edit> edits_;
  std::vector<ParsedKernel> kernels_;
  bool sync_outside_kernels_ = false;
  std::vector<MslFunctionConstant> constants_;
  std::vector<Declaration> declarations_;
  std::set<std::string> guarded_;  // names asked about with is_function_constant_defined
};

}  // namespace

ParsedSource parse_msl(const std::string& source) { return Parser(source).run(); }

}  // namespace ingot::metal_emulator
