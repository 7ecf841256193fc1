// r_32_1000: GROUP(128) ROW 
kernel void r_32_1000(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[4];
  threadgroup float l1[4];
  float v2 = (-INFINITY);
  for (long v3 = 0; v3 < 7; v3++) {
    long v5 = (((long)ingot_group.x) * 1000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 128L);
    long v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = ingot_maxf(v2, v10);
    v2 = v11;
  }
  long v15 = (((long)ingot_lid.x) + 896L);
  bool v17 = (v15 < 1000L);
  if (v17) {
    long v19 = (((long)ingot_group.x) * 1000L);
    long v20 = (((long)ingot_lid.x) + v19);
    long v21 = (v20 + 896L);
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
    bool v49 = (((long)ingot_lid.x) < 4L);
    float v50 = (v49 ? l0[((long)ingot_lid.x)] : 0);
    float v51 = simd_shuffle_down(v50, (ushort)2);
    float v52 = ingot_maxf(v50, v51);
    float v53 = simd_shuffle_down(v52, (ushort)1);
    float v54 = ingot_maxf(v52, v53);
    bool v55 = (((long)ingot_lid.x) == 0L);
    if (v55) {
      l0[0L] = v54;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v61 = l0[0L];
  float v62 = 0x0p+0f;
  for (long v63 = 0; v63 < 7; v63++) {
    long v64 = (((long)ingot_group.x) * 1000L);
    long v65 = (((long)ingot_lid.x) + v64);
    long v67 = (v63 * 128L);
    long v68 = (v65 + v67);
    float v69 = p1[v68];
    float v70 = (v69 - v61);
    float v71 = exp(v70);
    float v72 = (v62 + v71);
    v62 = v72;
  }
  if (v17) {
    long v76 = (((long)ingot_group.x) * 1000L);
    long v77 = (((long)ingot_lid.x) + v76);
    long v78 = (v77 + 896L);
    float v79 = p1[v78];
    float v80 = (v79 - v61);
    float v81 = exp(v80);
    float v82 = (v62 + v81);
    v62 = v82;
  }
  float v86 = simd_shuffle_down(v62, (ushort)16);
  float v87 = (v62 + v86);
  float v88 = simd_shuffle_down(v87, (ushort)8);
  float v89 = (v87 + v88);
  float v90 = simd_shuffle_down(v89, (ushort)4);
  float v91 = (v89 + v90);
  float v92 = simd_shuffle_down(v91, (ushort)2);
  float v93 = (v91 + v92);
  float v94 = simd_shuffle_down(v93, (ushort)1);
  float v95 = (v93 + v94);
  if (v40) {
    long v97 = (((long)ingot_lid.x) / 32L);
    l1[v97] = v95;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (v46) {
    bool v103 = (((long)ingot_lid.x) < 4L);
    float v104 = (v103 ? l1[((long)ingot_lid.x)] : 0);
    float v105 = simd_shuffle_down(v104, (ushort)2);
    float v106 = (v104 + v105);
    float v107 = simd_shuffle_down(v106, (ushort)1);
    float v108 = (v106 + v107);
    bool v109 = (((long)ingot_lid.x) == 0L);
    if (v109) {
      l1[0L] = v108;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v115 = l1[0L];
  for (long v116 = 0; v116 < 8; v116++) {
    long v118 = (v116 * 128L);
    long v119 = (((long)ingot_lid.x) + v118);
    bool v120 = (v119 < 1000L);
    if (v120) {
      long v122 = (((long)ingot_group.x) * 1000L);
      long v123 = (((long)ingot_lid.x) + v122);
      long v124 = (v123 + v118);
      float v125 = p1[v124];
      float v126 = (v125 - v61);
      float v127 = exp(v126);
      float v128 = (v127 / v115);
      p0[v124] = v128;
    }
  }
}

