// `ingot launch -n N [--devices LIST] -- PROGRAM ARGS`: N processes of one process group
// (include/ingot/process_group.hpp) on this host, each with its rank, the group's size,
// the rendezvous (INGOT_MASTER_ADDR, INGOT_MASTER_PORT) and its device (INGOT_DEVICE) in
// its environment. Their output comes back line by line, prefixed by rank; when one fails
// the others have `grace` seconds to end (they get an Error from the group), then are
// killed, so a launch never outlives a failed rank.
#include <fcntl.h>
#include <fmt/format.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <optional>

#include "cli_commands.hpp"
#include "ingot/error.hpp"
#include "name_list.hpp"

namespace ingot::cli {
namespace {

using Clock = std::chrono::steady_clock;

// The signal that asked the launcher to stop (SIGINT, SIGTERM, SIGHUP), or 0.
volatile std::sig_atomic_t stop_signal = 0;
void on_stop_signal(int signal) { stop_signal = signal; }

struct Rank {
  pid_t pid = -1;
  int output = -1;      // the read end of its stdout and stderr, -1 once closed
  std::string pending;  // output past the last full line
  std::optional<int> status;
};

// A port nobody listens at now: the kernel's pick for port 0.
int free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0)
    throw Error(fmt::format("launch: no free port for the rendezvous: {}", std::strerror(errno)));
  ::close(fd);
  return ntohs(address.sin_port);
}

// Starts `command` as rank `rank`, in a process group of its own (so that killing it
// takes whatever it started), its stdout and stderr into one pipe.
Rank start(const std::vector<std::string>& command, const std::vector<std::string>& env) {
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0)
    throw Error(fmt::format("launch: pipe failed: {}", std::strerror(errno)));
  pid_t pid = ::fork();
  if (pid < 0) throw Error(fmt::format("launch: fork failed: {}", std::strerror(errno)));
  if (pid == 0) {
    ::setpgid(0, 0);
    // The rank goes with the launcher, however the launcher ends (a kill -9 included).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() == 1) ::_exit(128 + SIGKILL);
    ::dup2(pipe_fds[1], STDOUT_FILENO);
    ::dup2(pipe_fds[1], STDERR_FILENO);
    for (const std::string& variable : env) ::putenv(const_cast<char*>(variable.c_str()));
    std::vector<char*> argv;
    for (const std::string& arg : command) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    std::string message =
        fmt::format("launch: cannot run '{}': {}\n", command[0], std::strerror(errno));
    (void)!::write(STDERR_FILENO, message.data(), message.size());
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  return Rank{pid, pipe_fds[0], "", std::nullopt};
}

// Prints every full line `rank` wrote since the last call; at its end, the rest too.
void forward(Rank& rank, size_t index) {
  char chunk[4096];
  ssize_t got = ::read(rank.output, chunk, sizeof chunk);
  if (got > 0) rank.pending.append(chunk, size_t(got));
  size_t end;
  while ((end = rank.pending.find('\n')) != std::string::npos) {
    fmt::print("[{}] {}\n", index, std::string_view(rank.pending).substr(0, end));
    rank.pending.erase(0, end + 1);
  }
  if (got <= 0 && !(got < 0 && errno == EINTR)) {
    if (!rank.pending.empty()) fmt::print("[{}] {}\n", index, rank.pending);
    rank.pending.clear();
    ::close(rank.output);
    rank.output = -1;
  }
  std::fflush(stdout);
}

int exit_code(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

int launch(const LaunchOptions& options) {
  if (options.command.empty())
    throw ArgumentError("launch: no program to run (valid: ingot launch -n N -- PROGRAM ARGS)");
  const std::vector<std::string> devices = split_names(options.devices);
  const int port = options.master_port ? options.master_port : free_port();
  std::vector<Rank> ranks;
  for (size_t r = 0; r < options.processes; ++r) {
    std::vector<std::string> env = {fmt::format("INGOT_RANK={}", r),
                                    fmt::format("INGOT_WORLD_SIZE={}", options.processes),
                                    fmt::format("INGOT_LOCAL_RANK={}", r),
                                    fmt::format("INGOT_MASTER_ADDR={}", options.master_addr),
                                    fmt::format("INGOT_MASTER_PORT={}", port)};
    if (!devices.empty()) env.push_back("INGOT_DEVICE=" + devices[r % devices.size()]);
    ranks.push_back(start(options.command, env));
  }
  // Ctrl-C and a kill end every rank (each in a process group of its own, which the
  // terminal's signal does not reach) before the launcher.
  struct sigaction stop {};
  stop.sa_handler = on_stop_signal;
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(signal, &stop, nullptr);
  std::optional<Clock::time_point> kill_at;
  int result = 0;
  for (;;) {
    if (stop_signal) {
      fmt::print(stderr, "ingot launch: stopped by signal {}; killing every rank\n",
                 int(stop_signal));
      for (Rank& rank : ranks)
        if (!rank.status) ::kill(-rank.pid, SIGKILL);
      if (result == 0) result = 128 + stop_signal;
      stop_signal = 0;
    }
    std::vector<pollfd> fds;
    std::vector<size_t> owners;
    for (size_t r = 0; r < ranks.size(); ++r)
      if (ranks[r].output >= 0) {
        fds.push_back({ranks[r].output, POLLIN, 0});
        owners.push_back(r);
      }
    if (fds.empty()) break;
    if (::poll(fds.data(), fds.size(), 100) > 0)
      for (size_t i = 0; i < fds.size(); ++i)
        if (fds[i].revents) forward(ranks[owners[i]], owners[i]);
    for (size_t r = 0; r < ranks.size(); ++r) {
      int status = 0;
      if (ranks[r].status || ::waitpid(ranks[r].pid, &status, WNOHANG) != ranks[r].pid) continue;
      ranks[r].status = exit_code(status);
      if (*ranks[r].status != 0) {
        fmt::print(stderr, "ingot launch: rank {} exited with status {}\n", r, *ranks[r].status);
        if (result == 0) result = *ranks[r].status;
        if (!kill_at)
          kill_at = Clock::now() + std::chrono::milliseconds(int64_t(options.grace_seconds * 1000));
      }
    }
    if (kill_at && Clock::now() >= *kill_at) {
      for (size_t r = 0; r < ranks.size(); ++r)
        if (!ranks[r].status) {
          fmt::print(stderr, "ingot launch: rank {} still runs {} s after a failure; killed\n", r,
                     options.grace_seconds);
          ::kill(-ranks[r].pid, SIGKILL);
        }
      kill_at.reset();
    }
  }
  for (size_t r = 0; r < ranks.size(); ++r) {
    if (ranks[r].status) continue;
    int status = 0;
    ::waitpid(ranks[r].pid, &status, 0);
    ranks[r].status = exit_code(status);
    if (*ranks[r].status != 0) {
      fmt::print(stderr, "ingot launch: rank {} exited with status {}\n", r, *ranks[r].status);
      if (result == 0) result = *ranks[r].status;
    }
  }
  return result;
}

}  // namespace ingot::cli
