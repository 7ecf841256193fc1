// r_200_256: LOCAL(256) 
__kernel void r_200_256(__global ushort* restrict p0, __global const ushort* restrict p1, __global const ushort* restrict p2, __global const ushort* restrict p3) {
  float v4 = 0x0p+0f;
  for (long v5 = 0; v5 < 128; v5++) {
    long v7 = (((long)get_global_id(1)) * 128L);
    long v8 = (v7 + v5);
    float v9 = ingot_h2f(p1[v8]);
    long v11 = (v5 * 256L);
    long v12 = (((long)get_global_id(0)) + v11);
    float v13 = ingot_h2f(p2[v12]);
    float v14 = (v9 * v13);
    float v15 = (v4 + v14);
    v4 = v15;
  }
  float v18 = ingot_h2f(p3[((long)get_global_id(0))]);
  float v19 = (v4 + v18);
  float v20 = (0x1p-1f * v19);
  float v24 = (0x1.6e4p-5f * v19);
  float v25 = (v24 * v19);
  float v26 = (v25 * v19);
  float v27 = (v19 + v26);
  float v28 = (0x1.988p-1f * v27);
  float v29 = tanh(v28);
  float v30 = (0x1p+0f + v29);
  float v31 = (v20 * v30);
  long v33 = (((long)get_global_id(1)) * 256L);
  long v34 = (((long)get_global_id(0)) + v33);
  p0[v34] = ingot_f2h(v31);
}

