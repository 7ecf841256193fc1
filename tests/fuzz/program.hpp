// A random tensor program: a list of steps, each one call of ingot's public Tensor API on
// earlier steps' results, and the steps whose values are checked. The same program runs on
// an ingot device and on the float64 interval reference (reference.hpp), prints as C++
// (cpp_repro.cpp) and travels between the fuzzer's processes as text (write/parse).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ingot/dtype.hpp"

namespace fuzz {

using ingot::DType;

// One call. `op` names the Tensor method ("reshape", "sum", "add"...); what the other
// fields hold depends on it (see the tables in evaluate.hpp): `args` are earlier steps,
// `ints` shapes, axes or bounds, `reals` data or scalars, `flag` keepdim or which side a
// scalar is on, `dtype` the type a creation or a cast produces.
struct Step {
  std::string op;
  DType dtype = DType::Float32;
  std::vector<int> args;
  std::vector<int64_t> ints;
  std::vector<double> reals;
  bool flag = false;
};

struct Program {
  std::vector<Step> steps;
  std::vector<int> outputs;  // steps realized together and compared
};

// One line a step, then one line of outputs; doubles round-trip exactly (nan and inf too).
std::string write_program(const Program& program);
// The inverse of write_program; throws std::invalid_argument on malformed text.
Program parse_program(const std::string& text);

// The steps `outputs` depend on, in order, renumbered; outputs keep their order.
Program without_dead_steps(const Program& program);

}  // namespace fuzz
