// r_128_128: GROUP(64) 
__kernel void r_128_128(__global ushort* restrict p0, __global const ushort* restrict p1, __global const ushort* restrict p2) {
  __local float l0[64];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 1; v3++) {
    long v5 = (((long)get_group_id(0)) / 128L);
    long v7 = (v5 * 64L);
    long v8 = (v7 + ((long)get_local_id(0)));
    float v9 = ingot_h2f(p1[v8]);
    long v10 = (((long)get_group_id(0)) % 128L);
    long v11 = (v10 * 64L);
    long v12 = (v11 + ((long)get_local_id(0)));
    float v13 = ingot_h2f(p2[v12]);
    float v14 = (v9 * v13);
    float v15 = (v2 + v14);
    v2 = v15;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v22 = (((long)get_local_id(0)) < 32L);
  if (v22) {
    long v24 = (((long)get_local_id(0)) + 32L);
    float v25 = l0[v24];
    float v26 = l0[((long)get_local_id(0))];
    float v27 = (v26 + v25);
    l0[((long)get_local_id(0))] = v27;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v32 = (((long)get_local_id(0)) < 16L);
  if (v32) {
    long v34 = (((long)get_local_id(0)) + 16L);
    float v35 = l0[v34];
    float v36 = l0[((long)get_local_id(0))];
    float v37 = (v36 + v35);
    l0[((long)get_local_id(0))] = v37;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v42 = (((long)get_local_id(0)) < 8L);
  if (v42) {
    long v44 = (((long)get_local_id(0)) + 8L);
    float v45 = l0[v44];
    float v46 = l0[((long)get_local_id(0))];
    float v47 = (v46 + v45);
    l0[((long)get_local_id(0))] = v47;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v52 = (((long)get_local_id(0)) < 4L);
  if (v52) {
    long v54 = (((long)get_local_id(0)) + 4L);
    float v55 = l0[v54];
    float v56 = l0[((long)get_local_id(0))];
    float v57 = (v56 + v55);
    l0[((long)get_local_id(0))] = v57;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v62 = (((long)get_local_id(0)) < 2L);
  if (v62) {
    long v64 = (((long)get_local_id(0)) + 2L);
    float v65 = l0[v64];
    float v66 = l0[((long)get_local_id(0))];
    float v67 = (v66 + v65);
    l0[((long)get_local_id(0))] = v67;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v72 = (((long)get_local_id(0)) < 1L);
  if (v72) {
    long v74 = (((long)get_local_id(0)) + 1L);
    float v75 = l0[v74];
    float v76 = l0[((long)get_local_id(0))];
    float v77 = (v76 + v75);
    l0[((long)get_local_id(0))] = v77;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v82 = l0[0L];
  uchar v83 = (((long)get_local_id(0)) == 0L);
  if (v83) {
    p0[((long)get_group_id(0))] = ingot_f2h(v82);
  }
}

