// r_32_1: GROUP(256) 
__kernel void r_32_1(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  float v2 = (-INFINITY);
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (((long)get_group_id(0)) * 1000L);
    long v6 = (((long)get_local_id(0)) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)get_local_id(0)) + v8);
    uchar v11 = (v10 < 1000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : (-INFINITY));
    float v15 = ingot_maxf(v2, v14);
    v2 = v15;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v22 = (((long)get_local_id(0)) < 128L);
  if (v22) {
    long v24 = (((long)get_local_id(0)) + 128L);
    float v25 = l0[v24];
    float v26 = l0[((long)get_local_id(0))];
    float v27 = ingot_maxf(v26, v25);
    l0[((long)get_local_id(0))] = v27;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v32 = (((long)get_local_id(0)) < 64L);
  if (v32) {
    long v34 = (((long)get_local_id(0)) + 64L);
    float v35 = l0[v34];
    float v36 = l0[((long)get_local_id(0))];
    float v37 = ingot_maxf(v36, v35);
    l0[((long)get_local_id(0))] = v37;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v42 = (((long)get_local_id(0)) < 32L);
  if (v42) {
    long v44 = (((long)get_local_id(0)) + 32L);
    float v45 = l0[v44];
    float v46 = l0[((long)get_local_id(0))];
    float v47 = ingot_maxf(v46, v45);
    l0[((long)get_local_id(0))] = v47;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v52 = (((long)get_local_id(0)) < 16L);
  if (v52) {
    long v54 = (((long)get_local_id(0)) + 16L);
    float v55 = l0[v54];
    float v56 = l0[((long)get_local_id(0))];
    float v57 = ingot_maxf(v56, v55);
    l0[((long)get_local_id(0))] = v57;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v62 = (((long)get_local_id(0)) < 8L);
  if (v62) {
    long v64 = (((long)get_local_id(0)) + 8L);
    float v65 = l0[v64];
    float v66 = l0[((long)get_local_id(0))];
    float v67 = ingot_maxf(v66, v65);
    l0[((long)get_local_id(0))] = v67;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v72 = (((long)get_local_id(0)) < 4L);
  if (v72) {
    long v74 = (((long)get_local_id(0)) + 4L);
    float v75 = l0[v74];
    float v76 = l0[((long)get_local_id(0))];
    float v77 = ingot_maxf(v76, v75);
    l0[((long)get_local_id(0))] = v77;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v82 = (((long)get_local_id(0)) < 2L);
  if (v82) {
    long v84 = (((long)get_local_id(0)) + 2L);
    float v85 = l0[v84];
    float v86 = l0[((long)get_local_id(0))];
    float v87 = ingot_maxf(v86, v85);
    l0[((long)get_local_id(0))] = v87;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v92 = (((long)get_local_id(0)) < 1L);
  if (v92) {
    long v94 = (((long)get_local_id(0)) + 1L);
    float v95 = l0[v94];
    float v96 = l0[((long)get_local_id(0))];
    float v97 = ingot_maxf(v96, v95);
    l0[((long)get_local_id(0))] = v97;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v102 = l0[0L];
  uchar v103 = (((long)get_local_id(0)) == 0L);
  if (v103) {
    p0[((long)get_group_id(0))] = v102;
  }
}

// r_32_1: GROUP(256) 
__kernel void r_32_1(__global float* restrict p0, __global const float* restrict p1, __global const float* restrict p2) {
  __local float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (((long)get_group_id(0)) * 1000L);
    long v6 = (((long)get_local_id(0)) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)get_local_id(0)) + v8);
    uchar v11 = (v10 < 1000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v13 = (v11 ? p2[((long)get_group_id(0))] : 0);
    float v14 = (v12 - v13);
    float v15 = exp(v14);
    float v17 = (v11 ? v15 : 0x0p+0f);
    float v18 = (v2 + v17);
    v2 = v18;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v25 = (((long)get_local_id(0)) < 128L);
  if (v25) {
    long v27 = (((long)get_local_id(0)) + 128L);
    float v28 = l0[v27];
    float v29 = l0[((long)get_local_id(0))];
    float v30 = (v29 + v28);
    l0[((long)get_local_id(0))] = v30;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v35 = (((long)get_local_id(0)) < 64L);
  if (v35) {
    long v37 = (((long)get_local_id(0)) + 64L);
    float v38 = l0[v37];
    float v39 = l0[((long)get_local_id(0))];
    float v40 = (v39 + v38);
    l0[((long)get_local_id(0))] = v40;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v45 = (((long)get_local_id(0)) < 32L);
  if (v45) {
    long v47 = (((long)get_local_id(0)) + 32L);
    float v48 = l0[v47];
    float v49 = l0[((long)get_local_id(0))];
    float v50 = (v49 + v48);
    l0[((long)get_local_id(0))] = v50;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v55 = (((long)get_local_id(0)) < 16L);
  if (v55) {
    long v57 = (((long)get_local_id(0)) + 16L);
    float v58 = l0[v57];
    float v59 = l0[((long)get_local_id(0))];
    float v60 = (v59 + v58);
    l0[((long)get_local_id(0))] = v60;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v65 = (((long)get_local_id(0)) < 8L);
  if (v65) {
    long v67 = (((long)get_local_id(0)) + 8L);
    float v68 = l0[v67];
    float v69 = l0[((long)get_local_id(0))];
    float v70 = (v69 + v68);
    l0[((long)get_local_id(0))] = v70;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v75 = (((long)get_local_id(0)) < 4L);
  if (v75) {
    long v77 = (((long)get_local_id(0)) + 4L);
    float v78 = l0[v77];
    float v79 = l0[((long)get_local_id(0))];
    float v80 = (v79 + v78);
    l0[((long)get_local_id(0))] = v80;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v85 = (((long)get_local_id(0)) < 2L);
  if (v85) {
    long v87 = (((long)get_local_id(0)) + 2L);
    float v88 = l0[v87];
    float v89 = l0[((long)get_local_id(0))];
    float v90 = (v89 + v88);
    l0[((long)get_local_id(0))] = v90;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v95 = (((long)get_local_id(0)) < 1L);
  if (v95) {
    long v97 = (((long)get_local_id(0)) + 1L);
    float v98 = l0[v97];
    float v99 = l0[((long)get_local_id(0))];
    float v100 = (v99 + v98);
    l0[((long)get_local_id(0))] = v100;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v105 = l0[0L];
  uchar v106 = (((long)get_local_id(0)) == 0L);
  if (v106) {
    p0[((long)get_group_id(0))] = v105;
  }
}

// E_32_1000: LOCAL(256) 
__kernel void E_32_1000(__global float* restrict p0, __global const float* restrict p1, __global const float* restrict p2, __global const float* restrict p3) {
  uchar v4 = (((long)get_global_id(0)) < 1000L);
  if (v4) {
    long v6 = (((long)get_global_id(1)) * 1000L);
    long v7 = (((long)get_global_id(0)) + v6);
    float v8 = p1[v7];
    float v9 = p2[((long)get_global_id(1))];
    float v10 = (v8 - v9);
    float v11 = exp(v10);
    float v12 = p3[((long)get_global_id(1))];
    float v13 = (v11 / v12);
    p0[v7] = v13;
  }
}

