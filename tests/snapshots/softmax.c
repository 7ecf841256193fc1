// r_32_1: none
void r_32_1(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v1 = (-INFINITY);
    for (int64_t v2 = 0; v2 < 1000; v2++) {
      int64_t v4 = (gidx * 1000LL);
      int64_t v5 = (v4 + v2);
      float v6 = p1[v5];
      float v7 = ingot_maxf(v1, v6);
      v1 = v7;
    }
    p0[gidx] = v1;
  }
}

// r_32_1: none
void r_32_1(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  const float* restrict p2 = (const float*)bufs[2];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v1 = 0x0p+0f;
    for (int64_t v2 = 0; v2 < 1000; v2++) {
      int64_t v4 = (gidx * 1000LL);
      int64_t v5 = (v4 + v2);
      float v6 = p1[v5];
      float v7 = p2[gidx];
      float v8 = (v6 - v7);
      float v9 = expf(v8);
      float v10 = (v1 + v9);
      v1 = v10;
    }
    p0[gidx] = v1;
  }
}

// E_32_1000: none
void E_32_1000(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  const float* restrict p2 = (const float*)bufs[2];
  const float* restrict p3 = (const float*)bufs[3];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v1 = p1[gidx];
    int64_t v3 = (gidx / 1000LL);
    float v4 = p2[v3];
    float v5 = (v1 - v4);
    float v6 = expf(v5);
    float v7 = p3[v3];
    float v8 = (v6 / v7);
    p0[gidx] = v8;
  }
}

