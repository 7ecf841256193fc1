// Loads the CUDA driver (libcuda.so.1) and NVRTC with dlopen, resolves the entry points of
// api.hpp and initializes the driver.
#include "backends/cuda/api.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

namespace ingot {
namespace {

struct Loaded {
  CudaApi api;
  bool ok = false;
  std::string reason;  // why not ok
};

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

// Opens the first of `candidates` that loads; `tried` lists each with dlopen's reason.
void* open_first(const std::vector<std::string>& candidates, std::string& opened,
                 std::string& tried) {
  for (const std::string& name : candidates) {
    // The library stays loaded for the life of the process, as the devices do.
    if (void* library = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      opened = name;
      return library;
    }
    const char* why = ::dlerror();  // names the file itself
    tried += "\n  " + (why ? std::string(why) : name + ": not found");
  }
  return nullptr;
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

template <class Function>
bool resolve(void* library, const char* name, Function& function) {
  function = reinterpret_cast<Function>(::dlsym(library, name));
  return function != nullptr;
}

// The graph entry points, all or none: has_graphs() is false unless every one resolved.
void resolve_graphs(void* driver, CudaApi& api) {
  bool all = true;
#define INGOT_CUDA_GRAPH_RESOLVE(name, result, params) \
  all = resolve(driver, #name, api.name) && all;
  INGOT_CUDA_GRAPH_FUNCTIONS(INGOT_CUDA_GRAPH_RESOLVE)
#undef INGOT_CUDA_GRAPH_RESOLVE
  if (all && !resolve(driver, "cuGraphAddKernelNode_v2", api.cuGraphAddKernelNode))
    resolve(driver, "cuGraphAddKernelNode", api.cuGraphAddKernelNode);
  if (!all) api.cuGraphAddKernelNode = nullptr;
}

Loaded load() {
  Loaded loaded;
  CudaApi& api = loaded.api;
  std::string driver_name, driver_tried, nvrtc_tried;
  void* driver = open_first({"libcuda.so.1"}, driver_name, driver_tried);
  if (!driver) {
    loaded.reason = "cannot load the CUDA driver:" + driver_tried;
    return loaded;
  }
#define INGOT_CUDA_RESOLVE(name, result, params)                                                  \
  if (!resolve(driver, #name, api.name)) {                                                        \
    loaded.reason = "the CUDA driver libcuda.so.1 has no " #name " (CUDA 11 or newer is needed)"; \
    return loaded;                                                                                \
  }
  INGOT_CUDA_DRIVER_FUNCTIONS(INGOT_CUDA_RESOLVE)
#undef INGOT_CUDA_RESOLVE
  resolve(driver, "cuFuncGetParamInfo", api.cuFuncGetParamInfo);  // optional: CUDA 12.4
  resolve_graphs(driver, api);
  // The one call that needs no cuInit.
  if (CUresult status = api.cuDriverGetVersion(&api.driver_version); status != CUDA_SUCCESS) {
    loaded.reason =
        fmt::format("cuDriverGetVersion returned {} ({})", error_text(api, status), status);
    return loaded;
  }

  void* nvrtc = open_first(nvrtc_candidates(api.driver_version), api.nvrtc_library, nvrtc_tried);
  if (!nvrtc) {
    loaded.reason = "cannot load NVRTC, the CUDA runtime compiler; tried:" + nvrtc_tried;
    return loaded;
  }
#define INGOT_NVRTC_RESOLVE(name, result, params)                                            \
  if (!resolve(nvrtc, #name, api.name)) {                                                    \
    loaded.reason = api.nvrtc_library + " has no " #name " (NVRTC 11.2 or newer is needed)"; \
    return loaded;                                                                           \
  }
  INGOT_NVRTC_FUNCTIONS(INGOT_NVRTC_RESOLVE)
#undef INGOT_NVRTC_RESOLVE
  if (nvrtcResult status = api.nvrtcVersion(&api.nvrtc_major, &api.nvrtc_minor);
      status != NVRTC_SUCCESS) {
    loaded.reason = fmt::format("{}: nvrtcVersion returned {}", api.nvrtc_library,
                                api.nvrtcGetErrorString(status));
    return loaded;
  }

  // CUDA_ERROR_NO_DEVICE on a machine without a GPU; CUDA_ERROR_INSUFFICIENT_DRIVER or
  // CUDA_ERROR_SYSTEM_DRIVER_MISMATCH when the kernel module and libcuda disagree.
  if (CUresult status = api.cuInit(0); status != CUDA_SUCCESS) {
    loaded.reason = fmt::format("cuInit returned {} ({})", error_text(api, status), status);
    return loaded;
  }
  loaded.ok = true;
  return loaded;
}

// Never destroyed: programs and buffers released by static destructors at exit still
// call through the table.
const Loaded& loaded() {
  static const Loaded* instance = new Loaded(load());
  return *instance;
}

}  // namespace

const CudaApi* cuda_api() { return loaded().ok ? &loaded().api : nullptr; }

std::string cuda_unavailable_reason() { return loaded().reason; }

Error cu_error(CUresult code, std::string_view call, std::string_view what) {
  return Error(
      fmt::format("{}: {} returned {} ({})", what, call, error_text(loaded().api, code), code));
}

Error nvrtc_error(nvrtcResult code, std::string_view call, std::string_view what) {
  return Error(
      fmt::format("{}: {} returned {} ({})", what, call, cu().nvrtcGetErrorString(code), code));
}

}  // namespace ingot
