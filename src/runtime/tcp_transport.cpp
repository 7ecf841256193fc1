// The TCP transport: a star through rank 0, which listens at INGOT_MASTER_PORT, takes one
// connection from every other rank and relays each exchange: it collects every rank's
// part, checks that they agree, and sends the whole back. Every wait polls against the
// exchange's deadline, and a closed connection is an Error at once, so a rank that dies or
// stalls ends the others' calls with an Error naming it rather than a hang; rank 0 then
// closes every connection, which ends the others' calls too.
#include <fcntl.h>
#include <fmt/format.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>

#include "ingot/error.hpp"
#include "runtime/process_transport.hpp"

namespace ingot {
namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kMagic = 0x494e4754;  // "INGT"
enum MessageKind : uint32_t { kAllGather = 1, kBroadcast = 2 };
enum Status : uint32_t { kOk = 0, kFailed = 1 };

// What a rank sends ahead of its part, and rank 0 ahead of its answer.
struct Header {
  uint32_t kind_or_status = 0;
  uint32_t root = 0;
  uint64_t bytes = 0;
};
struct Hello {
  uint32_t magic = kMagic;
  uint32_t rank = 0;
  uint32_t size = 0;
};

class Socket {
 public:
  explicit Socket(int fd = -1) : fd_(fd) {}
  Socket(Socket&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Socket& operator=(Socket&& other) noexcept {
    std::swap(fd_, other.fd_);
    return *this;
  }
  ~Socket() { close(); }
  int fd() const { return fd_; }
  void close() {
    if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  }

 private:
  int fd_;
};

Clock::time_point deadline_after(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// A header and its part go as two sends: without this, Nagle's algorithm holds the second
// until the first is acknowledged, a delayed ACK of some 40 ms per exchange.
void no_delay(int fd) {
  int on = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

int millis_left(Clock::time_point deadline) {
  auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left > 0 ? int(std::min<int64_t>(left, 1000)) : 0;
}

class TcpTransport final : public ProcessTransport {
 public:
  TcpTransport(const ProcessEnvironment& env)
      : ProcessTransport(env.rank, env.size), timeout_(env.timeout_seconds) {
    if (size() == 1) return;  // a group of one meets nobody
    if (env.master_addr.empty() || env.master_port == 0)
      throw Error(fmt::format(
          "process group: rank {} of {} has no rendezvous: INGOT_MASTER_ADDR='{}' and "
          "INGOT_MASTER_PORT='{}' (valid: rank 0's host and a free port; `ingot launch` sets "
          "both)",
          rank(), size(), env.master_addr, env.master_port ? std::to_string(env.master_port) : ""));
    where_ = fmt::format("{}:{}", env.master_addr, env.master_port);
    const auto deadline = deadline_after(timeout_);
    if (rank() == 0)
      accept_ranks(env.master_port, deadline);
    else
      connect_to_hub(env.master_addr, env.master_port, deadline);
  }
  std::string kind() const override { return "tcp"; }

  void all_gather(const void* in, void* out, size_t bytes, const std::string& what) override {
    exchange(what, {kAllGather, 0, bytes}, in, out);
  }
  void broadcast(void* data, size_t bytes, size_t root, const std::string& what) override {
    exchange(what, {kBroadcast, uint32_t(root), bytes}, data, data);
  }

 private:
  [[noreturn]] void fail(const std::string& message) {
    broken_ = message;
    for (Socket& peer : peers_) peer.close();
    throw Error(message);
  }

  // Waits until `fd` is ready for `events`, or throws at the deadline.
  void wait(int fd, short events, Clock::time_point deadline, const std::string& what,
            size_t peer) {
    for (;;) {
      pollfd p{fd, events, 0};
      int ready = ::poll(&p, 1, millis_left(deadline));
      if (ready > 0) return;
      if (ready < 0 && errno != EINTR)
        fail(fmt::format("{}: poll failed: {}", what, std::strerror(errno)));
      if (Clock::now() >= deadline)
        fail(
            fmt::format("{}: rank {} did not answer rank {} within {} s (INGOT_PROCESS_TIMEOUT); "
                        "it may have stalled or died",
                        what, peer, rank(), timeout_));
    }
  }
  void send_all(int fd, const void* data, size_t bytes, Clock::time_point deadline,
                const std::string& what, size_t peer) {
    const auto* at = static_cast<const uint8_t*>(data);
    while (bytes > 0) {
      wait(fd, POLLOUT, deadline, what, peer);
      ssize_t sent = ::send(fd, at, bytes, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (sent < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (sent <= 0)
        fail(fmt::format("{}: rank {} is gone (sending: {})", what, peer, std::strerror(errno)));
      at += sent;
      bytes -= size_t(sent);
    }
  }
  void receive_all(int fd, void* data, size_t bytes, Clock::time_point deadline,
                   const std::string& what, size_t peer) {
    auto* at = static_cast<uint8_t*>(data);
    while (bytes > 0) {
      wait(fd, POLLIN, deadline, what, peer);
      ssize_t got = ::recv(fd, at, bytes, MSG_DONTWAIT);
      if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (got <= 0)
        fail(fmt::format("{}: rank {} is gone (its connection to rank {} closed{})", what, peer,
                         rank(), got < 0 ? std::string(": ") + std::strerror(errno) : ""));
      at += got;
      bytes -= size_t(got);
    }
  }

  void accept_ranks(int port, Clock::time_point deadline) {
    Socket listener(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    int on = 1;
    ::setsockopt(listener.fd(), SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_ANY);
    address.sin_port = htons(uint16_t(port));
    if (::bind(listener.fd(), reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(listener.fd(), int(size())) != 0)
      throw Error(
          fmt::format("process group: rank 0 cannot listen at port {}: {} (valid: a free "
                      "port in INGOT_MASTER_PORT)",
                      port, std::strerror(errno)));
    peers_.resize(size());
    const std::string what = fmt::format("process group: rank 0 at {}", where_);
    for (size_t joined = 1; joined < size(); ++joined) {
      wait(listener.fd(), POLLIN, deadline, what + " waiting for the other ranks", joined);
      Socket peer(::accept4(listener.fd(), nullptr, nullptr, SOCK_CLOEXEC));
      if (peer.fd() < 0) fail(fmt::format("{}: accept failed: {}", what, std::strerror(errno)));
      Hello hello;
      receive_all(peer.fd(), &hello, sizeof hello, deadline, what, joined);
      if (hello.magic != kMagic || hello.size != size() || hello.rank == 0 ||
          hello.rank >= size() || peers_[hello.rank].fd() >= 0)
        fail(
            fmt::format("{}: a process joined as rank {} of {} (valid: ranks 1 to {} of {}, "
                        "each once; is another group using this port?)",
                        what, hello.rank, hello.size, size() - 1, size()));
      no_delay(peer.fd());
      peers_[hello.rank] = std::move(peer);
    }
  }

  void connect_to_hub(const std::string& host, int port, Clock::time_point deadline) {
    const std::string what =
        fmt::format("process group: rank {} joining rank 0 at {}", rank(), where_);
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (int error = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found))
      throw Error(fmt::format("{}: INGOT_MASTER_ADDR={} does not resolve: {}", what, host,
                              ::gai_strerror(error)));
    std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owned(found, ::freeaddrinfo);
    peers_.resize(1);
    // Rank 0 may not listen yet: try again until the deadline.
    for (;;) {
      Socket hub(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
      if (::connect(hub.fd(), found->ai_addr, found->ai_addrlen) == 0) {
        peers_[0] = std::move(hub);
        break;
      }
      if (Clock::now() >= deadline)
        throw Error(fmt::format("{}: no answer within {} s (INGOT_PROCESS_TIMEOUT): {}", what,
                                timeout_, std::strerror(errno)));
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    no_delay(peers_[0].fd());
    Hello hello{kMagic, uint32_t(rank()), uint32_t(size())};
    send_all(peers_[0].fd(), &hello, sizeof hello, deadline, what, 0);
  }

  void exchange(const std::string& what, Header mine, const void* in, void* out) {
    if (!broken_.empty())
      throw Error(
          fmt::format("{}: the process group is broken by an earlier failure: {}", what, broken_));
    if (size() == 1) {
      if (mine.kind_or_status == kAllGather && mine.bytes) std::memcpy(out, in, mine.bytes);
      return;
    }
    const auto deadline = deadline_after(timeout_);
    if (rank() == 0)
      relay(what, mine, in, out, deadline);
    else
      take_part(what, mine, in, out, deadline);
  }

  // Rank 0: every rank's header and part, checked against its own, then the answers.
  void relay(const std::string& what, Header mine, const void* in, void* out,
             Clock::time_point deadline) {
    const bool gather = mine.kind_or_status == kAllGather;
    auto* whole = static_cast<uint8_t*>(out);
    if (gather && mine.bytes) std::memcpy(whole, in, mine.bytes);
    for (size_t r = 1; r < size(); ++r) {
      Header theirs;
      receive_all(peers_[r].fd(), &theirs, sizeof theirs, deadline, what, r);
      if (theirs.kind_or_status != mine.kind_or_status || theirs.root != mine.root ||
          theirs.bytes != mine.bytes)
        refuse(
            fmt::format("{}: rank {} passed {} bytes{} to {}, rank 0 {} bytes{} to {} (valid: "
                        "the same operation and size on every rank)",
                        what, r, theirs.bytes, root_text(theirs), kind_name(theirs), mine.bytes,
                        root_text(mine), kind_name(mine)));
      if (gather)
        receive_all(peers_[r].fd(), whole + r * mine.bytes, mine.bytes, deadline, what, r);
      else if (r == mine.root)
        receive_all(peers_[r].fd(), out, mine.bytes, deadline, what, r);
    }
    const uint64_t answer = gather ? mine.bytes * size() : mine.bytes;
    for (size_t r = 1; r < size(); ++r) {
      Header ok{kOk, 0, answer};
      send_all(peers_[r].fd(), &ok, sizeof ok, deadline, what, r);
      if (gather || r != mine.root) send_all(peers_[r].fd(), out, answer, deadline, what, r);
    }
  }

  // Any other rank: its header and part to rank 0, then rank 0's answer.
  void take_part(const std::string& what, Header mine, const void* in, void* out,
                 Clock::time_point deadline) {
    const bool gather = mine.kind_or_status == kAllGather;
    const int hub = peers_[0].fd();
    send_all(hub, &mine, sizeof mine, deadline, what, 0);
    if (gather || rank() == mine.root) send_all(hub, in, mine.bytes, deadline, what, 0);
    Header answer;
    receive_all(hub, &answer, sizeof answer, deadline, what, 0);
    if (answer.kind_or_status != kOk) {
      std::string message(answer.bytes, '\0');
      receive_all(hub, message.data(), message.size(), deadline, what, 0);
      fail(message);
    }
    if (gather || rank() != mine.root) receive_all(hub, out, answer.bytes, deadline, what, 0);
  }

  // Tells every rank why the exchange failed, then fails here.
  [[noreturn]] void refuse(const std::string& message) {
    for (size_t r = 1; r < size(); ++r) {
      Header failed{kFailed, 0, message.size()};
      // Best effort: a rank that is gone cannot be told.
      if (::send(peers_[r].fd(), &failed, sizeof failed, MSG_NOSIGNAL | MSG_DONTWAIT) ==
          ssize_t(sizeof failed))
        ::send(peers_[r].fd(), message.data(), message.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    }
    fail(message);
  }
  static std::string root_text(const Header& h) {
    return h.kind_or_status == kBroadcast ? fmt::format(" from root {}", h.root) : "";
  }
  static const char* kind_name(const Header& h) {
    return h.kind_or_status == kAllGather ? "an all-gather" : "a broadcast";
  }

  double timeout_;
  std::string where_;
  std::string broken_;         // why the transport failed; empty while it works
  std::vector<Socket> peers_;  // rank 0: one per rank (its own empty); others: rank 0's
};

}  // namespace

std::unique_ptr<ProcessTransport> connect_tcp(const ProcessEnvironment& env) {
  return std::make_unique<TcpTransport>(env);
}

}  // namespace ingot
