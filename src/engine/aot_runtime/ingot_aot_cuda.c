/* CUDA for an exported library: libcuda is opened at load time (dlopen), so the library
 * links without it and a machine without a driver gets an error, not a link failure. The
 * kernels are the CUBINs (or PTX, which the driver compiles) ingot's NVRTC made for the
 * exporting machine's GPU architecture; "CUDA:0" is the driver's device 0. */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "ingot_aot_runtime.h"

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st* CUcontext;
typedef struct CUmod_st* CUmodule;
typedef struct CUfunc_st* CUfunction;
typedef struct CUstream_st* CUstream;
typedef unsigned long long CUdeviceptr;

/* The entry points used, as the CUDA driver API declares them (the _v2 ABI). */
static struct {
  void* library;
  CUresult (*Init)(unsigned);
  CUresult (*DeviceGetCount)(int*);
  CUresult (*DeviceGet)(CUdevice*, int);
  CUresult (*DevicePrimaryCtxRetain)(CUcontext*, CUdevice);
  CUresult (*DevicePrimaryCtxRelease)(CUdevice);
  CUresult (*CtxSetCurrent)(CUcontext);
  CUresult (*MemAlloc)(CUdeviceptr*, size_t);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*MemcpyHtoD)(CUdeviceptr, const void*, size_t);
  CUresult (*MemcpyDtoH)(void*, CUdeviceptr, size_t);
  CUresult (*ModuleLoadData)(CUmodule*, const void*);
  CUresult (*ModuleUnload)(CUmodule);
  CUresult (*ModuleGetFunction)(CUfunction*, CUmodule, const char*);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, CUstream, void**, void**);
  CUresult (*CtxSynchronize)(void);
  CUresult (*GetErrorName)(CUresult, const char**);
  CUdevice device;
  CUcontext context;
} ingot_cu;

typedef struct ingot_aot_cuda_kernel {
  CUmodule module;
  CUfunction function;
  const char* name;
} ingot_aot_cuda_kernel;

static int ingot_aot_cu_fail(ingot_aot_state* s, const char* call, CUresult status) {
  const char* name = "an unknown error";
  if (ingot_cu.GetErrorName) ingot_cu.GetErrorName(status, &name);
  return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "%s returned %d (%s)", call, status, name);
}

static int ingot_aot_cu_symbols(ingot_aot_state* s) {
  struct {
    const char* name;
    void** slot;
  } symbols[] = {
      {"cuInit", (void**)&ingot_cu.Init},
      {"cuDeviceGetCount", (void**)&ingot_cu.DeviceGetCount},
      {"cuDeviceGet", (void**)&ingot_cu.DeviceGet},
      {"cuDevicePrimaryCtxRetain", (void**)&ingot_cu.DevicePrimaryCtxRetain},
      {"cuDevicePrimaryCtxRelease_v2", (void**)&ingot_cu.DevicePrimaryCtxRelease},
      {"cuCtxSetCurrent", (void**)&ingot_cu.CtxSetCurrent},
      {"cuMemAlloc_v2", (void**)&ingot_cu.MemAlloc},
      {"cuMemFree_v2", (void**)&ingot_cu.MemFree},
      {"cuMemcpyHtoD_v2", (void**)&ingot_cu.MemcpyHtoD},
      {"cuMemcpyDtoH_v2", (void**)&ingot_cu.MemcpyDtoH},
      {"cuModuleLoadData", (void**)&ingot_cu.ModuleLoadData},
      {"cuModuleUnload", (void**)&ingot_cu.ModuleUnload},
      {"cuModuleGetFunction", (void**)&ingot_cu.ModuleGetFunction},
      {"cuLaunchKernel", (void**)&ingot_cu.LaunchKernel},
      {"cuCtxSynchronize", (void**)&ingot_cu.CtxSynchronize},
      {"cuGetErrorName", (void**)&ingot_cu.GetErrorName},
  };
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; ++i) {
    *symbols[i].slot = dlsym(ingot_cu.library, symbols[i].name);
    if (!*symbols[i].slot)
      return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "libcuda has no %s", symbols[i].name);
  }
  return INGOT_AOT_OK;
}

static int ingot_aot_device_open(ingot_aot_state* s, const char* device) {
  if (strncmp(device, "CUDA:", 5) != 0)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "the CUDA runtime cannot open '%s'", device);
  if (!ingot_cu.library) ingot_cu.library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!ingot_cu.library)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "cannot load the CUDA driver: %s",
                          dlerror());
  int status = ingot_aot_cu_symbols(s);
  if (status != INGOT_AOT_OK) return status;
  CUresult result = ingot_cu.Init(0);
  if (result != 0) return ingot_aot_cu_fail(s, "cuInit", result);
  int count = 0, index = (int)strtol(device + 5, NULL, 10);
  result = ingot_cu.DeviceGetCount(&count);
  if (result != 0) return ingot_aot_cu_fail(s, "cuDeviceGetCount", result);
  if (index < 0 || index >= count)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "no CUDA device %s; %d device(s) found",
                          device, count);
  result = ingot_cu.DeviceGet(&ingot_cu.device, index);
  if (result == 0) result = ingot_cu.DevicePrimaryCtxRetain(&ingot_cu.context, ingot_cu.device);
  if (result != 0) return ingot_aot_cu_fail(s, "cuDevicePrimaryCtxRetain", result);
  result = ingot_cu.CtxSetCurrent(ingot_cu.context);
  if (result != 0) {
    ingot_cu.DevicePrimaryCtxRelease(ingot_cu.device);
    ingot_cu.context = NULL;
    return ingot_aot_cu_fail(s, "cuCtxSetCurrent", result);
  }
  return INGOT_AOT_OK;
}

static void ingot_aot_device_close(ingot_aot_state* s) {
  (void)s;
  if (ingot_cu.context) ingot_cu.DevicePrimaryCtxRelease(ingot_cu.device);
  ingot_cu.context = NULL;
}

/* Every call binds the context first: the calling thread may be another than the loader. */
static int ingot_aot_cu_bind(ingot_aot_state* s) {
  CUresult result = ingot_cu.CtxSetCurrent(ingot_cu.context);
  return result == 0 ? INGOT_AOT_OK : ingot_aot_cu_fail(s, "cuCtxSetCurrent", result);
}

static int ingot_aot_device_alloc(ingot_aot_state* s, uint64_t bytes, void** buffer) {
  CUdeviceptr pointer = 0;
  int status = ingot_aot_cu_bind(s);
  if (status != INGOT_AOT_OK) return status;
  CUresult result = ingot_cu.MemAlloc(&pointer, (size_t)(bytes ? bytes : 1));
  if (result != 0) return ingot_aot_cu_fail(s, "cuMemAlloc", result);
  *buffer = (void*)(uintptr_t)pointer;
  return INGOT_AOT_OK;
}

static void ingot_aot_device_free(ingot_aot_state* s, void* buffer) {
  (void)s;
  ingot_cu.MemFree((CUdeviceptr)(uintptr_t)buffer);
}

static int ingot_aot_device_copy_in(ingot_aot_state* s, void* buffer, uint64_t offset,
                                    const void* src, uint64_t bytes) {
  int status = ingot_aot_cu_bind(s);
  if (status != INGOT_AOT_OK) return status;
  CUresult result = ingot_cu.MemcpyHtoD((CUdeviceptr)(uintptr_t)buffer + offset, src, (size_t)bytes);
  return result == 0 ? INGOT_AOT_OK : ingot_aot_cu_fail(s, "cuMemcpyHtoD", result);
}

static int ingot_aot_device_copy_out(ingot_aot_state* s, void* dst, void* buffer,
                                     uint64_t offset, uint64_t bytes) {
  int status = ingot_aot_cu_bind(s);
  if (status != INGOT_AOT_OK) return status;
  CUresult result = ingot_cu.MemcpyDtoH(dst, (CUdeviceptr)(uintptr_t)buffer + offset, (size_t)bytes);
  return result == 0 ? INGOT_AOT_OK : ingot_aot_cu_fail(s, "cuMemcpyDtoH", result);
}

static int ingot_aot_device_load(ingot_aot_state* s, const ingot_aot_kernel* kernel,
                                 void** loaded) {
  ingot_aot_cuda_kernel* k = (ingot_aot_cuda_kernel*)calloc(1, sizeof *k);
  if (!k) return ingot_aot_fail(s, INGOT_AOT_ERROR_MEMORY, "out of host memory");
  *loaded = k;
  k->name = kernel->function;
  int status = ingot_aot_cu_bind(s);
  if (status != INGOT_AOT_OK) return status;
  /* The code is NUL-terminated, as PTX must be. */
  CUresult result = ingot_cu.ModuleLoadData(&k->module, kernel->code);
  if (result != 0) return ingot_aot_cu_fail(s, "cuModuleLoadData", result);
  result = ingot_cu.ModuleGetFunction(&k->function, k->module, kernel->function);
  if (result != 0) return ingot_aot_cu_fail(s, "cuModuleGetFunction", result);
  return INGOT_AOT_OK;
}

static void ingot_aot_device_unload(ingot_aot_state* s, void* loaded) {
  (void)s;
  ingot_aot_cuda_kernel* k = (ingot_aot_cuda_kernel*)loaded;
  if (k->module) ingot_cu.ModuleUnload(k->module);
  free(k);
}

static int ingot_aot_device_launch(ingot_aot_state* s, void* loaded,
                                   const ingot_aot_launch* launch, void* const* buffers,
                                   const ingot_aot_arg* args) {
  ingot_aot_cuda_kernel* k = (ingot_aot_cuda_kernel*)loaded;
  CUdeviceptr pointers[256];
  void* parameters[256];
  if (launch->args > 256)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "kernel '%s' takes %d buffers, over 256",
                          k->name, (int)launch->args);
  for (int32_t a = 0; a < launch->args; ++a) {
    pointers[a] = (CUdeviceptr)(uintptr_t)buffers[a] + args[a].offset;
    parameters[a] = &pointers[a];
  }
  unsigned grid[3], block[3];
  for (int d = 0; d < 3; ++d) {
    block[d] = (unsigned)launch->local[d];
    grid[d] = (unsigned)((launch->global[d] + launch->local[d] - 1) / launch->local[d]);
  }
  int status = ingot_aot_cu_bind(s);
  if (status != INGOT_AOT_OK) return status;
  CUresult result = ingot_cu.LaunchKernel(k->function, grid[0], grid[1], grid[2], block[0],
                                          block[1], block[2], 0, NULL, parameters, NULL);
  return result == 0 ? INGOT_AOT_OK : ingot_aot_cu_fail(s, "cuLaunchKernel", result);
}

static int ingot_aot_device_finish(ingot_aot_state* s) {
  int status = ingot_aot_cu_bind(s);
  if (status != INGOT_AOT_OK) return status;
  CUresult result = ingot_cu.CtxSynchronize();
  return result == 0 ? INGOT_AOT_OK : ingot_aot_cu_fail(s, "cuCtxSynchronize", result);
}
