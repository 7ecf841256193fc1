// Running one program on one device in this process, against its reference.
#pragma once

#include <string>
#include <vector>

#include "fuzz/program.hpp"
#include "fuzz/reference.hpp"

namespace fuzz {

enum class Verdict {
  Pass,
  Wrong,    // a value outside its bound, or a wrong shape or dtype
  Refused,  // ingot threw on a valid program
  Crash,    // the process died (found by the parent)
  Hang,     // the process stopped reporting (found by the parent)
};
const char* verdict_name(Verdict v);
Verdict verdict_from_name(const std::string& name);

struct Outcome {
  Verdict verdict = Verdict::Pass;
  std::string detail;  // one line
};

// The reference value of every step.
std::vector<IArray> evaluate_reference(const Program& program);
// Runs `program` on `device` (outputs poisoned first, realized together) and compares
// every output with its reference.
Outcome run_program(const Program& program, const std::string& device);

}  // namespace fuzz
