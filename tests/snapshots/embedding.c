// E_8_64_512: UPCAST(out,16) 
typedef float floatx16 __attribute__((vector_size(64)));
typedef float floatx16_u __attribute__((vector_size(64), aligned(4)));
void E_8_64_512(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const int32_t* restrict p1 = (const int32_t*)bufs[1];
  const float* restrict p2 = (const float*)bufs[2];
  for (int64_t gidx = start; gidx < end; gidx++) {
    int64_t v2 = (gidx / 32LL);
    int64_t v4 = (v2 % 64LL);
    int64_t v6 = (gidx / 2048LL);
    int64_t v7 = (v6 * 64LL);
    int64_t v8 = (v4 + v7);
    int32_t v9 = p1[v8];
    int64_t v10 = (int64_t)(v9);
    int64_t v12 = (v10 > 0LL ? v10 : 0LL);
    int64_t v14 = (v12 < 999LL ? v12 : 999LL);
    int64_t v15 = (gidx % 32LL);
    int64_t v17 = (v15 * 16LL);
    int64_t v19 = (v14 * 512LL);
    int64_t v20 = (v17 + v19);
    floatx16 v21 = *(const floatx16_u*)(p2 + v20);
    int64_t v22 = (gidx * 16LL);
    *(floatx16_u*)(p0 + v22) = v21;
  }
}

