// r_32_1000: GROUP(256) ROW 
kernel void r_32_1000(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[8];
  threadgroup float l1[8];
  float v2 = (-INFINITY);
  for (long v3 = 0; v3 < 3; v3++) {
    long v5 = (((long)ingot_group.x) * 1000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = ingot_maxf(v2, v10);
    v2 = v11;
  }
  long v15 = (((long)ingot_lid.x) + 768L);
  bool v17 = (v15 < 1000L);
  if (v17) {
    long v19 = (((long)ingot_group.x) * 1000L);
    long v20 = (((long)ingot_lid.x) + v19);
    long v21 = (v20 + 768L);
    float v22 = p1[v21];
    float v23 = ingot_maxf(v2, v22);
    v2 = v23;
  }
  float v27 = simd_shuffle_down(v2, (ushort)16);
  float v28 = ingot_maxf(v2, v27);
  float v29 = simd_shuffle_down(v28, (ushort)8);
  float v30 = ingot_maxf(v28, v29);
  float v31 = simd_shuffle_down(v30, (ushort)4);
  float v32 = ingot_maxf(v30, v31);
  float v33 = simd_shuffle_down(v32, (ushort)2);
  float v34 = ingot_maxf(v32, v33);
  float v35 = simd_shuffle_down(v34, (ushort)1);
  float v36 = ingot_maxf(v34, v35);
  long v38 = (((long)ingot_lid.x) % 32L);
  bool v40 = (v38 == 0L);
  if (v40) {
    long v42 = (((long)ingot_lid.x) / 32L);
    l0[v42] = v36;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v46 = (((long)ingot_lid.x) < 32L);
  if (v46) {
    bool v49 = (((long)ingot_lid.x) < 8L);
    float v50 = (v49 ? l0[((long)ingot_lid.x)] : 0);
    float v51 = simd_shuffle_down(v50, (ushort)4);
    float v52 = ingot_maxf(v50, v51);
    float v53 = simd_shuffle_down(v52, (ushort)2);
    float v54 = ingot_maxf(v52, v53);
    float v55 = simd_shuffle_down(v54, (ushort)1);
    float v56 = ingot_maxf(v54, v55);
    bool v57 = (((long)ingot_lid.x) == 0L);
    if (v57) {
      l0[0L] = v56;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v63 = l0[0L];
  float v64 = 0x0p+0f;
  for (long v65 = 0; v65 < 3; v65++) {
    long v66 = (((long)ingot_group.x) * 1000L);
    long v67 = (((long)ingot_lid.x) + v66);
    long v69 = (v65 * 256L);
    long v70 = (v67 + v69);
    float v71 = p1[v70];
    float v72 = (v71 - v63);
    float v73 = exp(v72);
    float v74 = (v64 + v73);
    v64 = v74;
  }
  if (v17) {
    long v78 = (((long)ingot_group.x) * 1000L);
    long v79 = (((long)ingot_lid.x) + v78);
    long v80 = (v79 + 768L);
    float v81 = p1[v80];
    float v82 = (v81 - v63);
    float v83 = exp(v82);
    float v84 = (v64 + v83);
    v64 = v84;
  }
  float v88 = simd_shuffle_down(v64, (ushort)16);
  float v89 = (v64 + v88);
  float v90 = simd_shuffle_down(v89, (ushort)8);
  float v91 = (v89 + v90);
  float v92 = simd_shuffle_down(v91, (ushort)4);
  float v93 = (v91 + v92);
  float v94 = simd_shuffle_down(v93, (ushort)2);
  float v95 = (v93 + v94);
  float v96 = simd_shuffle_down(v95, (ushort)1);
  float v97 = (v95 + v96);
  if (v40) {
    long v99 = (((long)ingot_lid.x) / 32L);
    l1[v99] = v97;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (v46) {
    bool v105 = (((long)ingot_lid.x) < 8L);
    float v106 = (v105 ? l1[((long)ingot_lid.x)] : 0);
    float v107 = simd_shuffle_down(v106, (ushort)4);
    float v108 = (v106 + v107);
    float v109 = simd_shuffle_down(v108, (ushort)2);
    float v110 = (v108 + v109);
    float v111 = simd_shuffle_down(v110, (ushort)1);
    float v112 = (v110 + v111);
    bool v113 = (((long)ingot_lid.x) == 0L);
    if (v113) {
      l1[0L] = v112;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v119 = l1[0L];
  for (long v120 = 0; v120 < 4; v120++) {
    long v122 = (v120 * 256L);
    long v123 = (((long)ingot_lid.x) + v122);
    bool v124 = (v123 < 1000L);
    if (v124) {
      long v126 = (((long)ingot_group.x) * 1000L);
      long v127 = (((long)ingot_lid.x) + v126);
      long v128 = (v127 + v122);
      float v129 = p1[v128];
      float v130 = (v129 - v63);
      float v131 = exp(v130);
      float v132 = (v131 / v119);
      p0[v128] = v132;
    }
  }
}

