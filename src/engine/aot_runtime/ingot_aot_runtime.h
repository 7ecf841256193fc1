/* The tables an exported function is (docs/jit-and-export.md), written by
 * ingot::export_function into <name>.c, and the interface every device file implements.
 * The exported library is one translation unit: <name>.c includes the device's file and
 * ingot_aot_runtime.c, so every function here is static and two exported libraries link
 * into one program without clashing. */
#ifndef INGOT_AOT_RUNTIME_H
#define INGOT_AOT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#include "ingot_aot.h"

/* A kernel of the CPU, as ingot's C renderer writes it (src/backends/cpu/cpu.hpp):
 * bufs[i] points at buffer i; it runs the iterations [start, end). */
typedef void (*ingot_aot_cpu_kernel)(char* const* bufs, const int64_t* iargs, const double* fargs,
                                     int64_t start, int64_t end);

/* An input or output: its type and where it lives among the slots. */
typedef struct ingot_aot_io {
  const char* name;
  int32_t dtype;
  int32_t ndim;
  int64_t shape[INGOT_AOT_MAX_DIMS];
  int32_t slot;
  uint64_t offset, bytes;
} ingot_aot_io;

/* One allocation on the device; `weights_at` is where its initial contents start in the
 * weights blob, or -1 when it has none (inputs, intermediates). */
typedef struct ingot_aot_slot {
  uint64_t bytes;
  int64_t weights_at;
} ingot_aot_slot;

/* A buffer argument of a launch: `bytes` of a slot, from a byte offset. */
typedef struct ingot_aot_arg {
  int32_t slot;
  uint64_t offset, bytes;
} ingot_aot_arg;

typedef struct ingot_aot_launch {
  int32_t kernel;
  int32_t first_arg, args; /* into the program's args: the output first, then the inputs */
  int64_t global[3], local[3];
  /* Whether the last threadgroup of a dimension may be partial (LaunchDims::partial_groups
   * of include/ingot/runtime.hpp: Metal's dispatchThreads). */
  int32_t partial_groups;
} ingot_aot_launch;

/* A kernel as the device loads it: an entry point of the library (the CPU), or code
 * (a cubin or PTX, OpenCL C, MSL) holding `function`, NUL-terminated. */
typedef struct ingot_aot_kernel {
  const char* function;
  const unsigned char* code;
  uint64_t code_bytes;
  ingot_aot_cpu_kernel cpu;
  int32_t buffers; /* how many buffers it takes */
} ingot_aot_kernel;

typedef struct ingot_aot_program {
  const char* name;
  const char* device; /* ingot's name of it: "CPU", "CL:0", "CUDA:0", "METAL:0" */
  int32_t inputs_count, outputs_count, slots_count, kernels_count, launches_count, max_args;
  const ingot_aot_io* inputs;
  const ingot_aot_io* outputs;
  const ingot_aot_slot* slots;
  const ingot_aot_kernel* kernels;
  const ingot_aot_launch* launches;
  const ingot_aot_arg* args;
  const unsigned char* weights;
} ingot_aot_program;

/* What a loaded function holds: the device's allocations and loaded kernels, and the
 * last error's message. */
typedef struct ingot_aot_state {
  int ready;
  void** slots;
  void** kernels;
  void** launch_buffers; /* max_args of them, filled per launch */
  char error[1024];
} ingot_aot_state;

/* The device interface: one file per device (ingot_aot_cpu.c, ingot_aot_opencl.c,
 * ingot_aot_cuda.c, ingot_aot_hal.c) defines these. Each returns INGOT_AOT_OK or an
 * error code, having written the message with ingot_aot_fail. */
static int ingot_aot_device_open(ingot_aot_state* s, const char* device);
static void ingot_aot_device_close(ingot_aot_state* s);
static int ingot_aot_device_alloc(ingot_aot_state* s, uint64_t bytes, void** buffer);
static void ingot_aot_device_free(ingot_aot_state* s, void* buffer);
static int ingot_aot_device_copy_in(ingot_aot_state* s, void* buffer, uint64_t offset,
                                    const void* src, uint64_t bytes);
static int ingot_aot_device_copy_out(ingot_aot_state* s, void* dst, void* buffer, uint64_t offset,
                                     uint64_t bytes);
static int ingot_aot_device_load(ingot_aot_state* s, const ingot_aot_kernel* kernel, void** loaded);
static void ingot_aot_device_unload(ingot_aot_state* s, void* loaded);
/* `buffers[a]` is the slot of `args[a]`, for each of the launch's args. */
static int ingot_aot_device_launch(ingot_aot_state* s, void* loaded, const ingot_aot_launch* launch,
                                   void* const* buffers, const ingot_aot_arg* args);
/* Waits for every launch and copy queued so far. */
static int ingot_aot_device_finish(ingot_aot_state* s);

static int ingot_aot_fail(ingot_aot_state* s, int code, const char* format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
