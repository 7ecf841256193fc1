// E_256_1024: none
void E_256_1024(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const float* restrict p1 = (const float*)bufs[1];
  const float* restrict p2 = (const float*)bufs[2];
  const float* restrict p3 = (const float*)bufs[3];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v1 = p1[gidx];
    float v2 = p2[gidx];
    float v3 = (v1 + v2);
    int64_t v5 = (gidx % 1024LL);
    float v6 = p3[v5];
    float v7 = (v3 * v6);
    p0[gidx] = v7;
  }
}

