// Running a tool (a compiler) and capturing what it prints, for the backends that
// compile by running one.
#pragma once

#include <string>
#include <vector>

namespace ingot {

struct ProcessResult {
  int exit_code;       // the exit status, or 128 + the signal that ended it
  std::string output;  // stdout and stderr, interleaved as printed
};

// Runs argv[0] (a path) with the arguments and waits for it. Throws Error when the
// program cannot be started.
ProcessResult run_process(const std::vector<std::string>& argv);

// The full path of an executable: `name` itself if it contains a '/', else the first
// match on PATH; empty when there is none.
std::string find_executable(const std::string& name);

}  // namespace ingot
