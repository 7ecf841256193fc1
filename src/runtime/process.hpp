// Running a tool (a compiler) and capturing what it prints, for the backends that
// compile by running one, within a time limit.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ingot {

struct ProcessResult {
  int exit_code = 0;       // the exit status, or 128 + the signal that ended it
  int signal = 0;          // the signal that ended it, or 0
  bool timed_out = false;  // it ran past its time limit and was killed
  std::string output;      // stdout and stderr, interleaved as printed

  // How it ended, for messages: "exited with code 1", "was killed by signal 9 (Killed)".
  std::string ending() const;
};

// Runs argv[0] (a path) with the arguments and waits for it, at most `timeout_seconds`
// (0: no limit): then it and every process it started (its process group) are killed
// with SIGKILL, and the result says timed_out. Throws Error when the program cannot be
// started.
ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds = 0);

// Runs a compiler within Context::compile_timeout() (INGOT_COMPILE_TIMEOUT). Throws Error
// naming the compiler, the limit and `what` (the kernel, or the library, it compiles)
// when it ran past it, so that a hung compiler fails the compile instead of the program.
ProcessResult run_compiler(const std::vector<std::string>& argv, std::string_view what);

// The full path of an executable: `name` itself if it contains a '/', else the first
// match on PATH; empty when there is none.
std::string find_executable(const std::string& name);

// The path of the host's C compiler: INGOT_CC (Context::cpu_compiler) where set, else the
// first of clang-19, clang, gcc and cc on PATH. Throws Error naming what was looked for
// when there is none. The CPU backend's and the exported libraries' compiler.
std::string find_c_compiler();

}  // namespace ingot
