/* OpenCL for an exported library: libOpenCL is opened at load time (dlopen), so the
 * library links without it and a machine without a driver gets an error, not a link
 * failure. The kernels are OpenCL C, built by the driver at load with ingot's options
 * (src/backends/opencl/compiler.cpp); devices are numbered as ingot numbers them: every
 * platform's devices in order, "CL:0" the first. */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "ingot_aot_runtime.h"

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef uint64_t cl_ulong;
typedef struct _cl_platform_id* cl_platform_id;
typedef struct _cl_device_id* cl_device_id;
typedef struct _cl_context* cl_context;
typedef struct _cl_command_queue* cl_command_queue;
typedef struct _cl_mem* cl_mem;
typedef struct _cl_program* cl_program;
typedef struct _cl_kernel* cl_kernel;
typedef struct _cl_event* cl_event;

#define INGOT_CL_SUCCESS 0
#define INGOT_CL_DEVICE_TYPE_ALL 0xFFFFFFFFu
#define INGOT_CL_MEM_READ_WRITE 1u
#define INGOT_CL_TRUE 1u
#define INGOT_CL_PROGRAM_BUILD_LOG 0x1183u
#define INGOT_CL_BUFFER_CREATE_TYPE_REGION 0x1220u

/* The entry points used, as the OpenCL 1.2 headers declare them. */
static struct {
  void* library;
  cl_int (*GetPlatformIDs)(cl_uint, cl_platform_id*, cl_uint*);
  cl_int (*GetDeviceIDs)(cl_platform_id, cl_ulong, cl_uint, cl_device_id*, cl_uint*);
  cl_context (*CreateContext)(const intptr_t*, cl_uint, const cl_device_id*, void*, void*,
                              cl_int*);
  cl_command_queue (*CreateCommandQueue)(cl_context, cl_device_id, cl_ulong, cl_int*);
  cl_mem (*CreateBuffer)(cl_context, cl_ulong, size_t, void*, cl_int*);
  cl_mem (*CreateSubBuffer)(cl_mem, cl_ulong, cl_uint, const void*, cl_int*);
  cl_int (*EnqueueWriteBuffer)(cl_command_queue, cl_mem, cl_uint, size_t, size_t, const void*,
                               cl_uint, const cl_event*, cl_event*);
  cl_int (*EnqueueReadBuffer)(cl_command_queue, cl_mem, cl_uint, size_t, size_t, void*, cl_uint,
                              const cl_event*, cl_event*);
  cl_program (*CreateProgramWithSource)(cl_context, cl_uint, const char**, const size_t*,
                                        cl_int*);
  cl_int (*BuildProgram)(cl_program, cl_uint, const cl_device_id*, const char*, void*, void*);
  cl_int (*GetProgramBuildInfo)(cl_program, cl_device_id, cl_uint, size_t, void*, size_t*);
  cl_kernel (*CreateKernel)(cl_program, const char*, cl_int*);
  cl_int (*SetKernelArg)(cl_kernel, cl_uint, size_t, const void*);
  cl_int (*EnqueueNDRangeKernel)(cl_command_queue, cl_kernel, cl_uint, const size_t*,
                                 const size_t*, const size_t*, cl_uint, const cl_event*,
                                 cl_event*);
  cl_int (*Finish)(cl_command_queue);
  cl_int (*ReleaseMemObject)(cl_mem);
  cl_int (*ReleaseKernel)(cl_kernel);
  cl_int (*ReleaseProgram)(cl_program);
  cl_int (*ReleaseCommandQueue)(cl_command_queue);
  cl_int (*ReleaseContext)(cl_context);
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
} ingot_cl;

/* A loaded kernel: its program and kernel objects. */
typedef struct ingot_aot_cl_kernel {
  cl_program program;
  cl_kernel kernel;
  const char* function;
} ingot_aot_cl_kernel;

static int ingot_aot_cl_fail(ingot_aot_state* s, const char* call, cl_int status) {
  return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "%s returned %d", call, (int)status);
}

static int ingot_aot_cl_symbols(ingot_aot_state* s) {
  struct {
    const char* name;
    void** slot;
  } symbols[] = {
      {"clGetPlatformIDs", (void**)&ingot_cl.GetPlatformIDs},
      {"clGetDeviceIDs", (void**)&ingot_cl.GetDeviceIDs},
      {"clCreateContext", (void**)&ingot_cl.CreateContext},
      {"clCreateCommandQueue", (void**)&ingot_cl.CreateCommandQueue},
      {"clCreateBuffer", (void**)&ingot_cl.CreateBuffer},
      {"clCreateSubBuffer", (void**)&ingot_cl.CreateSubBuffer},
      {"clEnqueueWriteBuffer", (void**)&ingot_cl.EnqueueWriteBuffer},
      {"clEnqueueReadBuffer", (void**)&ingot_cl.EnqueueReadBuffer},
      {"clCreateProgramWithSource", (void**)&ingot_cl.CreateProgramWithSource},
      {"clBuildProgram", (void**)&ingot_cl.BuildProgram},
      {"clGetProgramBuildInfo", (void**)&ingot_cl.GetProgramBuildInfo},
      {"clCreateKernel", (void**)&ingot_cl.CreateKernel},
      {"clSetKernelArg", (void**)&ingot_cl.SetKernelArg},
      {"clEnqueueNDRangeKernel", (void**)&ingot_cl.EnqueueNDRangeKernel},
      {"clFinish", (void**)&ingot_cl.Finish},
      {"clReleaseMemObject", (void**)&ingot_cl.ReleaseMemObject},
      {"clReleaseKernel", (void**)&ingot_cl.ReleaseKernel},
      {"clReleaseProgram", (void**)&ingot_cl.ReleaseProgram},
      {"clReleaseCommandQueue", (void**)&ingot_cl.ReleaseCommandQueue},
      {"clReleaseContext", (void**)&ingot_cl.ReleaseContext},
  };
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; ++i) {
    *symbols[i].slot = dlsym(ingot_cl.library, symbols[i].name);
    if (!*symbols[i].slot)
      return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "libOpenCL has no %s", symbols[i].name);
  }
  return INGOT_AOT_OK;
}

/* The device numbered `index` as ingot numbers them. */
static int ingot_aot_cl_find(ingot_aot_state* s, long index) {
  cl_platform_id platforms[64];
  cl_uint count = 0, seen = 0;
  cl_int status = ingot_cl.GetPlatformIDs(64, platforms, &count);
  if (status != INGOT_CL_SUCCESS || count == 0) count = 0;
  for (cl_uint p = 0; p < count && p < 64; ++p) {
    cl_device_id devices[64];
    cl_uint n = 0;
    if (ingot_cl.GetDeviceIDs(platforms[p], INGOT_CL_DEVICE_TYPE_ALL, 64, devices, &n) !=
        INGOT_CL_SUCCESS)
      continue;
    if (index < (long)(seen + n)) {
      ingot_cl.device = devices[index - (long)seen];
      return INGOT_AOT_OK;
    }
    seen += n;
  }
  return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "no OpenCL device CL:%ld; %u device(s) found",
                        index, (unsigned)seen);
}

static int ingot_aot_device_open(ingot_aot_state* s, const char* device) {
  if (strncmp(device, "CL:", 3) != 0)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "the OpenCL runtime cannot open '%s'", device);
  ingot_cl.library = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!ingot_cl.library) ingot_cl.library = dlopen("libOpenCL.so", RTLD_NOW | RTLD_LOCAL);
  if (!ingot_cl.library)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "cannot load the OpenCL library: %s",
                          dlerror());
  int status = ingot_aot_cl_symbols(s);
  if (status == INGOT_AOT_OK) status = ingot_aot_cl_find(s, strtol(device + 3, NULL, 10));
  cl_int error = INGOT_CL_SUCCESS;
  if (status == INGOT_AOT_OK) {
    ingot_cl.context = ingot_cl.CreateContext(NULL, 1, &ingot_cl.device, NULL, NULL, &error);
    if (!ingot_cl.context) status = ingot_aot_cl_fail(s, "clCreateContext", error);
  }
  if (status == INGOT_AOT_OK) {
    ingot_cl.queue = ingot_cl.CreateCommandQueue(ingot_cl.context, ingot_cl.device, 0, &error);
    if (!ingot_cl.queue) status = ingot_aot_cl_fail(s, "clCreateCommandQueue", error);
  }
  if (status != INGOT_AOT_OK) ingot_aot_device_close(s);
  return status;
}

static void ingot_aot_device_close(ingot_aot_state* s) {
  (void)s;
  if (ingot_cl.queue) ingot_cl.ReleaseCommandQueue(ingot_cl.queue);
  if (ingot_cl.context) ingot_cl.ReleaseContext(ingot_cl.context);
  /* The library stays loaded: drivers (PoCL) keep threads that outlive a dlclose. */
  ingot_cl.queue = NULL;
  ingot_cl.context = NULL;
}

static int ingot_aot_device_alloc(ingot_aot_state* s, uint64_t bytes, void** buffer) {
  cl_int error = INGOT_CL_SUCCESS;
  *buffer = ingot_cl.CreateBuffer(ingot_cl.context, INGOT_CL_MEM_READ_WRITE,
                                  (size_t)(bytes ? bytes : 1), NULL, &error);
  if (!*buffer) return ingot_aot_cl_fail(s, "clCreateBuffer", error);
  return INGOT_AOT_OK;
}

static void ingot_aot_device_free(ingot_aot_state* s, void* buffer) {
  (void)s;
  ingot_cl.ReleaseMemObject((cl_mem)buffer);
}

static int ingot_aot_device_copy_in(ingot_aot_state* s, void* buffer, uint64_t offset,
                                    const void* src, uint64_t bytes) {
  cl_int status = ingot_cl.EnqueueWriteBuffer(ingot_cl.queue, (cl_mem)buffer, INGOT_CL_TRUE,
                                              (size_t)offset, (size_t)bytes, src, 0, NULL, NULL);
  return status == INGOT_CL_SUCCESS ? INGOT_AOT_OK : ingot_aot_cl_fail(s, "clEnqueueWriteBuffer", status);
}

static int ingot_aot_device_copy_out(ingot_aot_state* s, void* dst, void* buffer,
                                     uint64_t offset, uint64_t bytes) {
  cl_int status = ingot_cl.EnqueueReadBuffer(ingot_cl.queue, (cl_mem)buffer, INGOT_CL_TRUE,
                                             (size_t)offset, (size_t)bytes, dst, 0, NULL, NULL);
  return status == INGOT_CL_SUCCESS ? INGOT_AOT_OK : ingot_aot_cl_fail(s, "clEnqueueReadBuffer", status);
}

static int ingot_aot_device_load(ingot_aot_state* s, const ingot_aot_kernel* kernel,
                                 void** loaded) {
  ingot_aot_cl_kernel* k = (ingot_aot_cl_kernel*)calloc(1, sizeof *k);
  if (!k) return ingot_aot_fail(s, INGOT_AOT_ERROR_MEMORY, "out of host memory");
  *loaded = k;
  k->function = kernel->function;
  const char* source = (const char*)kernel->code;
  size_t length = (size_t)kernel->code_bytes;
  cl_int error = INGOT_CL_SUCCESS;
  k->program = ingot_cl.CreateProgramWithSource(ingot_cl.context, 1, &source, &length, &error);
  if (!k->program) return ingot_aot_cl_fail(s, "clCreateProgramWithSource", error);
  error = ingot_cl.BuildProgram(k->program, 1, &ingot_cl.device, "-cl-std=CL1.2", NULL, NULL);
  if (error != INGOT_CL_SUCCESS) {
    char log[512] = "";
    ingot_cl.GetProgramBuildInfo(k->program, ingot_cl.device, INGOT_CL_PROGRAM_BUILD_LOG,
                                 sizeof log - 1, log, NULL);
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "clBuildProgram of '%s' returned %d: %s",
                          kernel->function, (int)error, log);
  }
  k->kernel = ingot_cl.CreateKernel(k->program, kernel->function, &error);
  if (!k->kernel) return ingot_aot_cl_fail(s, "clCreateKernel", error);
  return INGOT_AOT_OK;
}

static void ingot_aot_device_unload(ingot_aot_state* s, void* loaded) {
  (void)s;
  ingot_aot_cl_kernel* k = (ingot_aot_cl_kernel*)loaded;
  if (k->kernel) ingot_cl.ReleaseKernel(k->kernel);
  if (k->program) ingot_cl.ReleaseProgram(k->program);
  free(k);
}

static int ingot_aot_device_launch(ingot_aot_state* s, void* loaded,
                                   const ingot_aot_launch* launch, void* const* buffers,
                                   const ingot_aot_arg* args) {
  ingot_aot_cl_kernel* k = (ingot_aot_cl_kernel*)loaded;
  cl_mem views[256];
  int32_t made = 0;
  cl_int status = INGOT_CL_SUCCESS;
  if (launch->args > 256)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "kernel '%s' takes %d buffers, over 256",
                          k->function, (int)launch->args);
  for (int32_t a = 0; a < launch->args && status == INGOT_CL_SUCCESS; ++a) {
    cl_mem memory = (cl_mem)buffers[a];
    if (args[a].offset) {
      /* A view: a sub-buffer, as ingot's OpenCL backend passes one. */
      size_t region[2] = {(size_t)args[a].offset, (size_t)args[a].bytes};
      memory = ingot_cl.CreateSubBuffer(memory, INGOT_CL_MEM_READ_WRITE,
                                        INGOT_CL_BUFFER_CREATE_TYPE_REGION, region, &status);
      if (!memory) break;
      views[made++] = memory;
    }
    status = ingot_cl.SetKernelArg(k->kernel, (cl_uint)a, sizeof memory, &memory);
  }
  if (status == INGOT_CL_SUCCESS) {
    size_t global[3], local[3];
    for (int d = 0; d < 3; ++d) {
      global[d] = (size_t)launch->global[d];
      local[d] = (size_t)launch->local[d];
    }
    status = ingot_cl.EnqueueNDRangeKernel(ingot_cl.queue, k->kernel, 3, NULL, global, local, 0,
                                           NULL, NULL);
  }
  for (int32_t v = 0; v < made; ++v) ingot_cl.ReleaseMemObject(views[v]);
  if (status != INGOT_CL_SUCCESS)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "launching '%s' returned %d", k->function,
                          (int)status);
  return INGOT_AOT_OK;
}

static int ingot_aot_device_finish(ingot_aot_state* s) {
  cl_int status = ingot_cl.Finish(ingot_cl.queue);
  return status == INGOT_CL_SUCCESS ? INGOT_AOT_OK : ingot_aot_cl_fail(s, "clFinish", status);
}
