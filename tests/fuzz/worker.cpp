#include "fuzz/worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fstream>
#include <sstream>

#include "fuzz/program.hpp"

namespace fuzz {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// One line: newlines of compiler logs folded, very long messages cut.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = '|';
  if (s.size() > 600) s = s.substr(0, 600) + "...";
  return s.empty() ? "-" : s;
}

void report(const std::string& seed, const Outcome& o) {
  std::printf("%s %s %s\n", verdict_name(o.verdict), seed.c_str(), one_line(o.detail).c_str());
  std::fflush(stdout);
}

Outcome run_guarded(const Program& p, const std::string& device) {
  try {
    return run_program(p, device);
  } catch (const std::exception& e) {
    // Not an ingot::Error (those are verdicts): a reference or generator fault, which
    // must show rather than pass.
    return {Verdict::Refused, std::string("fuzzer exception: ") + e.what()};
  }
}

// A child process running this binary with `args`, its stdout and stderr on one pipe.
struct Child {
  pid_t pid = -1;
  int fd = -1;
  std::string pending;  // bytes after the last full line
  std::string noise;    // the last line that is not part of the protocol
  std::string device;
  uint64_t first = 0;          // the first seed it was given
  uint64_t next = 0, end = 0;  // seeds still to run: [next, end)
  bool started = false;        // a program is running: seed `next`
  Clock::time_point heard = Clock::now();
};

Child spawn(const std::vector<std::string>& args) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("fuzz: pipe failed");
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fuzz: fork failed");
  if (pid == 0) {
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> argv;
    std::string self = "/proc/self/exe";
    argv.push_back(self.data());
    std::vector<std::string> copy = args;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(self.c_str(), argv.data());
    _exit(127);
  }
  close(fds[1]);
  Child c;
  c.pid = pid;
  c.fd = fds[0];
  return c;
}

// Why a child ended, for a program it had started.
std::string death(int status, const std::string& noise) {
  std::string why = WIFSIGNALED(status)
                        ? std::string("killed by signal ") + std::to_string(WTERMSIG(status)) +
                              " (" + strsignal(WTERMSIG(status)) + ")"
                        : "exited with status " + std::to_string(WEXITSTATUS(status));
  return noise.empty() ? why : why + "; last output: " + noise;
}

std::vector<std::string> worker_args(const std::string& device,
                                     const std::vector<std::string>& flags) {
  std::vector<std::string> args = {"--worker", "--device", device};
  args.insert(args.end(), flags.begin(), flags.end());
  return args;
}

// Splits what arrived into lines; returns them.
std::vector<std::string> read_lines(Child& c, bool& closed) {
  char buf[4096];
  ssize_t n = read(c.fd, buf, sizeof buf);
  closed = n <= 0;
  std::vector<std::string> lines;
  if (n > 0) c.pending.append(buf, static_cast<size_t>(n));
  size_t at;
  while ((at = c.pending.find('\n')) != std::string::npos) {
    lines.push_back(c.pending.substr(0, at));
    c.pending.erase(0, at + 1);
  }
  return lines;
}

// A protocol line: "start SEED" or "VERDICT SEED DETAIL"; false for anything else.
bool parse_line(const std::string& line, std::string& word, std::string& seed, std::string& rest) {
  std::istringstream is(line);
  if (!(is >> word >> seed)) return false;
  std::getline(is, rest);
  if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
  if (word == "start") return true;
  try {
    verdict_from_name(word);
    return true;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

}  // namespace

GenerateOptions options_for(const std::string& device, int64_t max_numel, int max_steps) {
  // Metal has no float64 (docs/metal.md).
  return {.float64 = device.rfind("METAL", 0) != 0, .max_numel = max_numel, .max_steps = max_steps};
}

int run_seeds(const std::string& device, uint64_t first, int64_t count, const GenerateOptions& o) {
  for (uint64_t seed = first; seed < first + static_cast<uint64_t>(count); ++seed) {
    std::printf("start %llu\n", static_cast<unsigned long long>(seed));
    std::fflush(stdout);
    report(std::to_string(seed), run_guarded(generate(seed, o), device));
  }
  return 0;
}

int run_program_file(const std::string& device, const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::printf("start -\n");
  std::fflush(stdout);
  report("-", run_guarded(parse_program(text.str()), device));
  return 0;
}

std::map<std::string, Tally> run_pool(const PoolOptions& opt,
                                      const std::function<void(const Finding&)>& on_finding) {
  std::map<std::string, Tally> tallies;
  Clock::time_point begin = Clock::now();
  uint64_t chunk = static_cast<uint64_t>(opt.chunk);
  int64_t chunks_per_device = opt.count > 0 ? (opt.count + opt.chunk - 1) / opt.chunk : INT64_MAX;
  int64_t handed = 0;  // chunks given out, round-robin over the devices
  std::deque<Child> running;
  auto more_chunks = [&] {
    if (opt.seconds > 0 && since(begin) >= opt.seconds) return false;
    // Each device's share of the chunks handed out: the product with the device count
    // overflows for an unlimited count (no programs at all ran on two devices).
    return handed / static_cast<int64_t>(opt.devices.size()) < chunks_per_device;
  };
  auto start_worker = [&](const std::string& device, uint64_t next, uint64_t end) {
    std::vector<std::string> args = worker_args(device, opt.worker_flags);
    args.insert(args.end(),
                {"--seed", std::to_string(next), "--count", std::to_string(end - next)});
    Child c = spawn(args);
    c.device = device;
    c.first = next;
    c.next = next;
    c.end = end;
    running.push_back(std::move(c));
  };
  auto finish = [&](Child& c, const Outcome& o) {
    Tally& t = tallies[c.device];
    ++t.programs;
    ++t.verdicts[o.verdict];
    if (o.verdict != Verdict::Pass) on_finding({c.device, c.next, o});
    ++c.next;
    c.started = false;
  };
  for (;;) {
    while (static_cast<int>(running.size()) < opt.jobs && more_chunks()) {
      const std::string& device = opt.devices[handed % opt.devices.size()];
      uint64_t first = opt.seed + static_cast<uint64_t>(handed / opt.devices.size()) * chunk;
      uint64_t end = first + chunk;
      if (opt.count > 0) end = std::min(end, opt.seed + static_cast<uint64_t>(opt.count));
      ++handed;
      start_worker(device, first, end);
    }
    if (running.empty()) break;
    std::vector<pollfd> fds;
    for (const Child& c : running) fds.push_back({c.fd, POLLIN, 0});
    poll(fds.data(), fds.size(), 1000);
    std::vector<Child> ended;
    for (size_t i = 0; i < running.size(); ++i) {
      Child& c = running[i];
      bool closed = false, silent = since(c.heard) > opt.hang_seconds;
      if (fds[i].revents) {
        c.heard = Clock::now();
        for (const std::string& line : read_lines(c, closed)) {
          std::string word, seed, rest;
          if (!parse_line(line, word, seed, rest)) {
            c.noise = one_line(line);
          } else if (word == "start") {
            c.started = true;
          } else {
            finish(c, {verdict_from_name(word), rest});
          }
        }
      }
      if (!closed && !silent) continue;
      if (silent) kill(c.pid, SIGKILL);
      int status = 0;
      waitpid(c.pid, &status, 0);
      close(c.fd);
      if (!c.started && c.next == c.first) {
        // It ran nothing: a worker that cannot start would fail the same way again.
        on_finding(
            {c.device, c.next, {Verdict::Crash, "worker ran nothing: " + death(status, c.noise)}});
        c.next = c.end;
      }
      if (c.started)
        finish(c, silent ? Outcome{Verdict::Hang,
                                   "no report for " + std::to_string(opt.hang_seconds) + " s"}
                         : Outcome{Verdict::Crash, death(status, c.noise)});
      ended.push_back(c);
      c.fd = -1;
    }
    std::erase_if(running, [](const Child& c) { return c.fd < 0; });
    // The rest of an ended worker's seeds go to a fresh one.
    for (const Child& c : ended)
      if (c.next < c.end) start_worker(c.device, c.next, c.end);
  }
  return tallies;
}

Outcome run_in_worker(const Program& program, const std::string& device,
                      const std::vector<std::string>& worker_flags, double hang_seconds) {
  char path[] = "/tmp/ingot_fuzz_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("fuzz: cannot create a temporary file");
  std::string text = write_program(program);
  bool written = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  if (!written) throw std::runtime_error("fuzz: cannot write a temporary file");
  std::vector<std::string> args = worker_args(device, worker_flags);
  args.insert(args.end(), {"--program", path});
  Child c = spawn(args);
  Outcome outcome{Verdict::Crash, ""};
  bool started = false, closed = false;
  while (!closed) {
    pollfd p{c.fd, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(hang_seconds * 1000)) == 0) {
      kill(c.pid, SIGKILL);
      outcome = {Verdict::Hang, "no report"};
      break;
    }
    for (const std::string& line : read_lines(c, closed)) {
      std::string word, seed, rest;
      if (!parse_line(line, word, seed, rest))
        c.noise = one_line(line);
      else if (word == "start")
        started = true;
      else
        outcome = {verdict_from_name(word), rest}, started = false;
    }
  }
  int status = 0;
  waitpid(c.pid, &status, 0);
  close(c.fd);
  unlink(path);
  if (started && outcome.verdict == Verdict::Crash) outcome.detail = death(status, c.noise);
  return outcome;
}

}  // namespace fuzz
