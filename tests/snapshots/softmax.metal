// r_32_1000: GROUP(128) ROW 
kernel void r_32_1000(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[4];
  threadgroup float l1[4];
  float v2 = (-INFINITY);
  long v4 = (((long)ingot_group.x) * 1000L);
  long v5 = (((long)ingot_lid.x) + v4);
  float v6 = p1[v5];
  float v7 = ingot_maxf(v2, v6);
  v2 = v7;
  long v10 = (v5 + 128L);
  float v11 = p1[v10];
  float v12 = ingot_maxf(v2, v11);
  v2 = v12;
  long v15 = (v5 + 256L);
  float v16 = p1[v15];
  float v17 = ingot_maxf(v2, v16);
  v2 = v17;
  long v20 = (v5 + 384L);
  float v21 = p1[v20];
  float v22 = ingot_maxf(v2, v21);
  v2 = v22;
  long v25 = (v5 + 512L);
  float v26 = p1[v25];
  float v27 = ingot_maxf(v2, v26);
  v2 = v27;
  long v30 = (v5 + 640L);
  float v31 = p1[v30];
  float v32 = ingot_maxf(v2, v31);
  v2 = v32;
  long v35 = (v5 + 768L);
  float v36 = p1[v35];
  float v37 = ingot_maxf(v2, v36);
  v2 = v37;
  long v40 = (((long)ingot_lid.x) + 896L);
  bool v41 = (v40 < 1000L);
  if (v41) {
    long v43 = (v5 + 896L);
    float v44 = p1[v43];
    float v45 = ingot_maxf(v2, v44);
    v2 = v45;
  }
  float v49 = simd_shuffle_down(v2, (ushort)16);
  float v50 = ingot_maxf(v2, v49);
  float v51 = simd_shuffle_down(v50, (ushort)8);
  float v52 = ingot_maxf(v50, v51);
  float v53 = simd_shuffle_down(v52, (ushort)4);
  float v54 = ingot_maxf(v52, v53);
  float v55 = simd_shuffle_down(v54, (ushort)2);
  float v56 = ingot_maxf(v54, v55);
  float v57 = simd_shuffle_down(v56, (ushort)1);
  float v58 = ingot_maxf(v56, v57);
  long v60 = (((long)ingot_lid.x) % 32L);
  bool v62 = (v60 == 0L);
  if (v62) {
    long v64 = (((long)ingot_lid.x) / 32L);
    l0[v64] = v58;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v68 = (((long)ingot_lid.x) < 32L);
  if (v68) {
    bool v71 = (((long)ingot_lid.x) < 4L);
    float v72 = (v71 ? l0[((long)ingot_lid.x)] : 0);
    float v73 = simd_shuffle_down(v72, (ushort)2);
    float v74 = ingot_maxf(v72, v73);
    float v75 = simd_shuffle_down(v74, (ushort)1);
    float v76 = ingot_maxf(v74, v75);
    bool v77 = (((long)ingot_lid.x) == 0L);
    if (v77) {
      l0[0L] = v76;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v83 = l0[0L];
  float v84 = 0x0p+0f;
  float v85 = (v6 - v83);
  float v86 = exp(v85);
  float v87 = (v84 + v86);
  v84 = v87;
  float v89 = (v11 - v83);
  float v90 = exp(v89);
  float v91 = (v84 + v90);
  v84 = v91;
  float v93 = (v16 - v83);
  float v94 = exp(v93);
  float v95 = (v84 + v94);
  v84 = v95;
  float v97 = (v21 - v83);
  float v98 = exp(v97);
  float v99 = (v84 + v98);
  v84 = v99;
  float v101 = (v26 - v83);
  float v102 = exp(v101);
  float v103 = (v84 + v102);
  v84 = v103;
  float v105 = (v31 - v83);
  float v106 = exp(v105);
  float v107 = (v84 + v106);
  v84 = v107;
  float v109 = (v36 - v83);
  float v110 = exp(v109);
  float v111 = (v84 + v110);
  v84 = v111;
  if (v41) {
    long v114 = (v5 + 896L);
    float v115 = p1[v114];
    float v116 = (v115 - v83);
    float v117 = exp(v116);
    float v118 = (v84 + v117);
    v84 = v118;
  }
  float v122 = simd_shuffle_down(v84, (ushort)16);
  float v123 = (v84 + v122);
  float v124 = simd_shuffle_down(v123, (ushort)8);
  float v125 = (v123 + v124);
  float v126 = simd_shuffle_down(v125, (ushort)4);
  float v127 = (v125 + v126);
  float v128 = simd_shuffle_down(v127, (ushort)2);
  float v129 = (v127 + v128);
  float v130 = simd_shuffle_down(v129, (ushort)1);
  float v131 = (v129 + v130);
  if (v62) {
    long v133 = (((long)ingot_lid.x) / 32L);
    l1[v133] = v131;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (v68) {
    bool v139 = (((long)ingot_lid.x) < 4L);
    float v140 = (v139 ? l1[((long)ingot_lid.x)] : 0);
    float v141 = simd_shuffle_down(v140, (ushort)2);
    float v142 = (v140 + v141);
    float v143 = simd_shuffle_down(v142, (ushort)1);
    float v144 = (v142 + v143);
    bool v145 = (((long)ingot_lid.x) == 0L);
    if (v145) {
      l1[0L] = v144;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v151 = l1[0L];
  float v152 = (v86 / v151);
  p0[v5] = v152;
  float v154 = (v90 / v151);
  p0[v10] = v154;
  float v156 = (v94 / v151);
  p0[v15] = v156;
  float v158 = (v98 / v151);
  p0[v20] = v158;
  float v160 = (v102 / v151);
  p0[v25] = v160;
  float v162 = (v106 / v151);
  p0[v30] = v162;
  float v164 = (v110 / v151);
  p0[v35] = v164;
  if (v41) {
    long v167 = (v5 + 896L);
    float v168 = p1[v167];
    float v169 = (v168 - v83);
    float v170 = exp(v169);
    float v171 = (v170 / v151);
    p0[v167] = v171;
  }
}

