// E_256_64: LOCAL(256) 
__kernel void E_256_64(__global float* restrict p0, __global const int* restrict p1, __global const float* restrict p2) {
  int v1 = p1[((long)get_global_id(0))];
  uchar v3 = (v1 < ((int)0L));
  int v5 = (v1 + ((int)1000L));
  int v6 = (v3 ? v5 : v1);
  long v7 = (long)(v6);
  long v9 = (v7 > 0L ? v7 : 0L);
  long v11 = (v9 < 999L ? v9 : 999L);
  long v13 = (((long)get_global_id(0)) / 64L);
  long v15 = (v13 * 1000L);
  long v16 = (v15 + v11);
  float v17 = p2[v16];
  p0[((long)get_global_id(0))] = v17;
}

