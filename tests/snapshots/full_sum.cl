// r_1024_1: GROUP(256) 
__kernel void r_1024_1(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (((long)get_group_id(0)) * 1024L);
    long v6 = (((long)get_local_id(0)) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = (v2 + v10);
    v2 = v11;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v18 = (((long)get_local_id(0)) < 128L);
  if (v18) {
    float v20 = l0[((long)get_local_id(0))];
    long v21 = (((long)get_local_id(0)) + 128L);
    float v22 = l0[v21];
    float v23 = (v20 + v22);
    l0[((long)get_local_id(0))] = v23;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v28 = (((long)get_local_id(0)) < 64L);
  if (v28) {
    float v30 = l0[((long)get_local_id(0))];
    long v31 = (((long)get_local_id(0)) + 64L);
    float v32 = l0[v31];
    float v33 = (v30 + v32);
    l0[((long)get_local_id(0))] = v33;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v38 = (((long)get_local_id(0)) < 32L);
  if (v38) {
    float v40 = l0[((long)get_local_id(0))];
    long v41 = (((long)get_local_id(0)) + 32L);
    float v42 = l0[v41];
    float v43 = (v40 + v42);
    l0[((long)get_local_id(0))] = v43;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v48 = (((long)get_local_id(0)) < 16L);
  if (v48) {
    float v50 = l0[((long)get_local_id(0))];
    long v51 = (((long)get_local_id(0)) + 16L);
    float v52 = l0[v51];
    float v53 = (v50 + v52);
    l0[((long)get_local_id(0))] = v53;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v58 = (((long)get_local_id(0)) < 8L);
  if (v58) {
    float v60 = l0[((long)get_local_id(0))];
    long v61 = (((long)get_local_id(0)) + 8L);
    float v62 = l0[v61];
    float v63 = (v60 + v62);
    l0[((long)get_local_id(0))] = v63;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v68 = (((long)get_local_id(0)) < 4L);
  if (v68) {
    float v70 = l0[((long)get_local_id(0))];
    long v71 = (((long)get_local_id(0)) + 4L);
    float v72 = l0[v71];
    float v73 = (v70 + v72);
    l0[((long)get_local_id(0))] = v73;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v78 = (((long)get_local_id(0)) < 2L);
  if (v78) {
    float v80 = l0[((long)get_local_id(0))];
    long v81 = (((long)get_local_id(0)) + 2L);
    float v82 = l0[v81];
    float v83 = (v80 + v82);
    l0[((long)get_local_id(0))] = v83;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v88 = (((long)get_local_id(0)) < 1L);
  if (v88) {
    float v90 = l0[((long)get_local_id(0))];
    long v91 = (((long)get_local_id(0)) + 1L);
    float v92 = l0[v91];
    float v93 = (v90 + v92);
    l0[((long)get_local_id(0))] = v93;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v98 = l0[0L];
  uchar v99 = (((long)get_local_id(0)) == 0L);
  if (v99) {
    p0[((long)get_group_id(0))] = v98;
  }
}

// r_1: GROUP(256) 
__kernel void r_1(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (v3 * 256L);
    long v6 = (((long)get_local_id(0)) + v5);
    float v7 = p1[v6];
    float v8 = (v2 + v7);
    v2 = v8;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v15 = (((long)get_local_id(0)) < 128L);
  if (v15) {
    float v17 = l0[((long)get_local_id(0))];
    long v18 = (((long)get_local_id(0)) + 128L);
    float v19 = l0[v18];
    float v20 = (v17 + v19);
    l0[((long)get_local_id(0))] = v20;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v25 = (((long)get_local_id(0)) < 64L);
  if (v25) {
    float v27 = l0[((long)get_local_id(0))];
    long v28 = (((long)get_local_id(0)) + 64L);
    float v29 = l0[v28];
    float v30 = (v27 + v29);
    l0[((long)get_local_id(0))] = v30;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v35 = (((long)get_local_id(0)) < 32L);
  if (v35) {
    float v37 = l0[((long)get_local_id(0))];
    long v38 = (((long)get_local_id(0)) + 32L);
    float v39 = l0[v38];
    float v40 = (v37 + v39);
    l0[((long)get_local_id(0))] = v40;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v45 = (((long)get_local_id(0)) < 16L);
  if (v45) {
    float v47 = l0[((long)get_local_id(0))];
    long v48 = (((long)get_local_id(0)) + 16L);
    float v49 = l0[v48];
    float v50 = (v47 + v49);
    l0[((long)get_local_id(0))] = v50;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v55 = (((long)get_local_id(0)) < 8L);
  if (v55) {
    float v57 = l0[((long)get_local_id(0))];
    long v58 = (((long)get_local_id(0)) + 8L);
    float v59 = l0[v58];
    float v60 = (v57 + v59);
    l0[((long)get_local_id(0))] = v60;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v65 = (((long)get_local_id(0)) < 4L);
  if (v65) {
    float v67 = l0[((long)get_local_id(0))];
    long v68 = (((long)get_local_id(0)) + 4L);
    float v69 = l0[v68];
    float v70 = (v67 + v69);
    l0[((long)get_local_id(0))] = v70;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v75 = (((long)get_local_id(0)) < 2L);
  if (v75) {
    float v77 = l0[((long)get_local_id(0))];
    long v78 = (((long)get_local_id(0)) + 2L);
    float v79 = l0[v78];
    float v80 = (v77 + v79);
    l0[((long)get_local_id(0))] = v80;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v85 = (((long)get_local_id(0)) < 1L);
  if (v85) {
    float v87 = l0[((long)get_local_id(0))];
    long v88 = (((long)get_local_id(0)) + 1L);
    float v89 = l0[v88];
    float v90 = (v87 + v89);
    l0[((long)get_local_id(0))] = v90;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v95 = l0[0L];
  uchar v96 = (((long)get_local_id(0)) == 0L);
  if (v96) {
    p0[0L] = v95;
  }
}

