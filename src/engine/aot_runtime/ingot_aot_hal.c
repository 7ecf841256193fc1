/* A device reached through ingot's own backend, for METAL: the exported library calls
 * ingot's HAL through its C entry points (src/runtime/hal_c_api.cpp) and so links ingot's
 * library. On a Mac that backend is Metal.framework, which loads the MSL source with
 * newLibraryWithSource (Apple's driver compiles it); elsewhere it is the emulated Metal,
 * which compiles the MSL with clang++ as that driver. */
#include "ingot_aot_runtime.h"

int ingot_hal_open(const char* name, void** device);
int ingot_hal_alloc(void* device, uint64_t bytes, void** buffer);
void ingot_hal_free(void* buffer);
int ingot_hal_copy_in(void* buffer, uint64_t offset, const void* src, uint64_t bytes);
int ingot_hal_copy_out(void* dst, void* buffer, uint64_t offset, uint64_t bytes);
int ingot_hal_load(void* device, const unsigned char* code, uint64_t bytes, const char* function,
                   int buffers, void** program);
void ingot_hal_unload(void* program);
int ingot_hal_launch(void* program, void* const* buffers, const uint64_t* offsets,
                     const uint64_t* sizes, int count, const int64_t* global,
                     const int64_t* local, int partial_groups);
int ingot_hal_finish(void* device);
const char* ingot_hal_error(void);

static void* ingot_aot_hal_device;

static int ingot_aot_hal_status(ingot_aot_state* s, int status) {
  if (status == 0) return INGOT_AOT_OK;
  return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "%s", ingot_hal_error());
}

static int ingot_aot_device_open(ingot_aot_state* s, const char* device) {
  return ingot_aot_hal_status(s, ingot_hal_open(device, &ingot_aot_hal_device));
}

static void ingot_aot_device_close(ingot_aot_state* s) {
  (void)s;
  ingot_aot_hal_device = NULL; /* ingot's devices live as long as the process */
}

static int ingot_aot_device_alloc(ingot_aot_state* s, uint64_t bytes, void** buffer) {
  return ingot_aot_hal_status(s, ingot_hal_alloc(ingot_aot_hal_device, bytes, buffer));
}

static void ingot_aot_device_free(ingot_aot_state* s, void* buffer) {
  (void)s;
  ingot_hal_free(buffer);
}

static int ingot_aot_device_copy_in(ingot_aot_state* s, void* buffer, uint64_t offset,
                                    const void* src, uint64_t bytes) {
  return ingot_aot_hal_status(s, ingot_hal_copy_in(buffer, offset, src, bytes));
}

static int ingot_aot_device_copy_out(ingot_aot_state* s, void* dst, void* buffer,
                                     uint64_t offset, uint64_t bytes) {
  return ingot_aot_hal_status(s, ingot_hal_copy_out(dst, buffer, offset, bytes));
}

static int ingot_aot_device_load(ingot_aot_state* s, const ingot_aot_kernel* kernel,
                                 void** loaded) {
  return ingot_aot_hal_status(s, ingot_hal_load(ingot_aot_hal_device, kernel->code,
                                                kernel->code_bytes, kernel->function,
                                                kernel->buffers, loaded));
}

static void ingot_aot_device_unload(ingot_aot_state* s, void* loaded) {
  (void)s;
  ingot_hal_unload(loaded);
}

static int ingot_aot_device_launch(ingot_aot_state* s, void* loaded,
                                   const ingot_aot_launch* launch, void* const* buffers,
                                   const ingot_aot_arg* args) {
  uint64_t offsets[256], sizes[256];
  if (launch->args > 256)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_DEVICE, "a kernel takes %d buffers, over 256",
                          (int)launch->args);
  for (int32_t a = 0; a < launch->args; ++a) {
    offsets[a] = args[a].offset;
    sizes[a] = args[a].bytes;
  }
  return ingot_aot_hal_status(
      s, ingot_hal_launch(loaded, buffers, offsets, sizes, (int)launch->args, launch->global,
                          launch->local, launch->partial_groups));
}

static int ingot_aot_device_finish(ingot_aot_state* s) {
  return ingot_aot_hal_status(s, ingot_hal_finish(ingot_aot_hal_device));
}
