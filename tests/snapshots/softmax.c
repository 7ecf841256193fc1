// r_32_1000: ROW 
void r_32_1000(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
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
    float v10 = 0x0p+0f;
    for (int64_t v11 = 0; v11 < 1000; v11++) {
      int64_t v13 = (gidx * 1000LL);
      int64_t v14 = (v13 + v11);
      float v15 = p1[v14];
      float v16 = (v15 - v1);
      float v17 = ingot_exp_f(v16);
      float v18; { _Pragma("clang fp reassociate(on)") v18 = (v10 + v17); }
      v10 = v18;
    }
    for (int64_t v21 = 0; v21 < 1000; v21++) {
      int64_t v23 = (gidx * 1000LL);
      int64_t v24 = (v21 + v23);
      float v25 = p1[v24];
      float v26 = (v25 - v1);
      float v27 = ingot_exp_f(v26);
      float v28 = (v27 / v10);
      p0[v24] = v28;
    }
  }
}

