// r_1024_1: GROUP(256x4) 
__kernel void r_1024_1(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  float4 v2 = ((float4)(0x0p+0f));
  for (long v3 = 0; v3 < 1; v3++) {
    long v5 = (((long)get_local_id(0)) * 4L);
    long v7 = (((long)get_group_id(0)) * 1024L);
    long v8 = (v5 + v7);
    float4 v9 = vload4(0, p1 + v8);
    float4 v10 = (v2 + v9);
    v2 = v10;
  }
  float v13 = (((v2.s0 + v2.s1) + v2.s2) + v2.s3);
  l0[((long)get_local_id(0))] = v13;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v18 = (((long)get_local_id(0)) < 128L);
  if (v18) {
    long v20 = (((long)get_local_id(0)) + 128L);
    float v21 = l0[v20];
    float v22 = l0[((long)get_local_id(0))];
    float v23 = (v22 + v21);
    l0[((long)get_local_id(0))] = v23;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v28 = (((long)get_local_id(0)) < 64L);
  if (v28) {
    long v30 = (((long)get_local_id(0)) + 64L);
    float v31 = l0[v30];
    float v32 = l0[((long)get_local_id(0))];
    float v33 = (v32 + v31);
    l0[((long)get_local_id(0))] = v33;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v38 = (((long)get_local_id(0)) < 32L);
  if (v38) {
    long v40 = (((long)get_local_id(0)) + 32L);
    float v41 = l0[v40];
    float v42 = l0[((long)get_local_id(0))];
    float v43 = (v42 + v41);
    l0[((long)get_local_id(0))] = v43;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v48 = (((long)get_local_id(0)) < 16L);
  if (v48) {
    long v50 = (((long)get_local_id(0)) + 16L);
    float v51 = l0[v50];
    float v52 = l0[((long)get_local_id(0))];
    float v53 = (v52 + v51);
    l0[((long)get_local_id(0))] = v53;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v58 = (((long)get_local_id(0)) < 8L);
  if (v58) {
    long v60 = (((long)get_local_id(0)) + 8L);
    float v61 = l0[v60];
    float v62 = l0[((long)get_local_id(0))];
    float v63 = (v62 + v61);
    l0[((long)get_local_id(0))] = v63;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v68 = (((long)get_local_id(0)) < 4L);
  if (v68) {
    long v70 = (((long)get_local_id(0)) + 4L);
    float v71 = l0[v70];
    float v72 = l0[((long)get_local_id(0))];
    float v73 = (v72 + v71);
    l0[((long)get_local_id(0))] = v73;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v78 = (((long)get_local_id(0)) < 2L);
  if (v78) {
    long v80 = (((long)get_local_id(0)) + 2L);
    float v81 = l0[v80];
    float v82 = l0[((long)get_local_id(0))];
    float v83 = (v82 + v81);
    l0[((long)get_local_id(0))] = v83;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v88 = (((long)get_local_id(0)) < 1L);
  if (v88) {
    long v90 = (((long)get_local_id(0)) + 1L);
    float v91 = l0[v90];
    float v92 = l0[((long)get_local_id(0))];
    float v93 = (v92 + v91);
    l0[((long)get_local_id(0))] = v93;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v98 = l0[0L];
  uchar v99 = (((long)get_local_id(0)) == 0L);
  if (v99) {
    p0[((long)get_group_id(0))] = v98;
  }
}

// r_1: GROUP(256x4) 
__kernel void r_1(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  float4 v2 = ((float4)(0x0p+0f));
  for (long v3 = 0; v3 < 1; v3++) {
    long v5 = (((long)get_local_id(0)) * 4L);
    float4 v6 = vload4(0, p1 + v5);
    float4 v7 = (v2 + v6);
    v2 = v7;
  }
  float v10 = (((v2.s0 + v2.s1) + v2.s2) + v2.s3);
  l0[((long)get_local_id(0))] = v10;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v15 = (((long)get_local_id(0)) < 128L);
  if (v15) {
    long v17 = (((long)get_local_id(0)) + 128L);
    float v18 = l0[v17];
    float v19 = l0[((long)get_local_id(0))];
    float v20 = (v19 + v18);
    l0[((long)get_local_id(0))] = v20;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v25 = (((long)get_local_id(0)) < 64L);
  if (v25) {
    long v27 = (((long)get_local_id(0)) + 64L);
    float v28 = l0[v27];
    float v29 = l0[((long)get_local_id(0))];
    float v30 = (v29 + v28);
    l0[((long)get_local_id(0))] = v30;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v35 = (((long)get_local_id(0)) < 32L);
  if (v35) {
    long v37 = (((long)get_local_id(0)) + 32L);
    float v38 = l0[v37];
    float v39 = l0[((long)get_local_id(0))];
    float v40 = (v39 + v38);
    l0[((long)get_local_id(0))] = v40;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v45 = (((long)get_local_id(0)) < 16L);
  if (v45) {
    long v47 = (((long)get_local_id(0)) + 16L);
    float v48 = l0[v47];
    float v49 = l0[((long)get_local_id(0))];
    float v50 = (v49 + v48);
    l0[((long)get_local_id(0))] = v50;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v55 = (((long)get_local_id(0)) < 8L);
  if (v55) {
    long v57 = (((long)get_local_id(0)) + 8L);
    float v58 = l0[v57];
    float v59 = l0[((long)get_local_id(0))];
    float v60 = (v59 + v58);
    l0[((long)get_local_id(0))] = v60;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v65 = (((long)get_local_id(0)) < 4L);
  if (v65) {
    long v67 = (((long)get_local_id(0)) + 4L);
    float v68 = l0[v67];
    float v69 = l0[((long)get_local_id(0))];
    float v70 = (v69 + v68);
    l0[((long)get_local_id(0))] = v70;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v75 = (((long)get_local_id(0)) < 2L);
  if (v75) {
    long v77 = (((long)get_local_id(0)) + 2L);
    float v78 = l0[v77];
    float v79 = l0[((long)get_local_id(0))];
    float v80 = (v79 + v78);
    l0[((long)get_local_id(0))] = v80;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v85 = (((long)get_local_id(0)) < 1L);
  if (v85) {
    long v87 = (((long)get_local_id(0)) + 1L);
    float v88 = l0[v87];
    float v89 = l0[((long)get_local_id(0))];
    float v90 = (v89 + v88);
    l0[((long)get_local_id(0))] = v90;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v95 = l0[0L];
  uchar v96 = (((long)get_local_id(0)) == 0L);
  if (v96) {
    p0[0L] = v95;
  }
}

