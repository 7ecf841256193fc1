// E_256_1024: LOCAL(256) 
__kernel void E_256_1024(__global ushort* restrict p0, __global const ushort* restrict p1, __global const ushort* restrict p2) {
  long v4 = (((long)get_global_id(1)) * 1024L);
  long v5 = (((long)get_global_id(0)) + v4);
  float v6 = ingot_h2f(p1[v5]);
  float v8 = (-v6);
  float v9 = exp(v8);
  float v10 = (0x1p+0f + v9);
  float v11 = (1.0f / v10);
  float v12 = (v6 * v11);
  float v13 = ingot_h2f(p2[v5]);
  float v14 = (v12 * v13);
  p0[v5] = ingot_f2h(v14);
}

