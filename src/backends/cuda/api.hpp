// The CUDA driver API and NVRTC as ingot uses them, declared here rather than taken from
// <cuda.h> and <nvrtc.h> so that ingot builds without the CUDA toolkit, and loaded from
// libcuda.so.1 and libnvrtc at run time so that it runs without a GPU. Only what the
// backend calls is declared; types, values and prototypes are those of the CUDA 12 and 13
// headers, and versioned entry points are named by the version those headers bind
// (cuMemAlloc_v2...), so that the ABI is the one every driver since CUDA 11 exports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "ingot/error.hpp"

namespace ingot::cuda {

using CUresult = int;  // enum cudaError_enum
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUdevice_attribute = int;
using CUfunction_attribute = int;

using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUevent = struct CUevent_st*;
using CUgraph = struct CUgraph_st*;
using CUgraphNode = struct CUgraphNode_st*;
using CUgraphExec = struct CUgraphExec_st*;
using CUkernel = struct CUkern_st*;
using CUlinkState = struct CUlinkState_st*;
using CUjit_option = int;    // enum CUjit_option_enum
using CUjitInputType = int;  // enum CUjitInputType_enum

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
constexpr CUresult CUDA_ERROR_NOT_READY = 600;
// The errors of a kernel that faulted, which leave the context unusable ("sticky"): every
// later call in it fails the same way until the context is reset. Besides these three,
// 714 (hardware stack error) to 719 (launch failed): illegal or misaligned addresses,
// instructions and program counters.
constexpr CUresult CUDA_ERROR_ILLEGAL_ADDRESS = 700;
constexpr CUresult CUDA_ERROR_LAUNCH_TIMEOUT = 702;
constexpr CUresult CUDA_ERROR_ASSERT = 710;
constexpr CUresult CUDA_ERROR_HARDWARE_STACK_ERROR = 714;
constexpr CUresult CUDA_ERROR_LAUNCH_FAILED = 719;

// The JIT's options that ask for its logs: a buffer and its size in, the bytes written out.
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr CUjitInputType CU_JIT_INPUT_PTX = 1;

constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2;  // _Y and _Z follow
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5;   // _Y and _Z follow
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;

constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
constexpr unsigned CU_EVENT_DEFAULT = 0x0;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;
constexpr unsigned CU_MEMHOSTALLOC_PORTABLE = 0x1;

// A kernel node, as CUDA 12's CUDA_KERNEL_NODE_PARAMS_v2: the CUDA 11 layout (up to
// `extra`) followed by `kern` and `ctx`, which the driver ignores when `func` is set. Passed
// to either version of cuGraphAddKernelNode, since each reads the fields it knows.
struct CudaKernelNodeParams {
  CUfunction func = nullptr;
  unsigned gridDimX = 1, gridDimY = 1, gridDimZ = 1;
  unsigned blockDimX = 1, blockDimY = 1, blockDimZ = 1;
  unsigned sharedMemBytes = 0;
  void** kernelParams = nullptr;
  void** extra = nullptr;
  CUkernel kern = nullptr;
  CUcontext ctx = nullptr;
};
// The C layout on LP64: 36 bytes of function and dimensions, padded to 40 for the pointers.
static_assert(offsetof(CudaKernelNodeParams, kernelParams) == 40 &&
              sizeof(CudaKernelNodeParams) == 72);

using nvrtcResult = int;  // enum nvrtcResult
using nvrtcProgram = struct _nvrtcProgram*;
constexpr nvrtcResult NVRTC_SUCCESS = 0;

// name, return type, parameters: one list declares the table and resolves it.
#define INGOT_CUDA_DRIVER_FUNCTIONS(X)                                                           \
  X(cuGetErrorName, CUresult, (CUresult, const char**))                                          \
  X(cuGetErrorString, CUresult, (CUresult, const char**))                                        \
  X(cuInit, CUresult, (unsigned))                                                                \
  X(cuDriverGetVersion, CUresult, (int*))                                                        \
  X(cuDeviceGetCount, CUresult, (int*))                                                          \
  X(cuDeviceGet, CUresult, (CUdevice*, int))                                                     \
  X(cuDeviceGetName, CUresult, (char*, int, CUdevice))                                           \
  X(cuDeviceGetAttribute, CUresult, (int*, CUdevice_attribute, CUdevice))                        \
  X(cuDeviceTotalMem_v2, CUresult, (size_t*, CUdevice))                                          \
  X(cuDevicePrimaryCtxRetain, CUresult, (CUcontext*, CUdevice))                                  \
  X(cuDevicePrimaryCtxRelease_v2, CUresult, (CUdevice))                                          \
  X(cuDevicePrimaryCtxReset_v2, CUresult, (CUdevice))                                            \
  X(cuCtxSetCurrent, CUresult, (CUcontext))                                                      \
  X(cuStreamCreate, CUresult, (CUstream*, unsigned))                                             \
  X(cuStreamDestroy_v2, CUresult, (CUstream))                                                    \
  X(cuStreamSynchronize, CUresult, (CUstream))                                                   \
  X(cuMemAlloc_v2, CUresult, (CUdeviceptr*, size_t))                                             \
  X(cuMemFree_v2, CUresult, (CUdeviceptr))                                                       \
  X(cuMemHostAlloc, CUresult, (void**, size_t, unsigned))                                        \
  X(cuMemFreeHost, CUresult, (void*))                                                            \
  X(cuMemcpyHtoDAsync_v2, CUresult, (CUdeviceptr, const void*, size_t, CUstream))                \
  X(cuMemcpyDtoHAsync_v2, CUresult, (void*, CUdeviceptr, size_t, CUstream))                      \
  X(cuMemcpyDtoDAsync_v2, CUresult, (CUdeviceptr, CUdeviceptr, size_t, CUstream))                \
  X(cuMemcpyPeerAsync, CUresult,                                                                 \
    (CUdeviceptr, CUcontext, CUdeviceptr, CUcontext, size_t, CUstream))                          \
  X(cuModuleLoadData, CUresult, (CUmodule*, const void*))                                        \
  X(cuLinkCreate_v2, CUresult, (unsigned, CUjit_option*, void**, CUlinkState*))                  \
  X(cuLinkAddData_v2, CUresult,                                                                  \
    (CUlinkState, CUjitInputType, void*, size_t, const char*, unsigned, CUjit_option*, void**))  \
  X(cuLinkComplete, CUresult, (CUlinkState, void**, size_t*))                                    \
  X(cuLinkDestroy, CUresult, (CUlinkState))                                                      \
  X(cuModuleUnload, CUresult, (CUmodule))                                                        \
  X(cuModuleGetFunction, CUresult, (CUfunction*, CUmodule, const char*))                         \
  X(cuFuncGetAttribute, CUresult, (int*, CUfunction_attribute, CUfunction))                      \
  X(cuFuncSetAttribute, CUresult, (CUfunction, CUfunction_attribute, int))                       \
  X(cuLaunchKernel, CUresult,                                                                    \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream, \
     void**, void**))                                                                            \
  X(cuEventCreate, CUresult, (CUevent*, unsigned))                                               \
  X(cuEventDestroy_v2, CUresult, (CUevent))                                                      \
  X(cuEventRecord, CUresult, (CUevent, CUstream))                                                \
  X(cuEventQuery, CUresult, (CUevent))                                                           \
  X(cuEventSynchronize, CUresult, (CUevent))                                                     \
  X(cuEventElapsedTime, CUresult, (float*, CUevent, CUevent))

// CUDA graphs (CUDA 11.4 and later), optional: without them a HAL graph replays its
// launches one by one. cuGraphAddKernelNode is resolved apart, by either of its names.
#define INGOT_CUDA_GRAPH_FUNCTIONS(X)                                                   \
  X(cuGraphCreate, CUresult, (CUgraph*, unsigned))                                      \
  X(cuGraphDestroy, CUresult, (CUgraph))                                                \
  X(cuGraphInstantiateWithFlags, CUresult, (CUgraphExec*, CUgraph, unsigned long long)) \
  X(cuGraphExecDestroy, CUresult, (CUgraphExec))                                        \
  X(cuGraphLaunch, CUresult, (CUgraphExec, CUstream))

#define INGOT_NVRTC_FUNCTIONS(X)                                                            \
  X(nvrtcGetErrorString, const char*, (nvrtcResult))                                        \
  X(nvrtcVersion, nvrtcResult, (int*, int*))                                                \
  X(nvrtcGetNumSupportedArchs, nvrtcResult, (int*))                                         \
  X(nvrtcGetSupportedArchs, nvrtcResult, (int*))                                            \
  X(nvrtcCreateProgram, nvrtcResult,                                                        \
    (nvrtcProgram*, const char*, const char*, int, const char* const*, const char* const*)) \
  X(nvrtcDestroyProgram, nvrtcResult, (nvrtcProgram*))                                      \
  X(nvrtcCompileProgram, nvrtcResult, (nvrtcProgram, int, const char* const*))              \
  X(nvrtcGetProgramLogSize, nvrtcResult, (nvrtcProgram, size_t*))                           \
  X(nvrtcGetProgramLog, nvrtcResult, (nvrtcProgram, char*))                                 \
  X(nvrtcGetCUBINSize, nvrtcResult, (nvrtcProgram, size_t*))                                \
  X(nvrtcGetCUBIN, nvrtcResult, (nvrtcProgram, char*))                                      \
  X(nvrtcGetPTXSize, nvrtcResult, (nvrtcProgram, size_t*))                                  \
  X(nvrtcGetPTX, nvrtcResult, (nvrtcProgram, char*))                                        \
  X(nvrtcAddNameExpression, nvrtcResult, (nvrtcProgram, const char*))                       \
  X(nvrtcGetLoweredName, nvrtcResult, (nvrtcProgram, const char*, const char**))

// The resolved entry points, spelled as in the API: cu().cuStreamSynchronize(stream).
struct CudaApi {
// NOLINTNEXTLINE(bugprone-macro-parentheses): a type and a parameter list, not expressions
#define INGOT_CUDA_FIELD(name, result, params) result(*name) params = nullptr;
  INGOT_CUDA_DRIVER_FUNCTIONS(INGOT_CUDA_FIELD)
  INGOT_NVRTC_FUNCTIONS(INGOT_CUDA_FIELD)
  // Drivers of CUDA 12.4 and later: the size of each kernel parameter, which lets a launch
  // check its arguments against the kernel. nullptr on older drivers.
  CUresult (*cuFuncGetParamInfo)(CUfunction, size_t, size_t*, size_t*) = nullptr;
  // CUDA graphs: all of these, or none (has_graphs() says which).
  INGOT_CUDA_GRAPH_FUNCTIONS(INGOT_CUDA_FIELD)
  // cuGraphAddKernelNode_v2 (CUDA 12), else the CUDA 11 cuGraphAddKernelNode.
  CUresult (*cuGraphAddKernelNode)(CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                                   const CudaKernelNodeParams*) = nullptr;
  // cuGraphExecKernelNodeSetParams_v2 (CUDA 12), else the CUDA 11 one; resolved with the
  // graph functions, all or none.
  CUresult (*cuGraphExecKernelNodeSetParams)(CUgraphExec, CUgraphNode,
                                             const CudaKernelNodeParams*) = nullptr;
  bool has_graphs() const { return cuGraphAddKernelNode != nullptr; }
#undef INGOT_CUDA_FIELD
  int driver_version = 0;  // cuDriverGetVersion: 12040 for CUDA 12.4
  int nvrtc_major = 0, nvrtc_minor = 0;
  std::string nvrtc_library;  // the file name that opened, e.g. "libnvrtc.so.13"
};

// The table, loaded and cuInit'ed on first use; nullptr when libcuda or NVRTC is missing,
// lacks an entry point, or the driver finds no usable GPU; cuda_unavailable_reason() says
// why.
const CudaApi* cuda_api();
std::string cuda_unavailable_reason();

// The table for code that only runs once a device has opened (so the table loaded).
inline const CudaApi& cu() { return *cuda_api(); }

// The error for a failed call: "<what>: <call> returned <NAME>: <description> (<code>)",
// e.g. "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered (700)". A
// kernel's fault (a sticky code) also marks the device whose context the calling thread
// bound lost, and the message names the kernels that may have faulted (note_fault).
Error cu_error(CUresult code, std::string_view call, std::string_view what);

// For a sticky `code`: marks the device the calling thread bound lost and says which
// kernels may have faulted and what now; "" for any other code (backends/cuda/device.cpp).
std::string note_fault(CUresult code);

// The same for NVRTC: "<what>: <call> returned NVRTC_ERROR_... (<code>)".
Error nvrtc_error(nvrtcResult code, std::string_view call, std::string_view what);

// An event destroyed through the table when its last owner lets go; shared, so that a
// host wait can hold it while other threads retire it from a queue.
using CudaEvent = std::shared_ptr<std::remove_pointer_t<CUevent>>;

}  // namespace ingot::cuda
