// r_64: GROUP(256) 
__kernel void r_64(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 15; v3++) {
    long v5 = (((long)get_group_id(0)) * 4000L);
    long v6 = (((long)get_local_id(0)) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = (v2 + v10);
    v2 = v11;
  }
  long v15 = (((long)get_local_id(0)) + 3840L);
  uchar v17 = (v15 < 4000L);
  if (v17) {
    long v19 = (((long)get_group_id(0)) * 4000L);
    long v20 = (((long)get_local_id(0)) + v19);
    long v21 = (v20 + 3840L);
    float v22 = p1[v21];
    float v23 = (v2 + v22);
    v2 = v23;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v30 = (((long)get_local_id(0)) < 128L);
  if (v30) {
    long v32 = (((long)get_local_id(0)) + 128L);
    float v33 = l0[v32];
    float v34 = l0[((long)get_local_id(0))];
    float v35 = (v34 + v33);
    l0[((long)get_local_id(0))] = v35;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v40 = (((long)get_local_id(0)) < 64L);
  if (v40) {
    long v42 = (((long)get_local_id(0)) + 64L);
    float v43 = l0[v42];
    float v44 = l0[((long)get_local_id(0))];
    float v45 = (v44 + v43);
    l0[((long)get_local_id(0))] = v45;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v50 = (((long)get_local_id(0)) < 32L);
  if (v50) {
    long v52 = (((long)get_local_id(0)) + 32L);
    float v53 = l0[v52];
    float v54 = l0[((long)get_local_id(0))];
    float v55 = (v54 + v53);
    l0[((long)get_local_id(0))] = v55;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v60 = (((long)get_local_id(0)) < 16L);
  if (v60) {
    long v62 = (((long)get_local_id(0)) + 16L);
    float v63 = l0[v62];
    float v64 = l0[((long)get_local_id(0))];
    float v65 = (v64 + v63);
    l0[((long)get_local_id(0))] = v65;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v70 = (((long)get_local_id(0)) < 8L);
  if (v70) {
    long v72 = (((long)get_local_id(0)) + 8L);
    float v73 = l0[v72];
    float v74 = l0[((long)get_local_id(0))];
    float v75 = (v74 + v73);
    l0[((long)get_local_id(0))] = v75;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v80 = (((long)get_local_id(0)) < 4L);
  if (v80) {
    long v82 = (((long)get_local_id(0)) + 4L);
    float v83 = l0[v82];
    float v84 = l0[((long)get_local_id(0))];
    float v85 = (v84 + v83);
    l0[((long)get_local_id(0))] = v85;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v90 = (((long)get_local_id(0)) < 2L);
  if (v90) {
    long v92 = (((long)get_local_id(0)) + 2L);
    float v93 = l0[v92];
    float v94 = l0[((long)get_local_id(0))];
    float v95 = (v94 + v93);
    l0[((long)get_local_id(0))] = v95;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v100 = (((long)get_local_id(0)) < 1L);
  if (v100) {
    long v102 = (((long)get_local_id(0)) + 1L);
    float v103 = l0[v102];
    float v104 = l0[((long)get_local_id(0))];
    float v105 = (v104 + v103);
    l0[((long)get_local_id(0))] = v105;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v110 = l0[0L];
  uchar v111 = (((long)get_local_id(0)) == 0L);
  if (v111) {
    p0[((long)get_group_id(0))] = v110;
  }
}

