/* The CPU of an exported library: the kernels are objects linked into it (compiled at
 * export time, so the target needs no C compiler), buffers are host memory, and a launch
 * runs its global iterations split across up to INGOT_AOT_CPU_THREADS threads. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ingot_aot_runtime.h"

#define INGOT_AOT_CPU_THREADS 64

static int ingot_aot_cpu_threads = 1;

static int ingot_aot_device_open(ingot_aot_state* s, const char* device) {
  if (strcmp(device, "CPU") != 0)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "the CPU runtime cannot open '%s'", device);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  ingot_aot_cpu_threads = cores < 1 ? 1 : cores > INGOT_AOT_CPU_THREADS ? INGOT_AOT_CPU_THREADS
                                                                        : (int)cores;
  return INGOT_AOT_OK;
}

static void ingot_aot_device_close(ingot_aot_state* s) { (void)s; }

static int ingot_aot_device_alloc(ingot_aot_state* s, uint64_t bytes, void** buffer) {
  /* 64-byte aligned, as ingot's CPU allocator makes them (vector loads). */
  size_t size = (size_t)((bytes + 63) / 64 * 64);
  *buffer = aligned_alloc(64, size ? size : 64);
  if (!*buffer)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_MEMORY, "cannot allocate %llu bytes",
                          (unsigned long long)bytes);
  return INGOT_AOT_OK;
}

static void ingot_aot_device_free(ingot_aot_state* s, void* buffer) {
  (void)s;
  free(buffer);
}

static int ingot_aot_device_copy_in(ingot_aot_state* s, void* buffer, uint64_t offset,
                                    const void* src, uint64_t bytes) {
  (void)s;
  memcpy((char*)buffer + offset, src, (size_t)bytes);
  return INGOT_AOT_OK;
}

static int ingot_aot_device_copy_out(ingot_aot_state* s, void* dst, void* buffer,
                                     uint64_t offset, uint64_t bytes) {
  (void)s;
  memcpy(dst, (const char*)buffer + offset, (size_t)bytes);
  return INGOT_AOT_OK;
}

static int ingot_aot_device_load(ingot_aot_state* s, const ingot_aot_kernel* kernel,
                                 void** loaded) {
  (void)s;
  *loaded = (void*)kernel;
  return INGOT_AOT_OK;
}

static void ingot_aot_device_unload(ingot_aot_state* s, void* loaded) {
  (void)s;
  (void)loaded;
}

/* One thread's share of a launch: the iterations [start, end). */
typedef struct ingot_aot_cpu_part {
  ingot_aot_cpu_kernel kernel;
  char* const* bufs;
  int64_t start, end;
} ingot_aot_cpu_part;

static void* ingot_aot_cpu_run_part(void* part) {
  ingot_aot_cpu_part* p = (ingot_aot_cpu_part*)part;
  p->kernel(p->bufs, NULL, NULL, p->start, p->end);
  return NULL;
}

static int ingot_aot_device_launch(ingot_aot_state* s, void* loaded,
                                   const ingot_aot_launch* launch, void* const* buffers,
                                   const ingot_aot_arg* args) {
  const ingot_aot_kernel* kernel = (const ingot_aot_kernel*)loaded;
  char* bufs[256];
  if (launch->args > 256)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "kernel '%s' takes %d buffers, over 256",
                          kernel->function, (int)launch->args);
  for (int32_t a = 0; a < launch->args; ++a) bufs[a] = (char*)buffers[a] + args[a].offset;
  int64_t total = launch->global[0] * launch->global[1] * launch->global[2];
  /* Split in whole grains of `local` iterations, as ingot's thread pool splits them. */
  int64_t grain = launch->local[0] * launch->local[1] * launch->local[2];
  if (grain < 1) grain = 1;
  int64_t grains = (total + grain - 1) / grain;
  int parts = grains < ingot_aot_cpu_threads ? (int)grains : ingot_aot_cpu_threads;
  if (parts <= 1) {
    kernel->cpu(bufs, NULL, NULL, 0, total);
    return INGOT_AOT_OK;
  }
  ingot_aot_cpu_part part[INGOT_AOT_CPU_THREADS];
  pthread_t threads[INGOT_AOT_CPU_THREADS];
  int started[INGOT_AOT_CPU_THREADS];
  for (int t = 0; t < parts; ++t) {
    int64_t first = grains * t / parts, last = grains * (t + 1) / parts;
    part[t].kernel = kernel->cpu;
    part[t].bufs = bufs;
    part[t].start = first * grain;
    part[t].end = last * grain < total ? last * grain : total;
    /* The calling thread runs the first part; a thread that cannot start runs here too. */
    started[t] = t > 0 && pthread_create(&threads[t], NULL, ingot_aot_cpu_run_part, &part[t]) == 0;
  }
  for (int t = 0; t < parts; ++t)
    if (!started[t]) ingot_aot_cpu_run_part(&part[t]);
  for (int t = 1; t < parts; ++t)
    if (started[t]) pthread_join(threads[t], NULL);
  return INGOT_AOT_OK;
}

static int ingot_aot_device_finish(ingot_aot_state* s) {
  (void)s;
  return INGOT_AOT_OK;
}
