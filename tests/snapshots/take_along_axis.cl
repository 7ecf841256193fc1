// E_256_64: LOCAL(256) UPCAST(out,4) 
__kernel void E_256_64(__global float* restrict p0, __global const int* restrict p1, __global const float* restrict p2) {
  long v2 = (((long)get_global_id(0)) * 4L);
  int4 v3 = vload4(0, p1 + v2);
  int v4 = v3.s0;
  long v5 = (long)(v4);
  long v7 = (v5 > 0L ? v5 : 0L);
  long v9 = (v7 < 999L ? v7 : 999L);
  long v11 = (((long)get_global_id(0)) / 16L);
  long v13 = (v11 * 1000L);
  long v14 = (v13 + v9);
  float v15 = p2[v14];
  int v16 = v3.s1;
  long v17 = (long)(v16);
  long v18 = (v17 > 0L ? v17 : 0L);
  long v19 = (v18 < 999L ? v18 : 999L);
  long v20 = (v13 + v19);
  float v21 = p2[v20];
  int v22 = v3.s2;
  long v23 = (long)(v22);
  long v24 = (v23 > 0L ? v23 : 0L);
  long v25 = (v24 < 999L ? v24 : 999L);
  long v26 = (v13 + v25);
  float v27 = p2[v26];
  int v28 = v3.s3;
  long v29 = (long)(v28);
  long v30 = (v29 > 0L ? v29 : 0L);
  long v31 = (v30 < 999L ? v30 : 999L);
  long v32 = (v13 + v31);
  float v33 = p2[v32];
  float4 v34 = (float4)(v15, v21, v27, v33);
  vstore4(v34, 0, p0 + v2);
}

