// r_1024_1: UNROLL(reduce,16) 
typedef float floatx16 __attribute__((vector_size(64)));
typedef float floatx16_u __attribute__((vector_size(64), aligned(4)));
void r_1024_1(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  for (int64_t gidx = start; gidx < end; gidx++) {
    floatx16 v1 = (0x0p+0f) - (floatx16){0};
    floatx16 v2 = (0x0p+0f) - (floatx16){0};
    floatx16 v3 = (0x0p+0f) - (floatx16){0};
    floatx16 v4 = (0x0p+0f) - (floatx16){0};
    for (int64_t v5 = 0; v5 < 16; v5++) {
      int64_t v7 = (gidx * 1024LL);
      int64_t v9 = (v5 * 64LL);
      int64_t v10 = (v7 + v9);
      floatx16 v11 = *(const floatx16_u*)(p1 + v10);
      floatx16 v12 = (v1 + v11);
      v1 = v12;
      int64_t v15 = (v10 + 16LL);
      floatx16 v16 = *(const floatx16_u*)(p1 + v15);
      floatx16 v17 = (v2 + v16);
      v2 = v17;
      int64_t v20 = (v10 + 32LL);
      floatx16 v21 = *(const floatx16_u*)(p1 + v20);
      floatx16 v22 = (v3 + v21);
      v3 = v22;
      int64_t v25 = (v10 + 48LL);
      floatx16 v26 = *(const floatx16_u*)(p1 + v25);
      floatx16 v27 = (v4 + v26);
      v4 = v27;
    }
    floatx16 v30 = (v1 + v2);
    floatx16 v31 = (v30 + v3);
    floatx16 v32 = (v31 + v4);
    float v33 = v32[0]; v33 = (v33 + v32[1]); v33 = (v33 + v32[2]); v33 = (v33 + v32[3]); v33 = (v33 + v32[4]); v33 = (v33 + v32[5]); v33 = (v33 + v32[6]); v33 = (v33 + v32[7]); v33 = (v33 + v32[8]); v33 = (v33 + v32[9]); v33 = (v33 + v32[10]); v33 = (v33 + v32[11]); v33 = (v33 + v32[12]); v33 = (v33 + v32[13]); v33 = (v33 + v32[14]); v33 = (v33 + v32[15]);
    p0[gidx] = v33;
  }
}

// r_1: UNROLL(reduce,16) 
typedef float floatx16 __attribute__((vector_size(64)));
typedef float floatx16_u __attribute__((vector_size(64), aligned(4)));
void r_1(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  for (int64_t gidx = start; gidx < end; gidx++) {
    floatx16 v1 = (0x0p+0f) - (floatx16){0};
    floatx16 v2 = (0x0p+0f) - (floatx16){0};
    floatx16 v3 = (0x0p+0f) - (floatx16){0};
    floatx16 v4 = (0x0p+0f) - (floatx16){0};
    for (int64_t v5 = 0; v5 < 16; v5++) {
      int64_t v7 = (v5 * 64LL);
      floatx16 v8 = *(const floatx16_u*)(p1 + v7);
      floatx16 v9 = (v1 + v8);
      v1 = v9;
      int64_t v12 = (v7 + 16LL);
      floatx16 v13 = *(const floatx16_u*)(p1 + v12);
      floatx16 v14 = (v2 + v13);
      v2 = v14;
      int64_t v17 = (v7 + 32LL);
      floatx16 v18 = *(const floatx16_u*)(p1 + v17);
      floatx16 v19 = (v3 + v18);
      v3 = v19;
      int64_t v22 = (v7 + 48LL);
      floatx16 v23 = *(const floatx16_u*)(p1 + v22);
      floatx16 v24 = (v4 + v23);
      v4 = v24;
    }
    floatx16 v27 = (v1 + v2);
    floatx16 v28 = (v27 + v3);
    floatx16 v29 = (v28 + v4);
    float v30 = v29[0]; v30 = (v30 + v29[1]); v30 = (v30 + v29[2]); v30 = (v30 + v29[3]); v30 = (v30 + v29[4]); v30 = (v30 + v29[5]); v30 = (v30 + v29[6]); v30 = (v30 + v29[7]); v30 = (v30 + v29[8]); v30 = (v30 + v29[9]); v30 = (v30 + v29[10]); v30 = (v30 + v29[11]); v30 = (v30 + v29[12]); v30 = (v30 + v29[13]); v30 = (v30 + v29[14]); v30 = (v30 + v29[15]);
    p0[0LL] = v30;
  }
}

