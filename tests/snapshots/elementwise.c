// E_256_1024: UPCAST(out,16) 
typedef float floatx16 __attribute__((vector_size(64)));
typedef float floatx16_u __attribute__((vector_size(64), aligned(4)));
void E_256_1024(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  const float* restrict p2 = (const float*)bufs[2];
  const float* restrict p3 = (const float*)bufs[3];
  for (int64_t gidx = start; gidx < end; gidx++) {
    int64_t v2 = (gidx * 16LL);
    floatx16 v3 = *(const floatx16_u*)(p1 + v2);
    floatx16 v4 = *(const floatx16_u*)(p2 + v2);
    floatx16 v5 = (v3 + v4);
    int64_t v7 = (gidx % 64LL);
    int64_t v8 = (v7 * 16LL);
    floatx16 v9 = *(const floatx16_u*)(p3 + v8);
    floatx16 v10 = (v5 * v9);
    *(floatx16_u*)(p0 + v2) = v10;
  }
}

