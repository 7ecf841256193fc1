// The function constants of an MSL source (msl_parser.hpp): each declaration rewritten to
// read its value from the specialisation, and which constants each kernel reaches and
// needs a value for.
#include <fmt/format.h>

#include "backends/metal/emulator/msl_parser.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {

void MslParser::function_constant(size_t begin, size_t attr, size_t close) {
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

void MslParser::declaration(size_t begin, size_t end) {
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

std::vector<MslFunctionConstant> MslParser::reached_constants(const std::string& name) const {
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

}  // namespace ingot::metal_emulator
