// E_8_58_58_64: none
void E_8_58_58_64(char* const* bufs, const int64_t* iargs, const double* fargs, int64_t start, int64_t end) {
  (void)iargs; (void)fargs;
  uint16_t* restrict p0 = (uint16_t*)bufs[0];
  const uint16_t* restrict p1 = (const uint16_t*)bufs[1];
  for (int64_t gidx = start; gidx < end; gidx++) {
    int64_t v2 = (gidx / 3712LL);
    int64_t v4 = (v2 % 58LL);
    int64_t v6 = (v4 * 56LL);
    int64_t v8 = (gidx / 64LL);
    int64_t v9 = (v8 % 58LL);
    int64_t v10 = (v6 + v9);
    int64_t v11 = (gidx % 64LL);
    int64_t v13 = (v11 * 3136LL);
    int64_t v14 = (v10 + v13);
    int64_t v16 = (gidx / 215296LL);
    int64_t v18 = (v16 * 200704LL);
    int64_t v19 = (v14 + v18);
    int64_t v21 = (v19 + (-57LL));
    int64_t v23 = (v4 * (-1LL));
    int64_t v25 = (v23 + 1LL);
    uint8_t v26 = (v25 < 1LL);
    int64_t v27 = (v4 + (-1LL));
    uint8_t v28 = (v27 < 56LL);
    uint8_t v29 = (v26 & v28);
    int64_t v30 = (v9 * (-1LL));
    int64_t v31 = (v30 + 1LL);
    uint8_t v32 = (v31 < 1LL);
    uint8_t v33 = (v29 & v32);
    int64_t v34 = (v9 + (-1LL));
    uint8_t v35 = (v34 < 56LL);
    uint8_t v36 = (v33 & v35);
    float v37 = (v36 ? ingot_h2f(p1[v21]) : 0);
    float v39 = (v36 ? v37 : 0x0p+0f);
    p0[gidx] = ingot_f2h(v39);
  }
}

