// `ingot trace PROGRAM [ARGS]`: runs a program with PROFILE set to a trace file and says
// where the trace is.
#include <fmt/core.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "cli_commands.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"

namespace ingot::cli {

int trace_program(const std::vector<std::string>& command, const std::string& output) {
  namespace fs = std::filesystem;
  const std::string program = command.at(0);
  const fs::path path =
      fs::absolute(output.empty() ? fmt::format("ingot-trace-{}-{}.json",
                                                fs::path(program).filename().string(), ::getpid())
                                  : output);
  std::error_code error;
  fs::remove(path, error);  // so that a trace found afterwards is this run's
  // This process runs no kernels: under a PROFILE of the user's own it must not write an
  // empty trace at exit.
  Context::global().set_profile(false);
  std::vector<char*> argv;
  for (const std::string& arg : command) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t child = ::fork();
  if (child < 0)
    throw Error(fmt::format("trace: cannot start {}: {}", program, std::strerror(errno)));
  if (child == 0) {
    ::setenv("PROFILE", path.c_str(), 1);
    ::execvp(argv[0], argv.data());
    fmt::print(stderr, "error: trace: cannot run '{}': {}\n", program, std::strerror(errno));
    std::_Exit(127);
  }
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (!fs::exists(path))
    throw Error(fmt::format(
        "trace: '{}' exited with status {} and wrote no trace to {} (is it a program that "
        "uses ingot, and does it exit normally?)",
        program, code, path.string()));
  fmt::print(stderr, "ingot: the trace of '{}' is {} ({} bytes); open it in ui.perfetto.dev\n",
             program, path.string(), fs::file_size(path));
  return code;
}

}  // namespace ingot::cli
