// r_64: UNROLL(reduce,16) 
typedef float floatx16 __attribute__((vector_size(64)));
typedef float floatx16_u __attribute__((vector_size(64), aligned(4)));
void r_64(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  for (int64_t gidx = start; gidx < end; gidx++) {
    floatx16 v1 = (0x0p+0f) - (floatx16){0};
    for (int64_t v2 = 0; v2 < 250; v2++) {
      int64_t v4 = (gidx * 4000LL);
      int64_t v6 = (v2 * 16LL);
      int64_t v7 = (v4 + v6);
      floatx16 v8 = *(const floatx16_u*)(p1 + v7);
      floatx16 v9 = (v1 + v8);
      v1 = v9;
    }
    float v12 = v1[0]; v12 = (v12 + v1[1]); v12 = (v12 + v1[2]); v12 = (v12 + v1[3]); v12 = (v12 + v1[4]); v12 = (v12 + v1[5]); v12 = (v12 + v1[6]); v12 = (v12 + v1[7]); v12 = (v12 + v1[8]); v12 = (v12 + v1[9]); v12 = (v12 + v1[10]); v12 = (v12 + v1[11]); v12 = (v12 + v1[12]); v12 = (v12 + v1[13]); v12 = (v12 + v1[14]); v12 = (v12 + v1[15]);
    p0[gidx] = v12;
  }
}

