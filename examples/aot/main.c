/* A program using the exported MLP (`ingot export mlp --out DIR`): plain C that links
 * DIR/libmlp.a, with no ingot, no C++ and no compiler at run time. It runs the MLP on the
 * input the export wrote beside the library and checks the result against the JIT's, then
 * shows what a bad argument gets: an error code and a message.
 *
 *   mlp_demo DIR SEQ DIM */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mlp.h"

/* `count` floats from DIR/file, or NULL with a message. */
static float* read_floats(const char* dir, const char* file, size_t count) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  float* values = (float*)malloc(count * sizeof(float));
  FILE* f = fopen(path, "rb");
  size_t got = f && values ? fread(values, sizeof(float), count, f) : 0;
  if (f) fclose(f);
  if (got != count) {
    fprintf(stderr, "mlp_demo: cannot read %zu floats from %s\n", count, path);
    free(values);
    return NULL;
  }
  return values;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: mlp_demo DIR SEQ DIM\n");
    return 1;
  }
  const char* dir = argv[1];
  const int64_t seq = atoll(argv[2]), dim = atoll(argv[3]);
  const size_t count = (size_t)(seq * dim);
  float* x = read_floats(dir, "x.bin", count);
  float* want = read_floats(dir, "y_expected.bin", count);
  float* y = (float*)malloc(count * sizeof(float));
  if (!x || !want || !y) return 1;
  for (size_t i = 0; i < count; ++i) y[i] = NAN; /* what the MLP does not write stays NaN */

  /* Loading opens the device: a missing device or driver is an error code, not a crash. */
  if (mlp_load() != INGOT_AOT_OK) {
    fprintf(stderr, "mlp_load: %s\n", mlp_last_error());
    return 2;
  }
  mlp_inputs in = {{x, INGOT_AOT_FLOAT32, 2, {seq, dim}}};
  mlp_outputs out = {{y, INGOT_AOT_FLOAT32, 2, {seq, dim}}};
  if (mlp(&in, &out) != INGOT_AOT_OK) {
    fprintf(stderr, "mlp: %s\n", mlp_last_error());
    return 1;
  }
  double worst = 0, scale = 0;
  for (size_t i = 0; i < count; ++i) {
    double error = fabs((double)y[i] - (double)want[i]);
    worst = error > worst || error != error ? error : worst;
    scale = fabs((double)want[i]) > scale ? fabs((double)want[i]) : scale;
  }
  printf("mlp on [%lld, %lld]: largest difference from the JIT %.3g (largest |y| %.3g)\n",
         (long long)seq, (long long)dim, worst, scale);
  /* float32 sums in another order on another device: a few ulps of the largest value. */
  int ok = worst <= 1e-4 * (scale > 1 ? scale : 1);

  in.x.shape[0] = seq + 1;
  int status = mlp(&in, &out);
  printf("a wrong shape: code %d, \"%s\"\n", status, mlp_last_error());
  ok = ok && status == INGOT_AOT_ERROR_ARGUMENT;

  mlp_release();
  free(x);
  free(want);
  free(y);
  printf("%s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
