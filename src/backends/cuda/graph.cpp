// The CUDA queue: its timeline is an event recorded on the stream per signal. Graphs: the
// captured launches become kernel nodes of a CUDA graph, each depending on the one before,
// instantiated once; a replay is one cuGraphLaunch on the device's stream, so it is ordered
// with the launches, copies and signals around it like any of them.
#include <fmt/format.h>

#include <mutex>

#include "backends/cuda/cuda.hpp"

namespace ingot {
namespace {

class CudaGraph final : public Graph {
 public:
  CudaGraph(CudaDevice& device, std::vector<Launch> launches);
  ~CudaGraph() override;
  void replay() override;

 private:
  CudaDevice& device_;
  std::vector<Launch> launches_;  // for their buffers, which each replay checks
  std::string what_;              // names a replay in errors
  CUgraphExec exec_ = nullptr;    // null when no launch has work
  std::mutex mutex_;              // an executable graph is not to be launched concurrently
};

CudaProgram& program_of(const Graph::Launch& launch, size_t l, const CudaDevice& device) {
  auto* program = dynamic_cast<CudaProgram*>(launch.program);
  if (!program || &program->device() != &device)
    throw Error(fmt::format("{} capture: launch {} has {}; it must be a {} program", device.name(),
                            l,
                            !launch.program ? "no program"
                            : program       ? "a program of " + program->device().name()
                                            : std::string("a program of another backend"),
                            device.name()));
  return *program;
}

// A CUgraph destroyed when it goes out of scope: it is needed only until instantiated.
struct GraphOwner {
  CUgraph graph = nullptr;
  ~GraphOwner() {
    if (graph) cu().cuGraphDestroy(graph);
  }
};

CudaGraph::CudaGraph(CudaDevice& device, std::vector<Launch> launches)
    : device_(device),
      launches_(std::move(launches)),
      what_(fmt::format("{} replay of a graph of {} launches", device.name(), launches_.size())) {
  const CudaContext& cuda = device.cuda();
  // Every launch checked and made ready before any CUDA object exists.
  std::vector<CudaLaunch> ready;
  std::vector<const CudaProgram*> programs;
  for (size_t l = 0; l < launches_.size(); ++l) {
    CudaProgram& program = program_of(launches_[l], l, device);
    std::string what =
        fmt::format("{} capture of launch {} ('{}')", cuda.name, l, program.function());
    std::vector<std::shared_ptr<Buffer>> held;
    std::vector<Buffer*> buffers;
    for (const std::weak_ptr<Buffer>& weak : launches_[l].buffers) {
      held.push_back(weak.lock());
      if (!held.back())
        throw Error(
            fmt::format("{}: buffer {} was freed before the capture", what, buffers.size()));
      buffers.push_back(held.back().get());
    }
    CudaLaunch launch = program.prepare(buffers, launches_[l].dims, launches_[l].scalars, what);
    if (launch.empty()) continue;  // CUDA refuses empty grids; launch() skips them too
    ready.push_back(std::move(launch));
    programs.push_back(&program);
  }
  if (ready.empty()) return;
  std::string what = fmt::format("{} capture of {} launches", cuda.name, launches_.size());
  cuda.bind(what);
  GraphOwner owner;
  if (CUresult status = cu().cuGraphCreate(&owner.graph, 0); status != CUDA_SUCCESS)
    throw cu_error(status, "cuGraphCreate", what);
  // A chain: each kernel reads what the ones before it wrote, as on the stream.
  CUgraphNode previous = nullptr;
  for (size_t n = 0; n < ready.size(); ++n) {
    const CudaLaunch& launch = ready[n];
    CudaKernelNodeParams params;
    params.func = programs[n]->kernel();
    params.gridDimX = launch.grid[0];
    params.gridDimY = launch.grid[1];
    params.gridDimZ = launch.grid[2];
    params.blockDimX = launch.block[0];
    params.blockDimY = launch.block[1];
    params.blockDimZ = launch.block[2];
    // The driver copies the argument values into the node.
    params.kernelParams = const_cast<void**>(launch.parameters.data());
    CUgraphNode node = nullptr;
    if (CUresult status = cu().cuGraphAddKernelNode(
            &node, owner.graph, previous ? &previous : nullptr, previous ? 1 : 0, &params);
        status != CUDA_SUCCESS)
      throw cu_error(status, "cuGraphAddKernelNode",
                     fmt::format("{}: kernel node {} ('{}')", what, n, programs[n]->function()));
    previous = node;
  }
  if (CUresult status = cu().cuGraphInstantiateWithFlags(&exec_, owner.graph, 0);
      status != CUDA_SUCCESS)
    throw cu_error(status, "cuGraphInstantiateWithFlags", what);
}

CudaGraph::~CudaGraph() {
  // At exit the driver may be gone before this graph: the call then fails, harmlessly.
  if (exec_ && cu().cuCtxSetCurrent(device_.cuda().context) == CUDA_SUCCESS)
    cu().cuGraphExecDestroy(exec_);
}

void CudaGraph::replay() {
  // Checked first, all of them: the graph does not own its buffers, and one freed since
  // the capture must stop the replay before anything runs. Held until the launch is queued,
  // as a launch() holds its buffers.
  std::vector<std::shared_ptr<Buffer>> held;
  for (size_t l = 0; l < launches_.size(); ++l) {
    for (size_t b = 0; b < launches_[l].buffers.size(); ++b) {
      held.push_back(launches_[l].buffers[b].lock());
      if (!held.back())
        throw Error(fmt::format(
            "Graph replay: buffer {} of launch {} was freed after capture; keep a graph's "
            "buffers alive while it is replayed",
            b, l));
    }
  }
  if (!exec_) return;
  const CudaContext& cuda = device_.cuda();
  std::lock_guard lock(mutex_);
  cuda.bind(what_);
  if (CUresult status = cu().cuGraphLaunch(exec_, cuda.stream); status != CUDA_SUCCESS)
    throw cu_error(status, "cuGraphLaunch", what_);
}

}  // namespace

std::unique_ptr<Graph> CudaDevice::capture(std::vector<Graph::Launch> launches) {
  if (!cu().has_graphs()) return std::make_unique<LaunchListGraph>(info_.name, std::move(launches));
  return std::make_unique<CudaGraph>(*this, std::move(launches));
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

}  // namespace ingot
