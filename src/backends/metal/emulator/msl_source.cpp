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
    return {std::move(kernels_), std::move(constants_), std::move(text), lanes, slots_};
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
      if (kind == Token::Number) literal(tokens_.back());
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

  // Metal has no double: an unsuffixed floating literal (0.5, 1e-3, 0x1p-2) is a float.
  // 1.5h is a half literal and 1.5bf a bfloat one, suffixes C++ lacks.
  void literal(const Token& t) {
    const std::string& s = t.text;
    bool hex = s.starts_with("0x") || s.starts_with("0X");
    bool floating = hex ? s.find_first_of("pP") != std::string::npos
                        : s.find_first_of(".eE") != std::string::npos;
    if (!floating) return;
    size_t suffix = s.ends_with("bf") ? 2 : (!hex && (s.back() == 'h' || s.back() == 'H')) ? 1 : 0;
    if (suffix) {
      edits_.push_back({t.offset, s.size(),
                        fmt::format("(({}){}f)", suffix == 2 ? "bfloat" : "half",
                                    s.substr(0, s.size() - suffix))});
    } else if (std::isdigit(static_cast<unsigned char>(s.back())) || s.back() == '.') {
      edits_.push_back({t.offset + s.size(), 0, "f"});
    }
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

  // The index of the token closing the bracket opened at `i` (also a template's `<`).
  size_t match(size_t i) const {
    const std::string open = tokens_[i].text;
    const std::string close = open == "{" ? "}" : open == "(" ? ")" : open == "<" ? ">" : "]";
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
    size_t entity = begin;   // where the declaration at `i` began
    bool templated = false;  // it began with `template <...>`
    for (size_t i = begin; i < end;) {
      const Token& t = tokens_[i];
      if (t.text == "template" && !is(i + 1, "<")) {
        size_t semicolon = i;
        while (semicolon < end && !is(semicolon, ";")) ++semicolon;
        instantiation(i, semicolon, prefix);
        declaration(entity, semicolon);
        i = entity = semicolon + 1;
        continue;
      }
      if (t.text == "template") {
        templated = true;
        i = match(i + 1) + 1;
        continue;
      }
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
          // A declaration's own attribute; a parameter's [[buffer(i), function_constant(c)]]
          // is read with the kernel.
          constant = constant || (j == i + 2 && tokens_[j].text == "function_constant");
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
        kernel = templated = false;
        max_threads = kMaxThreadsPerThreadgroup;
        i = entity = i + 1;
      } else if (t.text == "{") {
        size_t close = match(i);
        if (kernel) {
          parse_kernel(i, close, prefix, max_threads, templated);
        } else {
          for (size_t j = i; j < close; ++j)
            sync_outside_kernels_ = sync_outside_kernels_ || synchronizing(tokens_[j].text);
        }
        declaration(entity, close + 1);
        kernel = templated = false;
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

  // A kernel whose body is the braces [open, close]; a templated one waits for its
  // `template [[host_name("name")]] kernel ...` instantiations.
  void parse_kernel(size_t open, size_t close, const std::string& prefix, int64_t max_threads,
                    bool templated) {
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
    k.threadgroup_slot = slots_++;
    // Parameters: split at the commas outside brackets.
    std::vector<Parameter> parameters;
    size_t start = lparen + 1;
    int depth = 0;
    for (size_t j = lparen + 1; j <= rparen; ++j) {
      const std::string& s = tokens_[j].text;
      if (s == "(" || s == "[" || s == "<") ++depth;
      if (s == ")" || s == "]" || s == ">") --depth;
      if ((s == "," && depth == 0) || j == rparen) {
        if (j > start) parameters.push_back(parameter(k, start, j));
        start = j + 1;
      }
    }
    bind_implicit(k, parameters);
    int arrays = 0;
    for (size_t j = open + 1; j < close; ++j) {
      const Token& t = tokens_[j];
      k.synchronizes = k.synchronizes || synchronizing(t.text);
      if (t.text == "threadgroup" && (is(j - 1, "{") || is(j - 1, "}") || is(j - 1, ";")))
        threadgroup_variable(j, close, k.threadgroup_slot, arrays);
    }
    if (templated)
      templates_[k.qualified_name] = std::move(k);
    else
      kernels_.push_back(std::move(k));
  }

  // `template [[host_name("name")]] kernel void f<T...>(...);` in tokens [begin, end): a
  // kernel named `name` (or `f<T...>` without host_name) of the templated kernel f.
  void instantiation(size_t begin, size_t end, const std::string& prefix) {
    std::string host_name, function, arguments;
    for (size_t j = begin + 1; j < end; ++j) {
      if (is(j, "[") && is(j + 1, "[")) {
        size_t close = match(j);
        for (size_t a = j + 2; a + 2 < close; ++a)
          if (is(a, "host_name") && is(a + 1, "(") && tokens_[a + 2].kind == Token::Literal)
            host_name = tokens_[a + 2].text.substr(1, tokens_[a + 2].text.size() - 2);
        blank(j, close);
        j = close;
      } else if (is(j, "<") && function.empty() && tokens_[j - 1].kind == Token::Ident) {
        // The name: identifiers joined by `::` right before the `<`.
        for (size_t q = j - 1; q > begin && (tokens_[q].kind == Token::Ident || is(q, "::")); --q) {
          if (tokens_[q].kind == Token::Ident && q + 1 < j && tokens_[q + 1].kind == Token::Ident)
            break;  // the return type before the name
          function = tokens_[q].text + function;
        }
        size_t close = match(j);
        for (size_t a = j; a <= close; ++a)
          arguments +=
              (a > j && tokens_[a].kind == Token::Ident && tokens_[a - 1].kind == Token::Ident
                   ? " "
                   : "") +
              tokens_[a].text;
        j = close;
      }
    }
    const ParsedKernel* templated = nullptr;
    for (const std::string& scope : {"::" + prefix + function, "::" + function})
      if (auto it = templates_.find(scope); it != templates_.end() && !templated)
        templated = &it->second;
    if (!templated) return;  // an instantiation of a function that is no kernel
    ParsedKernel k = *templated;
    k.qualified_name += arguments;
    k.info.name = host_name.empty() ? function + arguments : host_name;
    kernels_.push_back(std::move(k));
  }

  // One kernel parameter as declared: its binding's kind ("buffer", "threadgroup", or
  // a built-in's field) and index (-1 until an implicit one is assigned).
  struct Parameter {
    std::string kind, name;
    int64_t index = -1;
    int line = 0;
    std::string condition;  // [[buffer(i), function_constant(c)]]: there only when c is true
  };

  // The parameter in tokens [begin, end), from its [[attribute]]: a pointer or reference
  // without one takes the next free buffer (or, in threadgroup memory, threadgroup) index.
  Parameter parameter(ParsedKernel& k, size_t begin, size_t end) {
    size_t attr = begin;
    while (attr < end && !(is(attr, "[") && is(attr + 1, "["))) ++attr;
    Parameter p;
    p.name = attr > begin ? tokens_[attr - 1].text : "?";
    p.line = tokens_[begin].line;
    for (size_t j = begin; j < attr; ++j)
      if (tokens_[j].text.starts_with("texture") || tokens_[j].text.starts_with("depth") ||
          tokens_[j].text == "sampler")
        fail(p.line, fmt::format("parameter '{}' of kernel '{}': textures and samplers are not "
                                 "supported by the emulated Metal (buffers, threadgroup memory "
                                 "and thread positions are)",
                                 p.name, k.info.name));
    if (attr == end) {
      p.kind = "buffer";
      for (size_t j = begin; j < end; ++j)
        if (is(j, "threadgroup")) p.kind = "threadgroup";
      return p;
    }
    blank(attr, match(attr));
    p.kind = tokens_[attr + 2].text;
    for (size_t j = attr + 2, close = match(attr); j + 2 < close; ++j)
      if (is(j, "function_constant") && is(j + 1, "(")) {
        p.condition = tokens_[j + 2].text;
        // Undefined, the argument is absent: no value is needed for it.
        guarded_.insert(p.condition);
      }
    if (p.kind == "buffer" || p.kind == "threadgroup") {
      p.index = number(attr + 4, p.kind);
      return p;
    }
    auto builtin = kBuiltins.find(p.kind);
    if (builtin == kBuiltins.end())
      fail(p.line, fmt::format("parameter '{}' of kernel '{}': [[{}]] is not supported by the "
                               "emulated Metal (buffers, threadgroup memory and thread "
                               "positions are)",
                               p.name, k.info.name, p.kind));
    p.kind = builtin->second;
    return p;
  }

  // Gives each buffer and threadgroup parameter without an index the next free one of its
  // kind in parameter order, as Metal does (after an explicit index, counting goes on
  // from it), and makes each parameter's tag type.
  void bind_implicit(ParsedKernel& k, std::vector<Parameter>& parameters) {
    for (const char* kind : {"buffer", "threadgroup"}) {
      std::set<int64_t> taken;
      for (const Parameter& p : parameters)
        if (p.kind == kind && p.index >= 0) taken.insert(p.index);
      int64_t next = 0;
      for (Parameter& p : parameters) {
        if (p.kind != kind) continue;
        if (p.index < 0) {
          while (taken.contains(next)) ++next;
          p.index = next;
        }
        next = p.index + 1;
        if (p.index >= kMaxBufferBindings)
          fail(p.line, fmt::format("[[{}({})]] of '{}' of kernel '{}': indices run from 0 to {}",
                                   kind, p.index, p.name, k.info.name, kMaxBufferBindings - 1));
        (p.kind == "buffer" ? k.info.buffer_indices : k.info.threadgroup_indices)
            .push_back(static_cast<int>(p.index));
        if (!p.condition.empty()) k.conditions[p.kind + std::to_string(p.index)] = p.condition;
      }
    }
    for (const Parameter& p : parameters)
      k.arguments.push_back(p.kind == "buffer" || p.kind == "threadgroup"
                                ? fmt::format("::ingot_msl::{}_arg<{}>", p.kind, p.index)
                                : "::ingot_msl::builtin_arg<" + p.kind + ">");
  }

  // `threadgroup T a[...], b;` at token i: shared by the group's threads, and each
  // declarator counted in the kernel's static threadgroup memory. Pointers to threadgroup
  // memory stay as they are.
  void threadgroup_variable(size_t i, size_t close, int slot, int& arrays) {
    size_t semicolon = i + 1;
    while (semicolon < close && !is(semicolon, ";")) ++semicolon;
    if (semicolon == close) fail(tokens_[i].line, "cannot read this threadgroup declaration");
    std::vector<std::string> names;
    bool named = false;  // the current declarator's name is read
    for (size_t j = i + 1, depth = 0; j <= semicolon; ++j) {
      const std::string& s = tokens_[j].text;
      if (depth == 0 && (s == "*" || s == "&")) return;
      if (depth == 0 && !named && (s == "[" || s == "=" || s == "," || s == ";")) {
        if (tokens_[j - 1].kind != Token::Ident)
          fail(tokens_[i].line, "cannot read this threadgroup declaration");
        names.push_back(tokens_[j - 1].text);
        named = true;
      }
      if (s == "(" || s == "[" || s == "{") ++depth;
      if (s == ")" || s == "]" || s == "}") --depth;
      if (depth == 0 && s == ",") named = false;
    }
    edits_.push_back({tokens_[i].offset, tokens_[i].text.size(), "static thread_local"});
    std::string counted;
    for (const std::string& name : names)
      counted += fmt::format(" INGOT_MSL_THREADGROUP({}, {}, {})", slot, arrays++, name);
    edits_.push_back({tokens_[semicolon].offset + 1, 0, counted});
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
  std::map<std::string, ParsedKernel> templates_;  // templated kernels, by qualified name
  int slots_ = 0;                                  // threadgroup-byte slots handed out
  std::vector<Declaration> declarations_;
  std::set<std::string> guarded_;  // names asked about with is_function_constant_defined
};

}  // namespace

ParsedSource parse_msl(const std::string& source) { return Parser(source).run(); }

}  // namespace ingot::metal_emulator
