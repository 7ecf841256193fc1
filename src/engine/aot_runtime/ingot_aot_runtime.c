/* What every exported function does, whatever its device (docs/jit-and-export.md): load
 * (open the device, allocate the slots, upload the weights, load the kernels), check a
 * call's arguments, copy the inputs in, launch the recorded kernels with their recorded
 * dims, copy the outputs out. No code is generated or compiled here. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingot_aot_runtime.h"

static int ingot_aot_fail(ingot_aot_state* s, int code, const char* format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(s->error, sizeof s->error, format, args);
  va_end(args);
  return code;
}

static const char* ingot_aot_dtype_name(int32_t dtype) {
  static const char* const names[] = {"bool",   "int8",    "int16",    "int32",  "int64",
                                      "uint8",  "uint16",  "uint32",   "uint64", "float16",
                                      "bfloat16", "float32", "float64"};
  if (dtype < 0 || dtype >= (int32_t)(sizeof names / sizeof names[0])) return "unknown";
  return names[dtype];
}

/* "[4, 8]" into `out`. */
static void ingot_aot_shape_text(char* out, size_t size, int32_t ndim, const int64_t* shape) {
  size_t at = (size_t)snprintf(out, size, "[");
  for (int32_t d = 0; d < ndim && at < size; ++d)
    at += (size_t)snprintf(out + at, size - at, d ? ", %lld" : "%lld", (long long)shape[d]);
  if (at < size) snprintf(out + at, size - at, "]");
}

static void ingot_aot_release(ingot_aot_state* s, const ingot_aot_program* p) {
  if (!s->ready) return;
  for (int32_t k = 0; k < p->kernels_count; ++k)
    if (s->kernels[k]) ingot_aot_device_unload(s, s->kernels[k]);
  for (int32_t i = 0; i < p->slots_count; ++i)
    if (s->slots[i]) ingot_aot_device_free(s, s->slots[i]);
  ingot_aot_device_close(s);
  free(s->slots);
  free(s->kernels);
  free(s->launch_buffers);
  s->slots = s->kernels = s->launch_buffers = NULL;
  s->ready = 0;
}

static int ingot_aot_load(ingot_aot_state* s, const ingot_aot_program* p) {
  if (s->ready) return INGOT_AOT_OK;
  int status = ingot_aot_device_open(s, p->device);
  if (status != INGOT_AOT_OK) return status;
  s->ready = 1; /* from here on, release() undoes what was done */
  s->slots = (void**)calloc((size_t)p->slots_count + 1, sizeof(void*));
  s->kernels = (void**)calloc((size_t)p->kernels_count + 1, sizeof(void*));
  s->launch_buffers = (void**)calloc((size_t)p->max_args + 1, sizeof(void*));
  if (!s->slots || !s->kernels || !s->launch_buffers) {
    ingot_aot_release(s, p);
    return ingot_aot_fail(s, INGOT_AOT_ERROR_MEMORY, "%s: out of host memory while loading",
                          p->name);
  }
  for (int32_t i = 0; i < p->slots_count && status == INGOT_AOT_OK; ++i) {
    status = ingot_aot_device_alloc(s, p->slots[i].bytes, &s->slots[i]);
    if (status == INGOT_AOT_OK && p->slots[i].weights_at >= 0)
      status = ingot_aot_device_copy_in(s, s->slots[i], 0, p->weights + p->slots[i].weights_at,
                                        p->slots[i].bytes);
  }
  for (int32_t k = 0; k < p->kernels_count && status == INGOT_AOT_OK; ++k)
    status = ingot_aot_device_load(s, &p->kernels[k], &s->kernels[k]);
  if (status == INGOT_AOT_OK) status = ingot_aot_device_finish(s);
  if (status != INGOT_AOT_OK) {
    char message[sizeof s->error];
    memcpy(message, s->error, sizeof message);
    ingot_aot_release(s, p);
    return ingot_aot_fail(s, status, "%s: loading for %s: %s", p->name, p->device, message);
  }
  return INGOT_AOT_OK;
}

/* Checks one input or output against what the function was exported for. */
static int ingot_aot_check(ingot_aot_state* s, const ingot_aot_program* p, const char* what,
                           const ingot_aot_io* spec, const ingot_aot_tensor* t) {
  char want[256], got[256];
  if (t->dtype != spec->dtype)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_ARGUMENT,
                          "%s: %s '%s' has dtype %s (%d); the function was exported for %s",
                          p->name, what, spec->name, ingot_aot_dtype_name(t->dtype),
                          (int)t->dtype, ingot_aot_dtype_name(spec->dtype));
  int same = t->ndim == spec->ndim;
  for (int32_t d = 0; same && d < spec->ndim; ++d) same = t->shape[d] == spec->shape[d];
  if (!same) {
    ingot_aot_shape_text(want, sizeof want, spec->ndim, spec->shape);
    if (t->ndim < 0 || t->ndim > INGOT_AOT_MAX_DIMS)
      snprintf(got, sizeof got, "ndim %d", (int)t->ndim);
    else
      ingot_aot_shape_text(got, sizeof got, t->ndim, t->shape);
    return ingot_aot_fail(s, INGOT_AOT_ERROR_ARGUMENT,
                          "%s: %s '%s' has shape %s; the function was exported for %s", p->name,
                          what, spec->name, got, want);
  }
  if (!t->data && spec->bytes > 0)
    return ingot_aot_fail(s, INGOT_AOT_ERROR_ARGUMENT, "%s: %s '%s' has no data (a NULL pointer)",
                          p->name, what, spec->name);
  return INGOT_AOT_OK;
}

/* A call given a NULL `what` ("inputs", "outputs") instead of its struct. */
static int ingot_aot_null_argument(ingot_aot_state* s, const ingot_aot_program* p,
                                   const char* what) {
  return ingot_aot_fail(s, INGOT_AOT_ERROR_ARGUMENT, "%s: the %s pointer is NULL", p->name, what);
}

/* The call: `inputs` and `outputs` point at the fields of the caller's structs. */
static int ingot_aot_call(ingot_aot_state* s, const ingot_aot_program* p,
                          const ingot_aot_tensor* const* inputs, ingot_aot_tensor* const* outputs) {
  int status = INGOT_AOT_OK;
  for (int32_t i = 0; i < p->inputs_count && status == INGOT_AOT_OK; ++i)
    status = ingot_aot_check(s, p, "input", &p->inputs[i], inputs[i]);
  for (int32_t i = 0; i < p->outputs_count && status == INGOT_AOT_OK; ++i)
    status = ingot_aot_check(s, p, "output", &p->outputs[i], outputs[i]);
  if (status == INGOT_AOT_OK) status = ingot_aot_load(s, p);
  if (status != INGOT_AOT_OK) return status;
  for (int32_t i = 0; i < p->inputs_count && status == INGOT_AOT_OK; ++i) {
    const ingot_aot_io* in = &p->inputs[i];
    if (in->bytes)
      status = ingot_aot_device_copy_in(s, s->slots[in->slot], in->offset, inputs[i]->data,
                                        in->bytes);
  }
  for (int32_t l = 0; l < p->launches_count && status == INGOT_AOT_OK; ++l) {
    const ingot_aot_launch* launch = &p->launches[l];
    const ingot_aot_arg* args = &p->args[launch->first_arg];
    for (int32_t a = 0; a < launch->args; ++a) s->launch_buffers[a] = s->slots[args[a].slot];
    status = ingot_aot_device_launch(s, s->kernels[launch->kernel], launch, s->launch_buffers,
                                     args);
  }
  for (int32_t i = 0; i < p->outputs_count && status == INGOT_AOT_OK; ++i) {
    const ingot_aot_io* out = &p->outputs[i];
    if (out->bytes)
      status = ingot_aot_device_copy_out(s, outputs[i]->data, s->slots[out->slot], out->offset,
                                         out->bytes);
  }
  if (status == INGOT_AOT_OK) status = ingot_aot_device_finish(s);
  if (status != INGOT_AOT_OK) {
    /* A device's failure leaves its state unknown: the next call loads afresh. */
    char message[sizeof s->error];
    memcpy(message, s->error, sizeof message);
    ingot_aot_release(s, p);
    ingot_aot_fail(s, status, "%s: running on %s: %s", p->name, p->device, message);
  }
  return status;
}
