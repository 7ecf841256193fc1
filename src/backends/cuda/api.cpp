// Loads the CUDA driver (libcuda.so.1) and NVRTC at run time (runtime/library.hpp),
// resolves the entry points of api.hpp and initializes the driver.
#include "backends/cuda/api.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "runtime/library.hpp"

namespace ingot::cuda {
namespace {

// NVRTC's soname carries its major version, and the toolkit may not be on the loader's
// path: the versions ingot knows, newest first, by name and in the toolkit's folders. The
// driver's own major version goes first: an older driver rejects PTX from a newer NVRTC,
// and may reject its CUBINs.
std::vector<std::string> nvrtc_candidates(int driver_version) {
  std::vector<std::string> names = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so",
                                    "libnvrtc.alt.so.13"};
  auto matching =
      std::find(names.begin(), names.end(), fmt::format("libnvrtc.so.{}", driver_version / 1000));
  if (matching != names.end()) std::rotate(names.begin(), matching, matching + 1);
  std::vector<std::string> candidates;
  for (const char* folder :
       {"", "/usr/local/cuda/lib64/", "/usr/local/cuda/targets/x86_64-linux/lib/"})
    for (const std::string& name : names) candidates.push_back(folder + name);
  return candidates;
}

// "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"; takes the table, since it
// also serves load() itself.
std::string error_text(const CudaApi& api, CUresult code) {
  const char *name = nullptr, *text = nullptr;
  // Both calls fail for a code the driver does not know.
  if (!api.cuGetErrorName || api.cuGetErrorName(code, &name) != CUDA_SUCCESS || !name)
    return "unknown CUDA error";
  if (api.cuGetErrorString(code, &text) != CUDA_SUCCESS || !text) return name;
  return fmt::format("{}: {}", name, text);
}

// The graph entry points, all or none: has_graphs() is false unless every one resolved.
void resolve_graphs(const Library& driver, CudaApi& api) {
  bool all = true;
// NOLINTBEGIN(bugprone-macro-parentheses): a type and a parameter list, not expressions
#define INGOT_CUDA_GRAPH_RESOLVE(name, result, params) \
  all = (api.name = driver.find<result(*) params>(#name)) && all;
  // NOLINTEND(bugprone-macro-parentheses)
  INGOT_CUDA_GRAPH_FUNCTIONS(INGOT_CUDA_GRAPH_RESOLVE)
#undef INGOT_CUDA_GRAPH_RESOLVE
  // Each by its CUDA 12 name, else its CUDA 11 one.
  auto versioned = [&](auto& entry, const std::string& name) {
    using Entry = std::remove_reference_t<decltype(entry)>;
    if (!(entry = driver.find<Entry>((name + "_v2").c_str())))
      entry = driver.find<Entry>(name.c_str());
    all = entry && all;
  };
  versioned(api.cuGraphAddKernelNode, "cuGraphAddKernelNode");
  versioned(api.cuGraphExecKernelNodeSetParams, "cuGraphExecKernelNodeSetParams");
  if (!all) api.cuGraphAddKernelNode = nullptr;
}

// Fills `api`; throws Error saying what is missing.
void load_into(CudaApi& api) {
  // The libraries stay loaded for the life of the process, as the devices do: drivers do
  // not expect to be unloaded, whether or not they initialized.
  Library driver = Library::open({"libcuda.so.1"}, "the CUDA driver");
  driver.keep();
// NOLINTBEGIN(bugprone-macro-parentheses): a type and a parameter list, not expressions
#define INGOT_CUDA_RESOLVE(name, result, params) \
  api.name = driver.require<result(*) params>(#name, "CUDA 11 or newer is needed");
  // NOLINTEND(bugprone-macro-parentheses)
  INGOT_CUDA_DRIVER_FUNCTIONS(INGOT_CUDA_RESOLVE)
#undef INGOT_CUDA_RESOLVE
  // Optional: CUDA 12.4.
  api.cuFuncGetParamInfo = driver.find<decltype(api.cuFuncGetParamInfo)>("cuFuncGetParamInfo");
  resolve_graphs(driver, api);
  // The one call that needs no cuInit.
  if (CUresult status = api.cuDriverGetVersion(&api.driver_version); status != CUDA_SUCCESS)
    throw Error(
        fmt::format("cuDriverGetVersion returned {} ({})", error_text(api, status), status));

  Library nvrtc =
      Library::open(nvrtc_candidates(api.driver_version), "NVRTC, the CUDA runtime compiler");
  nvrtc.keep();
  api.nvrtc_library = nvrtc.name();
// NOLINTBEGIN(bugprone-macro-parentheses): a type and a parameter list, not expressions
#define INGOT_NVRTC_RESOLVE(name, result, params) \
  api.name = nvrtc.require<result(*) params>(#name, "NVRTC 11.2 or newer is needed");
  // NOLINTEND(bugprone-macro-parentheses)
  INGOT_NVRTC_FUNCTIONS(INGOT_NVRTC_RESOLVE)
#undef INGOT_NVRTC_RESOLVE
  if (nvrtcResult status = api.nvrtcVersion(&api.nvrtc_major, &api.nvrtc_minor);
      status != NVRTC_SUCCESS)
    throw Error(fmt::format("{}: nvrtcVersion returned {}", api.nvrtc_library,
                            api.nvrtcGetErrorString(status)));

  // CUDA_ERROR_NO_DEVICE on a machine without a GPU; CUDA_ERROR_INSUFFICIENT_DRIVER or
  // CUDA_ERROR_SYSTEM_DRIVER_MISMATCH when the kernel module and libcuda disagree.
  if (CUresult status = api.cuInit(0); status != CUDA_SUCCESS)
    throw Error(fmt::format("cuInit returned {} ({})", error_text(api, status), status));
}

// Never destroyed: programs and buffers released by static destructors at exit still
// call through the table.
const VendorApi<CudaApi>& loaded() {
  static const auto* instance = new VendorApi<CudaApi>(load_into);
  return *instance;
}

}  // namespace

const CudaApi* cuda_api() { return loaded().table(); }

std::string cuda_unavailable_reason() { return loaded().reason; }

Error cu_error(CUresult code, std::string_view call, std::string_view what) {
  Error error = call_error(what, call, error_text(loaded().api, code), code);
  std::string fault = note_fault(code);
  return fault.empty() ? error : Error(std::string(error.what()) + "; " + fault);
}

Error nvrtc_error(nvrtcResult code, std::string_view call, std::string_view what) {
  return call_error(what, call, cu().nvrtcGetErrorString(code), code);
}

}  // namespace ingot::cuda
