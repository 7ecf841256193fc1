// The CUDA queue: its timeline is an event recorded on the stream per signal. Graphs: the
// captured launches become kernel nodes of a CUDA graph, each depending on the one before,
// instantiated once; a replay is one cuGraphLaunch on the device's stream, so it is ordered
// with the launches, copies and signals around it like any of them. A replay on other
// buffers (Graph::Binding) first updates the nodes whose addresses change in the
// executable graph, which does not touch a launch already queued.
#include <fmt/format.h>

#include <algorithm>
#include <mutex>

#include "backends/cuda/cuda.hpp"

namespace ingot::cuda {
namespace {

// A CUgraph destroyed with its owner. At exit the driver may be gone first: the call then
// fails, harmlessly.
struct GraphOwner {
  CUgraph graph = nullptr;
  GraphOwner() = default;
  GraphOwner(const GraphOwner&) = delete;
  GraphOwner& operator=(const GraphOwner&) = delete;
  ~GraphOwner() {
    if (graph) cu().cuGraphDestroy(graph);
  }
};

// A kernel node's parameters for `launch` of `program`; they point into `launch`.
CudaKernelNodeParams node_params(const CudaProgram& program, const CudaLaunch& launch) {
  CudaKernelNodeParams params;
  params.func = program.kernel();
  params.gridDimX = launch.grid[0];
  params.gridDimY = launch.grid[1];
  params.gridDimZ = launch.grid[2];
  params.blockDimX = launch.block[0];
  params.blockDimY = launch.block[1];
  params.blockDimZ = launch.block[2];
  params.sharedMemBytes = launch.shared_bytes;
  // The driver copies the argument values into the node.
  params.kernelParams = const_cast<void**>(launch.parameters.data());
  return params;
}

// The device addresses a launch passes, in order.
std::vector<CUdeviceptr> addresses(std::span<Buffer* const> buffers) {
  std::vector<CUdeviceptr> result;
  for (const Buffer* buffer : buffers) result.push_back(device_address(*buffer));
  return result;
}

// Whether a node holding `held` already passes `buffers`; compared in place, as every
// replay asks it of every node.
bool holds(const std::vector<CUdeviceptr>& held, std::span<Buffer* const> buffers) {
  return std::equal(held.begin(), held.end(), buffers.begin(), buffers.end(),
                    [](CUdeviceptr a, const Buffer* b) { return a == device_address(*b); });
}

class CudaGraph final : public Graph {
 public:
  CudaGraph(CudaDevice& device, std::vector<Launch> launches, const Buffers& buffers);
  ~CudaGraph() override;

 private:
  void submit(const Buffers& buffers) override;

  // A kernel node: the launch it was made from and the addresses the executable graph holds.
  struct Node {
    size_t launch;
    CUgraphNode node;
    std::vector<CUdeviceptr> addresses;
  };

  const CudaContext& cuda_;
  uint64_t generation_;         // the context's when instantiated
  std::string what_;            // names a replay in errors
  GraphOwner graph_;            // kept: its nodes name the executable graph's for updates
  CUgraphExec exec_ = nullptr;  // null when no launch has work
  std::vector<Node> nodes_;
  std::mutex mutex_;  // an executable graph is not to be launched concurrently
};

CudaGraph::CudaGraph(CudaDevice& device, std::vector<Launch> launches, const Buffers& buffers)
    : Graph(device, std::move(launches)),
      cuda_(device.cuda()),
      generation_(cuda_.generation),
      what_(fmt::format("{} replay of a graph of {} launches", device.name(),
                        this->launches().size())) {
  // Every launch made ready before any CUDA object exists.
  std::vector<CudaLaunch> ready;
  for (size_t l = 0; l < this->launches().size(); ++l) {
    const Launch& launch = this->launches()[l];
    if (launch.dims.empty()) continue;  // CUDA refuses empty grids; launch() skips them too
    ready.push_back(CudaProgram::prepare(buffers.of(l), launch.dims, launch.scalars));
    nodes_.push_back({l, nullptr, addresses(buffers.of(l))});
  }
  if (ready.empty()) return;
  std::string what = fmt::format("{} capture of {} launches", cuda_.name, this->launches().size());
  cuda_.bind(what);
  if (CUresult status = cu().cuGraphCreate(&graph_.graph, 0); status != CUDA_SUCCESS)
    throw cu_error(status, "cuGraphCreate", what);
  // A chain: each kernel reads what the ones before it wrote, as on the stream.
  CUgraphNode previous = nullptr;
  for (size_t n = 0; n < ready.size(); ++n) {
    // Device::capture made sure that the program is this device's.
    const auto& program =
        static_cast<const CudaProgram&>(*this->launches()[nodes_[n].launch].program);
    CudaKernelNodeParams params = node_params(program, ready[n]);
    if (CUresult status =
            cu().cuGraphAddKernelNode(&nodes_[n].node, graph_.graph, previous ? &previous : nullptr,
                                      previous ? 1 : 0, &params);
        status != CUDA_SUCCESS)
      throw cu_error(status, "cuGraphAddKernelNode",
                     fmt::format("{}: kernel node {} ('{}')", what, n, program.function()));
    previous = nodes_[n].node;
  }
  if (CUresult status = cu().cuGraphInstantiateWithFlags(&exec_, graph_.graph, 0);
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuGraphInstantiateWithFlags", what);
}

CudaGraph::~CudaGraph() {
  // At exit the driver may be gone before this graph: the call then fails, harmlessly.
  // A graph of a context since reset went with it.
  if (exec_ && generation_ == cuda_.generation &&
      cu().cuCtxSetCurrent(cuda_.context) == CUDA_SUCCESS)
    cu().cuGraphExecDestroy(exec_);
}

// The nodes hold the buffers' addresses; replay() checked that they are all alive, and holds
// them until the launch is queued, as a launch() holds its buffers.
void CudaGraph::submit(const Buffers& buffers) {
  if (!exec_) return;
  std::lock_guard lock(mutex_);
  cuda_.bind(what_);
  for (Node& node : nodes_) {
    std::span<Buffer* const> now = buffers.of(node.launch);
    if (holds(node.addresses, now)) continue;
    const Launch& launch = launches()[node.launch];
    CudaLaunch ready = CudaProgram::prepare(now, launch.dims, launch.scalars);
    CudaKernelNodeParams params =
        node_params(static_cast<const CudaProgram&>(*launch.program), ready);
    if (CUresult status = cu().cuGraphExecKernelNodeSetParams(exec_, node.node, &params);
        status != CUDA_SUCCESS)
      throw cu_error(status, "cuGraphExecKernelNodeSetParams",
                     fmt::format("{}: kernel node of launch {}", what_, node.launch));
    node.addresses = addresses(now);
  }
  if (CUresult status = cu().cuGraphLaunch(exec_, cuda_.stream); status != CUDA_SUCCESS)
    throw cu_error(status, "cuGraphLaunch", what_);
  for (const Launch& launch : launches()) cuda_.launched(launch.program->function());
}

}  // namespace

std::unique_ptr<Graph> CudaDevice::make_graph(std::vector<Graph::Launch> launches,
                                              const Graph::Buffers& buffers) {
  if (!cu().has_graphs()) return Device::make_graph(std::move(launches), buffers);
  return std::make_unique<CudaGraph>(*this, std::move(launches), buffers);
}

CudaQueue::CudaQueue(const CudaContext& cuda) : cuda_(cuda), timeline_(cuda.name) {}

uint64_t CudaQueue::signal() {
  return timeline_.signal([&] {
    std::string what = cuda_.name + " queue signal";
    cuda_.bind(what);
    CudaEvent event = cuda_.make_event(CU_EVENT_DISABLE_TIMING, what);
    if (CUresult status = cu().cuEventRecord(event.get(), cuda_.stream); status != CUDA_SUCCESS)
      throw cu_error(status, "cuEventRecord", what);
    return event;
  });
}

void CudaQueue::wait(uint64_t value) {
  timeline_.wait(value, [&](const CudaEvent& event) {
    if (CUresult status = cu().cuEventSynchronize(event.get()); status != CUDA_SUCCESS)
      throw cu_error(status, "cuEventSynchronize",
                     fmt::format("{} queue: wait({}), for work submitted before that signal",
                                 cuda_.name, value));
  });
}

uint64_t CudaQueue::completed() const {
  // CUDA_ERROR_NOT_READY while the work runs; an error also ends it, and wait() reports it.
  return timeline_.completed([](const CudaEvent& event) {
    return cu().cuEventQuery(event.get()) != CUDA_ERROR_NOT_READY;
  });
}

}  // namespace ingot::cuda
