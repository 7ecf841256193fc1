// r_128_128: GROUP(64) PACK(4) 
__kernel void r_128_128(__global ushort* restrict p0, __global const ushort* restrict p1, __global const ushort* restrict p2) {
  __local float l0[256];
  long v2 = (((long)get_local_id(0)) % 64L);
  long v3 = (((long)get_local_id(0)) / 64L);
  float v5 = 0x0p+0f;
  for (long v6 = 0; v6 < 1; v6++) {
    long v8 = (((long)get_group_id(0)) / 32L);
    long v9 = (v8 * 64L);
    long v10 = (v9 + v2);
    float v11 = ingot_h2f(p1[v10]);
    long v12 = (((long)get_group_id(0)) % 32L);
    long v14 = (v12 * 256L);
    long v15 = (v14 + v2);
    long v16 = (v3 * 64L);
    long v17 = (v15 + v16);
    float v18 = ingot_h2f(p2[v17]);
    float v19 = (v11 * v18);
    float v20 = (v5 + v19);
    v5 = v20;
  }
  long v24 = (v3 * 64L);
  long v25 = (v2 + v24);
  l0[v25] = v5;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v29 = (v2 < 32L);
  if (v29) {
    long v31 = (v25 + 32L);
    float v32 = l0[v31];
    float v33 = l0[v25];
    float v34 = (v33 + v32);
    l0[v25] = v34;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v39 = (v2 < 16L);
  if (v39) {
    long v41 = (v25 + 16L);
    float v42 = l0[v41];
    float v43 = l0[v25];
    float v44 = (v43 + v42);
    l0[v25] = v44;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v49 = (v2 < 8L);
  if (v49) {
    long v51 = (v25 + 8L);
    float v52 = l0[v51];
    float v53 = l0[v25];
    float v54 = (v53 + v52);
    l0[v25] = v54;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v59 = (v2 < 4L);
  if (v59) {
    long v61 = (v25 + 4L);
    float v62 = l0[v61];
    float v63 = l0[v25];
    float v64 = (v63 + v62);
    l0[v25] = v64;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v69 = (v2 < 2L);
  if (v69) {
    long v71 = (v25 + 2L);
    float v72 = l0[v71];
    float v73 = l0[v25];
    float v74 = (v73 + v72);
    l0[v25] = v74;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v79 = (v2 < 1L);
  if (v79) {
    long v81 = (v25 + 1L);
    float v82 = l0[v81];
    float v83 = l0[v25];
    float v84 = (v83 + v82);
    l0[v25] = v84;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v88 = l0[v24];
  uchar v90 = (v2 == 0L);
  if (v90) {
    long v92 = (((long)get_group_id(0)) * 4L);
    long v93 = (v3 + v92);
    p0[v93] = ingot_f2h(v88);
  }
}

