// The kernels of an MSL source (msl_parser.hpp): each `kernel` function's name, its
// parameters' bindings (explicit, implicit as Metal assigns them, built-in attributes),
// its threadgroup variables, and the instantiations of templated kernels.
#include <fmt/format.h>

#include <map>
#include <set>

#include "backends/metal/emulator/msl_parser.hpp"

namespace ingot::metal_emulator {
namespace {

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

}  // namespace

void MslParser::parse_kernel(size_t open, size_t close, const std::string& prefix,
                             int64_t max_threads, bool templated) {
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
  k.info.name = k.function = tokens_[lparen - 1].text;
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

void MslParser::instantiation(size_t begin, size_t end, const std::string& prefix) {
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
            (a > j && tokens_[a].kind == Token::Ident && tokens_[a - 1].kind == Token::Ident ? " "
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

MslParser::Parameter MslParser::parameter(ParsedKernel& k, size_t begin, size_t end) {
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

void MslParser::bind_implicit(ParsedKernel& k, std::vector<Parameter>& parameters) {
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

void MslParser::threadgroup_variable(size_t i, size_t close, int slot, int& arrays) {
  size_t semicolon = i + 1;
  while (semicolon < close && !is(semicolon, ";")) ++semicolon;
  if (semicolon == close) fail(tokens_[i].line, "cannot read this threadgroup declaration");
  std::vector<size_t> names;  // the declarators' name tokens
  bool named = false;         // the current declarator's name is read
  for (size_t j = i + 1, depth = 0; j <= semicolon; ++j) {
    const std::string& s = tokens_[j].text;
    if (depth == 0 && (s == "*" || s == "&")) return;
    if (depth == 0 && !named && (s == "[" || s == "=" || s == "," || s == ";")) {
      if (tokens_[j - 1].kind != Token::Ident)
        fail(tokens_[i].line, "cannot read this threadgroup declaration");
      names.push_back(j - 1);
      named = true;
    }
    if (s == "(" || s == "[" || s == "{") ++depth;
    if (s == ")" || s == "]" || s == "}") --depth;
    if (depth == 0 && s == ",") named = false;
  }
  // The declaration stays, renamed and static, for its type; each name becomes a
  // reference to the array's place in the group's memory (msl_header_sync.cpp).
  edits_.push_back({tokens_[i].offset, tokens_[i].text.size(), "static"});
  std::string references;
  for (size_t name : names) {
    const Token& t = tokens_[name];
    edits_.push_back({t.offset, t.text.size(), "ingot_tg_" + t.text});
    references += fmt::format(" INGOT_MSL_THREADGROUP({}, {}, ingot_tg_{}, {})", slot, arrays++,
                              t.text, t.text);
  }
  edits_.push_back({tokens_[semicolon].offset + 1, 0, references});
}

}  // namespace ingot::metal_emulator
