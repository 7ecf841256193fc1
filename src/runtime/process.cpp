#include "runtime/process.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <thread>

#include "ingot/context.hpp"
#include "ingot/error.hpp"

extern char** environ;

namespace ingot {

namespace {

using Clock = std::chrono::steady_clock;

// Milliseconds left until `deadline` for poll(), at least 0; -1 (forever) without one.
int poll_timeout(std::optional<Clock::time_point> deadline) {
  if (!deadline) return -1;
  auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now());
  return int(std::clamp<int64_t>(left.count(), 0, 1000));
}

bool past(std::optional<Clock::time_point> deadline) {
  return deadline && Clock::now() >= *deadline;
}

// Reads the child's output until it closes the pipe or the deadline passes; false then.
bool read_output(int fd, std::optional<Clock::time_point> deadline, std::string& output) {
  char chunk[4096];
  for (;;) {
    pollfd ready{fd, POLLIN, 0};
    int polled = ::poll(&ready, 1, poll_timeout(deadline));
    if (polled < 0 && errno != EINTR) return true;  // cannot wait on it: as closed
    if (polled <= 0) {
      if (past(deadline)) return false;
      continue;
    }
    ssize_t n = ::read(fd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    output.append(chunk, size_t(n));
  }
}

// Waits for the child to end, until the deadline; false when it passed first. A child may
// close its output and keep running, so the wait is bounded too.
bool wait_for(pid_t pid, std::optional<Clock::time_point> deadline, int& status) {
  for (;;) {
    pid_t waited = ::waitpid(pid, &status, deadline ? WNOHANG : 0);
    if (waited == pid) return true;
    if (waited < 0 && errno != EINTR) return true;
    if (past(deadline)) return false;
    if (deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace

std::string ProcessResult::ending() const {
  if (timed_out) return "ran past its time limit and was killed";
  if (signal) return fmt::format("was killed by signal {} ({})", signal, ::strsignal(signal));
  return fmt::format("exited with code {}", exit_code);
}

ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds) {
  int pipe_fds[2];
  // O_CLOEXEC: children that other threads spawn meanwhile must not inherit the write
  // end, or our read would wait for them too.
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0)
    throw Error(fmt::format("cannot run {}: pipe: {}", argv.at(0), std::strerror(errno)));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
  // A process group of its own, so that a time limit kills the processes it started too
  // (gcc's cc1 and as).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  std::vector<char*> args;
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int spawned = posix_spawn(&pid, argv.at(0).c_str(), &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(pipe_fds[1]);
  if (spawned != 0) {
    ::close(pipe_fds[0]);
    throw Error(fmt::format("cannot run {}: {}", argv[0], std::strerror(spawned)));
  }
  std::optional<Clock::time_point> deadline;
  if (timeout_seconds > 0)
    deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(timeout_seconds));
  ProcessResult result;
  int status = 0;
  bool in_time = read_output(pipe_fds[0], deadline, result.output);
  ::close(pipe_fds[0]);
  in_time = in_time && wait_for(pid, deadline, status);
  if (!in_time) {
    ::kill(-pid, SIGKILL);
    wait_for(pid, std::nullopt, status);
    result.timed_out = true;
  }
  result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + result.signal;
  return result;
}

ProcessResult run_compiler(const std::vector<std::string>& argv, std::string_view what) {
  double limit = Context::global().compile_timeout();
  ProcessResult result = run_process(argv, limit);
  if (result.timed_out)
    throw Error(
        fmt::format("{}: the compiler {} did not finish within {} s and was killed (the limit is "
                    "INGOT_COMPILE_TIMEOUT, Context::set_compile_timeout; 0 means none)",
                    what, argv.at(0), limit));
  return result;
}

std::string find_executable(const std::string& name) {
  if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

std::string find_c_compiler() {
  static const std::vector<std::string> kSearched = {"clang-19", "clang", "gcc", "cc"};
  const std::string& requested = Context::global().cpu_compiler();
  std::string path;
  if (!requested.empty()) {
    path = find_executable(requested);
  } else {
    for (const std::string& name : kSearched)
      if (!(path = find_executable(name)).empty()) break;
  }
  if (path.empty()) {
    throw Error(fmt::format(
        "no C compiler: looked for {} (INGOT_CC={}); install one, e.g. apt-get install clang-19",
        requested.empty() ? fmt::format("{} on PATH", fmt::join(kSearched, ", ")) : requested,
        requested));
  }
  return path;
}

}  // namespace ingot
