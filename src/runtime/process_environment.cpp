// The launcher's variables (ingot launch, mpirun, PMI) and the choice of transport.
#include <fmt/format.h>

#include <charconv>
#include <cstdlib>
#include <optional>

#include "ingot/error.hpp"
#include "runtime/process_transport.hpp"

namespace ingot {
namespace {

const char* variable(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? value : nullptr;
}

// `name`'s value as a number of at least `least`, or nullopt where unset.
std::optional<size_t> number(const char* name, size_t least) {
  const char* value = variable(name);
  if (!value) return std::nullopt;
  size_t parsed = 0;
  const char* end = value + std::char_traits<char>::length(value);
  auto [stop, error] = std::from_chars(value, end, parsed);
  if (error != std::errc() || stop != end || parsed < least)
    throw ArgumentError(fmt::format("process group: {}={} is not a whole number of at least {}",
                                    name, value, least));
  return parsed;
}

}  // namespace

ProcessEnvironment process_environment() {
  ProcessEnvironment env;
  // The first launcher whose pair of variables is set: ingot's own, Open MPI's, PMI's.
  static constexpr const char* kPairs[][2] = {{"INGOT_RANK", "INGOT_WORLD_SIZE"},
                                              {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
                                              {"PMI_RANK", "PMI_SIZE"}};
  for (const auto& [rank_name, size_name] : kPairs) {
    std::optional<size_t> rank = number(rank_name, 0), size = number(size_name, 1);
    if (!rank && !size) continue;
    if (!rank || !size)
      throw ArgumentError(fmt::format("process group: {} is set but {} is not (valid: both)",
                                      rank ? rank_name : size_name, rank ? size_name : rank_name));
    if (*rank >= *size)
      throw ArgumentError(fmt::format("process group: {}={} is not below {}={} (valid: 0 to {})",
                                      rank_name, *rank, size_name, *size, *size - 1));
    env.rank = *rank;
    env.size = *size;
    env.source = rank_name;
    break;
  }
  if (const char* addr = variable("INGOT_MASTER_ADDR")) env.master_addr = addr;
  if (std::optional<size_t> port = number("INGOT_MASTER_PORT", 1)) {
    if (*port > 65535)
      throw ArgumentError(fmt::format(
          "process group: INGOT_MASTER_PORT={} is not a port (valid: 1 to 65535)", *port));
    env.master_port = int(*port);
  }
  if (const char* transport = variable("INGOT_PROCESS_TRANSPORT")) {
    env.transport = transport;
    if (env.transport != "tcp" && env.transport != "mpi")
      throw ArgumentError(fmt::format(
          "process group: INGOT_PROCESS_TRANSPORT={} is unknown (valid: tcp, mpi)", transport));
  }
  if (const char* timeout = variable("INGOT_PROCESS_TIMEOUT")) {
    char* end = nullptr;
    env.timeout_seconds = std::strtod(timeout, &end);
    if (*end != '\0' || !(env.timeout_seconds > 0))
      throw ArgumentError(fmt::format(
          "process group: INGOT_PROCESS_TIMEOUT={} is not a positive number of seconds", timeout));
  }
  return env;
}

std::unique_ptr<ProcessTransport> connect_transport(const ProcessEnvironment& env) {
  const bool mpi_launched = env.source != "INGOT_RANK" && !env.source.empty();
  if (env.transport == "mpi" || (env.transport.empty() && mpi_launched)) {
    std::string reason;
    if (std::unique_ptr<ProcessTransport> mpi = connect_mpi(env, &reason)) return mpi;
    if (env.transport == "mpi" || env.master_addr.empty())
      throw Error(fmt::format(
          "process group: started by an MPI launcher ({}) but libmpi does not load ({}); "
          "install Open MPI's libmpi.so.40, or set INGOT_MASTER_ADDR and INGOT_MASTER_PORT "
          "for the TCP transport",
          env.source, reason));
  }
  return connect_tcp(env);
}

}  // namespace ingot
