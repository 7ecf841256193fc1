// E_8_64_512: LOCAL(256) UPCAST(out,4) 
__kernel void E_8_64_512(__global float* restrict p0, __global const int* restrict p1, __global const float* restrict p2) {
  long v2 = (((long)get_global_id(0)) / 128L);
  long v4 = (v2 % 64L);
  long v6 = (((long)get_global_id(0)) / 8192L);
  long v7 = (v6 * 64L);
  long v8 = (v4 + v7);
  int v9 = p1[v8];
  long v10 = (long)(v9);
  long v12 = (v10 > 0L ? v10 : 0L);
  long v14 = (v12 < 999L ? v12 : 999L);
  long v15 = (((long)get_global_id(0)) % 128L);
  long v17 = (v15 * 4L);
  long v19 = (v14 * 512L);
  long v20 = (v17 + v19);
  float4 v21 = vload4(0, p2 + v20);
  long v22 = (((long)get_global_id(0)) * 4L);
  vstore4(v21, 0, p0 + v22);
}

