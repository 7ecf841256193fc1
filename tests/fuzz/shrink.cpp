#include "fuzz/shrink.hpp"

#include <optional>
#include <tuple>

#include "fuzz/evaluate.hpp"

namespace fuzz {
namespace {

// Step `i` replaced by an input holding its reference values (none where some value is
// not known exactly enough to store).
std::optional<Program> cut(const Program& p, const std::vector<IArray>& values, size_t i) {
  const IArray& v = values[i];
  Step input{.op = "input", .dtype = v.dtype, .ints = v.shape};
  for (const Bound& b : v.e) {
    if (b.is_unknown()) return std::nullopt;
    input.reals.push_back(ref::cast_value(b.v, v.dtype));
  }
  Program out = p;
  out.steps[i] = std::move(input);
  return without_dead_steps(out);
}

// Step `i` removed, its uses given its operand `a` instead.
Program bypass(const Program& p, size_t i, int a) {
  Program out = p;
  for (Step& s : out.steps)
    for (int& x : s.args)
      if (x == static_cast<int>(i)) x = a;
  for (int& o : out.outputs)
    if (o == static_cast<int>(i)) o = a;
  return without_dead_steps(out);
}

std::vector<Program> candidates(const Program& p) {
  std::vector<Program> out;
  // The program up to one step, that step its output: a step that is no output still
  // runs when the graph is built, and a crash or refusal may come from it.
  for (size_t k = 0; k + 1 < p.steps.size(); ++k)
    out.push_back(without_dead_steps(
        {std::vector<Step>(p.steps.begin(), p.steps.begin() + static_cast<long>(k) + 1),
         {static_cast<int>(k)}}));
  if (p.outputs.size() > 1)
    for (int o : p.outputs) out.push_back(without_dead_steps({p.steps, {o}}));
  // An input's values all made its first one: a failure that needs no particular data.
  for (size_t i = 0; i < p.steps.size(); ++i) {
    const Step& s = p.steps[i];
    if (s.op != "input" || s.reals.size() < 2) continue;
    Program c = p;
    c.steps[i] = {.op = "full", .dtype = s.dtype, .ints = s.ints, .reals = {s.reals[0]}};
    out.push_back(c);
  }
  std::vector<IArray> values = evaluate_reference(p);
  for (size_t i = p.steps.size(); i-- > 0;) {
    const Step& s = p.steps[i];
    if (is_creation(s.op)) continue;
    for (int a : s.args)
      if (values[a].shape == values[i].shape && values[a].dtype == values[i].dtype)
        out.push_back(bypass(p, i, a));
    bool is_output = false;
    for (int o : p.outputs) is_output |= o == static_cast<int>(i);
    if (!is_output)
      if (auto c = cut(p, values, i)) out.push_back(*c);
  }
  return out;
}

// How much a program does: its operations, then its outputs.
std::tuple<size_t, size_t, size_t> size_of(const Program& p) {
  size_t operations = 0, data = 0;
  for (const Step& s : p.steps) {
    operations += !is_creation(s.op);
    data += s.reals.size();
  }
  return {operations, p.outputs.size(), data};
}

}  // namespace

Program shrink(const Program& program, Verdict verdict, const Runner& run, int budget,
               Outcome& last) {
  Program best = program;
  for (bool progress = true; progress && budget > 0;) {
    progress = false;
    for (const Program& c : candidates(best)) {
      if (budget-- <= 0) break;
      if (size_of(c) >= size_of(best)) continue;
      Outcome o = run(c);
      if (o.verdict == verdict) {
        best = c;
        last = o;
        progress = true;
        break;
      }
    }
  }
  return best;
}

}  // namespace fuzz
