// r_64: GROUP(256) 
__kernel void r_64(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 16; v3++) {
    long v5 = (((long)get_group_id(0)) * 4000L);
    long v6 = (((long)get_local_id(0)) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)get_local_id(0)) + v8);
    uchar v11 = (v10 < 4000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : 0x0p+0f);
    float v15 = (v2 + v14);
    v2 = v15;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v22 = (((long)get_local_id(0)) < 128L);
  if (v22) {
    float v24 = l0[((long)get_local_id(0))];
    long v25 = (((long)get_local_id(0)) + 128L);
    float v26 = l0[v25];
    float v27 = (v24 + v26);
    l0[((long)get_local_id(0))] = v27;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v32 = (((long)get_local_id(0)) < 64L);
  if (v32) {
    float v34 = l0[((long)get_local_id(0))];
    long v35 = (((long)get_local_id(0)) + 64L);
    float v36 = l0[v35];
    float v37 = (v34 + v36);
    l0[((long)get_local_id(0))] = v37;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v42 = (((long)get_local_id(0)) < 32L);
  if (v42) {
    float v44 = l0[((long)get_local_id(0))];
    long v45 = (((long)get_local_id(0)) + 32L);
    float v46 = l0[v45];
    float v47 = (v44 + v46);
    l0[((long)get_local_id(0))] = v47;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v52 = (((long)get_local_id(0)) < 16L);
  if (v52) {
    float v54 = l0[((long)get_local_id(0))];
    long v55 = (((long)get_local_id(0)) + 16L);
    float v56 = l0[v55];
    float v57 = (v54 + v56);
    l0[((long)get_local_id(0))] = v57;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v62 = (((long)get_local_id(0)) < 8L);
  if (v62) {
    float v64 = l0[((long)get_local_id(0))];
    long v65 = (((long)get_local_id(0)) + 8L);
    float v66 = l0[v65];
    float v67 = (v64 + v66);
    l0[((long)get_local_id(0))] = v67;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v72 = (((long)get_local_id(0)) < 4L);
  if (v72) {
    float v74 = l0[((long)get_local_id(0))];
    long v75 = (((long)get_local_id(0)) + 4L);
    float v76 = l0[v75];
    float v77 = (v74 + v76);
    l0[((long)get_local_id(0))] = v77;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v82 = (((long)get_local_id(0)) < 2L);
  if (v82) {
    float v84 = l0[((long)get_local_id(0))];
    long v85 = (((long)get_local_id(0)) + 2L);
    float v86 = l0[v85];
    float v87 = (v84 + v86);
    l0[((long)get_local_id(0))] = v87;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v92 = (((long)get_local_id(0)) < 1L);
  if (v92) {
    float v94 = l0[((long)get_local_id(0))];
    long v95 = (((long)get_local_id(0)) + 1L);
    float v96 = l0[v95];
    float v97 = (v94 + v96);
    l0[((long)get_local_id(0))] = v97;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v102 = l0[0L];
  uchar v103 = (((long)get_local_id(0)) == 0L);
  if (v103) {
    p0[((long)get_group_id(0))] = v102;
  }
}

