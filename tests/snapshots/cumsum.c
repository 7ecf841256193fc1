// r_4096_63_16_1: none
void r_4096_63_16_1(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v1 = 0x0p+0f;
    for (int64_t v2 = 0; v2 < 16; v2++) {
      int32_t v3 = (int32_t)(v2);
      int64_t v5 = (gidx % 16LL);
      int32_t v6 = (int32_t)(v5);
      int32_t v8 = (v6 + ((int32_t)1LL));
      uint8_t v9 = (v3 < v8);
      int64_t v10 = (gidx / 16LL);
      int64_t v12 = (v10 % 63LL);
      int64_t v13 = (v12 * 16LL);
      int64_t v15 = (gidx / 1008LL);
      int64_t v17 = (v15 * 1000LL);
      int64_t v18 = (v13 + v17);
      int64_t v19 = (v18 + v2);
      int64_t v20 = (v13 + v2);
      uint8_t v21 = (v20 < 1000LL);
      float v22 = (v21 ? p1[v19] : 0);
      float v24 = (v21 ? v22 : 0x0p+0f);
      float v25 = (v9 ? v24 : 0x0p+0f);
      float v26; { _Pragma("clang fp reassociate(on)") v26 = (v1 + v25); }
      v1 = v26;
    }
    p0[gidx] = v1;
  }
}

// r_4096_63_1: none
void r_4096_63_1(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v1 = 0x0p+0f;
    for (int64_t v2 = 0; v2 < 63; v2++) {
      int32_t v3 = (int32_t)(v2);
      int64_t v5 = (gidx % 63LL);
      int32_t v6 = (int32_t)(v5);
      int32_t v8 = (v6 + ((int32_t)1LL));
      uint8_t v9 = (v3 < v8);
      int64_t v10 = (gidx / 63LL);
      int64_t v12 = (v10 * 1008LL);
      int64_t v14 = (v2 * 16LL);
      int64_t v15 = (v12 + v14);
      int64_t v17 = (v15 + 15LL);
      float v18 = p1[v17];
      float v20 = (v9 ? v18 : 0x0p+0f);
      float v21; { _Pragma("clang fp reassociate(on)") v21 = (v1 + v20); }
      v1 = v21;
    }
    p0[gidx] = v1;
  }
}

// E_4096_63_16: UPCAST(out,16) 
typedef float floatx16 __attribute__((vector_size(64)));
typedef float floatx16_u __attribute__((vector_size(64), aligned(4)));
void E_4096_63_16(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  const float* restrict p2 = (const float*)bufs[2];
  for (int64_t gidx = start; gidx < end; gidx++) {
    int64_t v2 = (gidx * 16LL);
    floatx16 v3 = *(const floatx16_u*)(p1 + v2);
    int64_t v5 = (gidx + 62LL);
    int64_t v7 = (v5 / 63LL);
    int64_t v9 = (v7 + 4095LL);
    int64_t v11 = (v9 % 4096LL);
    int64_t v12 = (v11 * 63LL);
    int64_t v13 = (v5 % 63LL);
    int64_t v14 = (v12 + v13);
    int64_t v15 = (gidx % 63LL);
    int64_t v17 = (v15 * (-1LL));
    int64_t v19 = (v17 + 1LL);
    uint8_t v20 = (v19 < 1LL);
    float v21 = (v20 ? p2[v14] : 0);
    float v23 = (v20 ? v21 : 0x0p+0f);
    floatx16 v24 = (v23) - (floatx16){0};
    floatx16 v25 = (v3 + v24);
    *(floatx16_u*)(p0 + v2) = v25;
  }
}

