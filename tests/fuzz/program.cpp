#include "fuzz/program.hpp"

#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace fuzz {
namespace {

// "%.17g" round-trips every double; strtod reads back its "nan", "inf" and "-inf".
std::string real_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

template <class T>
void write_list(std::ostringstream& os, const std::vector<T>& values) {
  os << ' ' << values.size();
  for (const T& v : values) {
    if constexpr (std::is_same_v<T, double>)
      os << ' ' << real_text(v);
    else
      os << ' ' << v;
  }
}

template <class T>
std::vector<T> read_list(std::istringstream& is) {
  size_t n = 0;
  if (!(is >> n)) throw std::invalid_argument("program: expected a list length");
  std::vector<T> out(n);
  for (T& v : out) {
    std::string word;
    if (!(is >> word)) throw std::invalid_argument("program: list ends early");
    if constexpr (std::is_same_v<T, double>)
      v = std::strtod(word.c_str(), nullptr);
    else
      v = static_cast<T>(std::stoll(word));
  }
  return out;
}

}  // namespace

std::string write_program(const Program& program) {
  std::ostringstream os;
  for (const Step& s : program.steps) {
    os << "step " << s.op << ' ' << ingot::dtype_name(s.dtype) << ' ' << int(s.flag);
    write_list(os, s.args);
    write_list(os, s.ints);
    write_list(os, s.reals);
    os << '\n';
  }
  os << "outputs";
  write_list(os, program.outputs);
  os << '\n';
  return os.str();
}

Program parse_program(const std::string& text) {
  Program p;
  std::istringstream lines(text);
  std::string line;
  bool ended = false;
  while (std::getline(lines, line)) {
    std::istringstream is(line);
    std::string head;
    if (!(is >> head)) continue;
    if (head == "outputs") {
      p.outputs = read_list<int>(is);
      ended = true;
      continue;
    }
    if (head != "step") throw std::invalid_argument("program: unexpected line '" + line + "'");
    Step s;
    std::string dtype;
    int flag = 0;
    if (!(is >> s.op >> dtype >> flag)) throw std::invalid_argument("program: bad step " + line);
    s.dtype = ingot::dtype_from_name(dtype);
    s.flag = flag != 0;
    s.args = read_list<int>(is);
    s.ints = read_list<int64_t>(is);
    s.reals = read_list<double>(is);
    for (int a : s.args)
      if (a < 0 || a >= static_cast<int>(p.steps.size()))
        throw std::invalid_argument("program: step refers to a later step: " + line);
    p.steps.push_back(std::move(s));
  }
  if (!ended) throw std::invalid_argument("program: no outputs line");
  for (int o : p.outputs)
    if (o < 0 || o >= static_cast<int>(p.steps.size()))
      throw std::invalid_argument("program: output out of range");
  return p;
}

Program without_dead_steps(const Program& program) {
  std::vector<bool> live(program.steps.size(), false);
  for (int o : program.outputs) live[o] = true;
  for (int i = static_cast<int>(program.steps.size()) - 1; i >= 0; --i)
    if (live[i])
      for (int a : program.steps[i].args) live[a] = true;
  Program out;
  std::vector<int> renumber(program.steps.size(), -1);
  for (size_t i = 0; i < program.steps.size(); ++i) {
    if (!live[i]) continue;
    Step s = program.steps[i];
    for (int& a : s.args) a = renumber[a];
    renumber[i] = static_cast<int>(out.steps.size());
    out.steps.push_back(std::move(s));
  }
  for (int o : program.outputs) out.outputs.push_back(renumber[o]);
  return out;
}

}  // namespace fuzz
