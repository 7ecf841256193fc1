/* The types every exported function's header uses (docs/jit-and-export.md): a tensor
 * described by a plain struct of a host pointer, an element type and a shape, and the
 * codes a call returns. Written by ingot::export_function beside each exported header. */
#ifndef INGOT_AOT_H
#define INGOT_AOT_H

#include <stdint.h>

#define INGOT_AOT_MAX_DIMS 8

/* Element types, numbered as ingot's DType (include/ingot/dtype.hpp). */
typedef enum ingot_aot_dtype {
  INGOT_AOT_BOOL,
  INGOT_AOT_INT8,
  INGOT_AOT_INT16,
  INGOT_AOT_INT32,
  INGOT_AOT_INT64,
  INGOT_AOT_UINT8,
  INGOT_AOT_UINT16,
  INGOT_AOT_UINT32,
  INGOT_AOT_UINT64,
  INGOT_AOT_FLOAT16,
  INGOT_AOT_BFLOAT16,
  INGOT_AOT_FLOAT32,
  INGOT_AOT_FLOAT64
} ingot_aot_dtype;

/* One input or output: `data` points at host memory holding the elements contiguous in
 * row-major order; `shape[0..ndim)` are the extents. The exported function reads inputs
 * and writes outputs there, and checks dtype, ndim and shape against what it was
 * exported for. */
typedef struct ingot_aot_tensor {
  void* data;
  int32_t dtype; /* an ingot_aot_dtype */
  int32_t ndim;
  int64_t shape[INGOT_AOT_MAX_DIMS];
} ingot_aot_tensor;

/* What an exported function returns; anything but INGOT_AOT_OK comes with a message
 * (<name>_last_error()). */
#define INGOT_AOT_OK 0
#define INGOT_AOT_ERROR_ARGUMENT 1 /* a NULL pointer, a wrong dtype or shape */
#define INGOT_AOT_ERROR_DEVICE 2   /* the device, its driver or a kernel failed */
#define INGOT_AOT_ERROR_MEMORY 3   /* an allocation failed */

#endif
