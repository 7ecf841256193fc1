// r_128_128: none
void r_128_128(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  uint16_t* restrict p0 = (uint16_t*)bufs[0];
  const uint16_t* restrict p1 = (const uint16_t*)bufs[1];
  const uint16_t* restrict p2 = (const uint16_t*)bufs[2];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v1 = 0x0p+0f;
    for (int64_t v2 = 0; v2 < 64; v2++) {
      int64_t v4 = (gidx / 128LL);
      int64_t v6 = (v4 * 64LL);
      int64_t v7 = (v6 + v2);
      float v8 = ingot_h2f(p1[v7]);
      int64_t v9 = (gidx % 128LL);
      int64_t v10 = (v9 * 64LL);
      int64_t v11 = (v10 + v2);
      float v12 = ingot_h2f(p2[v11]);
      float v13 = (v8 * v12);
      float v14; { _Pragma("clang fp reassociate(on)") v14 = (v1 + v13); }
      v1 = v14;
    }
    p0[gidx] = ingot_f2h(v1);
  }
}

