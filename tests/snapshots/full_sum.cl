// r_1024_1: GROUP(128x4) 
__kernel void r_1024_1(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[128];
  float4 v2 = ((float4)(0x0p+0f));
  for (long v3 = 0; v3 < 2; v3++) {
    long v5 = (((long)get_local_id(0)) * 4L);
    long v7 = (((long)get_group_id(0)) * 1024L);
    long v8 = (v5 + v7);
    long v10 = (v3 * 512L);
    long v11 = (v8 + v10);
    float4 v12 = vload4(0, p1 + v11);
    float4 v13 = (v2 + v12);
    v2 = v13;
  }
  float v16 = v2.s0; v16 = (v16 + v2.s1); v16 = (v16 + v2.s2); v16 = (v16 + v2.s3);
  l0[((long)get_local_id(0))] = v16;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v21 = (((long)get_local_id(0)) < 64L);
  if (v21) {
    long v23 = (((long)get_local_id(0)) + 64L);
    float v24 = l0[v23];
    float v25 = l0[((long)get_local_id(0))];
    float v26 = (v25 + v24);
    l0[((long)get_local_id(0))] = v26;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v31 = (((long)get_local_id(0)) < 32L);
  if (v31) {
    long v33 = (((long)get_local_id(0)) + 32L);
    float v34 = l0[v33];
    float v35 = l0[((long)get_local_id(0))];
    float v36 = (v35 + v34);
    l0[((long)get_local_id(0))] = v36;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v41 = (((long)get_local_id(0)) < 16L);
  if (v41) {
    long v43 = (((long)get_local_id(0)) + 16L);
    float v44 = l0[v43];
    float v45 = l0[((long)get_local_id(0))];
    float v46 = (v45 + v44);
    l0[((long)get_local_id(0))] = v46;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v51 = (((long)get_local_id(0)) < 8L);
  if (v51) {
    long v53 = (((long)get_local_id(0)) + 8L);
    float v54 = l0[v53];
    float v55 = l0[((long)get_local_id(0))];
    float v56 = (v55 + v54);
    l0[((long)get_local_id(0))] = v56;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v61 = (((long)get_local_id(0)) < 4L);
  if (v61) {
    long v63 = (((long)get_local_id(0)) + 4L);
    float v64 = l0[v63];
    float v65 = l0[((long)get_local_id(0))];
    float v66 = (v65 + v64);
    l0[((long)get_local_id(0))] = v66;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v71 = (((long)get_local_id(0)) < 2L);
  if (v71) {
    long v73 = (((long)get_local_id(0)) + 2L);
    float v74 = l0[v73];
    float v75 = l0[((long)get_local_id(0))];
    float v76 = (v75 + v74);
    l0[((long)get_local_id(0))] = v76;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v81 = (((long)get_local_id(0)) < 1L);
  if (v81) {
    long v83 = (((long)get_local_id(0)) + 1L);
    float v84 = l0[v83];
    float v85 = l0[((long)get_local_id(0))];
    float v86 = (v85 + v84);
    l0[((long)get_local_id(0))] = v86;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v91 = l0[0L];
  uchar v92 = (((long)get_local_id(0)) == 0L);
  if (v92) {
    p0[((long)get_group_id(0))] = v91;
  }
}

// r_1: GROUP(128x4) 
__kernel void r_1(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[128];
  float4 v2 = ((float4)(0x0p+0f));
  for (long v3 = 0; v3 < 2; v3++) {
    long v5 = (((long)get_local_id(0)) * 4L);
    long v7 = (v3 * 512L);
    long v8 = (v5 + v7);
    float4 v9 = vload4(0, p1 + v8);
    float4 v10 = (v2 + v9);
    v2 = v10;
  }
  float v13 = v2.s0; v13 = (v13 + v2.s1); v13 = (v13 + v2.s2); v13 = (v13 + v2.s3);
  l0[((long)get_local_id(0))] = v13;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v18 = (((long)get_local_id(0)) < 64L);
  if (v18) {
    long v20 = (((long)get_local_id(0)) + 64L);
    float v21 = l0[v20];
    float v22 = l0[((long)get_local_id(0))];
    float v23 = (v22 + v21);
    l0[((long)get_local_id(0))] = v23;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v28 = (((long)get_local_id(0)) < 32L);
  if (v28) {
    long v30 = (((long)get_local_id(0)) + 32L);
    float v31 = l0[v30];
    float v32 = l0[((long)get_local_id(0))];
    float v33 = (v32 + v31);
    l0[((long)get_local_id(0))] = v33;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v38 = (((long)get_local_id(0)) < 16L);
  if (v38) {
    long v40 = (((long)get_local_id(0)) + 16L);
    float v41 = l0[v40];
    float v42 = l0[((long)get_local_id(0))];
    float v43 = (v42 + v41);
    l0[((long)get_local_id(0))] = v43;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v48 = (((long)get_local_id(0)) < 8L);
  if (v48) {
    long v50 = (((long)get_local_id(0)) + 8L);
    float v51 = l0[v50];
    float v52 = l0[((long)get_local_id(0))];
    float v53 = (v52 + v51);
    l0[((long)get_local_id(0))] = v53;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v58 = (((long)get_local_id(0)) < 4L);
  if (v58) {
    long v60 = (((long)get_local_id(0)) + 4L);
    float v61 = l0[v60];
    float v62 = l0[((long)get_local_id(0))];
    float v63 = (v62 + v61);
    l0[((long)get_local_id(0))] = v63;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v68 = (((long)get_local_id(0)) < 2L);
  if (v68) {
    long v70 = (((long)get_local_id(0)) + 2L);
    float v71 = l0[v70];
    float v72 = l0[((long)get_local_id(0))];
    float v73 = (v72 + v71);
    l0[((long)get_local_id(0))] = v73;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v78 = (((long)get_local_id(0)) < 1L);
  if (v78) {
    long v80 = (((long)get_local_id(0)) + 1L);
    float v81 = l0[v80];
    float v82 = l0[((long)get_local_id(0))];
    float v83 = (v82 + v81);
    l0[((long)get_local_id(0))] = v83;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v88 = l0[0L];
  uchar v89 = (((long)get_local_id(0)) == 0L);
  if (v89) {
    p0[0L] = v88;
  }
}

