// r_64: GROUP(256) 
kernel void r_64(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[256];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 16; v3++) {
    long v5 = (((long)ingot_group.x) * 4000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)ingot_lid.x) + v8);
    bool v11 = (v10 < 4000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : 0x0p+0f);
    float v15 = (v2 + v14);
    v2 = v15;
  }
  l0[((long)ingot_lid.x)] = v2;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v22 = (((long)ingot_lid.x) < 128L);
  if (v22) {
    float v24 = l0[((long)ingot_lid.x)];
    long v25 = (((long)ingot_lid.x) + 128L);
    float v26 = l0[v25];
    float v27 = (v24 + v26);
    l0[((long)ingot_lid.x)] = v27;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v32 = (((long)ingot_lid.x) < 64L);
  if (v32) {
    float v34 = l0[((long)ingot_lid.x)];
    long v35 = (((long)ingot_lid.x) + 64L);
    float v36 = l0[v35];
    float v37 = (v34 + v36);
    l0[((long)ingot_lid.x)] = v37;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v42 = (((long)ingot_lid.x) < 32L);
  if (v42) {
    float v44 = l0[((long)ingot_lid.x)];
    long v45 = (((long)ingot_lid.x) + 32L);
    float v46 = l0[v45];
    float v47 = (v44 + v46);
    l0[((long)ingot_lid.x)] = v47;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v52 = (((long)ingot_lid.x) < 16L);
  if (v52) {
    float v54 = l0[((long)ingot_lid.x)];
    long v55 = (((long)ingot_lid.x) + 16L);
    float v56 = l0[v55];
    float v57 = (v54 + v56);
    l0[((long)ingot_lid.x)] = v57;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v62 = (((long)ingot_lid.x) < 8L);
  if (v62) {
    float v64 = l0[((long)ingot_lid.x)];
    long v65 = (((long)ingot_lid.x) + 8L);
    float v66 = l0[v65];
    float v67 = (v64 + v66);
    l0[((long)ingot_lid.x)] = v67;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v72 = (((long)ingot_lid.x) < 4L);
  if (v72) {
    float v74 = l0[((long)ingot_lid.x)];
    long v75 = (((long)ingot_lid.x) + 4L);
    float v76 = l0[v75];
    float v77 = (v74 + v76);
    l0[((long)ingot_lid.x)] = v77;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v82 = (((long)ingot_lid.x) < 2L);
  if (v82) {
    float v84 = l0[((long)ingot_lid.x)];
    long v85 = (((long)ingot_lid.x) + 2L);
    float v86 = l0[v85];
    float v87 = (v84 + v86);
    l0[((long)ingot_lid.x)] = v87;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v92 = (((long)ingot_lid.x) < 1L);
  if (v92) {
    float v94 = l0[((long)ingot_lid.x)];
    long v95 = (((long)ingot_lid.x) + 1L);
    float v96 = l0[v95];
    float v97 = (v94 + v96);
    l0[((long)ingot_lid.x)] = v97;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v102 = l0[0L];
  bool v103 = (((long)ingot_lid.x) == 0L);
  if (v103) {
    p0[((long)ingot_group.x)] = v102;
  }
}

