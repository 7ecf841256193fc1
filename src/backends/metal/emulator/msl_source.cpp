// Reads an MSL source far enough to compile it as C++ (parse_msl): finds its `kernel`
// functions and their parameters' bindings, tells which synchronize, and rewrites, line
// for line, the few spellings C++ lacks. This file walks the declarations at namespace
// scope; msl_tokens.cpp makes the tokens and the lexical edits (#include <metal_*>,
// literals), msl_kernel_signature.cpp reads each kernel (its parameters, and its
// threadgroup variables, made references into the group's threadgroup memory), and
// msl_constant_reach.cpp the function constants.
#include <fmt/format.h>

#include <algorithm>

#include "backends/metal/emulator/msl_parser.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {

// Calls that make a kernel's threads wait for each other, so they must run as fibers.
bool synchronizing(const std::string& name) {
  return name == "threadgroup_barrier" || name == "simdgroup_barrier" ||
         name.starts_with("simd_") || name.starts_with("quad_");
}

MslParser::MslParser(const std::string& source) : src_(source) {
  Tokens t = tokenize_msl(source);
  tokens_ = std::move(t.tokens);
  edits_ = std::move(t.edits);
}

ParsedSource MslParser::run() {
  scope(0, tokens_.size(), "");
  bool lanes = std::any_of(tokens_.begin(), tokens_.end(),
                           [](const Token& t) { return t.text == "thread_elements"; });
  std::set<std::string> coroutines = plan_lanes(lanes);
  for (ParsedKernel& k : kernels_) {
    // Lanes as coroutines know exactly which kernels reach a synchronizing call; fibers
    // take every kernel of a library that synchronizes outside its kernels for one.
    k.coroutine = coroutines.contains(k.function);
    k.synchronizes =
        coroutines.empty() ? k.synchronizes || sync_outside_kernels_ || lanes : k.coroutine;
    k.info.constants = reached_constants(k.info.name);
  }
  std::sort(edits_.begin(), edits_.end(),
            [](const Edit& a, const Edit& b) { return a.offset > b.offset; });
  std::string text = src_;
  for (const Edit& e : edits_) text.replace(e.offset, e.length, e.text);
  return {std::move(kernels_), std::move(constants_), std::move(text), lanes, slots_};
}

void MslParser::fail(int line, const std::string& what) const {
  throw Error(fmt::format("MSL: program_source:{}: {}", line, what));
}

void MslParser::blank(size_t first, size_t last) {
  size_t begin = tokens_[first].offset, end = tokens_[last].offset + tokens_[last].text.size();
  std::string text = src_.substr(begin, end - begin);
  for (char& c : text)
    if (c != '\n') c = ' ';
  edits_.push_back({begin, end - begin, text});
}

bool MslParser::is(size_t i, const char* text) const {
  return i < tokens_.size() && tokens_[i].text == text;
}

size_t MslParser::match(size_t i) const {
  const std::string open = tokens_[i].text;
  const std::string close = open == "{" ? "}" : open == "(" ? ")" : open == "<" ? ">" : "]";
  int depth = 0;
  for (size_t j = i; j < tokens_.size(); ++j) {
    if (tokens_[j].text == open) ++depth;
    if (tokens_[j].text == close && --depth == 0) return j;
  }
  fail(tokens_[i].line, "'" + open + "' is never closed");
}

void MslParser::scope(size_t begin, size_t end, const std::string& prefix) {
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
      instantiations_.push_back({i, semicolon});
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
      definitions_.push_back({entity, i, close});
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

int64_t MslParser::number(size_t i, const std::string& what) const {
  if (i >= tokens_.size() || tokens_[i].kind != Token::Number)
    fail(tokens_[std::min(i, tokens_.size() - 1)].line, what + " takes a number");
  return std::stoll(tokens_[i].text, nullptr, 0);
}

ParsedSource parse_msl(const std::string& source) { return MslParser(source).run(); }

}  // namespace ingot::metal_emulator
