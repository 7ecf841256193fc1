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
    float v24 = l0[((long)get_local_id(0))];
    long v25 = (((long)get_local_id(0)) + 128L);
    float v26 = l0[v25];
    float v27 = ingot_maxf(v24, v26);
    l0[((long)get_local_id(0))] = v27;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v32 = (((long)get_local_id(0)) < 64L);
  if (v32) {
    float v34 = l0[((long)get_local_id(0))];
    long v35 = (((long)get_local_id(0)) + 64L);
    float v36 = l0[v35];
    float v37 = ingot_maxf(v34, v36);
    l0[((long)get_local_id(0))] = v37;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v42 = (((long)get_local_id(0)) < 32L);
  if (v42) {
    float v44 = l0[((long)get_local_id(0))];
    long v45 = (((long)get_local_id(0)) + 32L);
    float v46 = l0[v45];
    float v47 = ingot_maxf(v44, v46);
    l0[((long)get_local_id(0))] = v47;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v52 = (((long)get_local_id(0)) < 16L);
  if (v52) {
    float v54 = l0[((long)get_local_id(0))];
    long v55 = (((long)get_local_id(0)) + 16L);
    float v56 = l0[v55];
    float v57 = ingot_maxf(v54, v56);
    l0[((long)get_local_id(0))] = v57;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v62 = (((long)get_local_id(0)) < 8L);
  if (v62) {
    float v64 = l0[((long)get_local_id(0))];
    long v65 = (((long)get_local_id(0)) + 8L);
    float v66 = l0[v65];
    float v67 = ingot_maxf(v64, v66);
    l0[((long)get_local_id(0))] = v67;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v72 = (((long)get_local_id(0)) < 4L);
  if (v72) {
    float v74 = l0[((long)get_local_id(0))];
    long v75 = (((long)get_local_id(0)) + 4L);
    float v76 = l0[v75];
    float v77 = ingot_maxf(v74, v76);
    l0[((long)get_local_id(0))] = v77;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v82 = (((long)get_local_id(0)) < 2L);
  if (v82) {
    float v84 = l0[((long)get_local_id(0))];
    long v85 = (((long)get_local_id(0)) + 2L);
    float v86 = l0[v85];
    float v87 = ingot_maxf(v84, v86);
    l0[((long)get_local_id(0))] = v87;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v92 = (((long)get_local_id(0)) < 1L);
  if (v92) {
    float v94 = l0[((long)get_local_id(0))];
    long v95 = (((long)get_local_id(0)) + 1L);
    float v96 = l0[v95];
    float v97 = ingot_maxf(v94, v96);
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
    float v27 = l0[((long)get_local_id(0))];
    long v28 = (((long)get_local_id(0)) + 128L);
    float v29 = l0[v28];
    float v30 = (v27 + v29);
    l0[((long)get_local_id(0))] = v30;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v35 = (((long)get_local_id(0)) < 64L);
  if (v35) {
    float v37 = l0[((long)get_local_id(0))];
    long v38 = (((long)get_local_id(0)) + 64L);
    float v39 = l0[v38];
    float v40 = (v37 + v39);
    l0[((long)get_local_id(0))] = v40;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v45 = (((long)get_local_id(0)) < 32L);
  if (v45) {
    float v47 = l0[((long)get_local_id(0))];
    long v48 = (((long)get_local_id(0)) + 32L);
    float v49 = l0[v48];
    float v50 = (v47 + v49);
    l0[((long)get_local_id(0))] = v50;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v55 = (((long)get_local_id(0)) < 16L);
  if (v55) {
    float v57 = l0[((long)get_local_id(0))];
    long v58 = (((long)get_local_id(0)) + 16L);
    float v59 = l0[v58];
    float v60 = (v57 + v59);
    l0[((long)get_local_id(0))] = v60;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v65 = (((long)get_local_id(0)) < 8L);
  if (v65) {
    float v67 = l0[((long)get_local_id(0))];
    long v68 = (((long)get_local_id(0)) + 8L);
    float v69 = l0[v68];
    float v70 = (v67 + v69);
    l0[((long)get_local_id(0))] = v70;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v75 = (((long)get_local_id(0)) < 4L);
  if (v75) {
    float v77 = l0[((long)get_local_id(0))];
    long v78 = (((long)get_local_id(0)) + 4L);
    float v79 = l0[v78];
    float v80 = (v77 + v79);
    l0[((long)get_local_id(0))] = v80;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v85 = (((long)get_local_id(0)) < 2L);
  if (v85) {
    float v87 = l0[((long)get_local_id(0))];
    long v88 = (((long)get_local_id(0)) + 2L);
    float v89 = l0[v88];
    float v90 = (v87 + v89);
    l0[((long)get_local_id(0))] = v90;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v95 = (((long)get_local_id(0)) < 1L);
  if (v95) {
    float v97 = l0[((long)get_local_id(0))];
    long v98 = (((long)get_local_id(0)) + 1L);
    float v99 = l0[v98];
    float v100 = (v97 + v99);
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

