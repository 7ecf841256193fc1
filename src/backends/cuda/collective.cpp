// NCCL's collectives for a group of CUDA devices (Device::make_communicator): libnccl is
// loaded at run time, as libcuda is, and every operation is queued on each device's own
// stream inside one ncclGroupStart/End, with no host wait. Without libnccl the group
// gets the plain communicator instead. NVLink multicast (NVLS) stays off: NCCL_NVLS_ENABLE
// is set to 0 before the first communicator unless the environment already says.
#include "ingot/collective.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>
#include <optional>

#include "backends/cuda/cuda.hpp"
#include "runtime/library.hpp"
#include "runtime/process_carrier.hpp"
#include "runtime/process_transport.hpp"

namespace ingot::cuda {
namespace {

// What ingot calls of nccl.h (NCCL 2.x), declared here so that ingot builds without it.
using ncclResult_t = int;
using ncclComm_t = struct ncclComm*;
using ncclDataType_t = int;
using ncclRedOp_t = int;
constexpr ncclResult_t ncclSuccess = 0;
// NCCL_UNIQUE_ID_BYTES: the bootstrap address rank 0 makes and every rank joins by.
struct ncclUniqueId {
  char internal[128];
};
constexpr ncclDataType_t ncclInt8 = 0, ncclUint8 = 1, ncclInt32 = 2, ncclUint32 = 3, ncclInt64 = 4,
                         ncclUint64 = 5, ncclFloat16 = 6, ncclFloat32 = 7, ncclFloat64 = 8,
                         ncclBfloat16 = 9;
constexpr ncclRedOp_t ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3;
// ncclGetVersion's code of NCCL 2.10, the first with bfloat16.
constexpr int kBfloat16Version = 21000;

// name, return type, parameters (CUstream stands for cudaStream_t, the same object).
#define INGOT_NCCL_FUNCTIONS(X)                                                      \
  X(ncclGetVersion, ncclResult_t, (int*))                                            \
  X(ncclGetErrorString, const char*, (ncclResult_t))                                 \
  X(ncclCommInitAll, ncclResult_t, (ncclComm_t*, int, const int*))                   \
  X(ncclGetUniqueId, ncclResult_t, (ncclUniqueId*))                                  \
  X(ncclCommInitRank, ncclResult_t, (ncclComm_t*, int, ncclUniqueId, int))           \
  X(ncclCommDestroy, ncclResult_t, (ncclComm_t))                                     \
  X(ncclGroupStart, ncclResult_t, ())                                                \
  X(ncclGroupEnd, ncclResult_t, ())                                                  \
  X(ncclAllReduce, ncclResult_t,                                                     \
    (const void*, void*, size_t, ncclDataType_t, ncclRedOp_t, ncclComm_t, CUstream)) \
  X(ncclAllGather, ncclResult_t,                                                     \
    (const void*, void*, size_t, ncclDataType_t, ncclComm_t, CUstream))              \
  X(ncclReduceScatter, ncclResult_t,                                                 \
    (const void*, void*, size_t, ncclDataType_t, ncclRedOp_t, ncclComm_t, CUstream)) \
  X(ncclBroadcast, ncclResult_t,                                                     \
    (const void*, void*, size_t, ncclDataType_t, int, ncclComm_t, CUstream))

struct NcclApi {
// NOLINTNEXTLINE(bugprone-macro-parentheses): a type and a parameter list, not expressions
#define INGOT_NCCL_FIELD(name, result, params) result(*name) params = nullptr;
  INGOT_NCCL_FUNCTIONS(INGOT_NCCL_FIELD)
#undef INGOT_NCCL_FIELD
  int version = 0;  // 22803 for NCCL 2.28.3
  std::string library;
};

void load_nccl_into(NcclApi& api) {
  Library nccl = Library::open({"libnccl.so.2", "libnccl.so", "/usr/local/cuda/lib64/libnccl.so.2",
                                "/usr/local/cuda/targets/x86_64-linux/lib/libnccl.so.2"},
                               "NCCL");
  nccl.keep();  // communicators live until the process exits
  api.library = nccl.name();
// NOLINTBEGIN(bugprone-macro-parentheses): a type and a parameter list, not expressions
#define INGOT_NCCL_RESOLVE(name, result, params) \
  api.name = nccl.require<result(*) params>(#name, "NCCL 2.4 or newer is needed");
  // NOLINTEND(bugprone-macro-parentheses)
  INGOT_NCCL_FUNCTIONS(INGOT_NCCL_RESOLVE)
#undef INGOT_NCCL_RESOLVE
  if (ncclResult_t status = api.ncclGetVersion(&api.version); status != ncclSuccess)
    throw call_error(api.library, "ncclGetVersion", api.ncclGetErrorString(status), status);
}

// Loaded on the first group of CUDA devices; never unloaded. nullptr without libnccl.
const NcclApi* nccl_api() {
  static const auto* instance = new VendorApi<NcclApi>(load_nccl_into);
  return instance->table();
}

std::optional<ncclDataType_t> nccl_dtype(DType dtype, int version) {
  switch (dtype) {
    case DType::Int8:
      return ncclInt8;
    case DType::UInt8:
      return ncclUint8;
    case DType::Int32:
      return ncclInt32;
    case DType::UInt32:
      return ncclUint32;
    case DType::Int64:
      return ncclInt64;
    case DType::UInt64:
      return ncclUint64;
    case DType::Float16:
      return ncclFloat16;
    case DType::Float32:
      return ncclFloat32;
    case DType::Float64:
      return ncclFloat64;
    case DType::BFloat16:
      if (version >= kBfloat16Version) return ncclBfloat16;
      return std::nullopt;
    default:  // bool, int16, uint16: NCCL has none
      return std::nullopt;
  }
}

ncclRedOp_t nccl_op(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum:
      return ncclSum;
    case ReduceOp::Prod:
      return ncclProd;
    case ReduceOp::Max:
      return ncclMax;
    case ReduceOp::Min:
      return ncclMin;
  }
  return ncclSum;
}

void* address(Buffer* buffer) { return reinterpret_cast<void*>(device_address(*buffer)); }

class NcclCommunicator final : public Communicator {
 public:
  NcclCommunicator(std::vector<Device*> group, const NcclApi& api)
      : Communicator(group), api_(api), comms_(group.size(), nullptr) {
    std::vector<int> ordinals;
    for (Device* device : group) {
      const CudaContext& cuda = static_cast<CudaDevice*>(device)->cuda();
      cuda.bind(what("ncclCommInitAll"));
      ordinals.push_back(cuda.device);
    }
    // NVLink multicast must stay off (docs/multi-gpu.md): NCCL reads it at its first init.
    ::setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);
    check(api_.ncclCommInitAll(comms_.data(), static_cast<int>(group.size()), ordinals.data()),
          "ncclCommInitAll");
  }
  ~NcclCommunicator() override {
    for (ncclComm_t comm : comms_)
      if (comm) api_.ncclCommDestroy(comm);
  }
  std::string kind() const override { return "nccl"; }
  bool reduces(DType dtype) const override { return nccl_dtype(dtype, api_.version).has_value(); }

 private:
  std::string what(std::string_view call) const {
    std::vector<std::string> names;
    for (const Device* device : devices()) names.push_back(device->name());
    return fmt::format("NCCL {} on [{}]", call, fmt::join(names, ", "));
  }
  void check(ncclResult_t status, std::string_view call) const {
    if (status != ncclSuccess)
      throw call_error(what(call), call, api_.ncclGetErrorString(status), status);
  }

  // Queues `enqueue(d, comm, stream)` for every device d in one NCCL group: NCCL starts
  // the devices' parts together, each after the work queued before on its stream.
  template <class Enqueue>
  void grouped(std::string_view call, Enqueue enqueue) {
    for (Device* device : devices()) static_cast<CudaDevice*>(device)->cuda().bind(what(call));
    check(api_.ncclGroupStart(), "ncclGroupStart");
    ncclResult_t first_error = ncclSuccess;
    for (size_t d = 0; d < size(); ++d) {
      const CudaContext& cuda = static_cast<CudaDevice*>(devices()[d])->cuda();
      cuda.launched(fmt::format("NCCL {}", call));
      ncclResult_t status = enqueue(d, comms_[d], cuda.stream);
      if (status != ncclSuccess && first_error == ncclSuccess) first_error = status;
    }
    // The group is closed whatever happened inside it, so that NCCL's state stays whole.
    ncclResult_t ended = api_.ncclGroupEnd();
    check(first_error, call);
    check(ended, "ncclGroupEnd");
  }

  void run_all_reduce(std::span<Buffer* const> buffers, size_t count, DType dtype,
                      ReduceOp op) override {
    const ncclDataType_t type = *nccl_dtype(dtype, api_.version);
    grouped("ncclAllReduce", [&](size_t d, ncclComm_t comm, CUstream stream) {
      return api_.ncclAllReduce(address(buffers[d]), address(buffers[d]), count, type, nccl_op(op),
                                comm, stream);
    });
  }
  // The copies move bytes: any dtype, as NCCL's uint8.
  void run_all_gather(std::span<Buffer* const> in, std::span<Buffer* const> out, size_t count,
                      DType dtype) override {
    const size_t bytes = count * dtype_size(dtype);
    grouped("ncclAllGather", [&](size_t d, ncclComm_t comm, CUstream stream) {
      return api_.ncclAllGather(address(in[d]), address(out[d]), bytes, ncclUint8, comm, stream);
    });
  }
  void run_reduce_scatter(std::span<Buffer* const> in, std::span<Buffer* const> out, size_t count,
                          DType dtype, ReduceOp op) override {
    const ncclDataType_t type = *nccl_dtype(dtype, api_.version);
    grouped("ncclReduceScatter", [&](size_t d, ncclComm_t comm, CUstream stream) {
      return api_.ncclReduceScatter(address(in[d]), address(out[d]), count, type, nccl_op(op), comm,
                                    stream);
    });
  }
  void run_broadcast(std::span<Buffer* const> buffers, size_t count, DType dtype,
                     size_t root) override {
    const size_t bytes = count * dtype_size(dtype);
    grouped("ncclBroadcast", [&](size_t d, ncclComm_t comm, CUstream stream) {
      return api_.ncclBroadcast(address(buffers[d]), address(buffers[d]), bytes, ncclUint8,
                                static_cast<int>(root), comm, stream);
    });
  }

  const NcclApi& api_;
  std::vector<ncclComm_t> comms_;
};

// NCCL across processes: one rank of a communicator that rank 0's unique id names, sent
// to the others over the process group's transport (MPI or TCP). Each operation is queued
// on this device's stream and returns without a host wait.
class NcclProcessCarrier final : public ProcessCarrier {
 public:
  NcclProcessCarrier(CudaDevice& device, ProcessTransport& transport, const NcclApi& api)
      : device_(device), api_(api) {
    what_ =
        fmt::format("NCCL on {}, rank {} of {}", device.name(), transport.rank(), transport.size());
    // NVLink multicast must stay off (docs/multi-gpu.md): set before NCCL's first call.
    ::setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);
    ncclUniqueId id{};
    if (transport.rank() == 0) check(api_.ncclGetUniqueId(&id), "ncclGetUniqueId");
    transport.broadcast(&id, sizeof id, 0, "ProcessGroup: NCCL's unique id");
    device_.cuda().bind(what_);
    check(api_.ncclCommInitRank(&comm_, int(transport.size()), id, int(transport.rank())),
          "ncclCommInitRank");
  }
  ~NcclProcessCarrier() override {
    if (comm_) api_.ncclCommDestroy(comm_);
  }
  std::string kind() const override { return "nccl"; }
  bool reduces(DType dtype) const override { return nccl_dtype(dtype, api_.version).has_value(); }

  void all_reduce(Buffer& buffer, size_t count, DType dtype, ReduceOp op) override {
    queue("ncclAllReduce", [&](CUstream stream) {
      return api_.ncclAllReduce(address(&buffer), address(&buffer), count,
                                *nccl_dtype(dtype, api_.version), nccl_op(op), comm_, stream);
    });
  }
  // The copies move bytes: any dtype, as NCCL's uint8.
  void all_gather(Buffer& in, Buffer& out, size_t count, DType dtype) override {
    queue("ncclAllGather", [&](CUstream stream) {
      return api_.ncclAllGather(address(&in), address(&out), count * dtype_size(dtype), ncclUint8,
                                comm_, stream);
    });
  }
  void reduce_scatter(Buffer& in, Buffer& out, size_t count, DType dtype, ReduceOp op) override {
    queue("ncclReduceScatter", [&](CUstream stream) {
      return api_.ncclReduceScatter(address(&in), address(&out), count,
                                    *nccl_dtype(dtype, api_.version), nccl_op(op), comm_, stream);
    });
  }
  void broadcast(Buffer& buffer, size_t count, DType dtype, size_t root) override {
    queue("ncclBroadcast", [&](CUstream stream) {
      return api_.ncclBroadcast(address(&buffer), address(&buffer), count * dtype_size(dtype),
                                ncclUint8, int(root), comm_, stream);
    });
  }

 private:
  void check(ncclResult_t status, std::string_view call) const {
    if (status != ncclSuccess)
      throw call_error(what_, call, api_.ncclGetErrorString(status), status);
  }
  template <class Enqueue>
  void queue(std::string_view call, Enqueue enqueue) {
    const CudaContext& cuda = device_.cuda();
    cuda.bind(what_);
    cuda.launched(fmt::format("NCCL {}", call));
    check(enqueue(cuda.stream), call);
  }

  CudaDevice& device_;
  const NcclApi& api_;
  std::string what_;
  ncclComm_t comm_ = nullptr;
};

}  // namespace

std::unique_ptr<ProcessCarrier> CudaDevice::make_process_carrier(ProcessTransport& transport) {
  const NcclApi* api = nccl_api();
  if (!api) return nullptr;  // no libnccl: the plain carrier
  return std::make_unique<NcclProcessCarrier>(*this, transport, *api);
}

std::unique_ptr<Communicator> CudaDevice::make_communicator(std::span<Device* const> group) {
  for (Device* device : group)
    if (!dynamic_cast<CudaDevice*>(device)) return nullptr;
  const NcclApi* api = nccl_api();
  if (!api) return nullptr;  // no libnccl: the plain communicator
  return std::make_unique<NcclCommunicator>(std::vector<Device*>(group.begin(), group.end()), *api);
}

}  // namespace ingot::cuda
