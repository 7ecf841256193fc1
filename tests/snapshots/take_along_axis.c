// E_256_64: none
void E_256_64(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  float* restrict p0 = (float*)bufs[0];
  const int32_t* restrict p1 = (const int32_t*)bufs[1];
  const float* restrict p2 = (const float*)bufs[2];
  for (int64_t gidx = start; gidx < end; gidx++) {
    int32_t v1 = p1[gidx];
    uint8_t v3 = (v1 < ((int32_t)0LL));
    int32_t v5 = (v1 + ((int32_t)1000LL));
    int32_t v6 = (v3 ? v5 : v1);
    int64_t v7 = (int64_t)(v6);
    int64_t v9 = (v7 > 0LL ? v7 : 0LL);
    int64_t v11 = (v9 < 999LL ? v9 : 999LL);
    int64_t v13 = (gidx / 64LL);
    int64_t v15 = (v13 * 1000LL);
    int64_t v16 = (v15 + v11);
    float v17 = p2[v16];
    p0[gidx] = v17;
  }
}

