// r_1024_1: GROUP(256) 
kernel void r_1024_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (((long)ingot_group.x) * 1024L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = (v2 + v10);
    v2 = v11;
  }
  l0[((long)ingot_lid.x)] = v2;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v18 = (((long)ingot_lid.x) < 128L);
  if (v18) {
    float v20 = l0[((long)ingot_lid.x)];
    long v21 = (((long)ingot_lid.x) + 128L);
    float v22 = l0[v21];
    float v23 = (v20 + v22);
    l0[((long)ingot_lid.x)] = v23;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v28 = (((long)ingot_lid.x) < 64L);
  if (v28) {
    float v30 = l0[((long)ingot_lid.x)];
    long v31 = (((long)ingot_lid.x) + 64L);
    float v32 = l0[v31];
    float v33 = (v30 + v32);
    l0[((long)ingot_lid.x)] = v33;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v38 = (((long)ingot_lid.x) < 32L);
  if (v38) {
    float v40 = l0[((long)ingot_lid.x)];
    long v41 = (((long)ingot_lid.x) + 32L);
    float v42 = l0[v41];
    float v43 = (v40 + v42);
    l0[((long)ingot_lid.x)] = v43;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v48 = (((long)ingot_lid.x) < 16L);
  if (v48) {
    float v50 = l0[((long)ingot_lid.x)];
    long v51 = (((long)ingot_lid.x) + 16L);
    float v52 = l0[v51];
    float v53 = (v50 + v52);
    l0[((long)ingot_lid.x)] = v53;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v58 = (((long)ingot_lid.x) < 8L);
  if (v58) {
    float v60 = l0[((long)ingot_lid.x)];
    long v61 = (((long)ingot_lid.x) + 8L);
    float v62 = l0[v61];
    float v63 = (v60 + v62);
    l0[((long)ingot_lid.x)] = v63;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v68 = (((long)ingot_lid.x) < 4L);
  if (v68) {
    float v70 = l0[((long)ingot_lid.x)];
    long v71 = (((long)ingot_lid.x) + 4L);
    float v72 = l0[v71];
    float v73 = (v70 + v72);
    l0[((long)ingot_lid.x)] = v73;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v78 = (((long)ingot_lid.x) < 2L);
  if (v78) {
    float v80 = l0[((long)ingot_lid.x)];
    long v81 = (((long)ingot_lid.x) + 2L);
    float v82 = l0[v81];
    float v83 = (v80 + v82);
    l0[((long)ingot_lid.x)] = v83;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v88 = (((long)ingot_lid.x) < 1L);
  if (v88) {
    float v90 = l0[((long)ingot_lid.x)];
    long v91 = (((long)ingot_lid.x) + 1L);
    float v92 = l0[v91];
    float v93 = (v90 + v92);
    l0[((long)ingot_lid.x)] = v93;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v98 = l0[0L];
  bool v99 = (((long)ingot_lid.x) == 0L);
  if (v99) {
    p0[((long)ingot_group.x)] = v98;
  }
}

// r_1: GROUP(256) 
kernel void r_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (v3 * 256L);
    long v6 = (((long)ingot_lid.x) + v5);
    float v7 = p1[v6];
    float v8 = (v2 + v7);
    v2 = v8;
  }
  l0[((long)ingot_lid.x)] = v2;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v15 = (((long)ingot_lid.x) < 128L);
  if (v15) {
    float v17 = l0[((long)ingot_lid.x)];
    long v18 = (((long)ingot_lid.x) + 128L);
    float v19 = l0[v18];
    float v20 = (v17 + v19);
    l0[((long)ingot_lid.x)] = v20;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v25 = (((long)ingot_lid.x) < 64L);
  if (v25) {
    float v27 = l0[((long)ingot_lid.x)];
    long v28 = (((long)ingot_lid.x) + 64L);
    float v29 = l0[v28];
    float v30 = (v27 + v29);
    l0[((long)ingot_lid.x)] = v30;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v35 = (((long)ingot_lid.x) < 32L);
  if (v35) {
    float v37 = l0[((long)ingot_lid.x)];
    long v38 = (((long)ingot_lid.x) + 32L);
    float v39 = l0[v38];
    float v40 = (v37 + v39);
    l0[((long)ingot_lid.x)] = v40;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v45 = (((long)ingot_lid.x) < 16L);
  if (v45) {
    float v47 = l0[((long)ingot_lid.x)];
    long v48 = (((long)ingot_lid.x) + 16L);
    float v49 = l0[v48];
    float v50 = (v47 + v49);
    l0[((long)ingot_lid.x)] = v50;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v55 = (((long)ingot_lid.x) < 8L);
  if (v55) {
    float v57 = l0[((long)ingot_lid.x)];
    long v58 = (((long)ingot_lid.x) + 8L);
    float v59 = l0[v58];
    float v60 = (v57 + v59);
    l0[((long)ingot_lid.x)] = v60;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v65 = (((long)ingot_lid.x) < 4L);
  if (v65) {
    float v67 = l0[((long)ingot_lid.x)];
    long v68 = (((long)ingot_lid.x) + 4L);
    float v69 = l0[v68];
    float v70 = (v67 + v69);
    l0[((long)ingot_lid.x)] = v70;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v75 = (((long)ingot_lid.x) < 2L);
  if (v75) {
    float v77 = l0[((long)ingot_lid.x)];
    long v78 = (((long)ingot_lid.x) + 2L);
    float v79 = l0[v78];
    float v80 = (v77 + v79);
    l0[((long)ingot_lid.x)] = v80;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v85 = (((long)ingot_lid.x) < 1L);
  if (v85) {
    float v87 = l0[((long)ingot_lid.x)];
    long v88 = (((long)ingot_lid.x) + 1L);
    float v89 = l0[v88];
    float v90 = (v87 + v89);
    l0[((long)ingot_lid.x)] = v90;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v95 = l0[0L];
  bool v96 = (((long)ingot_lid.x) == 0L);
  if (v96) {
    p0[0L] = v95;
  }
}

