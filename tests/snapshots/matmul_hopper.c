// r_200_256: none
void r_200_256(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  uint16_t* restrict p0 = (uint16_t*)bufs[0];
  const uint16_t* restrict p1 = (const uint16_t*)bufs[1];
  const uint16_t* restrict p2 = (const uint16_t*)bufs[2];
  const uint16_t* restrict p3 = (const uint16_t*)bufs[3];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v2 = 0x0p+0f;
    for (int64_t v3 = 0; v3 < 128; v3++) {
      int64_t v5 = (gidx / 256LL);
      int64_t v7 = (v5 * 128LL);
      int64_t v8 = (v7 + v3);
      float v9 = ingot_h2f(p1[v8]);
      int64_t v10 = (gidx % 256LL);
      int64_t v11 = (v3 * 256LL);
      int64_t v12 = (v10 + v11);
      float v13 = ingot_h2f(p2[v12]);
      float v14 = (v9 * v13);
      float v15; { _Pragma("clang fp reassociate(on)") v15 = (v2 + v14); }
      v2 = v15;
    }
    int64_t v19 = (gidx % 256LL);
    float v20 = ingot_h2f(p3[v19]);
    float v21 = (v2 + v20);
    float v22 = (0x1p-1f * v21);
    float v26 = (0x1.6e4p-5f * v21);
    float v27 = (v26 * v21);
    float v28 = (v27 * v21);
    float v29 = (v21 + v28);
    float v30 = (0x1.988p-1f * v29);
    float v31 = ingot_tanh_f(v30);
    float v32 = (0x1p+0f + v31);
    float v33 = (v22 * v32);
    p0[gidx] = ingot_f2h(v33);
  }
}

