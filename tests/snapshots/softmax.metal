// r_32_1: GROUP(256) 
kernel void r_32_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[256];
  float v2 = (-INFINITY);
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (((long)ingot_group.x) * 1000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)ingot_lid.x) + v8);
    bool v11 = (v10 < 1000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : (-INFINITY));
    float v15 = ingot_maxf(v2, v14);
    v2 = v15;
  }
  l0[((long)ingot_lid.x)] = v2;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v22 = (((long)ingot_lid.x) < 128L);
  if (v22) {
    float v24 = l0[((long)ingot_lid.x)];
    long v25 = (((long)ingot_lid.x) + 128L);
    float v26 = l0[v25];
    float v27 = ingot_maxf(v24, v26);
    l0[((long)ingot_lid.x)] = v27;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v32 = (((long)ingot_lid.x) < 64L);
  if (v32) {
    float v34 = l0[((long)ingot_lid.x)];
    long v35 = (((long)ingot_lid.x) + 64L);
    float v36 = l0[v35];
    float v37 = ingot_maxf(v34, v36);
    l0[((long)ingot_lid.x)] = v37;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v42 = (((long)ingot_lid.x) < 32L);
  if (v42) {
    float v44 = l0[((long)ingot_lid.x)];
    long v45 = (((long)ingot_lid.x) + 32L);
    float v46 = l0[v45];
    float v47 = ingot_maxf(v44, v46);
    l0[((long)ingot_lid.x)] = v47;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v52 = (((long)ingot_lid.x) < 16L);
  if (v52) {
    float v54 = l0[((long)ingot_lid.x)];
    long v55 = (((long)ingot_lid.x) + 16L);
    float v56 = l0[v55];
    float v57 = ingot_maxf(v54, v56);
    l0[((long)ingot_lid.x)] = v57;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v62 = (((long)ingot_lid.x) < 8L);
  if (v62) {
    float v64 = l0[((long)ingot_lid.x)];
    long v65 = (((long)ingot_lid.x) + 8L);
    float v66 = l0[v65];
    float v67 = ingot_maxf(v64, v66);
    l0[((long)ingot_lid.x)] = v67;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v72 = (((long)ingot_lid.x) < 4L);
  if (v72) {
    float v74 = l0[((long)ingot_lid.x)];
    long v75 = (((long)ingot_lid.x) + 4L);
    float v76 = l0[v75];
    float v77 = ingot_maxf(v74, v76);
    l0[((long)ingot_lid.x)] = v77;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v82 = (((long)ingot_lid.x) < 2L);
  if (v82) {
    float v84 = l0[((long)ingot_lid.x)];
    long v85 = (((long)ingot_lid.x) + 2L);
    float v86 = l0[v85];
    float v87 = ingot_maxf(v84, v86);
    l0[((long)ingot_lid.x)] = v87;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v92 = (((long)ingot_lid.x) < 1L);
  if (v92) {
    float v94 = l0[((long)ingot_lid.x)];
    long v95 = (((long)ingot_lid.x) + 1L);
    float v96 = l0[v95];
    float v97 = ingot_maxf(v94, v96);
    l0[((long)ingot_lid.x)] = v97;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v102 = l0[0L];
  bool v103 = (((long)ingot_lid.x) == 0L);
  if (v103) {
    p0[((long)ingot_group.x)] = v102;
  }
}

// r_32_1: GROUP(256) 
kernel void r_32_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], device const float* p2 [[buffer(2)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (((long)ingot_group.x) * 1000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)ingot_lid.x) + v8);
    bool v11 = (v10 < 1000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v13 = (v11 ? p2[((long)ingot_group.x)] : 0);
    float v14 = (v12 - v13);
    float v15 = exp(v14);
    float v17 = (v11 ? v15 : 0x0p+0f);
    float v18 = (v2 + v17);
    v2 = v18;
  }
  l0[((long)ingot_lid.x)] = v2;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v25 = (((long)ingot_lid.x) < 128L);
  if (v25) {
    float v27 = l0[((long)ingot_lid.x)];
    long v28 = (((long)ingot_lid.x) + 128L);
    float v29 = l0[v28];
    float v30 = (v27 + v29);
    l0[((long)ingot_lid.x)] = v30;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v35 = (((long)ingot_lid.x) < 64L);
  if (v35) {
    float v37 = l0[((long)ingot_lid.x)];
    long v38 = (((long)ingot_lid.x) + 64L);
    float v39 = l0[v38];
    float v40 = (v37 + v39);
    l0[((long)ingot_lid.x)] = v40;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v45 = (((long)ingot_lid.x) < 32L);
  if (v45) {
    float v47 = l0[((long)ingot_lid.x)];
    long v48 = (((long)ingot_lid.x) + 32L);
    float v49 = l0[v48];
    float v50 = (v47 + v49);
    l0[((long)ingot_lid.x)] = v50;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v55 = (((long)ingot_lid.x) < 16L);
  if (v55) {
    float v57 = l0[((long)ingot_lid.x)];
    long v58 = (((long)ingot_lid.x) + 16L);
    float v59 = l0[v58];
    float v60 = (v57 + v59);
    l0[((long)ingot_lid.x)] = v60;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v65 = (((long)ingot_lid.x) < 8L);
  if (v65) {
    float v67 = l0[((long)ingot_lid.x)];
    long v68 = (((long)ingot_lid.x) + 8L);
    float v69 = l0[v68];
    float v70 = (v67 + v69);
    l0[((long)ingot_lid.x)] = v70;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v75 = (((long)ingot_lid.x) < 4L);
  if (v75) {
    float v77 = l0[((long)ingot_lid.x)];
    long v78 = (((long)ingot_lid.x) + 4L);
    float v79 = l0[v78];
    float v80 = (v77 + v79);
    l0[((long)ingot_lid.x)] = v80;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v85 = (((long)ingot_lid.x) < 2L);
  if (v85) {
    float v87 = l0[((long)ingot_lid.x)];
    long v88 = (((long)ingot_lid.x) + 2L);
    float v89 = l0[v88];
    float v90 = (v87 + v89);
    l0[((long)ingot_lid.x)] = v90;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v95 = (((long)ingot_lid.x) < 1L);
  if (v95) {
    float v97 = l0[((long)ingot_lid.x)];
    long v98 = (((long)ingot_lid.x) + 1L);
    float v99 = l0[v98];
    float v100 = (v97 + v99);
    l0[((long)ingot_lid.x)] = v100;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v105 = l0[0L];
  bool v106 = (((long)ingot_lid.x) == 0L);
  if (v106) {
    p0[((long)ingot_group.x)] = v105;
  }
}

// E_32_1000: LOCAL(256) 
kernel void E_32_1000(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], device const float* p2 [[buffer(2)]], device const float* p3 [[buffer(3)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  bool v4 = (((long)ingot_gid.x) < 1000L);
  if (v4) {
    long v6 = (((long)ingot_gid.y) * 1000L);
    long v7 = (((long)ingot_gid.x) + v6);
    float v8 = p1[v7];
    float v9 = p2[((long)ingot_gid.y)];
    float v10 = (v8 - v9);
    float v11 = exp(v10);
    float v12 = p3[((long)ingot_gid.y)];
    float v13 = (v11 / v12);
    p0[v7] = v13;
  }
}

