// r_1024_1: GROUP(128x4) PACK(2) 
__kernel void r_1024_1(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  long v2 = (((long)get_local_id(0)) % 128L);
  long v3 = (((long)get_local_id(0)) / 128L);
  float4 v5 = ((float4)(0x0p+0f));
  for (long v6 = 0; v6 < 2; v6++) {
    long v8 = (v2 * 4L);
    long v10 = (v3 * 1024L);
    long v11 = (v8 + v10);
    long v13 = (((long)get_group_id(0)) * 2048L);
    long v14 = (v11 + v13);
    long v16 = (v6 * 512L);
    long v17 = (v14 + v16);
    float4 v18 = vload4(0, p1 + v17);
    float4 v19 = (v5 + v18);
    v5 = v19;
  }
  float v22 = (((v5.s0 + v5.s1) + v5.s2) + v5.s3);
  long v24 = (v3 * 128L);
  long v25 = (v2 + v24);
  l0[v25] = v22;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v29 = (v2 < 64L);
  if (v29) {
    long v31 = (v25 + 64L);
    float v32 = l0[v31];
    float v33 = l0[v25];
    float v34 = (v33 + v32);
    l0[v25] = v34;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v39 = (v2 < 32L);
  if (v39) {
    long v41 = (v25 + 32L);
    float v42 = l0[v41];
    float v43 = l0[v25];
    float v44 = (v43 + v42);
    l0[v25] = v44;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v49 = (v2 < 16L);
  if (v49) {
    long v51 = (v25 + 16L);
    float v52 = l0[v51];
    float v53 = l0[v25];
    float v54 = (v53 + v52);
    l0[v25] = v54;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v59 = (v2 < 8L);
  if (v59) {
    long v61 = (v25 + 8L);
    float v62 = l0[v61];
    float v63 = l0[v25];
    float v64 = (v63 + v62);
    l0[v25] = v64;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v69 = (v2 < 4L);
  if (v69) {
    long v71 = (v25 + 4L);
    float v72 = l0[v71];
    float v73 = l0[v25];
    float v74 = (v73 + v72);
    l0[v25] = v74;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v79 = (v2 < 2L);
  if (v79) {
    long v81 = (v25 + 2L);
    float v82 = l0[v81];
    float v83 = l0[v25];
    float v84 = (v83 + v82);
    l0[v25] = v84;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v89 = (v2 < 1L);
  if (v89) {
    long v91 = (v25 + 1L);
    float v92 = l0[v91];
    float v93 = l0[v25];
    float v94 = (v93 + v92);
    l0[v25] = v94;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v98 = l0[v24];
  uchar v100 = (v2 == 0L);
  if (v100) {
    long v102 = (((long)get_group_id(0)) * 2L);
    long v103 = (v3 + v102);
    p0[v103] = v98;
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
  float v13 = (((v2.s0 + v2.s1) + v2.s2) + v2.s3);
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

