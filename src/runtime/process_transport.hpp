// How the processes of a process group (include/ingot/process_group.hpp) reach each other
// on the host: the bootstrap of every carrier (NCCL's unique id travels by it) and the wire
// of the plain carrier. Two transports: MPI's, where the processes were started by mpirun
// and libmpi loads (dlopen), and a TCP star through rank 0 at INGOT_MASTER_ADDR and
// INGOT_MASTER_PORT, which needs nothing installed (docs/multi-gpu.md, "Across processes
// and hosts").
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace ingot {

// Who this process is, from its launcher's environment.
struct ProcessEnvironment {
  size_t rank = 0;
  size_t size = 1;
  // The variables rank and size came from: "INGOT_RANK", "OMPI_COMM_WORLD_RANK", "PMI_RANK".
  std::string source;
  std::string master_addr;  // INGOT_MASTER_ADDR; empty where unset
  int master_port = 0;      // INGOT_MASTER_PORT; 0 where unset
  // INGOT_PROCESS_TRANSPORT: "tcp", "mpi", or empty (MPI where mpirun started us and
  // libmpi loads, else TCP).
  std::string transport;
  // INGOT_PROCESS_TIMEOUT: how long any exchange waits for the others (seconds).
  double timeout_seconds = 300;
};

// Reads the environment: INGOT_RANK and INGOT_WORLD_SIZE (ingot launch), else
// OMPI_COMM_WORLD_RANK and OMPI_COMM_WORLD_SIZE (Open MPI's mpirun), else PMI_RANK and
// PMI_SIZE (MPICH, Slurm); none of them is a group of one. Throws ArgumentError naming the
// variable and its value when one is not a number, or the rank is not below the size.
ProcessEnvironment process_environment();

class ProcessTransport {
 public:
  virtual ~ProcessTransport() = default;
  ProcessTransport(const ProcessTransport&) = delete;
  ProcessTransport& operator=(const ProcessTransport&) = delete;

  size_t rank() const { return rank_; }
  size_t size() const { return size_; }
  virtual std::string kind() const = 0;  // "tcp", "mpi"

  // Every rank passes `bytes` bytes at `in`; `out` (size() * bytes) ends as every rank's,
  // in rank order. `what` names the operation in errors. Throws Error when the ranks pass
  // different byte counts, a rank is gone or the exchange takes longer than the timeout;
  // the transport is then broken, and every later call throws at once.
  virtual void all_gather(const void* in, void* out, size_t bytes, const std::string& what) = 0;
  // Every rank ends with `root`'s `bytes` bytes at `data`. Throws as all_gather.
  virtual void broadcast(void* data, size_t bytes, size_t root, const std::string& what) = 0;

 protected:
  ProcessTransport(size_t rank, size_t size) : rank_(rank), size_(size) {}

 private:
  size_t rank_;
  size_t size_;
};

// The transport of `env`: MPI where asked for, or where mpirun started this process and
// libmpi loads; TCP otherwise. Connects (or joins) now; throws Error naming what is
// missing (INGOT_MASTER_ADDR, libmpi) or who did not answer within the timeout.
std::unique_ptr<ProcessTransport> connect_transport(const ProcessEnvironment& env);

// The two transports, for connect_transport; MPI's returns nullptr without libmpi.
std::unique_ptr<ProcessTransport> connect_tcp(const ProcessEnvironment& env);
std::unique_ptr<ProcessTransport> connect_mpi(const ProcessEnvironment& env, std::string* reason);

}  // namespace ingot
