// E_256_1024: none
void E_256_1024(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  uint16_t* restrict p0 = (uint16_t*)bufs[0];
  const uint16_t* restrict p1 = (const uint16_t*)bufs[1];
  const uint16_t* restrict p2 = (const uint16_t*)bufs[2];
  for (int64_t gidx = start; gidx < end; gidx++) {
    float v1 = ingot_h2f(p1[gidx]);
    float v3 = (-v1);
    float v4 = ingot_exp_f(v3);
    float v5 = (0x1p+0f + v4);
    float v6 = (1.0f / v5);
    float v7 = (v1 * v6);
    float v8 = ingot_h2f(p2[gidx]);
    float v9 = (v7 * v8);
    p0[gidx] = ingot_f2h(v9);
  }
}

