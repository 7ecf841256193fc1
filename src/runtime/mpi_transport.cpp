// The MPI transport: Open MPI's libmpi (libmpi.so.40), loaded at run time and never linked,
// so that ingot builds and runs without it. Its handles are the addresses of libmpi's
// predefined objects (ompi_mpi_comm_world, ompi_mpi_byte), Open MPI's ABI; MPICH's integer
// handles are not supported. MPI's default error handler ends the whole job on a failure,
// and mpirun then ends every rank, so a rank that dies never leaves the others waiting.
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "ingot/error.hpp"
#include "runtime/library.hpp"
#include "runtime/process_transport.hpp"

namespace ingot {
namespace {

using MpiHandle = void*;  // MPI_Comm and MPI_Datatype: pointers in Open MPI

struct MpiApi {
  int (*MPI_Initialized)(int*) = nullptr;
  int (*MPI_Init)(int*, char***) = nullptr;
  int (*MPI_Finalized)(int*) = nullptr;
  int (*MPI_Finalize)() = nullptr;
  int (*MPI_Comm_rank)(MpiHandle, int*) = nullptr;
  int (*MPI_Comm_size)(MpiHandle, int*) = nullptr;
  int (*MPI_Allgather)(const void*, int, MpiHandle, void*, int, MpiHandle, MpiHandle) = nullptr;
  int (*MPI_Bcast)(void*, int, MpiHandle, int, MpiHandle) = nullptr;
  MpiHandle comm_world = nullptr;
  MpiHandle byte = nullptr;
};

void load_into(MpiApi& api) {
  // Global: Open MPI's own plugins, which it opens later, resolve their symbols in libmpi.
  Library mpi = Library::open({"libmpi.so.40", "libmpi.so"}, "Open MPI", /*global=*/true);
  mpi.keep();  // MPI_Finalize runs at exit
  const char* needed = "Open MPI 3 or newer is needed";
  api.MPI_Initialized = mpi.require<decltype(api.MPI_Initialized)>("MPI_Initialized", needed);
  api.MPI_Init = mpi.require<decltype(api.MPI_Init)>("MPI_Init", needed);
  api.MPI_Finalized = mpi.require<decltype(api.MPI_Finalized)>("MPI_Finalized", needed);
  api.MPI_Finalize = mpi.require<decltype(api.MPI_Finalize)>("MPI_Finalize", needed);
  api.MPI_Comm_rank = mpi.require<decltype(api.MPI_Comm_rank)>("MPI_Comm_rank", needed);
  api.MPI_Comm_size = mpi.require<decltype(api.MPI_Comm_size)>("MPI_Comm_size", needed);
  api.MPI_Allgather = mpi.require<decltype(api.MPI_Allgather)>("MPI_Allgather", needed);
  api.MPI_Bcast = mpi.require<decltype(api.MPI_Bcast)>("MPI_Bcast", needed);
  api.comm_world = mpi.require<MpiHandle>("ompi_mpi_comm_world", "Open MPI's ABI is needed");
  api.byte = mpi.require<MpiHandle>("ompi_mpi_byte", "Open MPI's ABI is needed");
}

const MpiApi* mpi_api(std::string* reason) {
  static const auto* instance = new VendorApi<MpiApi>(load_into);
  if (!instance->table() && reason) *reason = instance->reason;
  return instance->table();
}

void finalize_mpi() {
  const MpiApi* api = mpi_api(nullptr);
  int finalized = 0;
  api->MPI_Finalized(&finalized);
  if (!finalized) api->MPI_Finalize();
}

// What a rank passes to an exchange, gathered first so that every rank sees a mismatch.
struct CallHeader {
  uint64_t kind = 0;  // 1: all-gather, 2: broadcast
  uint64_t root = 0;
  uint64_t bytes = 0;
};

class MpiTransport final : public ProcessTransport {
 public:
  MpiTransport(const MpiApi& api, size_t rank, size_t size)
      : ProcessTransport(rank, size), api_(api) {}
  std::string kind() const override { return "mpi"; }

  void all_gather(const void* in, void* out, size_t bytes, const std::string& what) override {
    agree(what, {1, 0, bytes});
    // MPI counts are ints: pieces of at most INT_MAX / size() bytes from every rank.
    const size_t piece = size_t(INT_MAX) / size();
    std::vector<uint8_t> gathered;
    for (size_t at = 0; at < bytes; at += piece) {
      const size_t n = std::min(piece, bytes - at);
      gathered.resize(n * size());
      check(api_.MPI_Allgather(static_cast<const uint8_t*>(in) + at, int(n), api_.byte,
                               gathered.data(), int(n), api_.byte, api_.comm_world),
            what, "MPI_Allgather");
      for (size_t r = 0; r < size(); ++r)
        std::memcpy(static_cast<uint8_t*>(out) + r * bytes + at, gathered.data() + r * n, n);
    }
  }
  void broadcast(void* data, size_t bytes, size_t root, const std::string& what) override {
    agree(what, {2, root, bytes});
    for (size_t at = 0; at < bytes; at += size_t(INT_MAX)) {
      const size_t n = std::min(size_t(INT_MAX), bytes - at);
      check(api_.MPI_Bcast(static_cast<uint8_t*>(data) + at, int(n), api_.byte, int(root),
                           api_.comm_world),
            what, "MPI_Bcast");
    }
  }

 private:
  void check(int status, const std::string& what, const char* call) const {
    if (status != 0)
      throw Error(fmt::format("{}: {} failed with MPI error {}", what, call, status));
  }
  // Every rank's header; throws on every rank alike where one differs from rank 0's.
  void agree(const std::string& what, const CallHeader& mine) {
    std::vector<CallHeader> all(size());
    check(api_.MPI_Allgather(&mine, int(sizeof mine), api_.byte, all.data(), int(sizeof mine),
                             api_.byte, api_.comm_world),
          what, "MPI_Allgather");
    for (size_t r = 1; r < size(); ++r)
      if (std::memcmp(&all[r], &all[0], sizeof(CallHeader)) != 0)
        throw Error(
            fmt::format("{}: rank {} passed {} bytes (root {}), rank 0 {} bytes (root {}) "
                        "(valid: the same operation and size on every rank)",
                        what, r, all[r].bytes, all[r].root, all[0].bytes, all[0].root));
  }

  const MpiApi& api_;
};

}  // namespace

std::unique_ptr<ProcessTransport> connect_mpi(const ProcessEnvironment& env, std::string* reason) {
  const MpiApi* api = mpi_api(reason);
  if (!api) return nullptr;
  int initialized = 0;
  api->MPI_Initialized(&initialized);
  if (!initialized) {
    if (int status = api->MPI_Init(nullptr, nullptr); status != 0)
      throw Error(fmt::format("process group: MPI_Init failed with MPI error {}", status));
    std::atexit(finalize_mpi);
  }
  int rank = 0, size = 0;
  api->MPI_Comm_rank(api->comm_world, &rank);
  api->MPI_Comm_size(api->comm_world, &size);
  if (size_t(rank) != env.rank || size_t(size) != env.size)
    throw Error(
        fmt::format("process group: MPI says rank {} of {}, the environment ({}) rank {} "
                    "of {} (valid: one launcher's processes)",
                    rank, size, env.source, env.rank, env.size));
  return std::make_unique<MpiTransport>(*api, size_t(rank), size_t(size));
}

}  // namespace ingot
